import type { FlagSpec } from '../../cli/command.js';

/**
 * One command-line flag per flat filter key. Values that never hold commas take comma
 * lists as well as repeats; free text (titles, locations, names, industries) is taken
 * literally, so "Austin, Texas, United States" stays one location.
 */
export type SplitMode = 'comma' | 'literal' | 'band';

export interface FilterFlag<K extends string> {
  key: K;
  /** Long flag name without dashes (defaults to the key with hyphens). */
  name?: string;
  aliases?: readonly string[];
  split: SplitMode;
  help: string;
  /** Fixed values: a case-insensitive match is written as the service spells it. */
  values?: readonly string[];
}

const flagName = (f: FilterFlag<string>) => f.name ?? f.key.replace(/_/g, '-');

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
  return (raw: string, previous: unknown): string[] => [...(Array.isArray(previous) ? (previous as string[]) : []), ...splitValue(raw, mode)];
}

export function filterFlagSpecs(flags: readonly FilterFlag<string>[]): FlagSpec[] {
  return flags.map((f) => {
    const also = f.aliases?.length ? ` (also ${f.aliases.map((a) => `--${a}`).join(', ')})` : '';
    const repeat = f.split === 'literal' ? 'repeatable' : 'repeatable or comma-separated';
    return {
      flags: `--${flagName(f)} <value>`,
      description: `${f.help}; ${repeat}${also}`,
      parse: gather(f.split),
      ...(f.values ? { values: f.values } : {}),
      aliases: (f.aliases ?? []).map((a) => `--${a}`),
    };
  });
}

/** The attribute commander stores a flag under (--company-domains -> companyDomains). */
const attributeOf = (f: FilterFlag<string>) => flagName(f).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The filters the flags give, keyed by filter key. Fixed values written in another case
 * are spelled the service's way; anything else is left for the shared check to judge.
 */
export function filtersFromFlags<K extends string>(flags: readonly FilterFlag<K>[], opts: Record<string, unknown>): Partial<Record<K, string[]>> {
  const out: Partial<Record<K, string[]>> = {};
  for (const f of flags) {
    const given = opts[attributeOf(f)];
    if (!Array.isArray(given) || given.length === 0) continue;
    out[f.key] = (given as string[]).map((v) => {
      if (!f.values) return v;
      const same = f.values.filter((x) => x.toLowerCase() === v.toLowerCase());
      return same.length === 1 ? same[0]! : v;
    });
  }
  return out;
}

/** Flags merged over a --filters object: values of the same key are added, not replaced. */
export function mergeFilters(base: Record<string, unknown>, extra: Record<string, unknown[]>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(extra)) {
    const prev = out[k];
    out[k] = Array.isArray(prev) ? [...prev, ...v.filter((x) => !prev.includes(x))] : v;
  }
  return out;
}

/** "titles" -> "--titles", for messages about a key the flags also set. */
export function flagForKey(flags: readonly FilterFlag<string>[], key: string): string | undefined {
  const f = flags.find((x) => x.key === key);
  return f ? `--${flagName(f)}` : undefined;
}
