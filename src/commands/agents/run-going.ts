import type { Client } from '../../api/client.js';
import type { SmartAgentRunBody } from '../../api/schemas/agents.js';
import { nextCommand } from '../../cli/command-line.js';
import type { Context } from '../../cli/context.js';
import { sameRequest } from '../../workflows/journal/entry.js';
import { PaidRunJournal } from '../../cli/journal.js';
import { RunInProgressError, refuseAgentRunGoing, type RunGoingCheck } from '../../workflows/agents/run-going.js';

/**
 * agents run while a run on the same list and column is going (workflows/agents/run-going.ts):
 * refused (exit 7), naming the run and the command that follows it; a dry run says so as a
 * warning and still prints the quote. Checked before the estimate and again just before the
 * send (a run started while the person decided). An earlier send of this very request whose
 * answer was lost (open in the paid-run journal) is the run going: runPaid resolves it through
 * its quote, so it is not refused; with --pay-again it is checked like any other.
 */

type RunBody = Omit<SmartAgentRunBody, 'quote_id'>;

export interface RunGoingGuard {
  /** Before the run goes out with `quoteId`: refuses it when a run is going, unless the quote is the journaled one. */
  beforeSend(quoteId: string): Promise<void>;
}

/** Quotes of identical earlier sends with no answer yet: resending one resolves the run it started. */
async function journaledQuotes(ctx: Context, client: Client, body: RunBody): Promise<Set<string>> {
  const journal = await PaidRunJournal.open(ctx, client);
  const same = journal.unanswered('run_smart_agent').filter((e) => sameRequest(e.request, { ...e.request, body }));
  return new Set(same.map((e) => e.quote.quote_id ?? ''));
}

export async function guardRunGoing(ctx: Context, client: Client, body: RunBody, opts: { dryRun: boolean; payAgain: boolean }): Promise<RunGoingGuard> {
  const check: RunGoingCheck = {
    signal: ctx.signal,
    follow: (id) => `Once it has ended, run this again (leads holding a value by then are skipped). Follow it with: ${nextCommand(ctx, ['agents', 'results', id, '--wait'])}`,
  };
  const journaled = opts.payAgain ? new Set<string>() : await journaledQuotes(ctx, client, body);
  if (journaled.size === 0) {
    try {
      await refuseAgentRunGoing(client, body, check);
    } catch (e) {
      if (!(opts.dryRun && e instanceof RunInProgressError)) throw e;
      ctx.out.warn(`${e.problem}. Without --dry-run this run is refused (exit 7). ${e.fix ?? ''}`);
    }
  }
  return {
    beforeSend: async (quoteId) => {
      if (!journaled.has(quoteId)) await refuseAgentRunGoing(client, body, check);
    },
  };
}
