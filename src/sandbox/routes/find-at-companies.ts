import {
  FindAtCompaniesBody,
  SEARCH_LIMITS,
  type FindAtCompaniesStarted,
  type FindAtCompaniesStatusResponse,
  type CompanyRawFilter,
  type PersonGroupFilter,
} from '../../api/schemas/search.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import { pathOf } from '../../api/endpoints/endpoint.js';
import { prefixOf } from '../router.js';
import type { RequestContext } from '../context.js';
import { DatasetFilterError, type Dataset } from '../data/dataset.js';
import { publicError } from '../engine/errors.js';
import { entryBody } from '../engine/validation.js';
import { cohortArea, mintCohort, resolveCohort, taskNotFound } from '../engine/cohorts.js';
import { cursorBinding } from '../engine/cursors.js';
import { peopleOfCompanies } from '../engine/criteria.js';
import { pageOf } from '../engine/search.js';

/**
 * POST /people/find-at-companies starts a job that finds people (person_filter) at a set of
 * companies (company_filter, company_linkedin_urls, or their intersection); it completes
 * JOB_MS later on the sandbox clock. Its task_id is a cohort handle of the organization
 * (the block's people), polled at GET .../status/{task_id}.
 */

const ENDPOINT = 'POST /people/find-at-companies';
/** How long a job runs, on the sandbox clock. */
export const JOB_MS = 800;

type Outcome =
  | {
      status: 'completed';
      lead_ids: string[];
      total: number;
      cursor: string | null;
      resolved_company_count: number;
      composite_warning?: string;
    }
  | { status: 'failed'; error: string };

export interface FindAtCompaniesJob {
  task_id: string;
  organization_id: string;
  started_at_ms: number;
  ready_at_ms: number;
  outcome: Outcome;
}

type JobArea = Record<string, FindAtCompaniesJob>;

function jobArea(ctx: RequestContext): JobArea {
  return ctx.store.area<JobArea>('find_at_companies', () => ({}));
}

/** The person filter run on nobody, which still rejects an unknown column or filter type: 400 validation_error. */
function checkPersonFilter(dataset: Dataset, filter: PersonGroupFilter): void {
  try {
    dataset.matchPersonFilter(filter, new Int32Array(0));
  } catch (e) {
    if (!(e instanceof DatasetFilterError)) throw e;
    throw publicError(400, {
      code: 'validation_error',
      problem: `person_filter was refused: ${e.message}`,
      cause: `Column "${e.column}" of person_filter is unknown or used with a filter type it does not take.`,
      fix: 'Use the columns and filter types of the raw person filter shape (in, not_in, contains, not_contains, gte, lte).',
      retryable: false,
      details: { field: e.column, errors: [{ type: 'value_error', loc: ['body', 'person_filter'], msg: e.message }] },
    });
  }
}

/** The companies a job searches, and what did not resolve or dropped out of the intersection. */
function resolveCompanies(dataset: Dataset, body: FindAtCompaniesBody): { companies: Int32Array; warnings: string[] } {
  const warnings: string[] = [];
  let companies = body.company_filter ? dataset.matchCompanyFilter(body.company_filter as CompanyRawFilter) : null;
  const urls = body.company_linkedin_urls ?? [];
  if (urls.length) {
    const resolved = new Set<number>();
    const unresolved: string[] = [];
    for (const url of urls) {
      const i = dataset.companyIndexByLinkedinUrl(url);
      if (i === undefined) unresolved.push(url);
      else resolved.add(i);
    }
    if (unresolved.length)
      warnings.push(
        `${unresolved.length} of ${urls.length} company_linkedin_urls did not resolve to a company: ${unresolved.slice(0, 5).join(', ')}${unresolved.length > 5 ? ', ...' : ''}.`,
      );
    const byUrl = Int32Array.from(resolved).sort();
    if (companies) {
      const inFilter = new Set(companies);
      const kept = byUrl.filter((i) => inFilter.has(i));
      if (kept.length < byUrl.length)
        warnings.push(
          `${byUrl.length - kept.length} of the ${byUrl.length} companies of company_linkedin_urls do not match company_filter and were dropped.`,
        );
      companies = kept;
    } else companies = byUrl;
  }
  return { companies: companies ?? new Int32Array(0), warnings };
}

