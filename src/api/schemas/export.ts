import * as z from 'zod/mini';
import { envelopeFields } from './envelope.js';
import { described } from './described.js';
import { DEFAULT_EXPORT_COLUMNS, EXPORT_LIMITS } from './values/export.js';

export * from './values/export.js';

const columnName = z.string().check(z.minLength(EXPORT_LIMITS.columnName.min), z.maxLength(EXPORT_LIMITS.columnName.max));

/** An ordered choice of columns, each named once. */
export const ExportColumns = described(
  z.array(columnName).check(
    z.minLength(EXPORT_LIMITS.columns.min),
    z.maxLength(EXPORT_LIMITS.columns.max),
    z.refine((cols) => new Set(cols).size === cols.length, { message: 'name each column once' }),
  ),
  `Columns in order, each named once; default ${DEFAULT_EXPORT_COLUMNS.join(', ')}. Other names may come back empty.`,
  { uniqueItems: true },
);

/** POST /export/csv/signed-url */
export const CsvExportBody = described(
  z.object({
    list_id: described(z.string().check(z.minLength(1)), 'The list to export.'),
    columns: z.optional(described(ExportColumns, 'The columns of the file, in order; omit for the defaults.')),
    /** Default true: one column per smart-agent column of the list, after the chosen ones. */
    include_smart_agents: z.optional(
      described(z.boolean(), 'Adds one column per saved smart-agent or skill result of the list, after the chosen columns.', {
        default: true,
      }),
    ),
  }),
  'A CSV export of a list, as a signed download link (free).',
);
export type CsvExportBody = z.infer<typeof CsvExportBody>;

/** GET /export/json query (columns is repeated in the URL, one parameter per column). */
export interface JsonExportQuery {
  list_id: string;
  limit?: number;
  cursor?: string;
  columns?: readonly string[];
}

const count = z.int().check(z.minimum(0));

export const CsvExportLink = described(
  z.looseObject({
    ...envelopeFields,
    list_id: described(z.string(), 'The list exported.'),
    /** Signed: anyone holding it can download, without credentials. */
    download_url: described(z.string(), 'Signed link to the CSV: anyone holding it can download it, without credentials.', {
      format: 'uri',
    }),
    /** 24 hours after creation: Unix seconds from the sandbox; an ISO 8601 string is read too (see expiryMs). */
    expires_at: described(
      z.union([z.number(), z.string()]),
      'When the link stops working, 24 hours after creation: Unix seconds (or an ISO 8601 time).',
    ),
    /** Rows of the file, without the header. */
    row_count: described(count, 'Rows of the file, without the header.'),
    /** The exact size of what download_url serves. */
    file_size_bytes: described(count, 'Size of the file in bytes.'),
  }),
  'A signed link to a CSV of the list; cells starting with =, +, - or @ carry a leading apostrophe.',
);
export type CsvExportLink = z.infer<typeof CsvExportLink>;

/** One exported lead: the chosen columns, in order; a column the service does not know is null. */
export type ExportRow = Record<string, string | null>;

export const JsonExportPage = described(
  z.looseObject({
    ...envelopeFields,
    list_id: described(z.string(), 'The list exported.'),
    leads: described(
      z.array(z.record(z.string(), z.nullable(z.string()))),
      'This page of leads: column -> value, in the chosen order; null where empty.',
    ),
    /** Leads in the whole list. */
    total: described(count, 'Leads in the whole list.'),
    /** null on the last page. */
    cursor: described(z.nullable(z.string()), 'Cursor of the next page; null on the last one.'),
  }),
  'A page of a list as JSON (free).',
);
export type JsonExportPage = z.infer<typeof JsonExportPage>;
