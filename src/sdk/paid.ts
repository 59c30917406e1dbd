import type { Client } from '../api/client.js';
import { ConfigurationError } from '../api/errors.js';
import { sendWithRenewedQuote } from '../api/paid-call.js';
import { estimate } from '../api/resources/credits.js';
import type { EstimateBody, Quote } from '../api/schemas/credits.js';
import type { CallOptions } from './options.js';

/**
 * The estimate-confirm-run step of every paid method, as the CLI runs it (DESIGN.md section 5):
 * the estimate is derived from the exact request the method will send, so the quote cannot
 * mismatch; the caller's `confirm` and `maxCredits` decide; the request goes out with the
 * quote. A quote that expired while `confirm` was deciding is renewed, and asked about again
 * only when the cost went up. An answer lost on the way (a dropped connection, a 503
 * dispatch_outcome_unknown) is resolved through the quote: the request is sent again with the
 * same single-use quote, and the run it already paid for is read back instead of run twice.
 */

/** Decides on a quote: true spends up to `quote.estimated_cost`, false spends nothing. */
export type ConfirmSpend = (quote: Quote) => boolean | Promise<boolean>;

/**
 * How a paid method is allowed to spend: at least one of `confirm` (asked with the quote),
 * `maxCredits` (goes ahead when the estimate is within it), or `quote` (one you estimated for
 * this exact request; sent as is).
 */
export type SpendApproval =
  | { confirm: ConfirmSpend; maxCredits?: number | undefined; quote?: undefined }
  | { maxCredits: number; confirm?: ConfirmSpend | undefined; quote?: undefined }
  | {
      /**
       * A quote of client.credits.estimate() for this request (or its quote_id). Sending a call
       * again with the quote of one whose answer was lost (even in another process) reads back
       * the run that quote paid for instead of paying again.
       */
      quote: Quote | string;
      /** Checked against the quote's estimated_cost when a Quote object is given. */
      maxCredits?: number | undefined;
      confirm?: undefined;
    };

/** What a paid method takes beside its parameters. */
export type PaidOptions = SpendApproval & CallOptions;

/** Why a paid call was not sent. */
export type DeclineReason = 'declined' | 'over_max_credits' | 'insufficient_credits';

/**
 * A paid call that was not sent, so nothing was spent: `confirm` answered false
 * (`declined`), the estimate is above `maxCredits` (`over_max_credits`), or the balance does
 * not cover it (`insufficient_credits`). `quote` is the estimate it was decided on.
 */
export class SpendDeclinedError extends Error {
  readonly reason: DeclineReason;
  readonly quote: Quote;
  /** Always 0: nothing was sent. */
  readonly spent = 0;

  constructor(reason: DeclineReason, quote: Quote, message: string) {
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

function checkApproval(opts: PaidOptions): void {
  if (opts.quote === undefined && opts.confirm === undefined && opts.maxCredits === undefined)
    throw new ConfigurationError(
      'a paid call needs confirm, maxCredits or quote',
      'Pass { confirm: (quote) => ... } to decide on the estimate, { maxCredits: N } to go ahead up to N credits, or { quote } from client.credits.estimate().',
    );
}

/** Whether to spend on `q`; throws SpendDeclinedError when not. `asked`: approved already at this cost or more. */
async function decide(q: Quote, opts: PaidOptions, asked: boolean): Promise<void> {
  const cost = q.estimated_cost;
  if (!q.sufficient)
    throw new SpendDeclinedError(
      'insufficient_credits',
      q,
      `${q.tool} needs up to ${credits(cost)} and the organization has ${credits(q.available_credits)}; nothing was spent`,
    );
  if (opts.maxCredits !== undefined && cost > opts.maxCredits)
    throw new SpendDeclinedError('over_max_credits', q, `${q.tool} would cost up to ${credits(cost)}, over maxCredits ${opts.maxCredits}; nothing was spent`);
  // A quote of 0 caps the run at 0: nothing to confirm.
  if (asked || cost === 0 || !opts.confirm) return;
  if (!(await opts.confirm(q))) throw new SpendDeclinedError('declined', q, `${q.tool} for up to ${credits(cost)} was declined; nothing was spent`);
}

/** Runs a paid request through the estimate-confirm-run step. */
export async function payFor<R>(client: Client, req: PaidRequest<R>, opts: PaidOptions): Promise<R> {
  checkApproval(opts);
  if (opts.quote !== undefined) {
    if (typeof opts.quote === 'string') return req.send(opts.quote);
    await decide(opts.quote, opts, true);
    return req.send(opts.quote.quote_id ?? undefined);
  }
  const quote = () => estimate(client, req.estimate, { signal: opts.signal });
  const q = await quote();
  await decide(q, opts, false);
  return sendWithRenewedQuote(q, (sent) => req.send(sent.quote_id ?? undefined), { estimate: quote, decide: (renewed, asked) => decide(renewed, opts, asked) });
}
