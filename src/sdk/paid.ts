import type { Api } from '../api/api.js';
import { ConfigurationError } from '../api/errors.js';
import { sendWithRenewedQuote, type PaidCallJournal } from '../api/paid-call.js';
import type { CallOptions } from '../api/resource.js';
import type { EstimateBody, Quote } from '../api/schemas/credits.js';
import type { PaidJournal } from '../workflows/journal/journal.js';
import type { JournalEntry } from '../workflows/journal/entry.js';
import {
  answeredWith,
  resolveEarlier,
  type Resend,
  type ResolveEarlierOptions,
  type ResolvedEarlier,
} from '../workflows/journal/resolve-earlier.js';
import { sendOnce } from '../workflows/journal/send-once.js';
import { checkCharge, checkQuote, spendVerdict, sumQuotes } from '../workflows/spend-verdict.js';
import { withQuote } from './aborted.js';

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
 *
 * Each request goes through the client's paid-run journal (workflows/journal/send-once.ts), as
 * the CLI's do: before pricing, an identical earlier call whose answer was lost is resolved
 * through its quote (resolve-earlier.ts); an identical call made while one is on its way waits
 * for that one's answer and takes it. Either way it is paid once and nobody is asked.
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
export type PaidOptions<C = ConfirmSpend> = SpendApproval<C> & CallOptions & PayAgainOption;

export interface PayAgainOption {
  /**
   * Pay for a new run even though an identical earlier call got no answer and cannot be told
   * (EarlierRunUnknownError: its quote expired), or another process still waits for its answer.
   * Check your runs and balance first. Default false.
   */
  payAgain?: boolean | undefined;
}

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

/**
 * A paid request: its estimate body (estimateBodyFor of the request), what the journal calls it,
 * and how to send it with a quote.
 */
export interface PaidRequest<R> {
  estimate: EstimateBody;
  /** What is paid for, as the journal says it ("client.enrichment.person"). */
  what: string;
  /**
   * Sends the request; `quoteId` is undefined only when the route takes none (legacy bulk).
   * `journal`: where it is written down as it goes out (pass it to the area's send method).
   */
  send(quoteId: string | undefined, journal?: PaidCallJournal): Promise<R>;
  /** Checked before pricing, once no identical earlier call is left to resolve (the journal's). */
  beforePricing?(): Promise<void>;
  /** Checked right before the request goes out with a quote of this call (not when it resolves or joins an identical one), under the journal's lock. */
  check?(): Promise<void>;
  /** What the journal locks that check and the write on, when requests that are not identical must take turns (PaidRunInfo.lockKey). */
  lockKey?: string | undefined;
}

/** The client's paid-run journal, and when the method was called (identical requests sent since then are joined). */
export interface Journaled {
  journal: PaidJournal;
  since: number;
}

/** What came back for a request sent with an approved quote; `joined`: the identical request whose answer this is. */
export interface Sent<R> {
  result: R;
  joined?: JournalEntry | undefined;
}

/** Sends a request with an approved quote (a Quote, or only its id). */
export type QuoteSender<R> = (quote: Quote | string | undefined) => Promise<Sent<R>>;

const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;

const idOf = (quote: Quote | string | undefined) => (typeof quote === 'object' ? (quote.quote_id ?? undefined) : quote);

/** What the journal keeps of a quote given by its id alone: the id, and maxCredits as the cost approved. */
function standIn(quoteId: string, tool: string, opts: PaidOptions<unknown>): Quote {
  return {
    quote_id: quoteId,
    expires_at: null,
    estimated_cost: opts.maxCredits ?? 0,
    tool,
    row_count: 0,
    filter_hash: '',
    available_credits: 0,
    sufficient: true,
  };
}

/**
 * How `req` is sent with an approved quote: through the journal (sendOnce: paid once, an
 * identical request on its way joined), or without one for the routes that keep their own rule
 * (a CSV import's idempotency key; legacy bulk, which takes no quote). An abort throws
 * PaidCallAbortedError with the quote.
 */
