import type { EnrichmentType } from '../../api/schemas/values/credits.js';
import { unescapeFormulaCell } from '../../api/schemas/values/export.js';
import { csvPartsOf, type CsvPart } from './csv-parts.js';
import {
  addRowsToEnrich,
  enrichmentByRow,
  noRowsToEnrich,
  type ImportColumnMapping,
  type RowsEnrichment,
  type RowsToEnrich,
} from './enrich-rows.js';

/**
 * One CSV as the SDK and the MCP tool take it (the body of a single csv-import request), cut
 * into the requests enrichmentByRow asks for: the rows holding what the enrichment finds in a
 * part sent without enrichment, the others in one part per enrichment type. Each part is the
 * header line and its rows' records exactly as written (same delimiter and quoting), so the
 * service reads each row as it would have in the whole CSV; a CSV needing one request is
 * returned as given. No CSV library: the SDK ships without one.
 */

export interface CsvParts {
  /** In the order to send them (free part first). */
  parts: CsvPart[];
  skipped: RowsEnrichment['skipped'];
  /** The rows per type and those left out, summed: for mostCost, typesToEnrich and notEnrichedText. */
  planned: RowsToEnrich;
}

interface CsvRecord {
  /** The record as written, without its line end. */
  raw: string;
  fields: string[];
}

/** The delimiter the service reads: comma, unless the header line holds more semicolons or tabs. */
function delimiterOf(csv: string): string {
  const header = csv.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const count = (c: string) => header.split(c).length - 1;
  return [';', '\t'].reduce((best, c) => (count(c) > count(best) ? c : best), ',');
}

/** The records of a CSV, blank lines left out; a quote opens a quoted field only at a field's start, and "" in one is a quote. */
function recordsOf(csv: string, delimiter: string): CsvRecord[] {
  const out: CsvRecord[] = [];
  let i = 0;
  while (i < csv.length) {
    const start = i;
    const fields: string[] = [];
    let field = '';
    let atStart = true;
    let quoted = false;
    for (; i < csv.length; i++) {
      const c = csv[i]!;
      if (quoted) {
        if (c !== '"') field += c;
        else if (csv[i + 1] === '"') field += csv[++i];
        else quoted = false;
      } else if (c === '"' && atStart) {
        quoted = true;
        atStart = false;
      } else if (c === delimiter) {
        fields.push(field);
        field = '';
        atStart = true;
      } else if (c === '\n' || c === '\r') break;
      else {
        field += c;
        atStart = false;
      }
    }
    const raw = csv.slice(start, i);
    i += csv[i] === '\r' && csv[i + 1] === '\n' ? 2 : 1;
    if (raw !== '') out.push({ raw, fields: [...fields, field] });
  }
  return out;
}

export function splitCsvForEnrichment(
  csv: string,
  mapping: ImportColumnMapping,
  type: EnrichmentType,
  opts: { allRows?: boolean } = {},
): CsvParts {
  const text = csv.startsWith('\ufeff') ? csv.slice(1) : csv;
  const [header, ...rows] = recordsOf(text, delimiterOf(text));
  const recordOf = (i: number) => i + 2;
  const { groups, skipped } = enrichmentByRow({ headers: header?.fields ?? [], rows: rows.map((r) => r.fields), mapping }, type, opts);
  const planned = noRowsToEnrich(type);
  addRowsToEnrich(
    planned,
    groups.map((g) => ({ enrichment: g.enrichment, rows: g.rows.length })),
    skipped,
  );
  if (!header || groups.length <= 1)
    return {
      parts: [{ enrichment: groups.length ? groups[0]!.enrichment : type, csv, rows: rows.map((_, i) => recordOf(i)) }],
      skipped,
      planned,
    };
  return { parts: csvPartsOf(groups, `${header.raw}\n`, (i) => `${rows[i]!.raw}\n`, recordOf), skipped, planned };
}

/** A field as a record with `delimiter` holds it: quoted when it holds the delimiter, a quote or a line end. */
const fieldIn = (delimiter: string) => (v: string) => (v.includes(delimiter) || /["\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * The CSV an import sends, in every face: each data cell the service's CSV export escaped (one
 * leading apostrophe before =, +, - or @) as it was before, so export then import is a round
 * trip; `keepApostrophes` sends the cells as written. A record with no such cell is sent as
 * written; one with is written again with the CSV's own delimiter. The header is left alone.
 */
export function csvToImport(csv: string, opts: { keepApostrophes?: boolean | undefined } = {}): string {
  if (opts.keepApostrophes || !/'[=+\-@]/.test(csv)) return csv;
  const bom = csv.startsWith('\ufeff') ? '\ufeff' : '';
  const text = csv.slice(bom.length);
  const delimiter = delimiterOf(text);
  const [header, ...rows] = recordsOf(text, delimiter);
  if (!header) return csv;
  const line = (r: CsvRecord) => {
    const fields = r.fields.map(unescapeFormulaCell);
    return fields.every((f, i) => f === r.fields[i]) ? r.raw : fields.map(fieldIn(delimiter)).join(delimiter);
  };
  return bom + [header.raw, ...rows.map(line)].map((l) => `${l}\n`).join('');
}
