import { FIND_PEOPLE_LIMITS, type FindPeopleBody, type FindPeopleStatus, type FindPeopleStatusResponse } from '../../api/schemas/lists.js';
import type { Dataset, PersonFacts } from '../data/dataset.js';
import type { OrganizationRecord, Store } from '../store.js';
import type { SandboxClock } from './clock.js';
import { publicError, SandboxError } from './errors.js';
import { insufficientCredits } from './ledger.js';
import { saveCohortRows } from './list-saves.js';
import { checkLeadCap, leadOf, listsArea, type ListRecord } from './lists.js';

/**
 * Find-people jobs: people at companies of a list, found in the data set and saved to the
 * list. A job is pending for PENDING_MS, then processing (companies processed growing with
 * the clock) until RUN_MS after its start. Its status changes only when read: the first read
 * at or after RUN_MS saves the people (completed, or failed when the list's contact cap
 * would be passed); a read that finds the list deleted before that ends it cancelled.
 * Discovery and import are free (credits_used 0).
 */

export const FIND_PEOPLE_PENDING_MS = 200;
export const FIND_PEOPLE_RUN_MS = 1000;
export const FIND_PEOPLE_WORKFLOW_PREFIX = 'fpw';

type Terminal = Extract<FindPeopleStatus, 'completed' | 'failed' | 'cancelled'>;

export interface FindPeopleJob {
  workflow_id: string;
  organization_id: string;
  list_id: string;
  /** The company ids searched (those of the request that are companies of the list). */
  company_ids: string[];
  job_titles: string[];
  seniority_levels: string[];
  location_state: string | null;
  location_country: string | null;
  limit_per_company: number;
  estimated_credits: number;
  started_at_ms: number;
  /** Set by the read that ends the job. */
  outcome: {
    status: Terminal;
    processed_companies: number;
    people_found: number;
    people_added: number;
    ended_at_ms: number;
    error: string | null;
  } | null;
}

function jobArea(store: Store): Record<string, FindPeopleJob> {
  return store.area<Record<string, FindPeopleJob>>('find_people', () => ({}));
}

/** The companies of a list: those saved from company cohorts, then the employers of its leads. */
export function listCompanyIds(store: Store, list: ListRecord): string[] {
  const ids = new Set(list.company_ids);
  for (const id of list.lead_ids) {
    const company = leadOf(store, list.organization_id, id)?.company_id;
    if (company) ids.add(company);
  }
  return [...ids];
}

function noCompaniesLeft(dropped: string[]): SandboxError {
  const msg = 'None of the company_ids is a company of this list';
  return publicError(400, {
    code: 'validation_error',
    problem: msg,
    cause: "A list's companies are those saved to it from a company search and the employers of its leads; other ids are dropped.",
    fix: 'Save the companies to the list first (POST /lead-lists/{list_id}/leads with a company search task_id), or send company ids of its leads.',
    retryable: false,
    details: { dropped, errors: [{ type: 'value_error', loc: ['body', 'company_ids'], msg }] },
  });
}

/**
 * Starts a job on a list the caller may edit, after its checks: company ids of the list
 * (400 when none), a balance covering the estimate (402), room under the contact cap (403).
 * Returns the job and the ids dropped.
 */
export function startFindPeople(
  store: Store,
  clock: SandboxClock,
  org: OrganizationRecord,
  list: ListRecord,
  body: FindPeopleBody,
): { job: FindPeopleJob; dropped: string[] } {
  const ofList = new Set(listCompanyIds(store, list));
  const asked = [...new Set(body.company_ids)];
  const kept = asked.filter((id) => ofList.has(id));
  const dropped = asked.filter((id) => !ofList.has(id));
  if (!kept.length) throw noCompaniesLeft(dropped);
  const perCompany = body.limit_per_company ?? FIND_PEOPLE_LIMITS.limitPerCompany.default;
  const estimated = kept.length * perCompany;
  if (org.credits < estimated)
    throw insufficientCredits(estimated, org.credits, {
      status: 402,
      what: "of the job's estimate",
      cause: 'A find-people job charges nothing, but the balance must cover companies x limit_per_company credits.',
      fix: 'Send fewer company_ids or a lower limit_per_company, or buy credits on the plans page.',
    });
  checkLeadCap(store, org, list, estimated);
  const job: FindPeopleJob = {
    workflow_id: store.nextId(FIND_PEOPLE_WORKFLOW_PREFIX, 'find_people'),
    organization_id: org.id,
    list_id: list.list_id,
    company_ids: kept,
    job_titles: body.job_titles ?? [],
    seniority_levels: body.seniority_levels ?? [],
    location_state: body.location_state ?? null,
    location_country: body.location_country ?? null,
    limit_per_company: perCompany,
    estimated_credits: estimated,
    started_at_ms: clock.now(),
    outcome: null,
  };
  jobArea(store)[job.workflow_id] = job;
  return { job, dropped };
}

