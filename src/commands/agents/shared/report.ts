import type { FlagSpec } from '../../../cli/command.js';
import type { SmartAgentResults } from '../../../api/schemas/agents.js';
import { isFailedStatus } from '../../../api/poll.js';
import type { Context } from '../../../cli/context.js';
import { nextCommand } from '../../../cli/command-line.js';
import { jobFailedError } from '../../../cli/errors.js';
import { ExitCode } from '../../../cli/exit-codes.js';
import { watchWithProgress } from '../../../cli/wait.js';
import { STRICT_FLAG } from '../../../cli/cmdutil/enrich-watch.js';
import { counted, formatCount as n } from '../../../cli/output/numbers.js';

/** Waiting for smart-agent runs and showing their results, shared by `agents run` and `agents results`. */

export const RESULT_COLUMNS = ['lead_id', 'value', 'error'];

/** enrich's --strict, said of a run's leads. */
export const AGENT_STRICT_FLAG = {
  ...STRICT_FLAG,
  description: 'exit 8 when the run ends with leads that got no value (a warning and exit 0 without it)',
} as const satisfies FlagSpec;

const processedOf = (r: SmartAgentResults) => r.succeeded + r.failed;

export function progressText(id: string, r?: SmartAgentResults): string {
  if (!r) return `Running smart agent (${id})`;
  return `Running smart agent (${id}): ${r.status}, ${n(processedOf(r))}/${counted(r.total, 'lead')}`;
}

/** Waits with a progress line; Ctrl-C leaves the run going and says how to read it later. */
export function watchAgentRun(ctx: Context, id: string): Promise<SmartAgentResults> {
  const resume = `The run keeps going. Read its results with: ${nextCommand(ctx, ['agents', 'results', id, '--wait'])}`;
  return watchWithProgress(
    ctx,
    (r?: SmartAgentResults) => progressText(id, r),
    resume,
    (o) => ctx.api.agents.waitFor(id, o),
  );
}

/** The results table (the whole results object with --json). */
export function printResults(ctx: Context, r: SmartAgentResults): Promise<void> {
  return ctx.out.print({
    kind: 'rows',
    payload: r,
    rows: r.results,
    columns: RESULT_COLUMNS,
    emptyMessage: r.status === 'pending' ? 'No results yet: the run has not started processing.' : 'No results.',
  });
}

/**
 * Prints a finished run's results and a summary (succeeded, failed, credits); a failed run
 * is exit 8, a completed one with failed leads 0 with a warning (8 with `strict`).
 * `credits` is what the run took when it is known from its start.
 */
export async function reportAgentRun(
  ctx: Context,
  r: SmartAgentResults,
  opts: { credits?: number; strict?: boolean | undefined } = {},
): Promise<number> {
  await printResults(ctx, r);
  const id = r.smart_agent_task_id;
  if (isFailedStatus(r.status)) {
    const refunded = r.credits_refunded ? ` ${counted(r.credits_refunded, 'credit')} were refunded.` : '';
    throw jobFailedError(
      `smart agent run ${id} failed.${refunded}`,
      'Run it again with a new estimate; nothing was written to the list column.',
    );
  }
  const charged = r.credits_charged ?? opts.credits;
  const credits = charged === undefined ? '' : `; ${n(charged)} credit${charged === 1 ? '' : 's'} charged`;
  const where = r.column_name ? ` into column "${r.column_name}"` : '';
  const line = `${n(r.succeeded)} of ${counted(r.total, 'lead')} succeeded${where}, ${n(r.failed)} failed${credits}.`;
  if (r.failed > 0) ctx.out.warn(`Completed: ${line}`);
  else ctx.out.success(`Completed: ${line}`);
  ctx.out.info(`Read them again with: ${nextCommand(ctx, ['agents', 'results', id])}`);
  return r.failed > 0 && opts.strict ? ExitCode.JOB_FAILED : ExitCode.OK;
}

/** A run still going: what is done so far and how to wait for the rest. */
export function stillRunning(ctx: Context, r: SmartAgentResults): void {
  ctx.out.info(
    `Still ${r.status}: ${n(processedOf(r))} of ${counted(r.total, 'lead')} done. Wait for the end with: ${nextCommand(ctx, ['agents', 'results', r.smart_agent_task_id, '--wait'])}`,
  );
}
