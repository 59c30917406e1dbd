import { enrichBulk, enrichByTask, enrichCompany, enrichPerson, enrichmentStatus, waitForEnrichment } from '../../api/resources/enrichment.js';
import { byTaskTool, estimateBodyFor } from '../../api/quote-shape.js';
import type {
  BulkEnrichBody,
  BulkEnrichStarted,
  ByTaskEnrichBody,
  ByTaskEnrichResponse,
  CompanyEnrichBody,
  CompanyEnrichResponse,
  EnrichmentStatusResponse,
  PersonEnrichBody,
  PersonEnrichStarted,
} from '../../api/schemas/enrichment.js';
import type { CompanyDataPoint, PersonDataPoint } from '../../api/schemas/values/credits.js';
import { Resource } from '../core.js';
import type { CallOptions, WaitOptions } from '../options.js';
import type { PaidOptions } from '../paid.js';

export type PersonEnrichParams = Omit<PersonEnrichBody, 'quote_id'>;
export type CompanyEnrichParams = Omit<CompanyEnrichBody, 'quote_id'>;
/** A cohort (a search page's task_id) and what to find for it: person data points, or company ones. */
export type ByTaskEnrichParams = Omit<ByTaskEnrichBody, 'quote_id' | 'data_points'> & { data_points: readonly PersonDataPoint[] | readonly CompanyDataPoint[] };
export type BulkEnrichParams = Omit<BulkEnrichBody, 'quote_id'>;

/**
 * Enrichment (paid): each method estimates the exact request, asks `confirm` / checks
 * `maxCredits` (or takes your `quote`), then sends it with the quote. Runs are async: wait
 * for them with waitFor. A run whose answer was lost is read back through its quote, never paid twice.
 */
export class Enrichment extends Resource {
  /** One person (email, linkedin_url, person_id, or names and company); reserves the type's price (1, 10 or 11) up front. */
  async person(params: PersonEnrichParams, opts: PaidOptions): Promise<PersonEnrichStarted> {
    return this.pay(estimateBodyFor({ tool: 'enrich_person', body: params }), params, enrichPerson, opts);
  }

  /** One company, answered at once: 1 credit, refunded when it is not found (NotFoundError). */
  async company(params: CompanyEnrichParams, opts: PaidOptions): Promise<CompanyEnrichResponse> {
    return this.pay(estimateBodyFor({ tool: 'enrich_company', body: params }), params, enrichCompany, opts);
  }

  /** A search cohort: person data points start a run; company data points are answered at once. */
  async byTask(params: ByTaskEnrichParams, opts: PaidOptions): Promise<ByTaskEnrichResponse> {
    const body = { ...params, data_points: [...params.data_points] };
    return this.pay(estimateBodyFor({ tool: byTaskTool(body.data_points), body }), body, enrichByTask, opts);
  }

  /** A whole list, or lead_ids of it (1 to 500), at the scope's price per lead found. */
  async bulk(params: BulkEnrichParams, opts: PaidOptions): Promise<BulkEnrichStarted> {
    return this.pay(estimateBodyFor({ tool: 'enrich_list', body: params }), params, enrichBulk, opts);
  }

  /** A run's state and, settled, what it charged and refunded (a workflow id or a by-task cohort handle). */
  async status(id: string, opts: CallOptions = {}): Promise<EnrichmentStatusResponse> {
    return enrichmentStatus(this.core, id, opts);
  }

  /** Polls a run until any terminal state (completed, completed_with_errors, failed, canceled, terminated). */
  async waitFor(id: string, opts: WaitOptions<EnrichmentStatusResponse> = {}): Promise<EnrichmentStatusResponse> {
    return waitForEnrichment(this.core, id, opts);
  }
}
