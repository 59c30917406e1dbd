import { createHash } from 'node:crypto';
import type { Client } from '../api/client.js';
import type { ApiError } from '../api/errors.js';
import type { PaidCallJournal, PaidCallRecord, PaidRequestShape, Redemption } from '../api/paid-call.js';
import type { Quote } from '../api/schemas/credits.js';
import type { Context } from './context.js';
import { CliError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import { journalQuote, runIdOf, sameRequest, sameService, type JournalEntry, type ServiceIdentity } from './journal-entry.js';
import { JournalStore, journalDir, newEntryId } from './journal-store.js';

/**
 * The paid-run journal of one command: it writes each paid request down before it is sent
 * and records its answer, and finds an identical earlier request whose answer was lost, so
 * that request is resolved through its quote instead of paid for again.
 */

/** Thrown (before anything is sent) when a resend of a journaled request turns out to be another request. */
export class NotTheJournaledRequest extends Error {
  constructor() {
    super('not the journaled request');
    this.name = 'NotTheJournaledRequest';
  }
}

/** What the question named and the quote that pays for it, for the entry. */
export interface PaidRunInfo {
  tool: string;
  what: string;
  quote: Quote;
}

/** HH:MM of an ISO time, on this machine's clock face. */
export const clockTime = (iso: string) => new Date(iso).toTimeString().slice(0, 5);

/** Whether another process that is still running sent the entry (and so still waits for its answer). */
function inFlightElsewhere(e: JournalEntry): boolean {
  if (e.pid === process.pid) return false;
  try {
    process.kill(e.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function serviceOf(ctx: Context, client: Client): Promise<ServiceIdentity> {
  const st = ctx.settings();
  const key = st.sandbox ? (await ctx.sandbox()).demoKey : (st.apiKey?.value ?? '');
  const url = new URL(client.baseUrl.href);
  url.username = '';
  url.password = '';
  return { base_url: url.href, sandbox: st.sandbox, profile: st.profile.value, key_fingerprint: createHash('sha256').update(key).digest('hex').slice(0, 16) };
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

  /** Requests of this service and tool sent with no answer that no running process waits for, newest first. */
  unanswered(tool: string): JournalEntry[] {
    return this.store.list().filter((e) => e.state === 'sent' && e.tool === tool && sameService(e.service, this.service) && !inFlightElsewhere(e));
  }

  /** The journal of a run sent with a new quote: each request is written down before it goes out. */
  recording(run: PaidRunInfo): PaidCallJournal {
    return {
      sending: async (request, quoteId) => {
        const now = this.ctx.clock.now();
        const entry: JournalEntry = {
          id: newEntryId(now),
          state: 'sent',
          sent_at: new Date(now).toISOString(),
          tool: run.tool,
          what: run.what,
          estimated_cost: run.quote.estimated_cost,
          quote: { ...journalQuote(run.quote), quote_id: quoteId },
          request,
          service: this.service,
          pid: process.pid,
        };
        this.writeBeforeSending(entry);
        return this.record(entry, false);
      },
    };
  }

  /** The journal of a resend of `entry` with its own quote: any other request is refused unsent. */
  resending(entry: JournalEntry): PaidCallJournal {
    return {
      sending: async (request: PaidRequestShape) => {
        if (!sameRequest(request, entry.request)) throw new NotTheJournaledRequest();
        this.ctx.out.info(
          `An earlier run of this command was sent at ${clockTime(entry.sent_at)} but its answer was lost; resolving it through its quote instead of paying again.`,
        );
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
    return {
      resend,
      answered: async (result: unknown) => this.update(entry, { state: 'answered', run_id: runIdOf(result), outcome: how }),
      used: async (r: Redemption | undefined) =>
        this.update(entry, { state: 'answered', run_id: r?.workflow_id ?? r?.task_id ?? null, outcome: 'its quote was used (charged); the run cannot be read back' }),
      refused: async (e: ApiError) => this.update(entry, { state: 'not_charged', outcome: `${e.code} (${e.status || 'no connection'})` }),
    };
  }

  private writeBeforeSending(entry: JournalEntry): void {
    try {
      this.store.prune(this.ctx.clock.now());
      this.store.write(entry);
    } catch (e) {
      throw new CliError({
        code: 'journal_unwritable',
        message: `cannot write the paid-run journal in ${this.store.dir}: ${(e as Error).message}`,
        fix: 'Make that folder writable, or set PROSPECT_DATA_DIR to one that is. Nothing was sent.',
        exitCode: ExitCode.UNEXPECTED,
      });
    }
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
