import { BULK_WORKFLOW_PREFIX, PERSON_WORKFLOW_PREFIX } from '../../api/schemas/values/enrichment.js';
import { estimateBodyFor, quoteShape, type PaidRun } from '../../api/quote-shape.js';
import type { RequestContext } from '../context.js';
import { prefixOf } from '../router.js';
import type { Store } from '../store.js';
import { reserveCredits, refundCredits } from './ledger.js';
import { checkQuote, redeemQuote, type CheckedQuote, type Redemption } from './quotes.js';
import { startWorkflow, type EnrichmentWorkflow, type NewWorkflow } from './enrichment.js';
import { leadOf, listsArea, type LeadRecord } from './lists.js';

/**
 * The tail every paid enrichment route shares, after its own validation and checks: the
 * quote is checked, the run's cap reserved, the work started, and only then the quote
 * redeemed. Anything refused before the start gives the reservation back and leaves the
 * quote usable.
 */

export interface PaidRequest<T> {
  /** The run as received: its tool and body give the quote's tool and shape (quoteShape(estimateBodyFor(run))). */
  run: PaidRun;
  /** Default: the body's quote_id. */
  quoteId?: string | undefined;
  /** 400 quote_required without a quote (default false). */
  required?: boolean;
  rows: number;
  /** The run's maximum cost; what it reserves is this, capped at the quote's estimated cost. */
  cost: number;
  /** quote_already_redeemed: 400 on the enrichment routes (default), 409 on CSV import. */
  redeemedStatus?: 400 | 409;
  /** Starts the work with `reserved` credits taken (throwing gives them back); says what the quote paid for. */
  start(reserved: number, quote: CheckedQuote): { redeemed: Partial<Pick<Redemption, 'workflow_id' | 'task_id' | 'list_id'>>; answer: T };
}

export function runPaid<T>(ctx: RequestContext, p: PaidRequest<T>): T {
  const org = ctx.caller.organization;
  const quote = checkQuote(ctx.store, ctx.clock, org.id, {
    quoteId: 'quoteId' in p ? p.quoteId : (p.run.body as { quote_id?: string }).quote_id,
    required: p.required ?? false,
    tool: p.run.tool,
    shape: quoteShape(estimateBodyFor(p.run)),
    rows: p.rows,
    cost: p.cost,
    redeemedStatus: p.redeemedStatus ?? 400,
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

/** Starts the caller's run with `reserved` credits. */
export function startCallerRun(
  ctx: RequestContext,
  reserved: number,
  w: Omit<NewWorkflow, 'organization_id' | 'user_id' | 'credits_reserved'>,
): EnrichmentWorkflow {
  return startWorkflow(ctx.services, {
    ...w,
    organization_id: ctx.caller.organization.id,
    user_id: ctx.caller.user.id,
    credits_reserved: reserved,
  });
}

/**
 * The organization's leads that ids name (workspace lead ids, or data-set person ids saved
 * as leads), each with the id that named it; ids naming no lead are left out.
 */
export function leadsOf(ctx: RequestContext, ids: readonly string[]): Array<{ lead: LeadRecord; entity_id: string }> {
  const orgId = ctx.caller.organization.id;
  let byPerson: Map<string, LeadRecord> | undefined;
  const personLead = (id: string) => {
    byPerson ??= new Map(
      Object.values(listsArea(ctx.store).leads).flatMap((l) =>
        l.organization_id === orgId && l.person_lead_id ? [[l.person_lead_id, l] as const] : [],
      ),
    );
    return byPerson.get(id);
  };
  return ids.flatMap((id) => {
    const lead = leadOf(ctx.store, orgId, id) ?? personLead(id);
    return lead ? [{ lead, entity_id: id }] : [];
  });
}

/** What every async start answers: the run, pending, what it reserved and where to poll it. */
export function startedRun(ctx: RequestContext, wf: EnrichmentWorkflow) {
  return {
    workflow_id: wf.workflow_id,
    status: 'pending' as const,
    credits_reserved: wf.credits_reserved,
    poll_url: statusUrl(ctx, wf.workflow_id),
    timestamp_ms: ctx.clock.now(),
  };
}

/** enrich-... for person and by-task runs. */
export const personWorkflowId = (store: Store): string => `${PERSON_WORKFLOW_PREFIX}${store.nextUuid('enrich')}`;
/** bulk-enrich-... for list runs and CSV-import dispatches. */
export const bulkWorkflowId = (store: Store): string => `${BULK_WORKFLOW_PREFIX}${store.nextUuid('bulk')}`;

/** Where a run is polled, under the prefix the request came in on. */
export function statusUrl(ctx: RequestContext, workflowId: string): string {
  return `${ctx.services.url}${prefixOf(ctx.path)}/enrichment/status/${encodeURIComponent(workflowId)}`;
}
