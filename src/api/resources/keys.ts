import { keys } from '../endpoints/keys.js';
import { call } from '../endpoints/call.js';
import type { Client } from '../client.js';
import type { CreatedKey, CreateKeyBody, KeyRequestRow, ManagedKey, RevokeAllResult } from '../schemas/keys.js';

/* Key management lives at /api/v1/api-keys and takes a session JWT only (a svcapi_ key there is 401). */

interface Call {
  signal?: AbortSignal | undefined;
}

/** POST: the whole secret comes back this once. Not idempotent: a resent POST would mint a second key. */
export function createKey(client: Client, body: CreateKeyBody, opts: Call = {}): Promise<CreatedKey> {
  return call(client, keys.create, { body, signal: opts.signal });
}

/** Every key of the organization, active and revoked, newest first (never a secret). */
export function listKeys(client: Client, opts: Call = {}): Promise<ManagedKey[]> {
  return call(client, keys.list, opts);
}

/** Final; sending it again for a revoked key answers the key as it is. */
export function revokeKey(client: Client, keyId: string, opts: Call = {}): Promise<ManagedKey> {
  return call(client, keys.revoke, { params: { key_id: keyId }, signal: opts.signal });
}

/** Revokes every active key of the calling user in the organization. */
export function revokeAllKeys(client: Client, opts: Call = {}): Promise<RevokeAllResult> {
  return call(client, keys.revokeAll, opts);
}

/** A key's request log, newest first (limit 1 to 500, default 100). */
export function keyRequests(client: Client, keyId: string, query: { limit?: number }, opts: Call = {}): Promise<KeyRequestRow[]> {
  return call(client, keys.requests, { params: { key_id: keyId }, query, signal: opts.signal });
}
