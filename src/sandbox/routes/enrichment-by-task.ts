import { ByTaskEnrichBody, MCP_RESULTS_LIST, type ByTaskEnrichResponse } from '../../api/schemas/enrichment.js';
import { companyCohortCost, type EnrichmentType, type PersonDataPoint } from '../../api/schemas/values/credits.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import type { RequestContext } from '../context.js';
import { entryBody } from '../engine/validation.js';
import { resolveCohort, type CohortRecord } from '../engine/cohorts.js';
import { cohortSelection, companyDataPoints, personDataPoints, personPointsPrice } from '../engine/pricing.js';
import { leadEditableList, systemList } from '../engine/lists.js';
import { saveCohortRows } from '../engine/list-saves.js';
import { refundCredits } from '../engine/ledger.js';
import { companyResult, recordCompanyCohortRun } from '../engine/enrichment-companies.js';
import { leadsOf, personWorkflowId, runPaid, startCallerRun, startedRun } from '../engine/enrichment-paid.js';

/**
 * POST /enrichment/by-task enriches the rows of a cohort (quote required). A person cohort's
 * rows are saved to the target list (the given one, or the caller's MCP Results list) and
 * enriched by an async run; a company cohort is answered at once and paid for results.
 * Either way GET /enrichment/status/{task_id} then reads the cohort's latest run.
 */

function typeOf(points: readonly PersonDataPoint[]): EnrichmentType {
  const email = points.includes('Email');
  const phone = points.includes('Phone');
  return email && phone ? 'full' : phone ? 'phone_only' : 'partial';
}

function enrichPeople(ctx: RequestContext, body: ByTaskEnrichBody, cohort: CohortRecord): ByTaskEnrichResponse {
  const points = personDataPoints(body.data_points);
  const selection = cohortSelection(cohort, body.entity_ids);
  const given = body.lead_list_id === undefined ? undefined : leadEditableList(ctx.store, ctx.caller, body.lead_list_id);
  return runPaid(ctx, {
    run: { tool: 'add_person_enrichments', body },
    required: true,
    rows: selection.length,
    cost: selection.length * personPointsPrice(points),
    start: (reserved) => {
      const list = given ?? systemList(ctx.store, ctx.clock, ctx.caller, MCP_RESULTS_LIST);
      saveCohortRows(ctx.store, ctx.clock, ctx.services.dataset, ctx.caller.organization, list, selection);
      const wf = startCallerRun(ctx, reserved, {
        workflow_id: personWorkflowId(ctx.store),
        kind: 'by_task',
        enrichment_type: typeOf(points),
        lead_list_id: list.list_id,
        task_id: cohort.task_id,
        leads: leadsOf(ctx, selection),
      });
      return {
        redeemed: { workflow_id: wf.workflow_id, task_id: cohort.task_id, list_id: list.list_id },
        answer: {
          ...startedRun(ctx, wf),
          task_id: cohort.task_id,
          entity_kind: 'person',
          total_entities: selection.length,
          lead_list_id: list.list_id,
          results: selection.map((id) => ({ entity_id: id, status: 'queued', error: null, company: null })),
        },
      };
    },
  });
}

function enrichCompanies(ctx: RequestContext, body: ByTaskEnrichBody, cohort: CohortRecord): ByTaskEnrichResponse {
  companyDataPoints(body.data_points);
  const selection = cohortSelection(cohort, body.entity_ids);
  return runPaid(ctx, {
    run: { tool: 'add_company_enrichments', body },
    required: true,
    rows: selection.length,
    cost: companyCohortCost(selection.length),
    start: (reserved) => {
      const results = selection.map((id) => companyResult(ctx.services, id));
      const charged = Math.min(reserved, companyCohortCost(results.filter((r) => r.status === 'completed').length));
      refundCredits(ctx.caller.organization, reserved - charged);
      const wf = recordCompanyCohortRun(ctx.services, {
        workflow_id: personWorkflowId(ctx.store),
        caller: ctx.caller,
        task_id: cohort.task_id,
        results,
        credits_reserved: reserved,
        credits_charged: charged,
      });
      return {
        redeemed: { workflow_id: wf.workflow_id, task_id: cohort.task_id },
        answer: {
          task_id: cohort.task_id,
          entity_kind: 'company',
          workflow_id: null,
          status: 'completed',
          total_entities: selection.length,
          credits_reserved: reserved,
          credits_charged: charged,
          results,
          timestamp_ms: ctx.clock.now(),
        },
      };
    },
  });
}

function enrichByTask(ctx: RequestContext): ByTaskEnrichResponse {
  const body = entryBody(API.enrichment.byTask, ctx.body);
  const cohort = resolveCohort(ctx.services, body.task_id, ctx.caller.organization.id);
  return cohort.entity_kind === 'person' ? enrichPeople(ctx, body, cohort) : enrichCompanies(ctx, body, cohort);
}

export const enrichmentByTaskRoutes: RouteDef[] = [{ endpoint: API.enrichment.byTask, handler: enrichByTask }];
