import { defineCommand, type FlagOptions, type FlagSpec } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import type { EnrichmentStatusResponse } from '../../api/schemas/enrichment.js';
import { isTerminalStatus } from '../../api/poll.js';
import type { Context } from '../../cli/context.js';
import { STATUS_FIELDS, STRICT_FLAG, reportRun, watchRun } from '../../cli/cmdutil/enrich-watch.js';
import { TABLE_COLUMNS, reportRuns } from './shared/report-runs.js';
import { nextCommand } from '../../cli/command-line.js';

/**
 * The run ids, in order and each once: separate words (`enrich status $WF`, unquoted), or
 * several in one word, one per line (a quoted "$WF" holding what import --no-wait printed).
 */
function runIds(args: readonly string[]): string[] {
  return [...new Set(args.flatMap((a) => a.split(/\s+/)).filter(Boolean))];
}

const FLAGS = [
  { flags: '--wait', description: 'wait until the run ends (every run, given several), with progress' },
  STRICT_FLAG,
] as const satisfies readonly FlagSpec[];

type Options = FlagOptions<typeof FLAGS>;

export const command = defineCommand({
  description:
    'Shows an enrichment run: status, rows processed, credits charged so far (settled with the refund once it ends). ' +
    'Takes a workflow id (enrich-..., bulk-enrich-...) or the task_id of a by-task run. Free. ' +
    'Takes several ids too, such as the ids `import --enrich --no-wait` prints one per line (one run per chunk): ' +
    'one row per run (a JSON array with --json), --wait waits for them all, one settlement line sums them, and the exit code ' +
    'is the worst run\u2019s (8 when one ended failed, canceled or terminated; with --strict also completed_with_errors).',
  args: [
    {
      name: 'id',
      description: 'a workflow id or a cohort handle (svc-task_...); several ids for several runs',
      required: true,
      variadic: true,
    },
  ],
  flags: FLAGS,
  examples: [
    'prospect enrich status bulk-enrich-...',
    'prospect enrich status enrich-... --wait --json',
    'WF=$(prospect import "Q3 leads" leads.csv --enrich partial --yes --no-wait) && prospect enrich status $WF --wait',
  ],
  related: ['prospect enrich list', 'prospect enrich person', 'prospect import'],
  async run(opts, ctx) {
    const ids = runIds(opts.args);
    if (ids.length === 0)
      throw usageError('the run id is empty', 'Pass the workflow_id (enrich-..., bulk-enrich-...) or task_id the run started with.');
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
  for (const [index, id] of ids.entries())
    runs.push(opts.wait ? await watchRun(ctx, id, { ids, index }) : await ctx.api.enrichment.status(id));
  await ctx.out.print({ kind: 'rows', payload: runs, rows: runs, columns: STATUS_FIELDS, tableColumns: TABLE_COLUMNS });
  return reportRuns(ctx, ids, runs, Boolean(opts.strict));
}
