import { identity } from '../endpoints/identity.js';
import { call } from '../endpoints/call.js';
import type { Client } from '../client.js';
import type { Identity, KeyValidation } from '../schemas/identity.js';

export function getIdentity(client: Client, opts: { signal?: AbortSignal } = {}): Promise<Identity> {
  return call(client, identity.whoami, opts);
}

/** v1-only GET /auth/validate-key (maps to whoami on v2). */
export function validateKey(client: Client): Promise<KeyValidation> {
  return call(client, identity.validateKey);
}
