import { LostResponseError, type PaidCallJournal } from '../api/paid-call.js';
import type { FlagSpec } from './command.js';
import type { Context } from './context.js';
import { nextCommand, sameCommand } from './command-line.js';
import { CliError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import { clockTime, NotTheJournaledRequest, StillInFlight, type PaidRunJournal } from './journal.js';
import { destinationNote, unknownRunChecks } from './journal-checks.js';
import type { JournalEntry, JournalQuote } from '../workflows/journal/entry.js';
import { systemProbe } from '../workflows/journal/owner.js';

/**
 * Before a paid command estimates anything: an identical earlier request of this service and
 * identity whose answer was lost (killed, Ctrl-C, the connection gone) is sent again with its
 * own quote. The service runs it now (it never arrived) or answers quote_already_redeemed
 * naming the run, which is read back: either way it is paid once, and nobody is asked again
 * (the spend was approved when it was first sent). When its quote expired, no one can tell
 * whether it ran, and paying again takes --pay-again. While the process that sent it still
 * runs (it waits for that answer), the command refuses too: paying again takes --pay-again.
 * Both exit 5, as any quote that cannot pay does: nothing is spent, and the credits are what
 * is at stake.
 */

export const PAY_AGAIN = '--pay-again';

export const PAY_AGAIN_FLAG = {
  flags: PAY_AGAIN,
  description:
    'pay for a new run even though an identical earlier one got no answer (its quote expired, or another process still waits for it); check `prospect runs ls` first',
} as const satisfies FlagSpec;

/** Whether --pay-again is on the command line (it is a flag of each paid command, not a global one). */
function payAgainGiven(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes(PAY_AGAIN);
}

/** This command again with --pay-again. */
const payingAgain = (ctx: Context) => sameCommand({ argv: payAgainGiven(ctx.argv) ? ctx.argv : [...ctx.argv, PAY_AGAIN] });

/** An identical request is awaited by another process that still runs: exit 5 like earlierRunUnknown (nothing is spent). */
function earlierRunInFlight(ctx: Context, e: JournalEntry, here: string): CliError {
  const where = e.host && e.host !== here ? ` on ${e.host}` : '';
  return new CliError({
    code: 'earlier_run_in_flight',
    message: `an identical run was sent at ${clockTime(e.sent_at)} by process ${e.pid}${where}, which still waits for its answer; nothing was spent now`,
    fix: `Wait for that command to finish (\`${nextCommand(ctx, ['runs', 'ls'])}\` shows the run), or pay for another run with: ${payingAgain(ctx)}`,
    exitCode: ExitCode.CREDITS,
  });
}

/** The earlier run cannot be told: exit 5, as for any quote that cannot pay (nothing is spent). */
function earlierRunUnknown(ctx: Context, e: JournalEntry): CliError {
  const expired = e.quote.expires_at ? ` (its quote expired at ${clockTime(new Date(e.quote.expires_at * 1000).toISOString())})` : '';
  const checks = [nextCommand(ctx, ['runs', 'ls']), ...unknownRunChecks(ctx, e)].map((c) => `\`${c}\``);
  const destination = destinationNote(e);
  return new CliError({
    code: 'earlier_run_unknown',
    message: `an earlier run of this command was sent at ${clockTime(e.sent_at)} and got no answer${expired}, so whether it ran and was charged cannot be told; nothing was spent now`,
    fix: `Check ${[...(destination ? [destination] : []), ...checks].join(', ')}; if it did not run, pay for it again with: ${payingAgain(ctx)}`,
    exitCode: ExitCode.CREDITS,
  });
}

/**
 * An identical request another process still waits for: this command waits for that answer
 * and takes it (never paying a second time), or, when that process stops waiting, resolves it
 * through its quote. Undefined when that request was refused: this command pays for its own.
 */
async function joinInFlight<R>(
  ctx: Context,
  journal: PaidRunJournal,
  entry: JournalEntry,
  run: (quoteId: string, journal: PaidCallJournal | null) => Promise<R>,
): Promise<{ quote: JournalQuote; result: R } | undefined> {
  const where = entry.host && entry.host !== systemProbe.host ? ` on ${entry.host}` : '';
  ctx.out.info(`An identical run was sent at ${clockTime(entry.sent_at)} by process ${entry.pid}${where}, which still waits for its answer; waiting for that answer instead of paying again.`);
  const now = await journal.settled(entry, ctx.signal);
  if (now.state === 'answered' && now.answer !== undefined) return { quote: now.quote, result: now.answer as R };
  if (now.state === 'sent') return { quote: now.quote, result: await run(now.quote.quote_id ?? '', journal.resending(now)) };
  if (now.state === 'answered') throw earlierRunInFlight(ctx, now, systemProbe.host);
  return undefined;
}

/** The earlier run's outcome, or undefined when there is none to resolve (or --pay-again gave it up). */
export async function resolveEarlierRun<R>(
  ctx: Context,
  journal: PaidRunJournal,
  tool: string,
  run: (quoteId: string, journal: PaidCallJournal | null) => Promise<R>,
): Promise<{ quote: JournalQuote; result: R } | undefined> {
  for (const entry of journal.unanswered(tool)) {
    try {
      const result = await run(entry.quote.quote_id ?? '', journal.resending(entry));
      return { quote: entry.quote, result };
    } catch (e) {
      if (e instanceof NotTheJournaledRequest) continue;
      if (e instanceof StillInFlight) {
        if (payAgainGiven(ctx.argv)) {
          ctx.out.info(`${PAY_AGAIN}: the identical run sent at ${clockTime(entry.sent_at)} is left to process ${entry.pid}; paying for another one.`);
          continue;
        }
        const joined = await joinInFlight(ctx, journal, entry, run);
        if (joined) return joined;
        continue;
      }
      if (!(e instanceof LostResponseError) || e.reason !== 'quote_expired') throw e;
      if (!payAgainGiven(ctx.argv)) throw earlierRunUnknown(ctx, entry);
      journal.paidAgain(entry);
      ctx.out.info(`${PAY_AGAIN}: the earlier run of ${clockTime(entry.sent_at)} stays unknown; paying for a new one.`);
    }
  }
  return undefined;
}
