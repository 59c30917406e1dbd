import { usage } from '../endpoints/usage.js';
import { call } from '../endpoints/call.js';
import type { Client } from '../client.js';
import type { Usage, UsageGroup } from '../schemas/keys.js';

/** GET /usage (scope admin:api_keys): calls, credits and errors of the organization over the last `days` days. */
export function getUsage(client: Client, query: { days?: number; group_by?: UsageGroup }, opts: { signal?: AbortSignal | undefined } = {}): Promise<Usage> {
  return call(client, usage.get, { query, signal: opts.signal });
}
