import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Store } from '../store.js';

/** A key for one purpose (quotes, export links), derived from the sandbox's secret. */
export function derivedKey(store: Store, purpose: string): Buffer {
  return createHash('sha256').update(`${purpose}:${store.state.jwt_secret}`).digest();
}

/** HMAC-SHA256 of a payload. */
export function hmac(key: string | Buffer, payload: string, encoding: 'base64url' | 'hex' = 'base64url'): string {
  return createHmac('sha256', key).update(payload).digest(encoding);
}

/** Whether a signature given by a client is the one expected, compared in constant time. */
export function sameSignature(expected: string, given: string): boolean {
  const want = Buffer.from(expected);
  const got = Buffer.from(given);
  return want.length === got.length && timingSafeEqual(want, got);
}
