import type { PaidCallJournal } from '../../api/paid-call.js';
import { requestKey, type JournalEntry } from './entry.js';
import { PaidJournal } from './journal.js';

/**
 * A paid-run journal used by calls of one process running at once (the SDK's client). The
 * journal tells whether the sender of an open entry still waits by its process, which is all a
 * CLI command needs: its process sends one request at a time. Here two calls of one process are
 * told apart too: while a call sent through `tracked` waits for the answer of a request, the open
 * entries of that request count as awaited, so an identical call waits for that answer and takes
 * it (one request sent) instead of resending its quote (one run, but a second request).
 */
export class ConcurrentPaidJournal extends PaidJournal {
  /** Request keys, and how many calls of this journal wait for an answer to each. */
  readonly #waiting = new Map<string, number>();
  /** The journals of resends this journal handed out (their entry is checked as they are sent). */
  readonly #resends = new WeakSet<PaidCallJournal>();

  override stillAwaited(entry: JournalEntry): boolean {
    return (this.#waiting.get(requestKey(entry.request, this.service)) ?? 0) > 0 || super.stillAwaited(entry);
  }

  override resending(entry: JournalEntry): PaidCallJournal {
    const journal = super.resending(entry);
    this.#resends.add(journal);
    return journal;
  }

  /**
   * Sends through `send`, handing it `journal` (a recording or a resend of this journal): while
   * `send` runs, the request it sends counts as awaited by this process. Every send of a paid
   * request through this journal goes through here.
   */
  async tracked<R>(journal: PaidCallJournal, send: (journal: PaidCallJournal) => Promise<R>): Promise<R> {
    const held: string[] = [];
    const resend = this.#resends.has(journal);
    try {
      return await send({
        sending: async (request, quoteId) => {
          const key = requestKey(request, this.service);
          // A new entry counts as awaited from before it is written (an identical call may see it at once);
          // a resend only once its entry passed the check that no one else awaits it.
          if (!resend) this.#hold(key);
          let record;
          try {
            record = await journal.sending(request, quoteId);
          } catch (e) {
            if (!resend) this.#release(key);
            throw e;
          }
          if (resend) this.#hold(key);
          held.push(key);
          return record;
        },
      });
    } finally {
      for (const key of held) this.#release(key);
    }
  }

  #hold(key: string): void {
    this.#waiting.set(key, (this.#waiting.get(key) ?? 0) + 1);
  }

  #release(key: string): void {
    const n = (this.#waiting.get(key) ?? 0) - 1;
    if (n > 0) this.#waiting.set(key, n);
    else this.#waiting.delete(key);
  }
}
