import { csvField } from '../../api/schemas/values/export.js';
import type { EnrichmentType } from '../../api/schemas/values/credits.js';
import type { RowGroup } from './enrich-rows.js';

/** One line of a comma CSV: fields quoted when they hold a comma, a quote or a line end. */
export const csvLine = (fields: readonly string[]): string => fields.map(csvField).join(',') + '\n';

/** The rows of one csv-import request, as a CSV of their own. */
export interface CsvPart {
  /** null: sent with dispatch_enrichment false (free); else the enrichment_type of its request. */
  enrichment: EnrichmentType | null;
  csv: string;
  /** The record number (header = 1) of each of the part's rows in the CSV it was cut from: the part's record k is rows[k - 2]. */
  rows: number[];
}

/** Each group (enrichmentByRow) as a CSV of its own: `header` (with its line end), then its rows' lines (`lineOf`, with theirs), numbered by `recordOf`. */
export function csvPartsOf(
  groups: readonly RowGroup[],
  header: string,
  lineOf: (i: number) => string,
  recordOf: (i: number) => number,
): CsvPart[] {
  return groups.map((g) => ({ enrichment: g.enrichment, csv: header + g.rows.map(lineOf).join(''), rows: g.rows.map(recordOf) }));
}
