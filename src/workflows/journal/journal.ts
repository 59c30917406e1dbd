import type { ApiError } from '../../api/errors.js';
import type { PaidCallJournal, PaidCallRecord, PaidRequestShape, Redemption } from '../../api/paid-call.js';
import type { Quote } from '../../api/schemas/credits.js';
import { sleep } from '../../api/sleep.js';
import {
  isOpen,
  journalQuote,
  quoteExpiresMs,
  requestKey,
  runIdOf,
  sameRequest,
  sameService,
  type JournalEntry,
  type ServiceIdentity,
} from './entry.js';
import type { JournalBackend } from './file-store.js';
import { newEntryId } from './file-store.js';
import { ownerStillWaiting, systemProbe, thisProcess, type ProcessOwner, type ProcessProbe } from './owner.js';

/**
 * The paid-run journal, one for every face: each paid request is written down as it goes out
 * and its answer recorded, so that
 * - an identical request whose answer was lost (a kill, Ctrl-C, an abort) is resolved through
 *   its quote instead of paid for again (resending);
 * - identical requests made while the first is between its quote and its answer start one run:
 *   the check and the write happen under a lock keyed by the request, and a later one joins the
 *   first (JoinedRun: it waits for that answer and takes it).
 * The CLI and the MCP server keep it in files of the data dir (one per service and credential);
 * the SDK in memory unless asked for the files.
 */

/** Thrown (before anything is sent) when a resend of a journaled request turns out to be another request. */
export class NotTheJournaledRequest extends Error {
  constructor() {
    super('not the journaled request');
    this.name = 'NotTheJournaledRequest';
  }
}

/** Thrown (before anything is sent) when the journaled request is the same and another process that still runs waits for its answer. */
export class StillInFlight extends Error {
  constructor(readonly entry: JournalEntry) {
    super('the journaled request is in flight in another process');
    this.name = 'StillInFlight';
  }
}

/** Thrown (before anything is sent) when an identical request went out while this one was being made: this one joins it. */
export class JoinedRun extends Error {
  constructor(readonly entry: JournalEntry) {
    super('an identical request is on its way or was just answered');
    this.name = 'JoinedRun';
  }
}

/** The journal of a run sent with a new quote, and whether a request of it was sent and got no answer yet. */
export interface Recording extends PaidCallJournal {
  readonly pending: boolean;
}

/** What the question named and the quote that pays for it; `since`: when the caller began making the request (ms). */
export interface PaidRunInfo {
  tool: string;
  what: string;
  quote: Quote;
  since: number;
  /**
   * A last check before a request that joins no identical one is written down and sent, under
   * the request's lock (a smart-agent run refused while another is going on its column); throwing stops it unsent.
   */
  beforeWrite?: (() => Promise<void>) | undefined;
  /**
   * What the check and the write are locked on, when more than identical requests must take turns
   * (a smart-agent run: its list and column, whatever else the request says). Default: the request.
   */
  lockKey?: string | undefined;
}

export interface JournalDeps {
  store: JournalBackend;
  service: ServiceIdentity;
  now: () => number;
  /** Lines for the person (the CLI's stderr); the SDK's are silent. */
  notes: { info(line: string): void; warn(line: string): void };
  /** The error when the journal cannot be written: nothing is sent, as an answer lost without it could be paid for twice. */
  unwritable: (dir: string, e: unknown) => Error;
  /** What the face calls what sends a request, in its notes: "command" (the CLI), "call". */
  sender?: string;
  probe?: ProcessProbe;
}

const refusal = (e: ApiError) => `${e.code} (${e.status || 'no connection'})`;

/** HH:MM of an ISO time, on this machine's clock face. */
export const clockTime = (iso: string) => new Date(iso).toTimeString().slice(0, 5);

/** How often a request joined to another checks for its answer (real time: another process answers it). */
const JOIN_POLL_MS = 100;

export class PaidJournal {
  readonly service: ServiceIdentity;
  readonly #deps: JournalDeps;
  readonly #owner: ProcessOwner;
  readonly #probe: ProcessProbe;

  constructor(deps: JournalDeps) {
    this.#deps = deps;
    this.service = deps.service;
    this.#probe = deps.probe ?? systemProbe;
    this.#owner = thisProcess(this.#probe);
  }

  get dir(): string {
    return this.#deps.store.dir;
  }

  /** A line for the person (the face's notes). */
  notesInfo(line: string): void {
    this.#deps.notes.info(line);
  }

  get store(): JournalBackend {
    return this.#deps.store;
  }

  /** Before a paid request is estimated: the journal can be written (else nothing is sent), and old entries go (hourly). */
  prepare(): void {
    try {
      this.#deps.store.prepare();
    } catch (e) {
      throw this.#deps.unwritable(this.dir, e);
    }
    try {
      this.#deps.store.pruneIfDue(this.#deps.now());
    } catch {
      // What cannot be pruned now is pruned by a later command.
    }
  }

  /** Requests of this service and tool sent with no answer yet, newest first (some may still be awaited by the process that sent them). */
  unanswered(tool: string): JournalEntry[] {
    return this.#deps.store.open().filter((e) => e.state === 'sent' && e.tool === tool && sameService(e.service, this.service));
  }

  /** Whether the process that sent an open entry still waits for its answer. */
  stillAwaited(entry: JournalEntry): boolean {
    return !entry.abandoned && ownerStillWaiting(entry, this.#deps.now() < quoteExpiresMs(entry), this.#probe);
  }

  /** A request of `tool` with this body (the quote aside) on its way, or answered since `since`: one a new identical request joins. */
  joinable(tool: string, body: Record<string, unknown>, since: number): JournalEntry | undefined {
    return this.#joinableWhere((e) => e.tool === tool && sameRequest(e.request, { ...e.request, body }), since);
  }

  /** An identical request that went out while this one was being made (since `since`), or is still on its way. */
  #identical(request: PaidRequestShape, since: number): JournalEntry | undefined {
    return this.#joinableWhere((e) => sameRequest(request, e.request), since);
  }

