import { CreditsError } from '../api/errors.js';
import type { Quote } from '../api/schemas/credits.js';

/**
 * The one spend verdict of every face (DESIGN.md section 5): whether a quote may be spent, and
 * on whose say-so. It fails closed: a quote whose cost is not a finite non-negative integer,
 * whose `sufficient` is not a boolean, or that has no id, is refused before anything is sent
 * (checkQuote). The faces keep only their own way of asking: the CLI's prompt, the SDK's
 * `confirm`, MCP's budget and the person's approval.
 */

/** What a verdict reads of a quote (a job of several runs decides once on their sum). */
export type QuoteTerms = Pick<Quote, 'estimated_cost' | 'available_credits' | 'sufficient'>;

/** A quote that does not make sense: nothing is sent. */
export class MalformedQuoteError extends CreditsError {
  constructor(problem: string) {
    super({
      status: 0,
      code: 'quote_malformed',
      problem: `the service's quote does not make sense (${problem}); nothing was spent`,
      fix: 'Estimate again; if the quote still does not make sense, the service is answering wrongly: nothing is spent until it does.',
      retryable: false,
    });
  }
}

/** A run charged or reserved more than the quote it was approved on. */
export class ChargeAboveQuoteError extends CreditsError {
  readonly charged: number;
  readonly approved: number;
  constructor(charged: number, approved: number, answer: unknown) {
    super({
      status: 0,
      code: 'charge_above_quote',
      problem: `the run took ${charged} credits, more than the ${approved} approved on its quote`,
      fix: 'Check the balance and what the run charged (its status); the quote was the spend cap, so the service should refund the difference.',
      retryable: false,
      details: { charged, approved, answer },
    });
    this.charged = charged;
    this.approved = approved;
  }
}

const wholeCredits = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** 9999-12-31T23:59:59Z: the last second a date can show. */
const LAST_SECOND = 253_402_300_799;

const shown = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : String(v));

/** Refuses a quote that does not make sense (MalformedQuoteError); `needsId`: a quote that will be spent must name itself. */
export function checkQuote(q: unknown, needsId = true): asserts q is Quote {
  if (!q || typeof q !== 'object') throw new MalformedQuoteError('no quote object');
  const r = q as Record<string, unknown>;
  if (!wholeCredits(r.estimated_cost))
    throw new MalformedQuoteError(`estimated_cost ${shown(r.estimated_cost)} is not a whole number of credits`);
  if (typeof r.sufficient !== 'boolean') throw new MalformedQuoteError(`sufficient ${shown(r.sufficient)} is not true or false`);
  if (typeof r.available_credits !== 'number' || !Number.isFinite(r.available_credits))
    throw new MalformedQuoteError(`available_credits ${shown(r.available_credits)} is not a number`);
  if (r.sufficient && r.available_credits < r.estimated_cost)
    throw new MalformedQuoteError(`it says sufficient with ${r.available_credits} credits available for ${r.estimated_cost}`);
  if (needsId && (typeof r.quote_id !== 'string' || r.quote_id === '')) throw new MalformedQuoteError('it has no quote_id');
  if (
    r.expires_at !== undefined &&
    r.expires_at !== null &&
    !(Number.isSafeInteger(r.expires_at) && (r.expires_at as number) >= 0 && (r.expires_at as number) <= LAST_SECOND)
  )
    throw new MalformedQuoteError(`expires_at ${shown(r.expires_at)} is not a time in Unix seconds`);
}

/** Several runs' quotes as the one a person decides on: costs and rows summed, the lowest balance. */
export function sumQuotes(quotes: readonly Quote[]): QuoteTerms & Pick<Quote, 'tool' | 'row_count'> {
  for (const q of quotes) checkQuote(q);
  const estimated_cost = quotes.reduce((s, q) => s + q.estimated_cost, 0);
  const available_credits = Math.min(...quotes.map((q) => q.available_credits));
  return {
    tool: quotes[0]?.tool ?? '',
    row_count: quotes.reduce((s, q) => s + q.row_count, 0),
    estimated_cost,
    available_credits,
    sufficient: available_credits >= estimated_cost,
  };
}

/**
 * The quote a job of several requests is decided and run by: their sum (sumQuotes, which refuses
 * a quote that does not make sense) under `id`, expiring with the first of them to expire.
 */
export function jobQuote(quotes: readonly Quote[], id: string | null = quotes[0]?.quote_id ?? null): Quote {
  const sum = sumQuotes(quotes);
  if (quotes.length === 1 && quotes[0]!.quote_id === id) return quotes[0]!;
  const expiries = quotes.flatMap((q) => (q.expires_at === null ? [] : [q.expires_at]));
  return { ...quotes[0]!, ...sum, quote_id: id, expires_at: expiries.length ? Math.min(...expiries) : null };
}

/** What a face does with a quote. */
export type Verdict =
  /** The balance does not cover it: nothing is spent. */
  | { kind: 'short'; cost: number; available: number }
  /** Over the ceiling the caller set: nothing is spent. */
  | { kind: 'over_ceiling'; cost: number; ceiling: number }
  /** Someone must approve it: the face asks its own way (or, where it cannot ask, spends nothing). */
  | { kind: 'ask'; cost: number }
  /** Go ahead: free, approved already at this cost, or within what the caller allowed without asking. */
  | { kind: 'go'; cost: number; why: 'free' | 'approved' | 'allowed' };

export interface SpendLimits {
  /** The most this spend may cost (--max-cost, maxCredits); over it nothing is spent. */
  ceiling?: number | undefined;
  /** What may be spent without asking anyone (a ceiling given for this run, an MCP session's budget left); `Infinity` with --yes. */
  allowed?: number | undefined;
  /** Approved already at this cost or more (a renewed quote that did not cost more). */
  approved?: boolean;
}

/** The verdict on a quote; throws MalformedQuoteError for one that does not make sense. */
export function spendVerdict(q: unknown, limits: SpendLimits = {}, needsId = true): Verdict {
  checkQuote(q, needsId);
  const cost = q.estimated_cost;
  if (!q.sufficient) return { kind: 'short', cost, available: q.available_credits };
  if (limits.ceiling !== undefined && cost > limits.ceiling) return { kind: 'over_ceiling', cost, ceiling: limits.ceiling };
  // A quote of 0 caps the run at 0: nothing to approve.
  if (cost === 0) return { kind: 'go', cost, why: 'free' };
  if (limits.approved) return { kind: 'go', cost, why: 'approved' };
  if (limits.allowed !== undefined && cost <= limits.allowed) return { kind: 'go', cost, why: 'allowed' };
  return { kind: 'ask', cost };
}

/** What an answer says was charged, or reserved up front: the larger of the figures it gives. */
function takenBy(answer: unknown): number | undefined {
  if (!answer || typeof answer !== 'object') return undefined;
  const a = answer as Record<string, unknown>;
  const figures = [a.credits_charged, a.credits_reserved].filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return figures.length ? Math.max(...figures) : undefined;
}

/** A paid answer that took more than its approved quote is an error, never a success (the work stands; the caller reports it). */
export function checkCharge(answer: unknown, approvedCost: number): void {
  const taken = takenBy(answer);
  if (taken !== undefined && taken > approvedCost) throw new ChargeAboveQuoteError(taken, approvedCost, answer);
}
