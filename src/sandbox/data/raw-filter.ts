/** Pieces the raw person and company filters share. */

/** A filter value as a list of strings: one string, or the strings and numbers of an array. */
export function valueStrings(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.filter((x) => typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x))).map((x) => String(x));
}

/** A finite number from a number or a numeric string; undefined otherwise. */
export function asNumber(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export type Predicate = (i: number) => boolean;

export const never: Predicate = () => false;

/** and / or over predicates; and of nothing matches all, or of nothing matches none. */
export function combine(op: string, parts: Predicate[]): Predicate {
  if (op === 'or') return parts.length === 0 ? never : (i) => parts.some((p) => p(i));
  return parts.length === 0 ? () => true : (i) => parts.every((p) => p(i));
}

/** Rows of `within` (or 0..count-1) the predicate accepts, ascending and distinct. */
export function scan(count: number, predicate: Predicate, within?: Int32Array): Int32Array {
  const out: number[] = [];
  if (within) {
    for (let k = 0; k < within.length; k++) {
      const i = within[k]!;
      if (i >= 0 && i < count && predicate(i)) out.push(i);
    }
    const ascending = out.every((v, k) => k === 0 || v > out[k - 1]!);
    return ascending ? Int32Array.from(out) : Int32Array.from(new Set(out)).sort();
  }
  for (let i = 0; i < count; i++) if (predicate(i)) out.push(i);
  return Int32Array.from(out);
}

/**
 * The test of in (exact, after `normalize`, lower-casing by default) or contains (case-insensitive
 * substring) against any of the values.
 */
export function textTest(kind: 'in' | 'contains', values: string[], normalize: (s: string) => string = lower): (text: string) => boolean {
  if (kind === 'in') {
    const set = new Set(values.map(normalize));
    return (text) => set.has(normalize(text));
  }
  const wanted = values.map(lower);
  return (text) => {
    const lc = lower(text);
    return wanted.some((w) => lc.includes(w));
  };
}

const lower = (s: string): string => s.toLowerCase();