  /** An entry of this service that `same` picks, on its way or answered since `since`. */
  #joinableWhere(same: (e: JournalEntry) => boolean, since: number): JournalEntry | undefined {
    const ours = (e: JournalEntry) => sameService(e.service, this.service) && same(e);
    // One being handed to the network by a sender gone never went out: not joined.
    const open = this.#deps.store.open().find((e) => ours(e) && isOpen(e) && (e.state === 'sent' || this.stillAwaited(e)));
    if (open) return open;
    for (const e of this.#deps.store.entries()) {
      // Newest first: the rest went out before this request was begun.
      if (Date.parse(e.sent_at) < since) break;
      if (e.state === 'answered' && ours(e)) return e;
    }
    return undefined;
  }

  /** The journal of a run sent with a new quote: each request is checked against identical ones and written down as it goes out. */
  recording(run: PaidRunInfo): Recording {
    let current: JournalEntry | undefined;
    return {
      get pending() {
        return current?.state === 'sent';
      },
      sending: (request, quoteId) =>
        this.#deps.store.locked(
          run.lockKey ? requestKey({ ...request, body: { lock: run.lockKey } }, this.service) : requestKey(request, this.service),
          async () => {
            const earlier = this.#identical(request, run.since);
            if (earlier) throw new JoinedRun(earlier);
            await run.beforeWrite?.();
            const now = this.#deps.now();
            const entry: JournalEntry = {
              id: newEntryId(now),
              state: 'sending',
              sent_at: new Date(now).toISOString(),
              tool: run.tool,
              what: run.what,
              estimated_cost: run.quote.estimated_cost,
              quote: { ...journalQuote(run.quote), quote_id: quoteId },
              request,
              service: this.service,
              ...this.#owner,
            };
            try {
              this.#deps.store.write(entry);
            } catch (e) {
              throw this.#deps.unwritable(this.dir, e);
            }
            // Pending only once written down: a request the journal could not write was never sent.
            current = entry;
            return this.#record(entry, false);
          },
        ),
    };
  }

  /** The journal of a resend of `entry` with its own quote: any other request, or one another process still waits for, is refused unsent. */
  resending(entry: JournalEntry): PaidCallJournal {
    return {
      sending: async (request: PaidRequestShape) => {
        if (!sameRequest(request, entry.request)) throw new NotTheJournaledRequest();
        if (this.stillAwaited(entry)) throw new StillInFlight(entry);
        return this.#record(entry, true);
      },
    };
  }

  /** Waits (real time) until an entry another sender awaits is answered, refused, or left: what it became. */
  async settled(entry: JournalEntry, signal?: AbortSignal): Promise<JournalEntry> {
    for (;;) {
      const now = this.#deps.store.read(entry.id) ?? entry;
      if (!isOpen(now) || !this.stillAwaited(now)) return now;
      await sleep(JOIN_POLL_MS, signal);
    }
  }

  /** The person gave up on an entry whose run cannot be told (--pay-again). */
  paidAgain(entry: JournalEntry): void {
    this.#update(entry, { state: 'paid_again', outcome: 'its quote expired unanswered; paid again with a new quote' });
  }

  #record(entry: JournalEntry, resend: boolean): PaidCallRecord {
    const how = resend ? 'resolved through its quote' : 'answered';
    // Said once the earlier run is known, so it never stands before a refusal to resolve it.
    const resolved = () =>
      resend &&
      this.#deps.notes.info(
        `An earlier run of this ${this.#deps.sender ?? 'call'} was sent at ${clockTime(entry.sent_at)} but its answer was lost; resolved through its quote, not paid again.`,
      );
    return {
      resend,
      get open() {
        return isOpen(entry);
      },
      answered: async (result: unknown) => {
        resolved();
        this.#update(entry, { state: 'answered', run_id: runIdOf(result), answer: result, outcome: how });
      },
      // Not "resolved": the run cannot be read back, and the error that follows says so.
      used: async (r: Redemption | undefined) => {
        this.#update(entry, {
          state: 'answered',
          run_id: r?.workflow_id ?? r?.task_id ?? null,
          outcome: 'its quote was used (charged); the run cannot be read back',
        });
      },
      refused: async (e: ApiError) => this.#update(entry, { state: 'not_charged', outcome: refusal(e) }),
      withdrawn: async (e: ApiError | undefined) => {
        // Nothing is pending until the request goes out again (as a new entry): an interruption now leaves nothing to resolve.
        Object.assign(entry, { state: 'not_charged', outcome: e ? refusal(e) : 'stopped before it went out' });
        try {
          this.#deps.store.remove(entry);
        } catch (err) {
          this.#deps.notes.warn(`the paid-run journal in ${this.dir} could not record the answer (${(err as Error).message}).`);
        }
      },
      abandoned: async () => this.#write(Object.assign(entry, { abandoned: true as const })),
      handedOff: () => {
        if (entry.state === 'sending') this.#write(Object.assign(entry, { state: 'sent' as const }));
      },
    };
  }

  /** An answer not written down only weakens the next run's check; the run itself stands. */
  #update(entry: JournalEntry, change: Partial<JournalEntry>): void {
    this.#write(Object.assign(entry, change, { closed_at: new Date(this.#deps.now()).toISOString() }));
  }

  #write(entry: JournalEntry): void {
    try {
      this.#deps.store.write(entry);
    } catch (e) {
      this.#deps.notes.warn(`the paid-run journal in ${this.dir} could not record the answer (${(e as Error).message}).`);
    }
  }
}
