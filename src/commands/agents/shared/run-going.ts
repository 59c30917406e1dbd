import type { SmartAgentRunBody } from '../../../api/schemas/agents.js';
import { nextCommand } from '../../../cli/command-line.js';
import type { Context } from '../../../cli/context.js';
import { PaidRunJournal } from '../../../cli/journal.js';
import {
  agentRunSend,
  RunInProgressError,
  refuseAgentRunGoing,
  type AgentRunSend,
  type RunGoingCheck,
} from '../../../workflows/agents/run-going.js';

/**
 * agents run while a run on the same list and column is going or on its way
 * (workflows/agents/run-going.ts, the rule of every face): refused (exit 7), naming the run and the
 * command that follows it; a dry run says so as a warning and still prints the quote. An
 * identical request on its way, or answered since the command began, is not refused (the journal
 * joins it, or runPaid resolves it through its quote); with --pay-again it is checked like any
 * other. Checked again right before the send, under the journal's lock of the list and column.
 */

type RunBody = Omit<SmartAgentRunBody, 'quote_id'>;

/** What runPaid passes to the journal when the run goes out (PaidPlan.lockKey, PaidPlan.beforeSend). */
export type RunGoingGuard = AgentRunSend;

export async function guardRunGoing(
  ctx: Context,
  body: RunBody,
  opts: { dryRun: boolean; payAgain: boolean; since: number },
): Promise<RunGoingGuard> {
  const check: RunGoingCheck = {
    follow: (id) =>
      `Once it has ended, run this again (leads holding a value by then are skipped). Follow it with: ${nextCommand(ctx, ['agents', 'results', id, '--wait'])}`,
    find: (list) =>
      `Once it has ended, run this again (leads holding a value by then are skipped). Find it with: ${nextCommand(ctx, ['agents', 'ls', '--list', list])}`,
  };
  const journal = await PaidRunJournal.open(ctx);
  try {
    await refuseAgentRunGoing(ctx.api, body, { ...check, journal, since: opts.since, payAgain: opts.payAgain });
  } catch (e) {
    if (!(e instanceof RunInProgressError) || !opts.dryRun) throw e;
    ctx.out.warn(`${e.problem}. Without --dry-run this run is refused (exit 7). ${e.fix ?? ''}`);
  }
  return agentRunSend(ctx.api, body, { ...check, journal });
}
