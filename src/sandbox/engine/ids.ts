import { createHash } from 'node:crypto';

/**
 * Deterministic ids: the same seed and sequence number give the same id, so a seeded
 * sandbox always has the same organization and user ids.
 */
export function seededHex(seed: number, label: string, length = 24): string {
  return createHash('sha256').update(`${seed}:${label}`).digest('hex').slice(0, length);
}

export function seededId(prefix: string, seed: number, label: string): string {
  return `${prefix}_${seededHex(seed, label)}`;
}

/** A version-4-formatted UUID derived from the seed. */
export function seededUuid(seed: number, label: string): string {
  const h = seededHex(seed, label, 32).split('');
  h[12] = '4';
  h[16] = '89ab'[parseInt(h[16] ?? '0', 16) % 4] ?? '8';
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}
