import type { BulkEnrichStarted } from '../../api/schemas/enrichment.js';
import { ENRICHMENT_TYPE_PRICES, LIST_SCOPE_TYPES } from '../../api/schemas/values/credits.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import type { RequestContext } from '../context.js';
import { entryBody } from '../engine/validation.js';
import { publicError } from '../engine/errors.js';
import { requireSubsetFeature, subsetOf } from '../engine/pricing.js';
import { badField } from '../engine/validation.js';
import { leadEditableList, type ListRecord } from '../engine/lists.js';
import { bulkWorkflowId, leadsOf, runPaid, startCallerRun, startedRun } from '../engine/enrichment-paid.js';

/**
 * POST /enrichment/bulk enriches every lead of a list, or a subset of 1 to 500 of them
 * (quote required). The run may have up to 10 % more leads than quoted; it then reserves
 * and charges at most the quote's estimated cost.
 */

function selectionChanged(list: ListRecord, gone: string[]) {
  return publicError(409, {
    code: 'conflict',
    problem: `The selection changed after the quote: ${gone.length} of the lead_ids ${gone.length === 1 ? 'is' : 'are'} no longer a lead of list "${list.name}"`,
    cause:
      'Leads were removed from the list (or never were in it) since the subset was quoted. Nothing was charged and the quote is still unused.',
    fix: 'Leave those ids out, quote the new subset with POST /credits/estimate and run it with the new quote.',
    retryable: false,
    details: { list_id: list.list_id, lead_ids: gone },
  });
}

/** The leads a run enriches: the whole list, or the subset (every id still a lead of the list). */
function selectionOf(ctx: RequestContext, list: ListRecord, leadIds: string[] | undefined): string[] {
  if (!leadIds) {
    if (list.lead_ids.length === 0) throw badField('list_id', `List "${list.name}" is empty: there is nothing to enrich`);
    return [...list.lead_ids];
  }
  requireSubsetFeature(ctx.caller);
  const { ids, missing } = subsetOf(list, leadIds);
  if (missing.length) throw selectionChanged(list, missing);
  return ids;
}

function enrichList(ctx: RequestContext): BulkEnrichStarted {
  const body = entryBody(API.enrichment.bulk, ctx.body);
  const list = leadEditableList(ctx.store, ctx.caller, body.list_id);
  const ids = selectionOf(ctx, list, body.lead_ids);
  const type = LIST_SCOPE_TYPES[body.scope ?? 'partial'];
  return runPaid(ctx, {
    run: { tool: 'enrich_list', body },
    required: true,
    rows: ids.length,
    cost: ids.length * ENRICHMENT_TYPE_PRICES[type],
    start: (reserved, quote) => {
      const wf = startCallerRun(ctx, reserved, {
        workflow_id: bulkWorkflowId(ctx.store),
        kind: 'bulk',
        enrichment_type: type,
        lead_list_id: list.list_id,
        leads: leadsOf(ctx, ids),
      });
      return {
        redeemed: { workflow_id: wf.workflow_id, list_id: list.list_id },
        answer: { ...startedRun(ctx, wf), total_leads: ids.length, estimated_cost: quote.payload?.c ?? reserved },
      };
    },
  });
}

export const enrichmentBulkRoutes: RouteDef[] = [{ endpoint: API.enrichment.bulk, handler: enrichList }];
