import type { PaidCallJournal } from '../../api/paid-call.js';
import type { JournalEntry } from './entry.js';
import { clockTime, JoinedRun, type PaidJournal, type PaidRunInfo, type Recording } from './journal.js';

/**
 * Sends one approved paid request through the journal, paid once across the processes sharing
 * it. When an identical request went out while this one was being made, this one is not sent:
 * it waits for that one's answer and takes it; if that one's sender stopped waiting (it was
 * stopped, or its process is gone), its quote resolves it, so it is still paid once; if that one
 * was refused, this one goes with its own quote.
 */

export interface SentOnce<R> {
  result: R;
  /** The identical request this one joined, when it did. */
  joined?: JournalEntry;
}

/** Tries with its own quote after joins whose request was refused before this one gives up. */
const JOINS = 3;

export async function sendOnce<R>(
  journal: PaidJournal,
  run: PaidRunInfo,
  send: (quoteId: string, journal: PaidCallJournal) => Promise<R>,
  opts: { signal?: AbortSignal | undefined; onRecording?: (r: Recording) => void } = {},
): Promise<SentOnce<R>> {
  for (let joins = 0; ; joins++) {
    const recording = journal.recording(run);
    opts.onRecording?.(recording);
    try {
      return { result: await send(run.quote.quote_id ?? '', recording) };
    } catch (e) {
      if (!(e instanceof JoinedRun) || joins >= JOINS) throw e;
      const entry = await journal.settled(e.entry, opts.signal);
      const by = `process ${entry.pid}${entry.pid === process.pid ? ' (this one)' : ''}`;
      if (entry.state === 'answered' && entry.answer !== undefined) {
        journal.notesInfo(
          `An identical request was sent at ${clockTime(entry.sent_at)} by ${by} while this one was being made; this is its answer, not paid again.`,
        );
        return { result: entry.answer as R, joined: entry };
      }
      if (entry.state === 'sent') {
        // Nobody waits for it: its own quote reads back what it started, or runs it once.
        return { result: await send(entry.quote.quote_id ?? '', journal.resending(entry)), joined: entry };
      }
      if (entry.state === 'answered') throw new JoinedRunUnknown(entry);
      // Refused (nothing was done) or given up: this one goes with its own quote.
    }
  }
}

/** The identical request ran, but its answer was not kept (its quote was used by a run that cannot be read back). */
export class JoinedRunUnknown extends Error {
  /** The identical request, as the journal holds it. */
  readonly entry: JournalEntry;

  /** Made by the SDK; not for your own code to construct. */
  constructor(entry: JournalEntry) {
    super(
      `an identical request sent at ${clockTime(entry.sent_at)} ran${entry.run_id ? ` (${entry.run_id})` : ''} while this one was being made, but its answer was not kept; nothing was spent now`,
    );
    this.name = 'JoinedRunUnknown';
    this.entry = entry;
  }
}
