import { isApiError } from '../../../api/errors.js';
import type { SmartAgentRun } from '../../../api/schemas/agents.js';
import { AGENT_RUNS_PAGE } from '../../../api/schemas/values/agents.js';
import { nextCommand } from '../../../cli/command-line.js';
import type { Context } from '../../../cli/context.js';
import { formatCount as n } from '../../../cli/output/numbers.js';

/**
 * Leads a run would pay for again to no end. A lead an agent fails on (company_intel for a lead
 * whose company is not known, say) is charged like the others and gets no value in the column,
 * so the next run without --overwrite selects it again, charges it again, and fails again.
 * Said before anyone pays, from free reads: the list's runs (GET /smart-agents?list_id) and the
 * results of the latest completed run of this agent on this column (GET /smart-agents/{id}).
 */

export interface FailedBefore {
  /** The latest completed run of this agent on this column. */
  run: SmartAgentRun;
  /** Its leads that got no value and are selected again. */
  leadIds: string[];
  /** Why one of them failed, as the service said. */
  error: string | undefined;
}

/** Older runs on the column read for values they gave (a failed lead with a value from one of them is not selected again). */
const OLDER_RUNS_READ = 5;

/** The printed remove command names the leads up to this many; past it, where to read their ids. */
const IDS_PRINTED = 20;

/**
 * The leads of the latest completed run of this agent on this column that failed, and that this
 * run selects again: without --overwrite, those no run on the column gave a value. undefined when
 * there are none, or when the runs cannot be read (a key without smart_agents:read): the note is a
 * courtesy, never a reason not to run.
 */
export async function failedBefore(
  ctx: Context,
  req: { list_id: string; agent_type: string; column: string; overwrite: boolean },
): Promise<FailedBefore | undefined> {
  try {
    const { runs } = await ctx.api.agents.list({ list_id: req.list_id, limit: AGENT_RUNS_PAGE.max });
    // A run that failed as a whole wrote nothing and was refunded: it changes nothing here.
    const completed = runs.filter((r) => r.column_name === req.column && r.status === 'completed');
    const latest = completed[0];
    if (!latest || latest.agent_type !== req.agent_type || latest.failed === 0) return undefined;
    const failed = (await ctx.api.agents.results(latest.task_id)).results.filter((r) => r.value === null);
    let ids = failed.map((r) => r.lead_id);
    if (!req.overwrite)
      for (const older of completed.slice(1, 1 + OLDER_RUNS_READ)) {
        if (ids.length === 0) break;
        if (older.processed === older.failed) continue;
        const valued = new Set((await ctx.api.agents.results(older.task_id)).results.filter((r) => r.value !== null).map((r) => r.lead_id));
        ids = ids.filter((id) => !valued.has(id));
      }
    if (ids.length === 0) return undefined;
    return { run: latest, leadIds: ids, error: failed.find((r) => r.error)?.error ?? undefined };
  } catch (e) {
    if (isApiError(e) && !ctx.signal.aborted) return undefined;
    throw e;
  }
}

/**
 * The warning, with the run's real selection: `selected` leads of the quote. Without
 * --overwrite the failed leads come first among the leads without a value (they were the
 * first an earlier run took), so min(failed, selected) of them are selected. With --overwrite
 * a subset is the first leads of the list, where they may or may not be: "up to", unless the
 * run covers the whole list (`coversAll`).
 */
export function failedBeforeNote(
  ctx: Context,
  f: FailedBefore,
  run: { selected: number; coversAll: boolean; overwrite: boolean; listArg: string },
): string | undefined {
  const count = Math.min(f.leadIds.length, run.selected);
  if (count === 0) return undefined;
  const exact = !run.overwrite || run.coversAll;
  const which = `${exact ? '' : 'up to '}${n(count)} of the ${n(run.selected)} selected leads`;
  const why = f.error ? ` (${f.error})` : '';
  const skip =
    f.leadIds.length <= IDS_PRINTED
      ? `remove them from the list first (memberships only; the lead records stay): ${nextCommand(ctx, ['lists', 'remove', run.listArg, '--lead-ids', f.leadIds.join(',')])}`
      : `remove them from the list first with lists remove (memberships only); their ids are the rows with an error in: ${nextCommand(ctx, ['agents', 'results', f.run.task_id, '--fields', 'lead_id,error'])}`;
  return (
    `${which} failed in an earlier run of ${f.run.agent_type} on column "${f.run.column_name}" (${f.run.task_id})${why} and will be charged again: ` +
    `a lead that gets no value is charged all the same, and ${run.overwrite ? '--overwrite selects it' : 'keeps no value, so each run selects it'} again. ` +
    `No flag leaves them out (a run takes no list of leads); to skip them, ${skip}`
  );
}
