import type { EnrichmentStatusResponse } from '../../../api/schemas/enrichment.js';
import { isFailedStatus, isTerminalStatus } from '../../../api/poll.js';
import type { Context } from '../../../cli/context.js';
import { jobFailedError } from '../../../cli/errors.js';
import { ExitCode } from '../../../cli/exit-codes.js';
import { nextCommand } from '../../../cli/command-line.js';
import { counted, formatCount as n } from '../../../cli/output/numbers.js';
import { settlementLine } from '../../../cli/cmdutil/enrich-watch.js';

/** The columns of a table of several runs (tsv, csv and --fields keep every status field). */
export const TABLE_COLUMNS = ['workflow_id', 'status', 'processed', 'total', 'completed', 'failed', 'credits_charged', 'credits_refunded'];

/**
 * What the runs that ended found and cost, summed, and the exit code of the worst run by
 * reportRun's rules: one failed, canceled or terminated is 8 (an error naming it); one
 * completed_with_errors is 0 with a warning, 8 with --strict. Runs still going are said with
 * the command that waits for them.
 */
export function reportRuns(ctx: Context, ids: readonly string[], runs: readonly EnrichmentStatusResponse[], strict: boolean): number {
  const ended = runs.filter((r) => isTerminalStatus(r.status));
  const failed = ended.filter((r) => isFailedStatus(r.status));
  const withErrors = ended.filter((r) => r.status === 'completed_with_errors');
  const sum = (pick: (r: EnrichmentStatusResponse) => number) => ended.reduce((total, r) => total + pick(r), 0);
  let summary = '';
  if (ended.length > 0) {
    const reserved = ended.every((r) => r.credits_reserved !== undefined) ? { credits_reserved: sum((r) => r.credits_reserved ?? 0) } : {};
    const settled = settlementLine({
      credits_charged: sum((r) => r.credits_charged),
      credits_refunded: sum((r) => r.credits_refunded),
      ...reserved,
      ...(ended.some((r) => r.refund_status === 'pending_review') ? { refund_status: 'pending_review' } : {}),
    });
    const head =
      ended.length === runs.length
        ? `All ${counted(runs.length, 'run')} ended`
        : `${n(ended.length)} of ${counted(runs.length, 'run')} ended`;
    const nothing = sum((r) => r.failed);
    const foundNothing = withErrors.length > 0 && nothing > 0 ? `, ${n(nothing)} found nothing (not charged)` : '';
    summary = `${head}: ${n(sum((r) => r.completed))} of ${n(sum((r) => r.total))} rows enriched${foundNothing}. ${settled}`;
    if (failed.length === 0) {
      if (withErrors.length > 0) ctx.out.warn(summary);
      else ctx.out.success(summary);
    }
  }
  const going = runs.filter((r) => !isTerminalStatus(r.status));
  if (going.length > 0)
    ctx.out.info(
      `Still going: ${going.map((r) => `${r.workflow_id} (${r.status})`).join(', ')}. Wait for the end with: ${nextCommand(ctx, ['enrich', 'status', ...ids, '--wait'])}`,
    );
  if (failed.length > 0)
    throw jobFailedError(
      `${n(failed.length)} of ${n(runs.length)} enrichment runs did not complete: ${failed.map((r) => `${r.workflow_id} ended ${r.status}`).join(', ')}. ${summary}`,
      'Check the list and the balance, then run it again with a new estimate.',
    );
  return withErrors.length > 0 && strict ? ExitCode.JOB_FAILED : ExitCode.OK;
}
