import { SEARCH_LIMITS, type CompileResponse, type PeopleSearchResponse } from '../../api/schemas/search.js';
import { checkPeopleFilters } from '../../api/search-check.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import type { RequestContext } from '../context.js';
import { entryBody } from '../engine/validation.js';
import { genericError } from '../engine/errors.js';
import { mintCohort } from '../engine/cohorts.js';
import { cursorBinding } from '../engine/cursors.js';
import { planPeopleCriteria, runPeoplePlan, type PeoplePlan } from '../engine/criteria.js';
import { filterProblemError, pageOf, requireCriteriaSearch, searchQuotaText, truncationWarning } from '../engine/search.js';

const ENDPOINT = 'POST /people/find';

const FLAT_USAGE =
  'No people matched. To broaden: drop the narrowest key; prefer company_domains over company_names (names must equal the employer name); ' +
  'use location_country or location_city rather than full locations strings; titles match exactly and case-sensitively, so look values up ' +
  'with GET /people/find/filters?field=titles&query=<text> or use the criteria form with jobTitleMatchType contains.';
const CRITERIA_USAGE =
  'No people matched. To broaden: use jobTitleMatchType contains (substring and synonyms), prefer companyDomainsInclude over companyNamesInclude, ' +
  'use countriesInclude or a bare city in locationsInclude, loosen company_criteria, or drop exclusions. POST /people/find/compile shows what the criteria compile to.';

/** The flat filters with each key's values sorted, so equal filter sets bind cursors alike. */
function canonicalFlat(filters: Record<string, string[] | undefined>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, [...(v ?? [])].sort()]));
}

/** Where the product's Find People page would open with the compiled filters (served by the sandbox as JSON). */
function handoffUrl(ctx: RequestContext, plan: PeoplePlan): string {
  const compiled = Buffer.from(JSON.stringify({ person_filter: plan.person_filter, company_filter: plan.company_filter })).toString(
    'base64url',
  );
  return `${ctx.services.url}${API.site.findPeoplePage.path}?criteria=${compiled}`;
}

/** The sandbox's stand-in for the Find People page: the filters a handoff URL carries. */
function handoffPage(ctx: RequestContext): unknown {
  try {
    const filters = JSON.parse(Buffer.from(ctx.query.get('criteria') ?? '', 'base64url').toString('utf8')) as unknown;
    return { page: 'find-people', filters };
  } catch {
    throw genericError(400, 'BAD_REQUEST', 'criteria is not a search_handoff value');
  }
}

function findPeople(ctx: RequestContext): PeopleSearchResponse {
  const body = entryBody(API.people.search, ctx.body);
  const org = ctx.caller.organization;
  const dataset = ctx.services.dataset;
  const limit = body.limit ?? SEARCH_LIMITS.people.default;
  let found: Int32Array;
  let plan: PeoplePlan | undefined;
  let shape: unknown;
  if (body.criteria) {
    requireCriteriaSearch(org);
    plan = planPeopleCriteria(dataset, ctx.store, org, { criteria: body.criteria });
    found = runPeoplePlan(dataset, plan);
    shape = { criteria: body.criteria };
  } else {
    const checked = checkPeopleFilters(body.filters);
    if (!checked.ok) throw filterProblemError(checked.problem, ENDPOINT);
    found = dataset.findPeople(checked.value);
    shape = { filters: canonicalFlat(checked.value) };
  }
  const page = pageOf(ctx, found, {
    cursor: body.cursor,
    binding: cursorBinding(ENDPOINT, shape),
    pageSize: Math.min(limit, SEARCH_LIMITS.people.perResponse),
    cap: plan?.maxResults,
  });
  const results = Array.from(page.rows, (i) => {
    const row = dataset.personRow(i);
    return plan ? { ...row, match_evidence: { status: dataset.person(i).role_verified ? 'verified' : 'unverified' } } : row;
  });
  const cohort = mintCohort(ctx.services, {
    organizationId: org.id,
    entityKind: 'person',
    ids: results.map((r) => r.lead_id),
    source: ENDPOINT,
  });
  const total = found.length;
  const shown = results.length
    ? `Rows ${page.offset + 1} to ${page.offset + results.length} of ${total}`
    : `No rows on this page (${total} matches)`;
  const agent_instructions = [
    `${shown}.`,
    searchQuotaText(ctx, 'people_search'),
    results.length
      ? `Save these rows to a list with POST /lead-lists/{list_id}/leads and {"task_id": "${cohort.task_id}"}; search lead_ids are not valid as lead_ids there.`
      : '',
    page.cursor ? 'For the next page send cursor with the same filters.' : 'This is the last page.',
  ]
    .filter(Boolean)
    .join(' ');
  const response: PeopleSearchResponse = {
    task_id: cohort.task_id,
    timestamp_ms: ctx.clock.now(),
    entity_kind: 'person',
    results,
    total,
    cursor: page.cursor,
    credits_charged: 0,
    truncation_warning: truncationWarning(
      limit,
      SEARCH_LIMITS.people.perResponse,
      plan?.maxResults != null ? { maxResults: plan.maxResults, total } : undefined,
    ),
    agent_instructions,
    ...(total === 0 ? { usage: plan ? CRITERIA_USAGE : FLAT_USAGE } : {}),
  };
  if (!plan) return response;
  return {
    ...response,
    route: plan.route,
    warnings: plan.warnings,
    exclusions_applied: plan.exclusions.applied,
    search_handoff: { url: handoffUrl(ctx, plan) },
  };
}

function compile(ctx: RequestContext): CompileResponse {
  const body = entryBody(API.people.compile, ctx.body);
  const org = ctx.caller.organization;
  requireCriteriaSearch(org);
  const plan = planPeopleCriteria(ctx.services.dataset, ctx.store, org, {
    criteria: body.criteria,
    companyCriteria: body.company_criteria,
    crm: body.crm,
  });
  return {
    route: plan.route,
    person_filter: plan.person_filter,
    company_filter: plan.company_filter,
    warnings: plan.warnings,
    exclusions_applied: plan.exclusions.applied,
    exclusions_complete: plan.exclusions.complete,
    timestamp_ms: ctx.clock.now(),
  };
}

export const searchPeopleRoutes: RouteDef[] = [
  { endpoint: API.people.search, handler: findPeople },
  { endpoint: API.people.compile, handler: compile },
  { endpoint: API.site.findPeoplePage, handler: handoffPage },
];
