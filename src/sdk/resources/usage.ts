import { getUsage } from '../../api/resources/usage.js';
import type { Usage as UsageReport, UsageGroup } from '../../api/schemas/keys.js';
import { Resource } from '../core.js';
import type { CallOptions } from '../options.js';

export interface UsageQuery {
  /** 1 to 365, default 7. */
  days?: number;
  /** Default tool (the endpoint template). */
  group_by?: UsageGroup;
}

/** The organization's usage (needs the admin:api_keys scope). */
export class Usage extends Resource {
  /** Calls, credits spent and errors over the last `days`, grouped by tool, key, day or error code. */
  async get(query: UsageQuery = {}, opts: CallOptions = {}): Promise<UsageReport> {
    return getUsage(this.core, query, opts);
  }
}
