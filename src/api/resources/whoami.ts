import type { Client } from '../client.js';
import type { Identity } from '../schemas/identity.js';

export function getIdentity(client: Client, opts: { signal?: AbortSignal } = {}): Promise<Identity> {
  return client.request<Identity>({ method: 'GET', path: '/whoami', signal: opts.signal });
}

/** v1-only GET /auth/validate-key (maps to whoami on v2). */
export function validateKey(client: Client): Promise<unknown> {
  return client.request({ method: 'GET', path: '/auth/validate-key', prefix: 'v1' });
}
