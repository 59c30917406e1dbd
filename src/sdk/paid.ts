import type { Client } from '../api/client.js';
import { ConfigurationError } from '../api/errors.js';
import { sendWithRenewedQuote } from '../api/paid-call.js';
import { estimate } from '../api/resources/credits.js';
import type { EstimateBody, Quote } from '../api/schemas/credits.js';
import { checkCharge, checkQuote, spendVerdict } from '../workflows/spend-verdict.js';
import type { CallOptions } from './options.js';

/**
 * The estimate-confirm-run step of every paid method, as the CLI runs it (DESIGN.md section 5):
 * the estimate is derived from the exact request the method will send, so the quote cannot
 * mismatch; the one spend verdict of every face (workflows/spend-verdict.ts) decides on it with
 * the caller's `confirm` and `maxCredits`; the request goes out with the quote. A quote that does
 * not make sense is refused before anything is sent (MalformedQuoteError), and an answer that
 * took more than the approved quote is an error (ChargeAboveQuoteError). A quote that expired
 * while `confirm` was deciding is renewed, and asked about again only when the cost went up. An
 * answer lost on the way (a dropped connection, a 503 dispatch_outcome_unknown) is resolved
 * through the quote: the request is sent again with the same single-use quote, and the run it
 * already paid for is read back instead of run twice.
 */

/** Decides on a quote: true spends up to `quote.estimated_cost`, false spends nothing. */
export type ConfirmSpend = (quote: Quote) => boolean | Promise<boolean>;

/**
 * What a spend was decided on: the quote of the request, or, for a list enrichment sent in
 * several runs, their quotes summed (then without a quote_id: each run has its own).
 */
export type SpendQuote = Pick<Quote, 'tool' | 'row_count' | 'estimated_cost' | 'available_credits' | 'sufficient'> & Partial<Quote>;

/**
 * How a paid method is allowed to spend: at least one of `confirm` (asked with the quote),
 * `maxCredits` (goes ahead when the estimate is within it), or `quote` (one you estimated for
 * this exact request; sent as is). `C` is the method's confirm callback (ConfirmSpend unless
 * the method says otherwise).
 */
export type SpendApproval<C = ConfirmSpend> =
  | { confirm: C; maxCredits?: number | undefined; quote?: undefined }
  | { maxCredits: number; confirm?: C | undefined; quote?: undefined }
  | {
      /**
       * A quote of client.credits.estimate() for this request (or its quote_id). Sending a call
       * again with the quote of one whose answer was lost (even in another process) reads back
       * the run that quote paid for instead of paying again. A Quote object is checked first:
       * one that does not make sense is refused (MalformedQuoteError), nothing sent.
       */
      quote: Quote | string;
      /** Checked against the quote's estimated_cost when a Quote object is given. */
      maxCredits?: number | undefined;
      confirm?: undefined;
    };

/** What a paid method takes beside its parameters. */
export type PaidOptions<C = ConfirmSpend> = SpendApproval<C> & CallOptions;

/** Why a paid call was not sent. */
export type DeclineReason = 'declined' | 'over_max_credits' | 'insufficient_credits';

/**
 * A paid call that was not sent, so nothing was spent: `confirm` answered false
 * (`declined`), the estimate is above `maxCredits` (`over_max_credits`), or the balance does
 * not cover it (`insufficient_credits`). `quote` is the estimate it was decided on.
 */
export class SpendDeclinedError extends Error {
  readonly reason: DeclineReason;
  readonly quote: SpendQuote;
  /** Always 0: nothing was sent. */
  readonly spent = 0;

  constructor(reason: DeclineReason, quote: SpendQuote, message: string) {
    super(message);
    this.name = 'SpendDeclinedError';
    this.reason = reason;
    this.quote = quote;
  }
}

/** A paid request: its estimate body (estimateBodyFor of the request) and how to send it with a quote. */
export interface PaidRequest<R> {
  estimate: EstimateBody;
  /** Sends the request; `quoteId` is undefined only when the route takes none (legacy bulk). */
  send(quoteId: string | undefined): Promise<R>;
}

const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;

