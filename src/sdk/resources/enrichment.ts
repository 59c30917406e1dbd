import { Enrichment as EnrichmentArea } from '../../api/resources/enrichment.js';
import { byTaskTool, estimateBodyFor } from '../../api/quote-shape.js';
import type {
  ByTaskEnrichBody,
  ByTaskEnrichResponse,
  CompanyEnrichBody,
  CompanyEnrichResponse,
  PersonEnrichBody,
  PersonEnrichStarted,
} from '../../api/schemas/enrichment.js';
import type { CompanyDataPoint, PersonDataPoint } from '../../api/schemas/values/credits.js';
import { journaled, pay, type SdkHost } from '../host.js';
import type { PaidOptions } from '../paid.js';
import { enrichListMissing, type BulkEnrichOptions, type BulkEnrichParams, type BulkEnrichResult } from '../list-enrichment.js';

export type { BulkEnrichParams };

export type PersonEnrichParams = Omit<PersonEnrichBody, 'quote_id'>;
export type CompanyEnrichParams = Omit<CompanyEnrichBody, 'quote_id'>;
/** A cohort (a search page's task_id) and what to find for it: person data points, or company ones. */
export type ByTaskEnrichParams = Omit<ByTaskEnrichBody, 'quote_id' | 'data_points'> & {
  data_points: readonly PersonDataPoint[] | readonly CompanyDataPoint[];
};

/**
 * Enrichment (paid): each method estimates the exact request, asks `confirm` / checks
 * `maxCredits` (or takes your `quote`), then sends it with the quote. Runs are async: wait
 * for them with waitFor. A run whose answer was lost is read back through its quote, never paid
 * twice, and identical calls made at once start one run (the client's paid-run journal).
 */
export class Enrichment extends EnrichmentArea {
  /** @internal */
  declare protected readonly host: SdkHost;

  /** One person (email, linkedin_url, person_id, or names and company); reserves the type's price (1, 10 or 11) up front. */
  async person(params: PersonEnrichParams, opts: PaidOptions): Promise<PersonEnrichStarted> {
    return pay(
      this.host,
      'client.enrichment.person',
      estimateBodyFor({ tool: 'enrich_person', body: params }),
      params,
      (b, call) => this.host.api().enrichment.sendPerson(b, call),
      opts,
    );
  }

  /** One company, answered at once: 1 credit, refunded when it is not found (NotFoundError). */
  async company(params: CompanyEnrichParams, opts: PaidOptions): Promise<CompanyEnrichResponse> {
    return pay(
      this.host,
      'client.enrichment.company',
      estimateBodyFor({ tool: 'enrich_company', body: params }),
      params,
      (b, call) => this.host.api().enrichment.sendCompany(b, call),
      opts,
    );
  }

  /** A search cohort: person data points start a run; company data points are answered at once. */
  async byTask(params: ByTaskEnrichParams, opts: PaidOptions): Promise<ByTaskEnrichResponse> {
    const body = { ...params, data_points: [...params.data_points] };
    return pay(
      this.host,
      'client.enrichment.byTask',
      estimateBodyFor({ tool: byTaskTool(body.data_points), body }),
      body,
      (b, call) => this.host.api().enrichment.sendByTask(b, call),
      opts,
    );
  }

  /**
   * A whole list, or lead_ids of it, at the scope's price per lead found; pays only for what is
   * missing. The leads are read first (free): a lead that already holds what the scope finds
   * (an email for partial, a phone for phone-only, both for full), imported or enriched earlier,
   * is left out, not paid for, and keeps its value; with scope full a lead holding one part gets
   * only the other. `{ allLeads: true }` in the params enriches every selected lead again.
   * The rest go in runs of up to 500 leads and one scope each, each priced; the spend is decided
   * once on their sum (`maxCredits` caps the sum; `confirm(quote, plan)` gets the sum and what
   * was skipped: `plan.skipped`, `plan.summary`, `plan.runs`, `plan.quotes`), then each run is
   * sent with its own quote. Nothing missing: nothing is quoted or sent (`runs: []`).
   *
   * Paid once, through the client's paid-run journal: leads in a run of this list still going
   * are left out (`skipped.in_earlier_run`, the runs in `runs_going`); a run an earlier call sent
   * without getting its answer (aborted, cut off) is resolved through its quote and returned in
   * `runs`; an identical call on its way is waited for and its runs taken, not paid again.
   *
   * A `quote` you estimated is for one exact request: it is sent only when the plan is exactly
   * the request asked (nothing skipped, one run, or `allLeads: true`); otherwise it throws a
   * ConfigurationError and sends nothing.
   *
   * Changed: it used to send the whole list and answer one BulkEnrichStarted; that run is now
   * `result.runs[0]`, and `result.workflow_ids` lists every run to wait for.
   *
   * @throws SpendDeclinedError when declined, over maxCredits or short of credits (nothing sent);
   *   PaidCallAbortedError when its signal stopped it (with `sent: true`, the quote of the run that went out: call again);
   *   EarlierRunUnknownError when an earlier identical run cannot be told (nothing sent; `{ payAgain: true }`);
   *   MalformedQuoteError for a quote that does not make sense (nothing sent);
   *   ChargeAboveQuoteError when a run reserved or charged more than its approved quote.
   */
  async bulk(params: BulkEnrichParams, opts: BulkEnrichOptions): Promise<BulkEnrichResult> {
    return enrichListMissing(this.host.api(), journaled(this.host), params, opts);
  }
}
