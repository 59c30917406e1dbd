import type { Quote } from '../api/schemas/credits.js';
import { checkQuote, jobQuote } from '../workflows/spend-verdict.js';
import type { JournalEntry } from '../workflows/journal/entry.js';

/**
 * What this server has spent and may spend. Every paid tool is priced first: its quote is kept
 * here with the exact arguments it priced, and a later call runs that quote only for the same
 * tool and arguments, once. A run goes ahead when it fits in what is left of the session's
 * --max-credits (what the assistant may spend on its own say-so; 0 by default), or when the
 * person approved its cost (asked by the server, where the client can ask). Costs are the
 * quotes' estimated_cost, the most a run can charge (or what a run said it took, when more). A
 * quote that does not make sense is never kept, so it counts for nothing and its id runs nothing.
 */

/** One request of a priced call, with its own quote. */
export interface PricedPart {
  quote: Quote;
  /** The request the quote priced (undefined: the request the call's arguments say). */
  body: unknown;
  /** Sent at least once: sent again, its quote reads back what it paid for, never pays again. */
  sent: boolean;
  /** Its answer, once it came. */
  answer?: unknown;
  /** What its answer says it took when that is more than its quote: counted instead of the quote. */
  took?: number;
  /**
   * The identical request (another server's, a command's, another call's) it joined instead of
   * being sent: its answer is that request's, paid by that request, so this part counts for nothing.
   */
  joined?: JournalEntry;
}

/** A request sent earlier and resolved now through its quote (or taken from a sender that still waited: joined). */
export interface EarlierPart {
  quote: Quote;
  body: unknown;
  answer: unknown;
  joined?: JournalEntry;
}

export interface PricedCall {
  /** The quote the call is run by: its one request's, or, for a job of several, their sum under the first one's id. */
  quote: Quote;
  /** Its requests, each with its own quote, sent in this order. */
  parts: PricedPart[];
  tool: string;
  /** The tool's arguments (and any file it read) as priced. */
  fingerprint: string;
  /** When it was priced (ms): an identical request sent since is joined, not paid again (the journal's `since`). */
  pricedAt: number;
  /** How the run was approved: within --max-credits, by the person, or by an earlier server whose answer was lost. */
  approvedBy?: 'budget' | 'person' | 'earlier';
  /** A request of it was sent at least once: the call stays counted, whatever came back. */
  sent: boolean;
  /** The run's answer (a job's: each request's), once all came: a later call with the quote gets it again without sending anything. */
  answer?: unknown;
  /** The send in flight: a call with the same quote meanwhile waits for its answer instead of sending again. */
  running?: Promise<unknown>;
  /** The person declined it: it never runs. */
  declined?: true;
  /** What planning it left out, said again with its answer. */
  leftOut?: { summary: string; facts: Record<string, unknown> };
}

/** What a call can have taken: each request's quote, or what its answer said it took when more; nothing for a request joined to an identical one. */
export const costOf = (call: PricedCall): number =>
  call.parts.reduce((sum, p) => sum + (p.joined ? 0 : Math.max(p.quote.estimated_cost, p.took ?? 0)), 0);

/** What a paid result says of the session's spending. */
export interface SessionSpend {
  /** Most this session's runs can have charged (their quotes' estimated cost). */
  spent_up_to: number;
  /** The session's --max-credits: what the assistant may spend without asking the person. */
  max_credits: number;
  /** What is left of max_credits. */
  budget_left: number;
  /** Of spent_up_to, what the person approved when asked. */
  approved_by_person: number;
}

export interface QuoteProblem {
  code: 'quote_unknown' | 'quote_mismatch' | 'quote_expired' | 'quote_declined';
  problem: string;
}

/** The tool whose quotes price no tool's arguments but an estimate body. */
export const ESTIMATE_TOOL = 'credits_estimate';

export class SpendGate {
  /** Each call under each of its quote ids (a job's first is the one it answers). */
  readonly #priced = new Map<string, PricedCall>();

  constructor(
    readonly maxCredits: number,
    readonly now: () => number = Date.now,
  ) {}

