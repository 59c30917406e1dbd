import { APIResource, lazyEntries, type CallOptions } from '../resource.js';
import type { Usage as UsageReport, UsageGroup } from '../schemas/keys.js';

const usage = lazyEntries(() => import('../endpoints/usage.js').then((m) => m.usage));

export interface UsageQuery {
  /** 1 to 365, default 7. */
  days?: number;
  /** Default tool (the endpoint template). */
  group_by?: UsageGroup;
}

/** The organization's usage (needs the admin:api_keys scope). */
export class Usage extends APIResource {
  /** Calls, credits spent and errors over the last `days`, grouped by tool, key, day or error code. */
  get(query: UsageQuery = {}, opts?: CallOptions): Promise<UsageReport> {
    return this.send(usage.get, { query: { ...query } }, opts);
  }
}
