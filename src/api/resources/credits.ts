import { credits } from '../endpoints/credits.js';
import { call } from '../endpoints/call.js';
import type { Client } from '../client.js';
import type { Balance, EstimateBody, Quote } from '../schemas/credits.js';

interface Call {
  signal?: AbortSignal | undefined;
}

export function getBalance(client: Client, opts: Call = {}): Promise<Balance> {
  return call(client, credits.balance, opts);
}

/** POST /credits/estimate: the most a request can cost and a single-use quote for it, valid 5 minutes (free). */
export function estimate(client: Client, body: EstimateBody, opts: Call = {}): Promise<Quote> {
  return call(client, credits.estimate, { body, signal: opts.signal });
}
