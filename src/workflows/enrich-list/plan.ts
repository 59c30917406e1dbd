import type { Api } from '../../api/api.js';
import { isApiError } from '../../api/errors.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import type { EstimateBody, Quote } from '../../api/schemas/credits.js';
import type { BulkEnrichBody } from '../../api/schemas/enrichment.js';
import { checkQuote } from '../spend-verdict.js';
import { selectMissing, type Selection, type SelectionRequest } from './missing-leads.js';
import { runBodies } from './run-bodies.js';

/**
 * A list enrichment as every face runs it: the leads that lack what the scope finds (selectMissing),
 * the runs that enrich them (up to 500 leads each), and each run priced before anyone is asked,
 * so one verdict is taken on their sum (sumQuotes) and each run is sent with its own quote.
 */

export interface PlannedRun {
  body: BulkEnrichBody;
  estimate: EstimateBody;
}

export interface ListEnrichmentPlan {
  selection: Selection;
  runs: PlannedRun[];
}

export async function planListEnrichment(api: Api, r: SelectionRequest): Promise<ListEnrichmentPlan> {
  const selection = await selectMissing(api, r);
  const runs = runBodies(r.listId, selection.groups).map((body) => ({ body, estimate: estimateBodyFor({ tool: 'enrich_list', body }) }));
  return { selection, runs };
}

export interface PricedRun extends PlannedRun {
  quote: Quote;
}

/**
 * Prices each run (free estimates), refusing a quote that does not make sense. A workspace that
 * cannot enrich part of a list (feature_gated on a subset) is told through `gated`, whose error is thrown instead.
 */
export async function priceRuns(
  api: Api,
  runs: readonly PlannedRun[],
  opts: { signal?: AbortSignal | undefined; gated?: (e: unknown) => Error } = {},
): Promise<PricedRun[]> {
  const priced: PricedRun[] = [];
  for (const run of runs) {
    let quote: Quote;
    try {
      quote = await api.credits.estimate(run.estimate, { signal: opts.signal });
    } catch (e) {
      if (opts.gated && run.body.lead_ids && isApiError(e) && e.is('feature_gated')) throw opts.gated(e);
      throw e;
    }
    checkQuote(quote);
    priced.push({ ...run, quote });
  }
  return priced;
}
