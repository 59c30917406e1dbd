/**
 * Integer-only randomness, so a seed gives the same data on every machine and Node
 * version: sfc32 for streams, a murmur3-style finalizer for one-off hashes, and a small
 * Feistel network that turns an index into a unique id and back.
 */

const TWO_32 = 4294967296;

function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A hash of a few integers (unsigned 32-bit). */
export function hash32(a: number, b = 0, c = 0): number {
  return mix32((mix32(a ^ 0x9e3779b9) + Math.imul(b ^ 0x7f4a7c15, 0x27d4eb2f) + Math.imul(c, 0x165667b1)) >>> 0);
}

/** FNV-1a over a string (unsigned 32-bit). */
export function fnv1aRaw(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** FNV-1a with a final mix, for stable per-key decisions spread evenly over [0, 2^32). */
export const fnv1a = (text: string): number => mix32(fnv1aRaw(text));

/** The two 32-bit halves of any JS number used as a seed. */
export function seedWords(seed: number): [number, number] {
  const s = Number.isFinite(seed) ? Math.trunc(seed) : 0;
  return [s >>> 0, Math.floor(s / TWO_32) >>> 0];
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** `stream` separates independent sequences drawn from one seed. */
  constructor(seed: number, stream: number) {
    const [lo, hi] = seedWords(seed);
    this.a = hash32(lo, hi, stream);
    this.b = hash32(hi, stream, lo ^ 0x5bd1e995);
    this.c = hash32(stream, lo, hi ^ 0x1b873593);
    this.d = 1;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** sfc32: an unsigned 32-bit integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** [0, 1) with 32 bits. */
  float(): number {
    return this.next() / TWO_32;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  /** An integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** True with probability percent/100. */
  chance(percent: number): boolean {
    return this.float() * 100 < percent;
  }

  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }

  /** Fisher-Yates over 0..n-1. */
  permutation(n: number): Int32Array {
    const p = new Int32Array(n);
    for (let i = 0; i < n; i++) p[i] = i;
    for (let i = n - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = p[i]!;
      p[i] = p[j]!;
      p[j] = t;
    }
    return p;
  }
}

/** Cumulative weights for picking an index in proportion to its weight. */
export class WeightedPicker {
  private readonly cumulative: Float64Array;
  readonly total: number;

  constructor(weights: ArrayLike<number>) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    for (let i = 0; i < weights.length; i++) {
      sum += weights[i]!;
      this.cumulative[i] = sum;
    }
    this.total = sum;
  }

  pick(rng: Rng): number {
    const r = rng.float() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid]! > r) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

const HEX_BYTE = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** Eight lower-case hex digits (a table, since Number#toString(16) is slow on hot paths). */
export function hex8(n: number): string {
  return HEX_BYTE[n >>> 24]! + HEX_BYTE[(n >>> 16) & 255]! + HEX_BYTE[(n >>> 8) & 255]! + HEX_BYTE[n & 255]!;
}

/**
 * A keyed bijection on 32-bit integers (4-round Feistel on 16-bit halves), so an index
 * becomes an id that is unique without a table and maps back to its index.
 */
export class Feistel {
  private readonly keys: number[];

  constructor(seed: number, label: number) {
    const [lo, hi] = seedWords(seed);
    this.keys = [0, 1, 2, 3].map((r) => hash32(lo ^ label, hi, r));
  }

  private round(half: number, r: number): number {
    return mix32(half ^ this.keys[r]!) & 0xffff;
  }

  encode(x: number): number {
    let l = (x >>> 16) & 0xffff;
    let r = x & 0xffff;
    for (let i = 0; i < 4; i++) {
      const t = l ^ this.round(r, i);
      l = r;
      r = t;
    }
    return ((l << 16) | r) >>> 0;
  }

  decode(y: number): number {
    let l = (y >>> 16) & 0xffff;
    let r = y & 0xffff;
    for (let i = 3; i >= 0; i--) {
      const t = r ^ this.round(l, i);
      r = l;
      l = t;
    }
    return ((l << 16) | r) >>> 0;
  }
}
