import { ownValue } from './schemas/values/own-key.js';

/** "Did you mean" for keys and values: known hints first, then the nearest spelling. */

const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Optimal string alignment distance (Levenshtein plus adjacent swaps). */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  if (m === 0) return n;
  if (n === 0) return m;
  const d: number[][] = Array.from({ length: m + 1 }, (_, i) => [i, ...new Array<number>(n).fill(0)]);
  for (let j = 1; j <= n; j++) d[0]![j] = j;
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[m]![n]!;
}

/**
 * The allowed value closest to `bad`: a hint for it, the same word in another case or
 * spacing, a singular or plural form, the nearest spelling within a third of its length, or
 * a name it is the stem of.
 */
export function closest(bad: string, allowed: readonly string[], hints: Readonly<Record<string, string>> = {}): string | undefined {
  const b = norm(bad);
  if (b === '') return undefined;
  const hint = ownValue(hints, b);
  if (hint !== undefined) return hint;
  const byNorm = allowed.find((a) => norm(a) === b);
  if (byNorm !== undefined) return byNorm;
  const plurals = [`${b}s`, `${b}es`, b.replace(/y$/, 'ies')];
  const plural = allowed.find((a) => plurals.includes(norm(a)) || `${norm(a)}s` === b || norm(a).replace(/y$/, 'ies') === b);
  if (plural !== undefined) return plural;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const a of allowed) {
    const dist = editDistance(b, norm(a));
    if (dist < bestDistance) {
      best = a;
      bestDistance = dist;
    }
  }
  if (best !== undefined && bestDistance <= Math.max(2, Math.floor(b.length / 3))) return best;
  // A stem of several names (jobTitles): the first in the allowed order, which lists the usual one first.
  if (b.length < 4) return undefined;
  return allowed.find((a) => norm(a).startsWith(b) || b.startsWith(norm(a)));
}

/** " (did you mean X?)" or "". */
export function didYouMean(suggestion: string | undefined): string {
  return suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`;
}
