/**
 * How a repeatable flag's values are split. Values that never hold commas take comma lists as
 * well as repeats; free text (titles, locations, names, industries) is taken literally, so
 * "Austin, Texas, United States" stays one location; headcount bands split where a comma is
 * not a thousands separator.
 */
export type SplitMode = 'comma' | 'literal' | 'band';

const NUMBER = String.raw`([1-9]\d{0,2}(?:,\d{3})+|[1-9]\d*|0)`;
/** One headcount band: "51-200", "1,001-5,000", "10,001+". */
const BAND = new RegExp(String.raw`^\s*${NUMBER}\s*(?:-\s*${NUMBER}|(\+))\s*$`);
/** Comma parts one band can span ("1,000,000-5,000,000" spans 5): the search for a band looks no further. */
const BAND_PARTS = 8;

function isBand(text: string): boolean {
  const m = BAND.exec(text);
  if (!m) return false;
  const n = (s: string) => Number(s.replace(/,/g, ''));
  return m[3] === '+' || n(m[1]!) <= n(m[2]!);
}

/**
 * Splits a headcount list on commas that are not thousands separators ("501-1,000,1,001-5,000"):
 * the split in which every value is a band (a rising range or N+), so "51-200,201-500" is two
 * bands, not 51 to 200,201. A list that is not all bands is split where a comma cannot be a
 * thousands separator, and the values are left for the filter check to judge.
 */
export function splitBands(raw: string): string[] {
  const parts = raw.split(',').filter((p) => p.trim() !== '');
  // next[i]: where the band starting at part i ends, when parts i.. split into bands (from the right, longest first).
  const next: Array<number | undefined> = [];
  for (let i = parts.length - 1; i >= 0; i--)
    for (let j = Math.min(parts.length, i + BAND_PARTS); j > i; j--)
      if ((j === parts.length || next[j] !== undefined) && isBand(parts.slice(i, j).join(','))) {
        next[i] = j;
        break;
      }
  if (next[0] === undefined)
    return raw
      .split(/,(?!\d{3}(?:\D|$))/)
      .map((s) => s.trim())
      .filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i = next[i]!) out.push(parts.slice(i, next[i]).join(',').trim());
  return out;
}

function splitValue(raw: string, mode: SplitMode): string[] {
  if (mode === 'literal') return raw.trim() ? [raw.trim()] : [];
  if (mode === 'band') return splitBands(raw);
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A repeatable flag's parser: every occurrence split by the mode, gathered in one list. */
export function gather(mode: SplitMode) {
  return (raw: string, previous: unknown): string[] => [
    ...(Array.isArray(previous) ? (previous as string[]) : []),
    ...splitValue(raw, mode),
  ];
}
