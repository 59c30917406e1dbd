import type { PaidCallJournal } from '../api/paid-call.js';
import { EarlierRunUnknownError, resolveEarlier, type ResolveEarlierOptions } from '../workflows/journal/resolve-earlier.js';
import { JoinedRunUnknown } from '../workflows/journal/send-once.js';
import type { FlagSpec } from './command.js';
import type { Context } from './context.js';
import { nextCommand, sameCommand } from './command-line.js';
import { CliError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import { clockTime, type PaidRunJournal } from './journal.js';
import { destinationNote, unknownRunChecks } from './journal-checks.js';
import type { JournalEntry, JournalQuote } from '../workflows/journal/entry.js';
import { systemProbe } from '../workflows/journal/owner.js';

/**
 * Before a paid command estimates anything: an identical earlier request of this service and
 * identity whose answer was lost (killed, Ctrl-C, the connection gone) is sent again with its
 * own quote. The service runs it now (it never arrived) or answers quote_already_redeemed
 * naming the run, which is read back: either way it is paid once, and nobody is asked again
 * (the spend was approved when it was first sent). When its quote expired, no one can tell
 * whether it ran, and paying again takes --pay-again (exit 5, as any quote that cannot pay:
 * nothing is spent). While the process that sent it still runs (it waits for that answer), the
 * command waits for that answer and takes it; --pay-again pays for another run instead.
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

/** An identical request ran while this one waited for it, but its answer was not kept: exit 5 like earlierRunUnknown (nothing is spent). */
function joinedRunUnknown(ctx: Context, e: JoinedRunUnknown): CliError {
  return new CliError({
    code: 'earlier_run_answered',
    message: e.message,
    fix: `See it with \`${nextCommand(ctx, ['runs', 'ls'])}\`, or pay for another run with: ${payingAgain(ctx)}`,
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

/** The CLI's words for resolving earlier requests (workflows/journal/resolve-earlier.ts does the work). */
export function resolveNotes(ctx: Context): ResolveEarlierOptions {
  return {
    signal: ctx.signal,
    payAgain: payAgainGiven(ctx.argv),
    unknownFix: (e) => earlierRunUnknown(ctx, e).fix ?? '',
    onInFlight: (e, waiting) => {
      const where = e.host && e.host !== systemProbe.host ? ` on ${e.host}` : '';
      ctx.out.info(
        waiting
          ? `An identical run was sent at ${clockTime(e.sent_at)} by process ${e.pid}${where}, which still waits for its answer; waiting for that answer instead of paying again.`
          : `${PAY_AGAIN}: the identical run sent at ${clockTime(e.sent_at)} is left to process ${e.pid}; paying for another one.`,
      );
    },
    onPaidAgain: (e) => ctx.out.info(`${PAY_AGAIN}: the earlier run of ${clockTime(e.sent_at)} stays unknown; paying for a new one.`),
  };
}

/** The workflow's errors in the CLI's words: exit 5, naming what to check and --pay-again. */
export function resolveFailure(ctx: Context, e: unknown): unknown {
  if (e instanceof EarlierRunUnknownError) return earlierRunUnknown(ctx, e.entry);
  if (e instanceof JoinedRunUnknown) return joinedRunUnknown(ctx, e);
  return e;
}

/** The earlier run's outcome, or undefined when there is none to resolve (or --pay-again gave it up). */
export async function resolveEarlierRun<R>(
  ctx: Context,
  journal: PaidRunJournal,
  tool: string,
  run: (quoteId: string, journal: PaidCallJournal | null) => Promise<R>,
): Promise<{ quote: JournalQuote; result: R } | undefined> {
  try {
    const r = await resolveEarlier(journal, tool, run, resolveNotes(ctx));
    return r && { quote: r.quote, result: r.result };
  } catch (e) {
    throw resolveFailure(ctx, e);
  }
}
