import { enrichment } from '../endpoints/enrichment.js';
import { call, requestOf } from '../endpoints/call.js';
import { pathOf } from '../endpoints/endpoint.js';
import type { Client } from '../client.js';
import { waitForWorkflow, type PollOptions } from '../poll.js';
import { sendPaid, type PaidCallOptions, type Redemption } from '../paid-call.js';
import type {
  BulkEnrichBody,
  BulkEnrichStarted,
  ByTaskEnrichBody,
  ByTaskEnrichResponse,
  ByTaskEntityResult,
  CompanyEnrichBody,
  CompanyEnrichResponse,
  EnrichmentStatusResponse,
  PersonEnrichBody,
  PersonEnrichStarted,
} from '../schemas/enrichment.js';

/**
 * Enrichment (paid): person, company, by cohort and whole lists, and the status of runs. Each
 * paid call takes the quote_id of a matching estimate; a call whose answer is lost is resolved
 * through its quote and the run's status, never by paying twice (see paid-call.ts).
 */

type Call = PaidCallOptions;

/** GET /enrichment/status/{id}: a workflow id (enrich-..., bulk-enrich-...) or a by-task cohort handle (free). */
export function enrichmentStatus(client: Client, id: string, opts: Call = {}): Promise<EnrichmentStatusResponse> {
  return call(client, enrichment.status, { params: { workflow_id: id }, signal: opts.signal });
}

/** Polls a run until any terminal state (completed, completed_with_errors, failed, canceled, terminated). */
export function waitForEnrichment(
  client: Client,
  id: string,
  opts: Call & Omit<PollOptions<EnrichmentStatusResponse>, 'fetchStatus'> = {},
): Promise<EnrichmentStatusResponse> {
  return waitForWorkflow({ initialIntervalMs: 500, maxIntervalMs: 5_000, ...opts, fetchStatus: () => enrichmentStatus(client, id, opts) });
}

/** The run a lost answer started, read back through its status. */
async function statusOf(client: Client, r: Redemption, opts: Call): Promise<EnrichmentStatusResponse> {
  return enrichmentStatus(client, (r.workflow_id ?? r.task_id)!, opts);
}

const RECOVERED = 'The answer was lost; the run was found through its quote.';

/** What every started run answers, rebuilt from its status after a lost answer. */
function startedFrom(client: Client, s: EnrichmentStatusResponse) {
  return {
    workflow_id: s.workflow_id,
    status: 'pending' as const,
    credits_reserved: s.credits_reserved ?? 0,
    poll_url: client.url(pathOf(enrichment.status, { workflow_id: s.workflow_id })).href,
    message: RECOVERED,
  };
}

type PaidEntry = (typeof enrichment)['person' | 'company' | 'byTask' | 'bulk'];

function post<T>(client: Client, e: PaidEntry, body: { quote_id?: string | undefined }, recover: ((r: Redemption) => Promise<T>) | null, opts: Call) {
  return sendPaid<T>(client, { ...requestOf(e, { signal: opts.signal }), body }, recover, opts.sleep, { journal: opts.journal });
}

/** POST /enrichment/person: async; reserves the type's price (1, 10 or 11) up front. */
export function enrichPerson(client: Client, body: PersonEnrichBody, opts: Call = {}): Promise<PersonEnrichStarted> {
  return post<PersonEnrichStarted>(
    client,
    enrichment.person,
    body,
    async (r) => {
      const s = await statusOf(client, r, opts);
      return { ...startedFrom(client, s), lead_list_id: s.lead_list_id ?? body.lead_list_id };
    },
    opts,
  );
}

/** POST /enrichment/company: synchronous, 1 credit, refunded when the company is not found (404 not_found). */
export function enrichCompany(client: Client, body: CompanyEnrichBody, opts: Call = {}): Promise<CompanyEnrichResponse> {
  // A synchronous answer cannot be read back: a lost one is reported, never paid for again.
  return post<CompanyEnrichResponse>(client, enrichment.company, body, null, opts);
}

/** POST /enrichment/by-task: person cohorts start a run (results queued); company cohorts answer at once. */
export function enrichByTask(client: Client, body: ByTaskEnrichBody, opts: Call = {}): Promise<ByTaskEnrichResponse> {
  return post<ByTaskEnrichResponse>(
    client,
    enrichment.byTask,
    body,
    async (r) => {
      const s = await statusOf(client, { ...r, task_id: r.task_id ?? body.task_id }, opts);
      const company = Array.isArray(s.result?.results) ? (s.result.results as ByTaskEntityResult[]) : null;
      return {
        task_id: body.task_id,
        entity_kind: company ? 'company' : 'person',
        workflow_id: company ? null : s.workflow_id,
        status: company ? 'completed' : 'pending',
        total_entities: s.total,
        credits_reserved: s.credits_reserved ?? 0,
        results: company ?? [],
        lead_list_id: s.lead_list_id,
        ...(company ? { credits_charged: s.credits_charged } : {}),
        message: RECOVERED,
      };
    },
    opts,
  );
}

/** POST /enrichment/bulk: a whole list or a lead_ids subset (1-500); the quote is required. */
export function enrichBulk(client: Client, body: BulkEnrichBody, opts: Call = {}): Promise<BulkEnrichStarted> {
  return post<BulkEnrichStarted>(
    client,
    enrichment.bulk,
    body,
    async (r) => {
      const s = await statusOf(client, r, opts);
      return { ...startedFrom(client, s), total_leads: s.total, estimated_cost: s.credits_reserved ?? 0 };
    },
    opts,
  );
}
