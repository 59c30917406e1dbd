import type { Client } from '../../api/client.js';
import type { SmartAgentRunBody } from '../../api/schemas/agents.js';
import { nextCommand } from '../../cli/command-line.js';
import type { Context } from '../../cli/context.js';
import { PaidRunJournal } from '../../cli/journal.js';
import { RunInProgressError, refuseAgentRunGoing, type RunGoingCheck } from '../../workflows/agents/run-going.js';

/**
 * agents run while a run on the same list and column is going (workflows/agents/run-going.ts):
 * refused (exit 7), naming the run and the command that follows it; a dry run says so as a
 * warning and still prints the quote. Checked before the estimate and again just before the
 * send, under the journal's lock (a run started while the person decided). An identical request
 * on its way, or whose answer was lost (open in the paid-run journal), is the run going: the
 * journal joins it or runPaid resolves it through its quote, so it is not refused; with
 * --pay-again it is checked like any other.
 */

type RunBody = Omit<SmartAgentRunBody, 'quote_id'>;

export interface RunGoingGuard {
  /** Right before a new run goes out (an identical request on its way is joined first, never refused): refuses it when a run is going. */
  beforeSend(): Promise<void>;
}

/** An identical request on its way, answered since this command began, or whose answer was lost: the run going is its run. */
async function identicalSent(ctx: Context, client: Client, body: RunBody, since: number): Promise<boolean> {
  return (await PaidRunJournal.open(ctx, client)).joinable('run_smart_agent', body, since) !== undefined;
}

export async function guardRunGoing(ctx: Context, client: Client, body: RunBody, opts: { dryRun: boolean; payAgain: boolean; since: number }): Promise<RunGoingGuard> {
  const check: RunGoingCheck = {
    signal: ctx.signal,
    follow: (id) => `Once it has ended, run this again (leads holding a value by then are skipped). Follow it with: ${nextCommand(ctx, ['agents', 'results', id, '--wait'])}`,
  };
  const guard = { beforeSend: () => refuseAgentRunGoing(client, body, check) };
  try {
    await guard.beforeSend();
  } catch (e) {
    if (!(e instanceof RunInProgressError)) throw e;
    // Read after the run was seen: an identical request's entry is written before its run exists.
    if (!opts.payAgain && (await identicalSent(ctx, client, body, opts.since))) return guard;
    if (!opts.dryRun) throw e;
    ctx.out.warn(`${e.problem}. Without --dry-run this run is refused (exit 7). ${e.fix ?? ''}`);
  }
  return guard;
}
