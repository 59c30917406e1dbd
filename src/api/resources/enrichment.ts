import { pathOf } from '../endpoints/endpoint.js';
import type { Client } from '../client.js';
import type { PaidCallOptions, Redemption } from '../paid-call.js';
import { APIResource, lazyEntries, type CallOptions, type WaitOptions } from '../resource.js';
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

const enrichment = lazyEntries(() => import('../endpoints/enrichment.js').then((m) => m.enrichment));

const RECOVERED = 'The answer was lost; the run was found through its quote.';

/** Enrichment (paid): the status of runs, and waiting for them. */
export class Enrichment extends APIResource {
  /** A run's state and, settled, what it charged and refunded (a workflow id or a by-task cohort handle). */
  status(id: string, opts?: CallOptions): Promise<EnrichmentStatusResponse> {
    return this.send(enrichment.status, { params: { workflow_id: id } }, opts);
  }

  /** Polls a run until any terminal state (completed, completed_with_errors, failed, canceled, terminated). */
  waitFor(id: string, opts: WaitOptions<EnrichmentStatusResponse> = {}): Promise<EnrichmentStatusResponse> {
    return this.poll(() => this.status(id, opts), opts);
  }
}

/**
 * Enrichment with its paid requests as sent (person, company, by cohort, whole lists), the
 * quote_id in the body, through the paid path: a call whose answer is lost is resolved through its
 * quote and the run's status, never paid twice. The CLI's, MCP's and the workflows'; the SDK's
 * methods decide the spend first.
 */
export class PaidEnrichment extends Enrichment {
  /** @internal POST /enrichment/person with its quote: async; reserves the type's price (1, 10 or 11) up front. */
  sendPerson(body: PersonEnrichBody, opts: PaidCallOptions = {}): Promise<PersonEnrichStarted> {
    return this.sendQuoted(
      enrichment.person,
      { body },
      async (client, r) => {
        const s = await this.#statusOf(r, opts);
        return { ...(await startedFrom(client, s)), lead_list_id: s.lead_list_id ?? body.lead_list_id };
      },
      opts,
    );
  }
  /** @internal POST /enrichment/company with its quote: synchronous, 1 credit, refunded when not found. */
  sendCompany(body: CompanyEnrichBody, opts: PaidCallOptions = {}): Promise<CompanyEnrichResponse> {
    // A synchronous answer cannot be read back: a lost one is reported, never paid for again.
    return this.sendQuoted<CompanyEnrichResponse>(enrichment.company, { body }, null, opts);
  }
  /** @internal POST /enrichment/by-task with its quote: person cohorts start a run; company cohorts answer at once. */
  sendByTask(body: ByTaskEnrichBody, opts: PaidCallOptions = {}): Promise<ByTaskEnrichResponse> {
    return this.sendQuoted(
      enrichment.byTask,
      { body },
      async (_client, r): Promise<ByTaskEnrichResponse> => {
        const s = await this.#statusOf({ ...r, task_id: r.task_id ?? body.task_id }, opts);
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
  /** @internal POST /enrichment/bulk with its quote: a whole list or a lead_ids subset (1-500). */
  sendBulk(body: BulkEnrichBody, opts: PaidCallOptions = {}): Promise<BulkEnrichStarted> {
    return this.sendQuoted(
      enrichment.bulk,
      { body },
      async (client, r): Promise<BulkEnrichStarted> => {
        const s = await this.#statusOf(r, opts);
        return { ...(await startedFrom(client, s)), total_leads: s.total, estimated_cost: s.credits_reserved ?? 0 };
      },
      opts,
    );
  }

  /** The run a lost answer started, read back through its status. */
  #statusOf(r: Redemption, opts: CallOptions): Promise<EnrichmentStatusResponse> {
    return this.status((r.workflow_id ?? r.task_id)!, opts);
  }
}

/** What every started run answers, rebuilt from its status after a lost answer. */
async function startedFrom(client: Client, s: EnrichmentStatusResponse) {
  const status = await enrichment.status.load();
  return {
    workflow_id: s.workflow_id,
    status: 'pending' as const,
    credits_reserved: s.credits_reserved ?? 0,
    poll_url: client.url(pathOf(status, { workflow_id: s.workflow_id })).href,
    message: RECOVERED,
  };
}
