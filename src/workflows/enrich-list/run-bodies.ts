import type { BulkEnrichBody } from '../../api/schemas/enrichment.js';
import { BULK_ENRICH_LIMITS } from '../../api/schemas/values/credits.js';
import { batches } from '../batches.js';
import type { Group } from './missing-leads.js';

/** The run requests of the groups: a group of lead ids in subsets of up to 500 (what one run takes), a whole-list group as one run. */
export function runBodies(listId: string, groups: readonly Group[]): BulkEnrichBody[] {
  return groups.flatMap((g) =>
    g.lead_ids
      ? batches(g.lead_ids, BULK_ENRICH_LIMITS.leadIds.max).map((lead_ids) => ({ list_id: listId, scope: g.scope, lead_ids }))
      : [{ list_id: listId, scope: g.scope }],
  );
}