/** The organization's job of that list, else 404 not_found (unknown, foreign, or another list's). */
export function findPeopleJob(store: Store, organizationId: string, listId: string, workflowId: string): FindPeopleJob {
  const jobs = jobArea(store);
  const job = Object.hasOwn(jobs, workflowId) ? jobs[workflowId] : undefined;
  if (job && job.organization_id === organizationId && job.list_id === listId) return job;
  throw publicError(404, {
    code: 'not_found',
    problem: `Find-people job ${workflowId} was not found on list ${listId}`,
    cause: 'The workflow id is unknown, belongs to another organization, or was started on another list.',
    fix: 'Poll the poll_url returned when the job was started.',
    retryable: false,
  });
}

const sameText = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();

function matches(job: FindPeopleJob, p: PersonFacts): boolean {
  const title = p.title.toLowerCase();
  if (job.job_titles.length && !job.job_titles.some((t) => title.includes(t.toLowerCase()))) return false;
  if (job.seniority_levels.length && !job.seniority_levels.includes(p.seniority)) return false;
  if (job.location_state !== null && !sameText(p.location_state, job.location_state)) return false;
  return job.location_country === null || sameText(p.location_country, job.location_country);
}

/** The people a job finds: at each company, those matching, at most limit_per_company, in data-set order. */
function peopleFound(dataset: Dataset, job: FindPeopleJob): string[] {
  return job.company_ids.flatMap((companyId) => {
    const at = dataset.companyIndexById(companyId);
    if (at === undefined) return [];
    const found: string[] = [];
    for (const i of dataset.peopleAt(at)) {
      if (found.length >= job.limit_per_company) break;
      const p = dataset.person(i);
      if (matches(job, p)) found.push(p.lead_id);
    }
    return found;
  });
}

/** Companies processed by a running job at `nowMs`: none while pending, then growing evenly until the end. */
function processedAt(job: FindPeopleJob, nowMs: number): number {
  const run = nowMs - job.started_at_ms - FIND_PEOPLE_PENDING_MS;
  if (run <= 0) return 0;
  return Math.min(job.company_ids.length, Math.floor((job.company_ids.length * run) / (FIND_PEOPLE_RUN_MS - FIND_PEOPLE_PENDING_MS)));
}

/** Ends a job when its read calls for it: cancelled when its list is gone, else at its end time the people are saved. */
function settle(store: Store, clock: SandboxClock, dataset: Dataset, job: FindPeopleJob): void {
  const now = clock.now();
  const endAt = job.started_at_ms + FIND_PEOPLE_RUN_MS;
  const lists = listsArea(store).lists;
  const list = Object.hasOwn(lists, job.list_id) ? lists[job.list_id] : undefined;
  const org = store.organization(job.organization_id);
  const ended = { ended_at_ms: Math.min(now, endAt), people_added: 0, error: null };
  if (!list || !org) {
    job.outcome = { status: 'cancelled', processed_companies: processedAt(job, now), people_found: 0, ...ended };
    return;
  }
  if (now < endAt) return;
  const ids = peopleFound(dataset, job);
  const done = { processed_companies: job.company_ids.length, people_found: ids.length, ...ended };
  try {
    const saved = saveCohortRows(store, clock, dataset, org, list, ids);
    job.outcome = { ...done, status: 'completed', people_added: saved.added };
  } catch (e) {
    if (!(e instanceof SandboxError)) throw e;
    job.outcome = { ...done, status: 'failed', error: `The people found could not be saved to the list: ${e.message}` };
  }
}

/** The status of a job as read now (ending it when due). */
export function findPeopleStatus(store: Store, clock: SandboxClock, dataset: Dataset, job: FindPeopleJob): FindPeopleStatusResponse {
  if (!job.outcome) settle(store, clock, dataset, job);
  const now = clock.now();
  const o = job.outcome;
  const running = now < job.started_at_ms + FIND_PEOPLE_PENDING_MS ? 'pending' : 'processing';
  return {
    workflow_id: job.workflow_id,
    status: o ? o.status : running,
    lead_list_id: job.list_id,
    total_companies: job.company_ids.length,
    processed_companies: o ? o.processed_companies : processedAt(job, now),
    people_found: o?.people_found ?? 0,
    people_added: o?.people_added ?? 0,
    estimated_credits: job.estimated_credits,
    credits_used: 0,
    created_at: new Date(job.started_at_ms).toISOString(),
    completed_at: o ? new Date(o.ended_at_ms).toISOString() : null,
    error: o?.error ?? null,
  };
}
