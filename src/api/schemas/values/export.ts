/** Export of a list (signed-link CSV, paged JSON): columns, limits and link lifetime of the spec. */

/** The columns both exports give when none are chosen, in this order. */
export const DEFAULT_EXPORT_COLUMNS = [
  'lead_id',
  'first_name',
  'last_name',
  'email',
  'title',
  'company',
  'domain',
  'linkedin_url',
  'phone',
  'location',
] as const;
export type DefaultExportColumn = (typeof DEFAULT_EXPORT_COLUMNS)[number];

export const EXPORT_LIMITS = {
  /** GET /export/json page size. */
  jsonPage: { min: 1, max: 500, default: 100 },
  /** How many columns one export may name (the spec gives no figure: the sandbox's choice). */
  columns: { min: 1, max: 100 },
  /** Length of one column name (as long as a smart-agent column_name may be). */
  columnName: { min: 1, max: 100 },
} as const;

/** A signed CSV link works for 24 hours after it was made. */
export const SIGNED_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * expires_at of a signed link. The spec does not say its format; the sandbox writes Unix
 * seconds, as the only other expiry of a v2 response (the quote's) is written. Clients accept
 * either spelling: an ISO 8601 string is read too.
 */
export function expiryMs(expiresAt: number | string): number {
  return typeof expiresAt === 'number' ? expiresAt * 1000 : Date.parse(expiresAt);
}

/** Cells starting with one of these would run as a formula in a spreadsheet. */
const FORMULA_START = /^[=+\-@]/;

/** The spec's rule for CSV cells: text starting with =, +, - or @ gets a leading apostrophe. */
export function escapeFormulaCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** What escapeFormulaCell undoes: one leading apostrophe before =, +, - or @. */
const ESCAPED_FORMULA = /^'[=+\-@]/;

/** The cell as it was before the export escaped it (import's default, so export then import is a round trip). */
export function unescapeFormulaCell(text: string): string {
  return ESCAPED_FORMULA.test(text) ? text.slice(1) : text;
}

/** One CSV field, quoted (RFC 4180) when it holds a comma, a quote or a line break. */
export function csvField(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** The export columns of a request: the chosen ones, or the defaults. */
export function chosenColumns(columns: readonly string[] | undefined): string[] {
  return columns && columns.length ? [...columns] : [...DEFAULT_EXPORT_COLUMNS];
}