function start(ctx: RequestContext): FindAtCompaniesStarted {
  const body = entryBody(API.people.findAtCompanies, ctx.body);
  const dataset = ctx.services.dataset;
  const org = ctx.caller.organization;
  const personFilter = body.person_filter as PersonGroupFilter;
  checkPersonFilter(dataset, personFilter);
  const binding = cursorBinding(ENDPOINT, {
    company_filter: body.company_filter,
    company_linkedin_urls: body.company_linkedin_urls,
    person_filter: body.person_filter,
  });
  const { companies, warnings } = resolveCompanies(dataset, body);
  const max = SEARCH_LIMITS.findAtCompaniesCompanies;
  let outcome: Outcome;
  let ids: string[] = [];
  if (companies.length > max) {
    outcome = {
      status: 'failed',
      error: `The companies resolve to ${companies.length}, more than the ${max} one job searches. Narrow company_filter or send fewer company_linkedin_urls.`,
    };
  } else {
    const found = dataset.matchPersonFilter(personFilter, peopleOfCompanies(dataset, companies));
    const page = pageOf(ctx, found, { cursor: body.cursor, binding, pageSize: body.limit ?? SEARCH_LIMITS.findAtCompanies.default });
    ids = Array.from(page.rows, (i) => dataset.person(i).lead_id);
    outcome = {
      status: 'completed',
      lead_ids: ids,
      total: found.length,
      cursor: page.cursor,
      resolved_company_count: companies.length,
      ...(warnings.length ? { composite_warning: warnings.join(' ') } : {}),
    };
  }
  const cohort = mintCohort(ctx.services, { organizationId: org.id, entityKind: 'person', ids, source: ENDPOINT });
  const jobs = jobArea(ctx);
  const live = cohortArea(ctx.services);
  for (const id of Object.keys(jobs)) if (!Object.hasOwn(live, id)) delete jobs[id];
  const now = ctx.clock.now();
  jobs[cohort.task_id] = { task_id: cohort.task_id, organization_id: org.id, started_at_ms: now, ready_at_ms: now + JOB_MS, outcome };
  return {
    task_id: cohort.task_id,
    status: 'processing',
    poll_url: `${ctx.services.url}${prefixOf(ctx.path)}${pathOf(API.people.findAtCompaniesStatus, { task_id: cohort.task_id })}`,
    timestamp_ms: now,
    agent_instructions: `Poll poll_url until status is completed or failed. The job returns one block of at most ${body.limit ?? SEARCH_LIMITS.findAtCompanies.default} people; send the returned cursor with the same body for the next block.`,
  };
}

function status(ctx: RequestContext): FindAtCompaniesStatusResponse {
  const taskId = ctx.params.task_id ?? '';
  const org = ctx.caller.organization;
  const jobs = jobArea(ctx);
  const job = Object.hasOwn(jobs, taskId) ? jobs[taskId] : undefined;
  if (!job) throw taskNotFound(taskId);
  resolveCohort(ctx.services, taskId, org.id);
  const now = ctx.clock.now();
  if (now < job.ready_at_ms) return { task_id: taskId, status: 'processing', timestamp_ms: now };
  const o = job.outcome;
  if (o.status === 'failed') return { task_id: taskId, status: 'failed', error: o.error, timestamp_ms: now };
  const dataset = ctx.services.dataset;
  const results = o.lead_ids.flatMap((id) => {
    const i = dataset.personIndexByLeadId(id);
    return i === undefined ? [] : [dataset.personRow(i)];
  });
  return {
    task_id: taskId,
    status: 'completed',
    results,
    total: o.total,
    cursor: o.cursor,
    credits_charged: 0,
    resolved_company_count: o.resolved_company_count,
    ...(o.composite_warning !== undefined ? { composite_warning: o.composite_warning } : {}),
    timestamp_ms: now,
  };
}

export const findAtCompaniesRoutes: RouteDef[] = [
  { endpoint: API.people.findAtCompanies, handler: start },
  { endpoint: API.people.findAtCompaniesStatus, handler: status },
];
