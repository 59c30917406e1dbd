import { defineCommand, type FlagOptions, type FlagSpec } from '../../cli/command.js';
import { jobFailedError, usageError } from '../../cli/errors.js';
import type { EnrichmentStatusResponse } from '../../api/schemas/enrichment.js';
import { isFailedStatus, isTerminalStatus } from '../../api/poll.js';
import type { Context } from '../../cli/context.js';
import { ExitCode } from '../../cli/exit-codes.js';
import { counted, formatCount as n } from '../../cli/output/numbers.js';
import { STATUS_FIELDS, STRICT_FLAG, reportRun, settlementLine, watchRun } from './watch.js';
import { nextCommand } from '../../cli/command-line.js';

/** The columns of a table of several runs (tsv, csv and --fields keep every status field). */
export const TABLE_COLUMNS = ['workflow_id', 'status', 'processed', 'total', 'completed', 'failed', 'credits_charged', 'credits_refunded'];

/**
 * The run ids, in order and each once: separate words (`enrich status $WF`, unquoted), or
 * several in one word, one per line (a quoted "$WF" holding what import --no-wait printed).
 */
function runIds(args: readonly string[]): string[] {
  return [...new Set(args.flatMap((a) => a.split(/\s+/)).filter(Boolean))];
}

const FLAGS = [{ flags: '--wait', description: 'wait until the run ends (every run, given several), with progress' }, STRICT_FLAG] as const satisfies readonly FlagSpec[];

type Options = FlagOptions<typeof FLAGS>;

export const command = defineCommand({
  description:
    'Shows an enrichment run: status, rows processed, credits charged so far (settled with the refund once it ends). ' +
    'Takes a workflow id (enrich-..., bulk-enrich-...) or the task_id of a by-task run. Free. ' +
    'Takes several ids too, such as the ids `import --enrich --no-wait` prints one per line (one run per chunk): ' +
    'one row per run (a JSON array with --json), --wait waits for them all, one settlement line sums them, and the exit code ' +
    'is the worst run\u2019s (8 when one ended failed, canceled or terminated; with --strict also completed_with_errors).',
  args: [{ name: 'id', description: 'a workflow id or a cohort handle (svc-task_...); several ids for several runs', required: true, variadic: true }],
  flags: FLAGS,
  examples: [
    'prospect enrich status bulk-enrich-...',
    'prospect enrich status enrich-... --wait --json',
    'WF=$(prospect import "Q3 leads" leads.csv --enrich partial --yes --no-wait) && prospect enrich status $WF --wait',
  ],
  related: ['prospect enrich list', 'prospect enrich person', 'prospect import'],
  async run(opts, ctx) {
    const ids = runIds(opts.args);
    if (ids.length === 0) throw usageError('the run id is empty', 'Pass the workflow_id (enrich-..., bulk-enrich-...) or task_id the run started with.');
    if (ids.length > 1) return severalRuns(ctx, ids, opts);
    const id = ids[0]!;
    const s = opts.wait ? await watchRun(ctx, id) : await ctx.api.enrichment.status(id);
    if (isTerminalStatus(s.status)) return reportRun(ctx, s, { strict: opts.strict });
    await ctx.out.print({ kind: 'object', payload: s, fields: STATUS_FIELDS });
    ctx.out.info(`Still ${s.status}. Wait for the end with: ${nextCommand(ctx, ['enrich', 'status', id, '--wait'])}`);
  },
});

/** Several runs: read (or waited for) one after the other, one row each, then one report. */
async function severalRuns(ctx: Context, ids: readonly string[], opts: Options): Promise<number> {
  const runs: EnrichmentStatusResponse[] = [];
  for (const [index, id] of ids.entries()) runs.push(opts.wait ? await watchRun(ctx, id, { ids, index }) : await ctx.api.enrichment.status(id));
  await ctx.out.print({ kind: 'rows', payload: runs, rows: runs, columns: STATUS_FIELDS, tableColumns: TABLE_COLUMNS });
  return reportRuns(ctx, ids, runs, Boolean(opts.strict));
}

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
    const head = ended.length === runs.length ? `All ${counted(runs.length, 'run')} ended` : `${n(ended.length)} of ${counted(runs.length, 'run')} ended`;
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
