import type { Client } from '../client.js';
import type { Balance } from '../schemas/credits.js';

export function getBalance(client: Client, opts: { signal?: AbortSignal } = {}): Promise<Balance> {
  return client.request<Balance>({ method: 'GET', path: '/credits/balance', signal: opts.signal });
}