export function senderOf<R>(req: PaidRequest<R>, opts: PaidOptions<unknown>, journaled: Journaled | undefined): QuoteSender<R> {
  return async (quote) => {
    try {
      if (!journaled) return { result: await req.send(idOf(quote)) };
      const { journal, since } = journaled;
      const own = typeof quote === 'object' ? quote : standIn(quote ?? '', req.estimate.tool, opts);
      return await sendOnce(
        journal,
        {
          tool: req.estimate.tool,
          what: req.what,
          quote: own,
          since,
          beforeWrite: req.check && (() => req.check!()),
          lockKey: req.lockKey,
        },
        (quoteId, j) => req.send(quoteId, j),
        { signal: opts.signal },
      );
    } catch (e) {
      // Its own quote (none to give for an id alone), or, stopped while resending an identical request it joined, that one's.
      const given = typeof quote === 'object' ? quote : undefined;
      throw withQuote(e, (id) => (id === idOf(quote) ? given : journaled && openQuote(journaled.journal, req.estimate.tool, id)));
    }
  };
}

/** The quote of an open entry of `tool` (a request sent without an answer yet). */
const openQuote = (journal: PaidJournal, tool: string, quoteId: string) =>
  journal.unanswered(tool).find((entry) => entry.quote.quote_id === quoteId)?.quote as Quote | undefined;

/** What an SDK call says to check, and how to pay again, when an earlier identical call cannot be told. */
const UNKNOWN_FIX =
  'Check your balance (client.credits.balance()) and your recent runs; if it did not run, pay for a new one by calling again with { payAgain: true } in the options.';

/** How an SDK call resolves earlier identical requests (resolve-earlier.ts). */
export const resolving = (opts: PaidOptions<unknown>): ResolveEarlierOptions => ({
  signal: opts.signal,
  payAgain: opts.payAgain,
  unknownFix: () => UNKNOWN_FIX,
});

/** How an open entry of `tool` is sent again with its quote: as a call of this journal; stopped, it throws PaidCallAbortedError with that quote. */
export function resenderOf<R>(journal: PaidJournal, tool: string, send: Resend<R>): Resend<R> {
  return async (quoteId, j) => {
    try {
      return await send(quoteId, j);
    } catch (e) {
      // Its entry stays open, with the quote that resolves it.
      throw withQuote(e, (id) => openQuote(journal, tool, id));
    }
  };
}

/**
 * Before pricing: an identical earlier call of this journal whose answer was lost is resolved
 * through its own quote (or, while its sender still waits, its answer is waited for and taken).
 * Throws EarlierRunUnknownError when it cannot be told (its quote expired), unless `payAgain`.
 */
export async function resolveEarlierCall<R>(
  journaled: Journaled,
  tool: string,
  send: Resend<R>,
  opts: PaidOptions<unknown>,
): Promise<ResolvedEarlier<R> | undefined> {
  journaled.journal.prepare();
  const earlier = await resolveEarlier(journaled.journal, tool, resenderOf(journaled.journal, tool, send), resolving(opts));
  if (earlier || opts.quote === undefined) return earlier;
  return usedQuote(journaled, tool, opts.quote);
}

/** The answer of the request a quote the caller gave already paid for, as the journal kept it: that run, not another. */
export function usedQuote<R>(journaled: Journaled, tool: string, quote: Quote | string): ResolvedEarlier<R> | undefined {
  const used = answeredWith(journaled.journal, tool, idOf(quote) ?? '', Date.now());
  return used && { quote: used.quote, result: used.answer as R, entry: used };
}

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
  const v = spendVerdict(
    q,
    { ceiling: opts.maxCredits, allowed: how.ask ? undefined : opts.maxCredits, approved: how.approved },
    how.needsId ?? true,
  );
  const quote = q as SpendQuote;
  const cost = credits(v.cost);
  switch (v.kind) {
    case 'go':
      return;
    case 'short':
      throw new SpendDeclinedError(
        'insufficient_credits',
        quote,
        `${quote.tool} needs up to ${cost} and the organization has ${credits(v.available)}; nothing was spent`,
      );
    case 'over_ceiling':
      throw new SpendDeclinedError(
        'over_max_credits',
        quote,
        `${quote.tool} would cost up to ${cost}, over maxCredits ${v.ceiling}; nothing was spent`,
      );
    case 'ask':
      if (how.ask && (await how.ask(quote))) return;
      throw new SpendDeclinedError('declined', quote, `${quote.tool} for up to ${cost} was declined; nothing was spent`);
  }
}

