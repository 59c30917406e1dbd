import { LIST_LIMITS, type AddLeadsResponse, type LeadsPage, type RemoveLeadsResponse } from '../../api/schemas/lists.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import type { RequestContext } from '../context.js';
import { publicError, type SandboxError } from '../engine/errors.js';
import { queryInt, entryBody } from '../engine/validation.js';
import { cursorBinding, pageWindow } from '../engine/cursors.js';
import { mintCohort, resolveCohort, type CohortRecord } from '../engine/cohorts.js';
import {
  addCompanies,
  addMembers,
  leadOf,
  leadRow,
  removeMembers,
  visibleList,
  leadEditableList,
  type ListRecord,
} from '../engine/lists.js';
import { saveCohortRows } from '../engine/list-saves.js';

/**
 * A list's leads: pages of lead rows (each page a cohort, so by-task enrichment and saving
 * to another list work from it), adding by cohort or by workspace lead id, and removing.
 */

const LEADS_ENDPOINT = 'GET /lead-lists/{list_id}/leads';

function page(ctx: RequestContext): LeadsPage {
  const limit = queryInt(ctx.query, 'limit', LIST_LIMITS.leadsPage);
  const list = visibleList(ctx.store, ctx.caller, ctx.params.list_id ?? '');
  const binding = cursorBinding(LEADS_ENDPOINT, { list_id: list.list_id });
  const w = pageWindow(
    ctx.store.state.jwt_secret,
    { cursor: ctx.query.get('cursor') ?? undefined, binding, pageSize: limit },
    list.lead_ids.length,
  );
  const ids = list.lead_ids.slice(w.offset, w.end);
  const leads = ids.flatMap((id) => {
    const lead = leadOf(ctx.store, list.organization_id, id);
    return lead ? [leadRow(lead)] : [];
  });
  const cohort = mintCohort(ctx.services, {
    organizationId: ctx.caller.organization.id,
    entityKind: 'person',
    ids,
    source: LEADS_ENDPOINT,
  });
  return {
    list_id: list.list_id,
    leads,
    total: list.lead_ids.length,
    cursor: w.cursor,
    task_id: cohort.task_id,
    timestamp_ms: ctx.clock.now(),
  };
}

/** The list if the caller may change its leads (owner or edit share); one who can only see it gets 403 list_not_editable. */
const editableList = (ctx: RequestContext): ListRecord => leadEditableList(ctx.store, ctx.caller, ctx.params.list_id ?? '');

function unknownLeads(ids: string[]): SandboxError {
  return publicError(404, {
    code: 'not_found',
    problem: `${ids.length} of the lead_ids ${ids.length === 1 ? 'is not a lead' : 'are not leads'} of this workspace`,
    cause: 'lead_ids must name lead records already in the workspace (from a list page or a CSV import). Nothing was added.',
    fix: "Search rows' lead_ids are search-scoped and cannot be added by id: save them with the search response's task_id (entity_ids for a subset).",
    retryable: false,
    details: { unknown_lead_ids: ids },
  });
}

function foreignEntities(cohort: CohortRecord, ids: string[]): SandboxError {
  const msg = `${ids.length} entity_ids ${ids.length === 1 ? 'is' : 'are'} not rows of task ${cohort.task_id}`;
  return publicError(400, {
    code: 'validation_error',
    problem: msg,
    cause: 'entity_ids must be ids from the results of the response that returned this task_id.',
    fix: 'Send only ids of that response (its lead_id or company_id values), or omit entity_ids to save the whole cohort.',
    retryable: false,
    details: { unknown_entity_ids: ids, errors: [{ type: 'value_error', loc: ['body', 'entity_ids'], msg }] },
  });
}

/** Adds by cohort (search rows are saved as lead records, company rows as the list's companies) or by workspace lead ids. */
function add(ctx: RequestContext): AddLeadsResponse {
  const body = entryBody(API.lists.addLeads, ctx.body);
  const list = editableList(ctx);
  const org = ctx.caller.organization;
  const done = (r: { added: number; skipped_duplicates: number; created?: number }): AddLeadsResponse => ({
    list_id: list.list_id,
    ...r,
    credits_charged: 0,
    timestamp_ms: ctx.clock.now(),
  });
  if (body.lead_ids) {
    const unknown = body.lead_ids.filter((id) => !leadOf(ctx.store, org.id, id));
    if (unknown.length) throw unknownLeads(unknown);
    return done(addMembers(ctx.store, org, list, body.lead_ids));
  }
  const cohort = resolveCohort(ctx.services, body.task_id!, org.id);
  const rows = new Set(cohort.ids);
  const ids = body.entity_ids ?? cohort.ids;
  const foreign = ids.filter((id) => !rows.has(id));
  if (foreign.length) throw foreignEntities(cohort, foreign);
  if (cohort.entity_kind === 'company') return done({ ...addCompanies(list, ids), created: 0 });
  return done(saveCohortRows(ctx.store, ctx.clock, ctx.services.dataset, org, list, ids));
}

function remove(ctx: RequestContext): RemoveLeadsResponse {
  const body = entryBody(API.lists.removeLeads, ctx.body);
  const list = editableList(ctx);
  return { list_id: list.list_id, removed: removeMembers(ctx.store, list, body.lead_ids), timestamp_ms: ctx.clock.now() };
}

export const leadListLeadRoutes: RouteDef[] = [
  { endpoint: API.lists.leads, handler: page },
  { endpoint: API.lists.addLeads, handler: add },
  { endpoint: API.lists.removeLeads, handler: remove },
];