/** Refuses options that give no way to decide (JavaScript callers), before anything is sent. */
export function checkApproval(opts: PaidOptions<unknown>): void {
  if (opts.quote === undefined && opts.confirm === undefined && opts.maxCredits === undefined)
    throw new ConfigurationError(
      'a paid call needs confirm, maxCredits or quote',
      'Pass { confirm: (quote) => ... } to decide on the estimate, { maxCredits: N } to go ahead up to N credits, or { quote } from client.credits.estimate().',
    );
}

/** How one decision is taken beside the caller's options. */
export interface Deciding {
  /** Approved already at this cost or more (a quote the caller gave, a renewed quote that costs no more). */
  approved: boolean;
  /** Asks the caller (its `confirm`); absent when the caller gave none. */
  ask?: ((quote: SpendQuote) => boolean | Promise<boolean>) | undefined;
  /** The quote will be spent as it is, so it must name itself (false for a sum of quotes checked one by one). */
  needsId?: boolean;
}

/**
 * Whether to spend on `q`, through the one verdict: throws SpendDeclinedError when not, and
 * MalformedQuoteError for a quote that does not make sense. `maxCredits` is the ceiling; without
 * a `confirm` it is also what may be spent without asking.
 */
export async function decideSpend(q: unknown, opts: PaidOptions<unknown>, how: Deciding): Promise<void> {
  const v = spendVerdict(q, { ceiling: opts.maxCredits, allowed: how.ask ? undefined : opts.maxCredits, approved: how.approved }, how.needsId ?? true);
  const quote = q as SpendQuote;
  const cost = credits(v.cost);
  switch (v.kind) {
    case 'go':
      return;
    case 'short':
      throw new SpendDeclinedError('insufficient_credits', quote, `${quote.tool} needs up to ${cost} and the organization has ${credits(v.available)}; nothing was spent`);
    case 'over_ceiling':
      throw new SpendDeclinedError('over_max_credits', quote, `${quote.tool} would cost up to ${cost}, over maxCredits ${v.ceiling}; nothing was spent`);
    case 'ask':
      if (how.ask && (await how.ask(quote))) return;
      throw new SpendDeclinedError('declined', quote, `${quote.tool} for up to ${cost} was declined; nothing was spent`);
  }
}

/** Sends with a quote, then refuses an answer that took more than `approvedCost` (ChargeAboveQuoteError; the run stands). */
export async function sendApproved<R>(send: (quoteId: string | undefined) => Promise<R>, quoteId: string | undefined, approvedCost: number | undefined): Promise<R> {
  const answer = await send(quoteId);
  if (approvedCost !== undefined) checkCharge(answer, approvedCost);
  return answer;
}

/** Sends with the quote the caller gave: a Quote object is checked and decided on first; an id alone, capped by maxCredits when given. */
export async function sendGivenQuote<R>(send: (quoteId: string | undefined) => Promise<R>, opts: PaidOptions<unknown> & { quote: Quote | string }): Promise<R> {
  if (typeof opts.quote === 'string') return sendApproved(send, opts.quote, opts.maxCredits);
  checkQuote(opts.quote);
  await decideSpend(opts.quote, opts, { approved: true });
  return sendApproved(send, opts.quote.quote_id ?? undefined, opts.quote.estimated_cost);
}

/** Runs a paid request through the estimate-confirm-run step. */
export async function payFor<R>(client: Client, req: PaidRequest<R>, opts: PaidOptions): Promise<R> {
  checkApproval(opts);
  if (opts.quote !== undefined) return sendGivenQuote(req.send, opts);
  const confirm = opts.confirm;
  const ask = confirm && ((q: SpendQuote) => confirm(q as Quote));
  const quote = () => estimate(client, req.estimate, { signal: opts.signal });
  const q = await quote();
  await decideSpend(q, opts, { approved: false, ask });
  return sendWithRenewedQuote(q, (sent) => sendApproved(req.send, sent.quote_id ?? undefined, sent.estimated_cost), {
    estimate: quote,
    decide: (renewed, asked) => decideSpend(renewed, opts, { approved: asked, ask }),
  });
}
