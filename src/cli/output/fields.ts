/** Column picking for every format: `--fields a,b,company.name`. */
export function parseFields(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const fields = raw
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  return fields.length > 0 ? fields : undefined;
}

export function getPath(obj: unknown, path: string): unknown {
  if (obj === null || typeof obj !== 'object') return undefined;
  const rec = obj as Record<string, unknown>;
  if (path in rec) return rec[path];
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

export function pickFields(row: unknown, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = getPath(row, f);
    out[f] = v === undefined ? null : v;
  }
  return out;
}

/** Columns of a set of rows in first-seen order (used when a command names none). */
export function columnsOf(rows: readonly unknown[]): string[] {
  const seen = new Set<string>();
  for (const r of rows) if (r && typeof r === 'object' && !Array.isArray(r)) for (const k of Object.keys(r)) seen.add(k);
  return [...seen];
}

/** The text of one cell: empty for null, lists joined (`,` for machines, `, ` for people), objects as JSON. */
export function cellText(v: unknown, listSeparator = ','): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object')) return v.map((x) => cellText(x)).join(listSeparator);
  return JSON.stringify(v);
}

/**
 * The --fields that none of the rows has (a typo prints an empty column otherwise), and the
 * fields they do have, for the message. Nothing to check without rows.
 */
export function unknownFields(
  rows: readonly unknown[],
  fields: readonly string[] | undefined,
  declared: readonly string[] = [],
): { unknown: string[]; available: string[] } {
  if (!fields || rows.length === 0) return { unknown: [], available: [] };
  const unknown = fields.filter((f) => !declared.includes(f) && rows.every((r) => getPath(r, f) === undefined));
  return { unknown, available: unknown.length ? [...new Set([...columnsOf(rows), ...declared])] : [] };
}
