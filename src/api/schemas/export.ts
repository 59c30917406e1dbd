import * as z from 'zod/mini';
import { envelopeFields } from './envelope.js';
import { EXPORT_LIMITS } from './values/export.js';

export * from './values/export.js';

const columnName = z.string().check(z.minLength(EXPORT_LIMITS.columnName.min), z.maxLength(EXPORT_LIMITS.columnName.max));

/** An ordered choice of columns, each named once. */
export const ExportColumns = z
  .array(columnName)
  .check(
    z.minLength(EXPORT_LIMITS.columns.min),
    z.maxLength(EXPORT_LIMITS.columns.max),
    z.refine((cols) => new Set(cols).size === cols.length, { message: 'name each column once' }),
  );

/** POST /export/csv/signed-url */
export const CsvExportBody = z.object({
  list_id: z.string().check(z.minLength(1)),
  columns: z.optional(ExportColumns),
  /** Default true: one column per smart-agent column of the list, after the chosen ones. */
  include_smart_agents: z.optional(z.boolean()),
});
export type CsvExportBody = z.infer<typeof CsvExportBody>;

/** GET /export/json query (columns is repeated in the URL, one parameter per column). */
export interface JsonExportQuery {
  list_id: string;
  limit?: number;
  cursor?: string;
  columns?: readonly string[];
}

const count = z.int().check(z.minimum(0));

export const CsvExportLink = z.looseObject({
  ...envelopeFields,
  list_id: z.string(),
  /** Signed: anyone holding it can download, without credentials. */
  download_url: z.string(),
  /** 24 hours after creation: Unix seconds from the sandbox; an ISO 8601 string is read too (see expiryMs). */
  expires_at: z.union([z.number(), z.string()]),
  /** Rows of the file, without the header. */
  row_count: count,
  /** The exact size of what download_url serves. */
  file_size_bytes: count,
});
export type CsvExportLink = z.infer<typeof CsvExportLink>;

/** One exported lead: the chosen columns, in order; a column the service does not know is null. */
export type ExportRow = Record<string, string | null>;

export const JsonExportPage = z.looseObject({
  ...envelopeFields,
  list_id: z.string(),
  leads: z.array(z.record(z.string(), z.nullable(z.string()))),
  /** Leads in the whole list. */
  total: count,
  /** null on the last page. */
  cursor: z.nullable(z.string()),
});
export type JsonExportPage = z.infer<typeof JsonExportPage>;
