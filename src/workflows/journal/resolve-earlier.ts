import { CreditsError } from '../../api/errors.js';
import { LostResponseError, type PaidCallJournal } from '../../api/paid-call.js';
import { QUOTE_TTL_MS } from '../../api/schemas/values/credits.js';
import { sameService, type JournalEntry, type JournalQuote } from './entry.js';
import { clockTime, NotTheJournaledRequest, StillInFlight, type PaidJournal } from './journal.js';
import { JoinedRunUnknown } from './send-once.js';

/**
 * Before a paid request is priced: an identical earlier request of this service and key that
 * got no answer (its sender was killed or stopped, its connection lost) is sent again with its
 * own quote, so the service runs it now (it never arrived) or names the run it paid for, which
 * is read back: paid once, and nobody asked again. While its sender still waits for the answer
 * (another process, or another call of this one), that answer is waited for and taken. When its
 * quote expired, whether it ran cannot be told: EarlierRunUnknownError, unless the caller chose
 * to pay again. The rule of every face, without a face's words (the CLI's journal-resolve.ts
 * says the same on stderr).
 */

/** An identical earlier request got no answer and its quote expired: whether it ran (and was charged) cannot be told. Nothing was spent now. */
export class EarlierRunUnknownError extends CreditsError {
  /** The earlier request, as the journal holds it (`details` has its facts: sent_at, quote_id, tool, request). */
  readonly entry: JournalEntry;

  /** Made by the SDK; not for your own code to construct. */
  constructor(entry: JournalEntry, fix: string) {
    const expired = entry.quote.expires_at
      ? ` (its quote expired at ${clockTime(new Date(entry.quote.expires_at * 1000).toISOString())})`
      : '';
    super({
      // Raised before anything is sent, as a quote that cannot pay is (exit 5 in the CLI).
      status: 402,
      code: 'earlier_run_unknown',
      problem: `an identical request was sent at ${clockTime(entry.sent_at)} with quote ${entry.quote.quote_id} and got no answer${expired}, so whether it ran and was charged cannot be told; nothing was spent now`,
      fix,
      retryable: false,
      details: { sent_at: entry.sent_at, quote_id: entry.quote.quote_id, tool: entry.tool, request: entry.request },
    });
    this.entry = entry;
    Object.defineProperty(this, 'name', { value: 'EarlierRunUnknownError' });
  }
}

/** An earlier request resolved: its quote and the run's answer (as sent, read back, or taken from its sender). */
export interface ResolvedEarlier<R> {
  quote: JournalQuote;
  result: R;
  entry: JournalEntry;
}

export interface ResolveEarlierOptions {
  signal?: AbortSignal | undefined;
  /** Leave an earlier request that cannot be told (or that another sender still waits for) and pay for a new one. */
  payAgain?: boolean | undefined;
  /** What to check, and how to pay again, in this face's words (EarlierRunUnknownError's fix). */
  unknownFix: (entry: JournalEntry) => string;
  /** Told when this waits for the answer of an identical request its sender still waits for, or leaves it to that sender (payAgain). */
  onInFlight?: ((entry: JournalEntry, waiting: boolean) => void) | undefined;
  /** Told when an entry that cannot be told is given up to pay again (payAgain). */
  onPaidAgain?: ((entry: JournalEntry) => void) | undefined;
}

/** Sends a journaled request again: `send` with its quote and the journal of its resend. */
export type Resend<R> = (quoteId: string, journal: PaidCallJournal) => Promise<R>;

/** The earlier identical request of `tool` resolved, or undefined when there is none to resolve (or `payAgain` left it). */
export async function resolveEarlier<R>(
  journal: PaidJournal,
  tool: string,
  send: Resend<R>,
  opts: ResolveEarlierOptions,
): Promise<ResolvedEarlier<R> | undefined> {
  for (const entry of journal.unanswered(tool)) {
    const resolved = await resolveEntry(journal, entry, send, opts);
    if (resolved) return resolved;
  }
  return undefined;
}

/** One open entry resolved through its quote, or undefined when it is another request, was refused, or was left (payAgain). */
export async function resolveEntry<R>(
  journal: PaidJournal,
  first: JournalEntry,
  send: Resend<R>,
  opts: ResolveEarlierOptions,
): Promise<ResolvedEarlier<R> | undefined> {
  let entry = first;
  for (;;) {
    try {
      return { quote: entry.quote, result: await send(entry.quote.quote_id ?? '', journal.resending(entry)), entry };
    } catch (e) {
      if (e instanceof NotTheJournaledRequest) return undefined;
      if (e instanceof StillInFlight) {
        opts.onInFlight?.(e.entry, !opts.payAgain);
        if (opts.payAgain) return undefined;
        const now = await journal.settled(e.entry, opts.signal);
        if (now.state === 'answered' && now.answer !== undefined) return { quote: now.quote, result: now.answer as R, entry: now };
        if (now.state === 'answered') throw new JoinedRunUnknown(now);
        if (now.state !== 'sent') return undefined;
        // Its sender stopped waiting: its quote resolves it.
        entry = now;
        continue;
      }
      if (!(e instanceof LostResponseError) || e.reason !== 'quote_expired') throw e;
      if (!opts.payAgain) throw new EarlierRunUnknownError(entry, opts.unknownFix(entry));
      journal.paidAgain(entry);
      opts.onPaidAgain?.(entry);
      return undefined;
    }
  }
}

/**
 * The request of `tool` answered after going out with `quoteId`, when one did (a quote is single
 * use: sent again, it would only read that run back). Only entries sent while such a quote could
 * still be valid are read.
 */
export function answeredWith(journal: PaidJournal, tool: string, quoteId: string, now: number): JournalEntry | undefined {
  for (const e of journal.store.entries()) {
    // Newest first: the rest went out before the quote's lifetime.
    if (Date.parse(e.sent_at) < now - QUOTE_TTL_MS) break;
    if (
      e.tool === tool &&
      e.quote.quote_id === quoteId &&
      e.state === 'answered' &&
      e.answer !== undefined &&
      sameService(e.service, journal.service)
    )
      return e;
  }
  return undefined;
}