/** Sends with an approved quote, then refuses an answer that took more than `approvedCost` (ChargeAboveQuoteError; the run stands); an identical request's answer was approved by its own caller. */
export async function sendApproved<R>(
  send: QuoteSender<R>,
  quote: Quote | string | undefined,
  approvedCost: number | undefined,
): Promise<R> {
  const { result, joined } = await send(quote);
  if (approvedCost !== undefined && !joined) checkCharge(result, approvedCost);
  return result;
}

/** What a job of several requests is decided on: one request's quote as it is; several requests' quotes summed (no quote_id: each has its own). */
export const decidedOn = (quotes: readonly Quote[]): SpendQuote => (quotes.length === 1 ? quotes[0]! : sumQuotes(quotes));

/**
 * Sends request `i` of a job decided once on the sum of `quotes` (decidedOn), with its own quote.
 * Expired while the caller decided, it is priced again (`estimateBody`), and the job decided on
 * again with that request's new quote (asked again only when it costs more).
 */
export function sendJobPart<R>(
  api: Api,
  estimateBody: EstimateBody,
  send: QuoteSender<R>,
  i: number,
  quotes: Quote[],
  opts: PaidOptions<unknown>,
  ask: Deciding['ask'],
): Promise<R> {
  return sendWithRenewedQuote(quotes[i]!, (q) => sendApproved(send, q, q.estimated_cost), {
    estimate: () => api.credits.estimate(estimateBody, { signal: opts.signal }),
    decide: async (renewed, approvedBefore) => {
      checkQuote(renewed);
      quotes[i] = renewed;
      await decideSpend(decidedOn(quotes), opts, { approved: approvedBefore, ask, needsId: false });
    },
  });
}

/** Sends with the quote the caller gave: a Quote object is checked and decided on first; an id alone, capped by maxCredits when given. */
export async function sendGivenQuote<R>(send: QuoteSender<R>, opts: PaidOptions<unknown> & { quote: Quote | string }): Promise<R> {
  if (typeof opts.quote === 'string') return sendApproved(send, opts.quote, opts.maxCredits);
  checkQuote(opts.quote);
  await decideSpend(opts.quote, opts, { approved: true });
  return sendApproved(send, opts.quote, opts.quote.estimated_cost);
}

/**
 * Runs a paid request through the estimate-confirm-run step; with the client's journal
 * (`journaled`), an identical earlier call whose answer was lost is resolved first, and the
 * request is sent once.
 */
export async function payFor<R>(api: Api, req: PaidRequest<R>, opts: PaidOptions, journaled?: Journaled): Promise<R> {
  checkApproval(opts);
  if (journaled) {
    const earlier = await resolveEarlierCall(journaled, req.estimate.tool, (quoteId, journal) => req.send(quoteId, journal), opts);
    if (earlier) return earlier.result;
  }
  await req.beforePricing?.();
  const send = senderOf(req, opts, journaled);
  if (opts.quote !== undefined) return sendGivenQuote(send, opts);
  const confirm = opts.confirm;
  const ask = confirm && ((q: SpendQuote) => confirm(q as Quote));
  const quote = () => api.credits.estimate(req.estimate, { signal: opts.signal });
  const q = await quote();
  await decideSpend(q, opts, { approved: false, ask });
  return sendWithRenewedQuote(q, (sent) => sendApproved(send, sent, sent.estimated_cost), {
    estimate: quote,
    decide: (renewed, asked) => decideSpend(renewed, opts, { approved: asked, ask }),
  });
}
