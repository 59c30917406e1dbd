import type { Quote } from '../api/schemas/credits.js';
import type { SentRecord } from './sent-log.js';

/**
 * What this server has spent and may spend. Every paid tool is priced first: its quote is kept
 * here with the exact arguments it priced, and a later call runs that quote only for the same
 * tool and arguments, once. A run goes ahead when it fits in what is left of the session's
 * --max-credits (what the assistant may spend on its own say-so; 0 by default), or when the
 * person approved its cost (asked by the server, where the client can ask). Costs are the
 * quotes' estimated_cost: the most a run can charge.
 */

export interface PricedCall {
  quote: Quote;
  tool: string;
  /** The tool's arguments (and any file it read) as priced. */
  fingerprint: string;
  /** How the run was approved: within --max-credits, by the person, or by an earlier server whose answer was lost. */
  approvedBy?: 'budget' | 'person' | 'earlier';
  /** Sent at least once: a later call with the quote reads back what it paid for, never pays again. */
  sent: boolean;
  /** The run's answer, once it came: a later call with the quote gets it again without sending anything. */
  answer?: unknown;
  /** The send in flight: a call with the same quote meanwhile waits for its answer instead of sending again. */
  running?: Promise<unknown>;
  /** The person declined it: it never runs. */
  declined?: true;
}

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
  readonly #priced = new Map<string, PricedCall>();

  constructor(
    readonly maxCredits: number,
    readonly now: () => number = Date.now,
    earlier: readonly SentRecord[] = [],
  ) {
    // Sent by an earlier server and never answered: approved then, counted in no budget now.
    for (const r of earlier)
      if (r.quote.quote_id) this.#priced.set(r.quote.quote_id, { quote: r.quote, tool: r.tool, fingerprint: r.fingerprint, sent: true, approvedBy: 'earlier' });
  }

  /** A request identical to this one that an earlier server sent and never saw answered. */
  unansweredFor(tool: string, fingerprint: string): PricedCall | undefined {
    for (const call of this.#priced.values()) if (call.approvedBy === 'earlier' && call.answer === undefined && call.tool === tool && call.fingerprint === fingerprint) return call;
    return undefined;
  }

  /** Forgets an earlier server's request (the person pays for a new run instead). */
  forget(call: PricedCall): void {
    if (call.quote.quote_id) this.#priced.delete(call.quote.quote_id);
  }

  /** Keeps a fresh quote for the tool and arguments it priced. */
  priced(quote: Quote, tool: string, fingerprint: string): PricedCall {
    const call: PricedCall = { quote, tool, fingerprint, sent: false };
    if (quote.quote_id) this.#priced.set(quote.quote_id, call);
    return call;
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
    if (!estimated && call.fingerprint !== fingerprint) return { code: 'quote_mismatch', problem: `quote ${quoteId} priced other arguments for ${tool}` };
    // A sent quote is read back by the service whatever its age; an unsent one must be fresh.
    if (!call.sent && call.quote.expires_at !== null && call.quote.expires_at * 1000 <= this.now()) return { code: 'quote_expired', problem: `quote ${quoteId} expired` };
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

  /** Whether the call's cost fits in what is left of --max-credits. */
  fitsBudget(call: PricedCall): boolean {
    return call.quote.estimated_cost <= this.budgetLeft();
  }

  /** Counts a run before it is sent (so two calls at once cannot both fit the same budget). */
  commit(call: PricedCall, by: 'budget' | 'person' | 'earlier'): void {
    call.approvedBy ??= by;
  }

  /** Takes back a run the service refused before doing anything (nothing charged). */
  refund(call: PricedCall): void {
    if (!call.sent) delete call.approvedBy;
  }

  /** The cost of the runs approved one way (a sent run's quote stays counted whatever came back). */
  #spentBy(by: 'budget' | 'person'): number {
    let sum = 0;
    for (const call of this.#priced.values()) if (call.approvedBy === by) sum += call.quote.estimated_cost;
    return sum;
  }

  budgetLeft(): number {
    return Math.max(0, this.maxCredits - this.#spentBy('budget'));
  }

  session(): SessionSpend {
    const person = this.#spentBy('person');
    return { spent_up_to: this.#spentBy('budget') + person, max_credits: this.maxCredits, budget_left: this.budgetLeft(), approved_by_person: person };
  }
}

/** The arguments of a call as one string, keys sorted: what a quote is bound to. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}
