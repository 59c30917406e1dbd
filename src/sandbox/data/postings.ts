/**
 * Postings (value -> sorted person indexes) stored as one offsets array and one items array
 * (compressed sparse rows), built by counting sort so each list comes out ascending; and the
 * set operations on sorted Int32Arrays that answer queries from them.
 */

export interface Postings {
  /** List of value v is items[offsets[v] .. offsets[v + 1]). */
  offsets: Int32Array;
  items: Int32Array;
}

export const EMPTY = new Int32Array(0);

export function list(p: Postings, value: number): Int32Array {
  if (value < 0 || value + 1 >= p.offsets.length) return EMPTY;
  return p.items.subarray(p.offsets[value], p.offsets[value + 1]);
}

/**
 * Postings over `n` rows and `valueCount` values; `valuesOf(i, emit)` calls emit once per value
 * row i holds (a value emitted twice for one row is listed twice: callers emit distinct values).
 */
export function buildPostings(n: number, valueCount: number, valuesOf: (i: number, emit: (v: number) => void) => void): Postings {
  const offsets = new Int32Array(valueCount + 1);
  for (let i = 0; i < n; i++) valuesOf(i, (v) => offsets[v + 1]!++);
  for (let v = 0; v < valueCount; v++) offsets[v + 1]! += offsets[v]!;
  const items = new Int32Array(offsets[valueCount]!);
  const cursor = offsets.slice(0, valueCount);
  for (let i = 0; i < n; i++) valuesOf(i, (v) => (items[cursor[v]!++] = i));
  return { offsets, items };
}

/** Postings of a single-valued column (one value per row). */
export function columnPostings(column: ArrayLike<number>, valueCount: number): Postings {
  const n = column.length;
  const offsets = new Int32Array(valueCount + 1);
  for (let i = 0; i < n; i++) offsets[column[i]! + 1]!++;
  for (let v = 0; v < valueCount; v++) offsets[v + 1]! += offsets[v]!;
  const items = new Int32Array(n);
  const cursor = offsets.slice(0, valueCount);
  for (let i = 0; i < n; i++) items[cursor[column[i]!]!++] = i;
  return { offsets, items };
}

export function range(n: number): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

/** Union of sorted lists drawn from 0..universe-1. */
export function union(lists: readonly Int32Array[], universe: number): Int32Array {
  const nonEmpty = lists.filter((l) => l.length > 0);
  if (nonEmpty.length === 0) return EMPTY;
  if (nonEmpty.length === 1) return nonEmpty[0]!;
  if (nonEmpty.length === 2) return merge(nonEmpty[0]!, nonEmpty[1]!);
  let total = 0;
  for (const l of nonEmpty) total += l.length;
  // Many long lists: a mark per row and one pass is cheaper than sorting them together.
  if (total * 16 > universe) {
    const mark = new Uint8Array(universe);
    for (const l of nonEmpty) for (let i = 0; i < l.length; i++) mark[l[i]!] = 1;
    return collect(mark);
  }
  const all = new Int32Array(total);
  let at = 0;
  for (const l of nonEmpty) {
    all.set(l, at);
    at += l.length;
  }
  all.sort();
  return dedupeSorted(all);
}

/** Indexes i with mark[i] set, ascending. */
function collect(mark: Uint8Array): Int32Array {
  let count = 0;
  for (let i = 0; i < mark.length; i++) count += mark[i]!;
  const out = new Int32Array(count);
  let at = 0;
  for (let i = 0; i < mark.length; i++) if (mark[i]) out[at++] = i;
  return out;
}

function dedupeSorted(a: Int32Array): Int32Array {
  let w = 0;
  for (let r = 0; r < a.length; r++) if (r === 0 || a[r] !== a[w - 1]) a[w++] = a[r]!;
  return a.subarray(0, w);
}

function merge(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x < y) out[k++] = a[i++]!;
    else if (y < x) out[k++] = b[j++]!;
    else {
      out[k++] = x;
      i++;
      j++;
    }
  }
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out.subarray(0, k);
}

/** Intersection of two sorted lists; gallops through the longer when the sizes differ a lot. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  if (a.length > b.length) [a, b] = [b, a];
  if (a.length === 0) return EMPTY;
  const out = new Int32Array(a.length);
  let k = 0;
  if (b.length > a.length * 8) {
    let lo = 0;
    for (let i = 0; i < a.length; i++) {
      const x = a[i]!;
      let step = 1;
      let hi = lo;
      while (hi < b.length && b[hi]! < x) {
        lo = hi + 1;
        hi += step;
        step *= 2;
      }
      hi = Math.min(hi, b.length - 1);
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (b[mid]! < x) lo = mid + 1;
        else hi = mid;
      }
      if (lo < b.length && b[lo] === x) out[k++] = x;
    }
  } else {
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
      const x = a[i]!;
      const y = b[j]!;
      if (x < y) i++;
      else if (y < x) j++;
      else {
        out[k++] = x;
        i++;
        j++;
      }
    }
  }
  return out.subarray(0, k);
}

/** AND of sorted lists, smallest first. */
export function intersectAll(lists: Int32Array[]): Int32Array {
  if (lists.length === 0) return EMPTY;
  const sorted = [...lists].sort((x, y) => x.length - y.length);
  let acc = sorted[0]!;
  for (let i = 1; i < sorted.length && acc.length > 0; i++) acc = intersect(acc, sorted[i]!);
  return acc;
}
