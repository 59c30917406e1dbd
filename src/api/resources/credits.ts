import type { Client } from '../client.js';
import type { Balance, EstimateBody, Quote } from '../schemas/credits.js';

interface Call {
  signal?: AbortSignal | undefined;
}

export function getBalance(client: Client, opts: Call = {}): Promise<Balance> {
  return client.request<Balance>({ method: 'GET', path: '/credits/balance', signal: opts.signal });
}

/** POST /credits/estimate: the most a request can cost and a single-use quote for it, valid 5 minutes (free). */
export function estimate(client: Client, body: EstimateBody, opts: Call = {}): Promise<Quote> {
  return client.request<Quote>({ method: 'POST', path: '/credits/estimate', body, idempotent: true, signal: opts.signal });
}
