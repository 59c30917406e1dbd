import type { EnrichmentStatusResponse, PersonEnrichStarted } from '../../api/schemas/enrichment.js';
import { ENRICHMENT_TYPE_PRICES } from '../../api/schemas/values/credits.js';
import { personEnrichmentType } from '../../api/quote-shape.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import type { RequestContext } from '../context.js';
import { entryBody } from '../engine/validation.js';
import { enrichmentTypeOf } from '../engine/pricing.js';
import { checkLeadCap, leadEditableList } from '../engine/lists.js';
import { findWorkflow, workflowStatus } from '../engine/enrichment.js';
import { isCompanyCohortRun } from '../engine/enrichment-companies.js';
import { addsMember, attachPerson, identifyPerson } from '../engine/enrichment-person.js';
import { personWorkflowId, runPaid, startCallerRun, startedRun } from '../engine/enrichment-paid.js';

/**
 * POST /enrichment/person starts a single-person run (quote optional) on a lead of the
 * target list; GET /enrichment/status/{workflow_id} polls any run of the organization, by
 * workflow id or by the cohort handle of a by-task run.
 */

function enrichPerson(ctx: RequestContext): PersonEnrichStarted {
  const body = entryBody(API.enrichment.person, ctx.body);
  const type = enrichmentTypeOf(personEnrichmentType(body));
  const org = ctx.caller.organization;
  const list = leadEditableList(ctx.store, ctx.caller, body.lead_list_id);
  const target = identifyPerson(ctx.services, org.id, body);
  checkLeadCap(ctx.store, org, list, addsMember(ctx.services, org.id, list, target) ? 1 : 0);
  return runPaid(ctx, {
    run: { tool: 'enrich_person', body },
    rows: 1,
    cost: ENRICHMENT_TYPE_PRICES[type],
    start: (reserved) => {
      const lead = attachPerson(ctx.services, org, list, target);
      const wf = startCallerRun(ctx, reserved, {
        workflow_id: personWorkflowId(ctx.store),
        kind: 'person',
        enrichment_type: type,
        lead_list_id: list.list_id,
        leads: [{ lead }],
      });
      return {
        redeemed: { workflow_id: wf.workflow_id, list_id: list.list_id },
        answer: { ...startedRun(ctx, wf), lead_list_id: list.list_id },
      };
    },
  });
}

function status(ctx: RequestContext): EnrichmentStatusResponse {
  const wf = findWorkflow(ctx.services, ctx.caller.organization.id, ctx.params.workflow_id ?? '');
  const s = workflowStatus(ctx.services, wf);
  return isCompanyCohortRun(wf) ? { ...s, enrichment_type: null, lead_list_id: null } : s;
}

export const enrichmentPersonRoutes: RouteDef[] = [
  { endpoint: API.enrichment.person, handler: enrichPerson },
  { endpoint: API.enrichment.status, handler: status },
];
