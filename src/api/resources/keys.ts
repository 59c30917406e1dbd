import type { Client } from '../client.js';
import { PREFIXES } from '../prefixes.js';
import type { CreatedKey, CreateKeyBody, KeyRequestRow, ManagedKey, RevokeAllResult } from '../schemas/keys.js';

/* Key management lives at /api/v1/api-keys and takes a session JWT only (a svcapi_ key there is 401). */

interface Call {
  signal?: AbortSignal | undefined;
}

/** POST: the whole secret comes back this once. Not idempotent: a resent POST would mint a second key. */
export function createKey(client: Client, body: CreateKeyBody, opts: Call = {}): Promise<CreatedKey> {
  return client.request<CreatedKey>({ method: 'POST', path: PREFIXES.keys, prefix: 'root', body, signal: opts.signal });
}

/** Every key of the organization, active and revoked, newest first (never a secret). */
export function listKeys(client: Client, opts: Call = {}): Promise<ManagedKey[]> {
  return client.request<ManagedKey[]>({ method: 'GET', path: PREFIXES.keys, prefix: 'root', signal: opts.signal });
}

/** Final; sending it again for a revoked key answers the key as it is. */
export function revokeKey(client: Client, keyId: string, opts: Call = {}): Promise<ManagedKey> {
  return client.request<ManagedKey>({ method: 'POST', path: `/${encodeURIComponent(keyId)}/revoke`, prefix: 'keys', body: {}, idempotent: true, signal: opts.signal });
}

/** Revokes every active key of the calling user in the organization. */
export function revokeAllKeys(client: Client, opts: Call = {}): Promise<RevokeAllResult> {
  return client.request<RevokeAllResult>({ method: 'POST', path: '/revoke-all', prefix: 'keys', body: {}, idempotent: true, signal: opts.signal });
}

/** A key's request log, newest first (limit 1 to 500, default 100). */
export function keyRequests(client: Client, keyId: string, query: { limit?: number }, opts: Call = {}): Promise<KeyRequestRow[]> {
  return client.request<KeyRequestRow[]>({ method: 'GET', path: `/${encodeURIComponent(keyId)}/requests`, prefix: 'keys', query, signal: opts.signal });
}
