import { cellText, getPath } from './fields.js';

/**
 * TSV for pipes: a header line, one row per line, no truncation. Tabs and line breaks
 * inside values become spaces and `\n` so every row stays on one line for cut and awk.
 */
export function tsvLine(values: readonly unknown[]): string {
  return values.map((v) => cellText(v).replace(/\t/g, ' ').replace(/\r?\n/g, '\\n')).join('\t') + '\n';
}

export function tsvRows(rows: readonly unknown[], columns: readonly string[], header = true): string {
  let out = header ? tsvLine(columns) : '';
  for (const r of rows) out += tsvLine(columns.map((c) => getPath(r, c)));
  return out;
}

/** A spreadsheet would run a cell starting with =, +, - or @ as a formula: prefix an apostrophe. */
export function escapeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export async function csvRows(rows: readonly unknown[], columns: readonly string[], header = true): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  const records = rows.map((r) => columns.map((c) => csvCell(getPath(r, c))));
  // A header cell is text a spreadsheet reads like any other (`--columns "=x"`): escaped too.
  return stringify(header ? [columns.map((c) => escapeFormula(String(c))), ...records] : records, { eof: true, record_delimiter: 'unix' });
}

function csvCell(v: unknown): string {
  // Numbers are data, not formulas: only text is escaped.
  return typeof v === 'string' ? escapeFormula(v) : cellText(v);
}
