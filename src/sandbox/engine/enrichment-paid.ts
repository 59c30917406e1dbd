import { BULK_WORKFLOW_PREFIX, PERSON_WORKFLOW_PREFIX } from '../../api/schemas/values/enrichment.js';
import type { Tool } from '../../api/schemas/values/credits.js';
import type { RequestContext } from '../context.js';
import { prefixOf } from '../router.js';
import type { Store } from '../store.js';
import { reserveCredits, refundCredits } from './ledger.js';
import { checkQuote, redeemQuote, type CheckedQuote, type Redemption } from './quotes.js';

/**
 * The tail every paid enrichment route shares, after its own validation and checks: the
 * quote is checked, the run's cap reserved, the work started, and only then the quote
 * redeemed. Anything refused before the start gives the reservation back and leaves the
 * quote usable.
 */

export interface PaidRequest<T> {
  tool: Tool;
  quoteId: string | undefined;
  /** 400 quote_required without a quote. */
  required: boolean;
  /** quoteShape(estimateBodyFor(run)). */
  shape: unknown;
  rows: number;
  /** The run's maximum cost; what it reserves is this, capped at the quote's estimated cost. */
  cost: number;
  /** quote_already_redeemed: 400 on the enrichment routes, 409 on CSV import. */
  redeemedStatus: 400 | 409;
  /** Starts the work with `reserved` credits taken (throwing gives them back); says what the quote paid for. */
  start(reserved: number, quote: CheckedQuote): { redeemed: Partial<Pick<Redemption, 'workflow_id' | 'task_id' | 'list_id'>>; answer: T };
}

export function runPaid<T>(ctx: RequestContext, p: PaidRequest<T>): T {
  const org = ctx.caller.organization;
  const quote = checkQuote(ctx.store, ctx.clock, org.id, {
    quoteId: p.quoteId,
    required: p.required,
    tool: p.tool,
    shape: p.shape,
    rows: p.rows,
    cost: p.cost,
    redeemedStatus: p.redeemedStatus,
  });
  reserveCredits(org, quote.cap);
  let started: ReturnType<PaidRequest<T>['start']>;
  try {
    started = p.start(quote.cap, quote);
  } catch (e) {
    refundCredits(org, quote.cap);
    throw e;
  }
  redeemQuote(ctx.store, ctx.clock, quote, started.redeemed);
  ctx.creditsSpent = quote.cap;
  return started.answer;
}

/** enrich-... for person and by-task runs. */
export const personWorkflowId = (store: Store): string => `${PERSON_WORKFLOW_PREFIX}${store.nextUuid('enrich')}`;
/** bulk-enrich-... for list runs and CSV-import dispatches. */
export const bulkWorkflowId = (store: Store): string => `${BULK_WORKFLOW_PREFIX}${store.nextUuid('bulk')}`;

/** Where a run is polled, under the prefix the request came in on. */
export function statusUrl(ctx: RequestContext, workflowId: string): string {
  return `${ctx.services.url}${prefixOf(ctx.path)}/enrichment/status/${encodeURIComponent(workflowId)}`;
}