  #keep(call: PricedCall): PricedCall {
    for (const id of [call.quote.quote_id, ...call.parts.map((p) => p.quote.quote_id)]) if (id) this.#priced.set(id, call);
    return call;
  }

  #calls(): Set<PricedCall> {
    return new Set(this.#priced.values());
  }

  /**
   * Keeps the requests an earlier server or command sent and never saw answered, resolved now
   * through their own quotes, as one call that ran: approved when they went out, counted in no
   * budget now; a call with one of their quote ids gets their answer.
   */
  earlier(parts: readonly EarlierPart[], tool: string, fingerprint: string): PricedCall {
    const answers = parts.map((p) => p.answer);
    return this.#keep({
      quote: jobQuote(parts.map((p) => p.quote)),
      parts: parts.map((p) => ({ ...p, sent: true })),
      tool,
      fingerprint,
      pricedAt: this.now(),
      sent: true,
      approvedBy: 'earlier',
      answer: answers.length === 1 ? answers[0] : answers,
    });
  }

  /**
   * Keeps a quote (credits_estimate's) for the tool and arguments it priced; one that does not
   * make sense is refused (MalformedQuoteError) and never kept. One with no id (a request that
   * needs no quote) runs nothing, so it is not kept.
   */
  priced(quote: Quote, tool: string, fingerprint: string): void {
    checkQuote(quote, false);
    if (quote.quote_id) this.pricedJob([{ quote, body: undefined }], tool, fingerprint);
  }

  /** Keeps a paid call's quotes, one a request, as one call run by their sum (jobQuote); refused whole (MalformedQuoteError), and nothing kept, when one does not make sense. */
  pricedJob(
    requests: readonly { quote: Quote; body: unknown }[],
    tool: string,
    fingerprint: string,
    leftOut?: PricedCall['leftOut'],
  ): PricedCall {
    const quote = jobQuote(requests.map((r) => r.quote));
    return this.#keep({
      quote,
      parts: requests.map((r) => ({ quote: r.quote, body: r.body, sent: false })),
      tool,
      fingerprint,
      pricedAt: this.now(),
      sent: false,
      ...(leftOut ? { leftOut } : {}),
    });
  }

  /**
   * The priced call a quote_id names, for this tool and these arguments; a problem otherwise.
   * A quote of credits_estimate is for whatever request the service finds it fits (it refuses
   * any other: quote_mismatch) until it runs; then it is bound to the request it ran (bind).
   */
  find(quoteId: string, tool: string, fingerprint: string, serviceTools: readonly string[]): PricedCall | QuoteProblem {
    const call = this.#priced.get(quoteId);
    if (!call) return { code: 'quote_unknown', problem: `quote ${quoteId} was not priced by this session` };
    if (call.declined) return { code: 'quote_declined', problem: `the person declined quote ${quoteId}` };
    const estimated = call.tool === ESTIMATE_TOOL;
    if (estimated ? !serviceTools.includes(call.quote.tool) : call.tool !== tool)
      return { code: 'quote_mismatch', problem: `quote ${quoteId} priced ${estimated ? call.quote.tool : call.tool}, not ${tool}` };
    if (!estimated && call.fingerprint !== fingerprint)
      return { code: 'quote_mismatch', problem: `quote ${quoteId} priced other arguments for ${tool}` };
    // A sent quote is read back by the service whatever its age; an unsent one must be fresh.
    if (!call.sent && call.quote.expires_at !== null && call.quote.expires_at * 1000 <= this.now())
      return { code: 'quote_expired', problem: `quote ${quoteId} expired` };
    return call;
  }

  /** Binds a credits_estimate quote to the tool and arguments it runs for. */
  bind(call: PricedCall, tool: string, fingerprint: string): void {
    if (call.tool !== ESTIMATE_TOOL) return;
    call.tool = tool;
    call.fingerprint = fingerprint;
  }

  /** The person declined the call: its quote never runs. */
  decline(call: PricedCall): void {
    call.declined = true;
  }

  /** Counts a run before it is sent (so two calls at once cannot both fit the same budget). */
  commit(call: PricedCall, by: 'budget' | 'person' | 'earlier'): void {
    call.approvedBy ??= by;
  }

  /** Takes back a run the service refused before doing anything (nothing charged). */
  refund(call: PricedCall): void {
    if (!call.sent) delete call.approvedBy;
  }

  /** What the runs approved one way can have taken (a sent run stays counted whatever came back). */
  #spentBy(by: 'budget' | 'person'): number {
    let sum = 0;
    for (const call of this.#calls()) if (call.approvedBy === by) sum += costOf(call);
    return sum;
  }

  budgetLeft(): number {
    return Math.max(0, this.maxCredits - this.#spentBy('budget'));
  }

  session(): SessionSpend {
    const person = this.#spentBy('person');
    return {
      spent_up_to: this.#spentBy('budget') + person,
      max_credits: this.maxCredits,
      budget_left: this.budgetLeft(),
      approved_by_person: person,
    };
  }
}
