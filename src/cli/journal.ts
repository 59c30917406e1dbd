import { createHash } from 'node:crypto';
import type { Client } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import type { PaidCallJournal, PaidCallRecord, PaidRequestShape, Redemption } from '../api/paid-call.js';
import type { Quote } from '../api/schemas/credits.js';
import type { Context } from './context.js';
import { CliError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import { journalQuote, quoteExpiresMs, runIdOf, sameRequest, sameService, type JournalEntry, type ServiceIdentity } from './journal-entry.js';
import { serviceUrl } from '../api/base-url.js';
import { ownerStillWaiting, thisProcess, type ProcessOwner } from './journal-owner.js';
import { JournalStore, journalDir, newEntryId } from './journal-store.js';

/**
 * The paid-run journal of one command: it writes each paid request down as it goes out and
 * records its answer, and finds an identical earlier request whose answer was lost, so that
 * request is resolved through its quote instead of paid for again (or, while the process that
 * sent it still waits for the answer, the command refuses rather than pay a second time).
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

/** The journal of a run sent with a new quote, and whether a request of it was sent and got no answer yet. */
export interface Recording extends PaidCallJournal {
  readonly pending: boolean;
}

let owner: ProcessOwner | undefined;
/** This process, as entries name their owner. */
const thisOwner = () => (owner ??= thisProcess());

/** The folder cannot be written: nothing is sent, since an answer lost without the journal could be paid for twice. */
function journalUnwritable(dir: string, e: unknown): CliError {
  const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
  return new CliError({
    code: 'journal_unwritable',
    message: `cannot write the paid-run journal in ${dir} (${why}); nothing was sent, as an answer lost without it could be paid for twice`,
    fix: 'Make that folder writable, or set PROSPECT_DATA_DIR to a folder that is.',
    exitCode: ExitCode.USAGE,
  });
}

/** What the question named and the quote that pays for it, for the entry. */
export interface PaidRunInfo {
  tool: string;
  what: string;
  quote: Quote;
}

const refusal = (e: ApiError) => `${e.code} (${e.status || 'no connection'})`;

/** HH:MM of an ISO time, on this machine's clock face. */
export const clockTime = (iso: string) => new Date(iso).toTimeString().slice(0, 5);

async function serviceOf(ctx: Context, client: Client): Promise<ServiceIdentity> {
  const st = ctx.settings();
  const key = st.sandbox ? (await ctx.sandbox()).demoKey : ((await ctx.token('key')) ?? '');
  return { base_url: serviceUrl(client.baseUrl.href), sandbox: st.sandbox, profile: st.profile.value, key_fingerprint: createHash('sha256').update(key).digest('hex').slice(0, 16) };
}

export class PaidRunJournal {
  private constructor(
    private readonly ctx: Context,
    private readonly store: JournalStore,
    readonly service: ServiceIdentity,
  ) {}

  static async open(ctx: Context, client: Client): Promise<PaidRunJournal> {
    return new PaidRunJournal(ctx, new JournalStore(journalDir(ctx.env)), await serviceOf(ctx, client));
  }

  /**
   * Before a paid command estimates anything: the journal's folders can be written (else exit 2,
   * nothing sent), and (hourly) entries older than 30 days and temporary files left by a killed write go.
   */
  prepare(): void {
    try {
      this.store.prepare();
    } catch (e) {
      throw journalUnwritable(this.store.dir, e);
    }
    try {
      this.store.pruneIfDue(this.ctx.clock.now());
    } catch {
      // What cannot be pruned now is pruned by a later command.
    }
  }

  /** Requests of this service and tool sent with no answer yet, newest first (some may still be awaited by the process that sent them). */
  unanswered(tool: string): JournalEntry[] {
    return this.store.open().filter((e) => e.state === 'sent' && e.tool === tool && sameService(e.service, this.service));
  }

  /** The journal of a run sent with a new quote: each request is written down as it goes out. */
  recording(run: PaidRunInfo): Recording {
    let current: JournalEntry | undefined;
    return {
      get pending() {
        return current?.state === 'sent';
      },
      sending: async (request, quoteId) => {
        const now = this.ctx.clock.now();
        const { pid, host, started } = thisOwner();
        current = {
          id: newEntryId(now),
          state: 'sent',
          sent_at: new Date(now).toISOString(),
          tool: run.tool,
          what: run.what,
          estimated_cost: run.quote.estimated_cost,
          quote: { ...journalQuote(run.quote), quote_id: quoteId },
          request,
          service: this.service,
          pid,
          host,
          started,
        };
        try {
          this.store.write(current);
        } catch (e) {
          throw journalUnwritable(this.store.dir, e);
        }
        return this.record(current, false);
      },
    };
  }

  /** The journal of a resend of `entry` with its own quote: any other request, or one another process still waits for, is refused unsent. */
  resending(entry: JournalEntry): PaidCallJournal {
    return {
      sending: async (request: PaidRequestShape) => {
        if (!sameRequest(request, entry.request)) throw new NotTheJournaledRequest();
        if (ownerStillWaiting(entry, this.ctx.clock.now() < quoteExpiresMs(entry))) throw new StillInFlight(entry);
        return this.record(entry, true);
      },
    };
  }

  /** The person gave up on an entry whose run cannot be told (--pay-again). */
  paidAgain(entry: JournalEntry): void {
    this.update(entry, { state: 'paid_again', outcome: 'its quote expired unanswered; paid again with a new quote' });
  }

  private record(entry: JournalEntry, resend: boolean): PaidCallRecord {
    const how = resend ? 'resolved through its quote' : 'answered';
    // Said once the earlier run is known, so it never stands before a refusal to resolve it.
    const resolved = () =>
      resend && this.ctx.out.info(`An earlier run of this command was sent at ${clockTime(entry.sent_at)} but its answer was lost; resolved through its quote, not paid again.`);
    return {
      resend,
      answered: async (result: unknown) => {
        resolved();
        this.update(entry, { state: 'answered', run_id: runIdOf(result), outcome: how });
      },
      used: async (r: Redemption | undefined) => {
        resolved();
        this.update(entry, { state: 'answered', run_id: r?.workflow_id ?? r?.task_id ?? null, outcome: 'its quote was used (charged); the run cannot be read back' });
      },
      refused: async (e: ApiError) => this.update(entry, { state: 'not_charged', outcome: refusal(e) }),
      withdrawn: async (e: ApiError) => {
        // Nothing is pending until the request goes out again (as a new entry): an interruption now leaves nothing to resolve.
        Object.assign(entry, { state: 'not_charged', outcome: refusal(e) });
        try {
          this.store.remove(entry);
        } catch (err) {
          this.ctx.out.warn(`the paid-run journal in ${this.store.dir} could not record the answer (${(err as Error).message}).`);
        }
      },
    };
  }

  /** An answer not written down only weakens the next run's check; the run itself stands. */
  private update(entry: JournalEntry, change: Partial<JournalEntry>): void {
    Object.assign(entry, change, { closed_at: new Date(this.ctx.clock.now()).toISOString() });
    try {
      this.store.write(entry);
    } catch (e) {
      this.ctx.out.warn(`the paid-run journal in ${this.store.dir} could not record the answer (${(e as Error).message}).`);
    }
  }
}
