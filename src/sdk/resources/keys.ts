import type { Client } from '../../api/client.js';
import { createKey, keyRequests, listKeys, revokeAllKeys, revokeKey } from '../../api/resources/keys.js';
import type { CreatedKey, CreateKeyBody, KeyRequestRow, ManagedKey, RevokeAllResult } from '../../api/schemas/keys.js';
import { Resource } from '../core.js';
import type { CallOptions } from '../options.js';

/** API key management. It takes the session JWT (`jwt`, or PROSPECT_JWT), never an API key. */
export class Keys extends Resource {
  private get session(): Client {
    return this.source.core('jwt');
  }

  /** A new key: the whole secret comes back this once. Not retried when its answer is lost (a second key could be made). */
  async create(params: CreateKeyBody = {}, opts: CallOptions = {}): Promise<CreatedKey> {
    return createKey(this.session, params, opts);
  }

  /** Every key of the organization, active and revoked, newest first (never a secret). */
  async list(opts: CallOptions = {}): Promise<ManagedKey[]> {
    return listKeys(this.session, opts);
  }

  /** Revokes a key for good (by id); revoking a revoked key answers it as it is. */
  async revoke(keyId: string, opts: CallOptions = {}): Promise<ManagedKey> {
    return revokeKey(this.session, keyId, opts);
  }

  /** Revokes every active key of the calling user in the organization. */
  async revokeAll(opts: CallOptions = {}): Promise<RevokeAllResult> {
    return revokeAllKeys(this.session, opts);
  }

  /** A key's request log, newest first (limit 1 to 500, default 100). */
  async requests(keyId: string, query: { limit?: number } = {}, opts: CallOptions = {}): Promise<KeyRequestRow[]> {
    return keyRequests(this.session, keyId, query, opts);
  }
}
