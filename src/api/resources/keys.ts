import { APIResource, lazyEntries, type CallOptions, type Credential } from '../resource.js';
import type { CreatedKey, CreateKeyBody, KeyRequestRow, ManagedKey, RevokeAllResult } from '../schemas/keys.js';

const keys = lazyEntries(() => import('../endpoints/keys.js').then((m) => m.keys));

/** API key management. It takes the session JWT (`jwt`, or PROSPECT_JWT), never an API key. */
export class Keys extends APIResource {
  /** @internal */
  protected override readonly credential: Credential = 'jwt';

  /** A new key: the whole secret comes back this once. Not retried when its answer is lost (a second key could be made). */
  create(params: CreateKeyBody = {}, opts?: CallOptions): Promise<CreatedKey> {
    return this.send(keys.create, { body: params }, opts);
  }

  /** Every key of the organization, active and revoked, newest first (never a secret). */
  list(opts?: CallOptions): Promise<ManagedKey[]> {
    return this.send(keys.list, {}, opts);
  }

  /** Revokes a key for good (by id); revoking a revoked key answers it as it is. */
  revoke(keyId: string, opts?: CallOptions): Promise<ManagedKey> {
    return this.send(keys.revoke, { params: { key_id: keyId } }, opts);
  }

  /** Revokes every active key of the calling user in the organization. */
  revokeAll(opts?: CallOptions): Promise<RevokeAllResult> {
    return this.send(keys.revokeAll, {}, opts);
  }

  /** A key's request log, newest first (limit 1 to 500, default 100). */
  requests(keyId: string, query: { limit?: number } = {}, opts?: CallOptions): Promise<KeyRequestRow[]> {
    return this.send(keys.requests, { params: { key_id: keyId }, query }, opts);
  }
}
