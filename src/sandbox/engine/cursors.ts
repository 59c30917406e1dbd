import { createHash } from 'node:crypto';
import { hmac, sameSignature } from './signing.js';
import { publicError, type SandboxError } from './errors.js';

/**
 * Search cursors: opaque to the client, signed with the state's secret, carrying the offset
 * of the next row and bound to the request they continue (endpoint, filters or criteria,
 * columns). A cursor that does not decode, whose signature fails, or that is sent with
 * other filters is a 400 invalid_cursor.
 */

/** JSON with object keys sorted at every depth, so equal requests hash alike whatever their key order. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** sha256 hex of a value's canonical JSON: equal for equal values however their keys are ordered. */
export function canonicalHash(v: unknown): string {
  return createHash('sha256').update(canonicalJson(v)).digest('hex');
}

/** What a cursor is bound to: a hash of the endpoint and the request's shape. */
export function cursorBinding(endpoint: string, shape: unknown): string {
  return createHash('sha256')
    .update(canonicalJson([endpoint, shape]))
    .digest('base64url')
    .slice(0, 22);
}

export function encodeCursor(secret: string, binding: string, offset: number): string {
  const payload = Buffer.from(JSON.stringify({ o: offset, b: binding })).toString('base64url');
  return `${payload}.${hmac(secret, payload)}`;
}

type CursorFault = 'malformed' | 'forged' | 'mismatch';

const CAUSES: Record<CursorFault, string> = {
  malformed: 'The cursor is not one this service issued: it does not decode.',
  forged: "The cursor's signature does not match: it was altered or issued by another sandbox.",
  mismatch: 'The cursor was issued for a request with other filters, criteria or columns.',
};

export function invalidCursor(fault: CursorFault): SandboxError {
  return publicError(400, {
    code: 'invalid_cursor',
    problem: 'The cursor is invalid',
    cause: CAUSES[fault],
    fix: 'Send the cursor with the same filters (and columns) as the request that returned it, or start again without a cursor.',
    retryable: false,
    details: { reason: fault },
  });
}

/** The offset a cursor carries, after checking its signature and its binding. */
export function decodeCursor(secret: string, cursor: string, binding: string): number {
  const parts = cursor.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) throw invalidCursor('malformed');
  const [payload, sig] = parts as [string, string];
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor('malformed');
  }
  const d = data as { o?: unknown; b?: unknown } | null;
  if (typeof d !== 'object' || d === null || !Number.isSafeInteger(d.o) || (d.o as number) < 0 || typeof d.b !== 'string')
    throw invalidCursor('malformed');
  if (!sameSignature(hmac(secret, payload), sig)) throw invalidCursor('forged');
  if (d.b !== binding) throw invalidCursor('mismatch');
  return d.o as number;
}

/** The offset to start from: 0 without a cursor. */
export function cursorOffset(secret: string, cursor: string | undefined, binding: string): number {
  return cursor === undefined ? 0 : decodeCursor(secret, cursor, binding);
}

/** One page over `length` rows: where it starts and ends, and the cursor of the next page (null on the last). */
export function pageWindow(
  secret: string,
  r: { cursor: string | undefined; binding: string; pageSize: number },
  length: number,
): { offset: number; end: number; cursor: string | null } {
  const offset = cursorOffset(secret, r.cursor, r.binding);
  const end = Math.max(offset, Math.min(offset + r.pageSize, length));
  return { offset, end, cursor: end < length ? encodeCursor(secret, r.binding, end) : null };
}
