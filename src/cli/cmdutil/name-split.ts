/** Suffixes a "Last, First" name may end with after another comma (Doe, John, Jr.), and which never start a first name. */
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'v', 'phd', 'md', 'mba', 'esq', 'cpa', 'dds', 'jd', 'rn', 'pe']);
const bare = (s: string) => s.toLowerCase().replace(/\./g, '');
const isSuffix = (s: string) => SUFFIXES.has(bare(s));
/** What follows the comma of a company's name (Acme, Inc.): not a first name. */
const COMPANY_FORMS = new Set([
  'inc',
  'llc',
  'ltd',
  'llp',
  'plc',
  'gmbh',
  'ag',
  'sa',
  'bv',
  'co',
  'corp',
  'corporation',
  'company',
  'limited',
]);

export interface SplitName {
  first: string;
  last: string;
  /** The name in reading order: "John Doe", "John Doe, Jr.". */
  full: string;
}

/**
 * A full name written "Last, First" (Doe, John; van der Berg, Mary Ann; Doe, John, Jr.) as its
 * parts; null for any other form, "John Doe, Jr.", "John Doe, PhD" and "Acme, Inc." included.
 */
export function splitLastFirst(value: string): SplitName | null {
  const parts = value.split(',').map((p) => p.trim().replace(/\s+/g, ' '));
  const suffixes: string[] = [];
  while (parts.length > 2 && isSuffix(parts[parts.length - 1]!)) suffixes.unshift(parts.pop()!);
  if (parts.length !== 2) return null;
  const [last, first] = parts as [string, string];
  if (!last || !first || isSuffix(first) || COMPANY_FORMS.has(bare(first))) return null;
  return { first, last, full: `${first} ${last}${suffixes.length ? `, ${suffixes.join(', ')}` : ''}` };
}
