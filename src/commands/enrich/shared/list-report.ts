import { isFailedStatus } from '../../../api/poll.js';
import type { BulkEnrichStarted, EnrichmentStatusResponse } from '../../../api/schemas/enrichment.js';
import type { Context } from '../../../cli/context.js';
import { nextCommand } from '../../../cli/command-line.js';
import { QUOTE_FIELDS } from '../../../cli/paid.js';
import { counted } from '../../../cli/output/numbers.js';
import { writeHandles } from '../../../cli/wait.js';
import type { QuotedRun } from './subsets.js';
import type { SelectionCheck } from '../../../workflows/enrich-list/missing-leads.js';
import { TABLE_COLUMNS, reportRuns } from './report-runs.js';
import { STATUS_FIELDS, reportRun, watchRun } from '../../../cli/cmdutil/enrich-watch.js';

/**
 * What `enrich list` prints: with one run, that run's object (quote, start or final status) as
 * before; with several, their sums and one row per run. Either way the object carries `runs`
 * (each run's own object), `skipped` (leads left out, by what they hold), `check` (what
 * finding out cost: leads read, requests made; null when nothing was checked) and `runs_going`
 * (earlier runs of the list still going, whose leads were left out).
 */

/** What the check found, beside the runs. */
export interface JobFacts {
  list_id: string;
  scope: string;
  skipped: Record<string, number>;
  check: SelectionCheck | null;
  runs_going: string[];
}

const sum = <T>(items: readonly T[], pick: (t: T) => number | undefined) => items.reduce((s, t) => s + (pick(t) ?? 0), 0);

interface Columns<T> {
  /** Of one run's object, and of csv and tsv rows. */
  fields: readonly string[];
  /** Of a table of several runs. */
  table: readonly string[];
  /** Summed over several runs into the object --json prints. */
  summed: readonly (keyof T & string)[];
}

/** The object --json prints: one run's own object with the facts; for several, the facts and the sums of `summed`. */
function payloadOf<T extends object>(runs: readonly T[], facts: JobFacts, summed: readonly (keyof T & string)[]): Record<string, unknown> {
  if (runs.length === 1) return { ...runs[0]!, ...facts, runs };
  return { ...facts, ...Object.fromEntries(summed.map((k) => [k, sum(runs, (r) => r[k] as number | undefined)])), runs };
}

/**
 * The status of several runs as one, so a script reads `.status` whatever the count: theirs when
 * they agree, else the first that failed, else completed_with_errors.
 */
export function overallStatus(runs: readonly EnrichmentStatusResponse[]): string {
  const statuses = new Set(runs.map((r) => r.status));
  if (statuses.size === 1) return runs[0]!.status;
  return runs.find((r) => isFailedStatus(r.status))?.status ?? 'completed_with_errors';
}

/** One run as an object; several as a row each. */
async function printRuns<T extends object>(
  ctx: Context,
  runs: readonly T[],
  facts: JobFacts,
  c: Columns<T>,
  extra: Record<string, unknown> = {},
) {
  const payload = { ...payloadOf(runs, facts, c.summed), ...extra };
  if (runs.length === 1) return ctx.out.print({ kind: 'object', payload, fields: c.fields });
  await ctx.out.print({ kind: 'rows', payload, rows: runs, columns: c.fields, tableColumns: c.table });
}

export async function printDryRun(ctx: Context, quoted: readonly QuotedRun[], facts: JobFacts): Promise<void> {
  const quotes = quoted.map((q) => ({ scope: q.body.scope ?? 'partial', ...q.quote }));
  await printRuns(ctx, quotes, facts, {
    fields: ['scope', ...QUOTE_FIELDS],
    table: ['scope', 'row_count', 'estimated_cost'],
    summed: ['row_count', 'estimated_cost'],
  });
  const until = Math.min(...quoted.map((q) => q.quote.expires_at ?? 0));
  ctx.out.info(
    `Dry run: nothing was spent. The quote${quoted.length === 1 ? ' works' : 's work'} once, until ${new Date(until * 1000).toISOString()}.`,
  );
}

/** The runs started: their ids (--no-wait), or waited for and reported; the exit code is the worst run's. */
export async function reportJob(
  ctx: Context,
  started: readonly BulkEnrichStarted[],
  facts: JobFacts,
  opts: { strict?: boolean },
): Promise<number | void> {
  for (const s of started)
    ctx.out.info(`Started ${s.workflow_id}: ${counted(s.total_leads, 'lead')}, ${counted(s.credits_reserved, 'credit')} reserved.`);
  const ids = started.map((s) => s.workflow_id);
  if (!ctx.globals.wait) {
    await writeHandles(ctx, ids, payloadOf(started, facts, ['total_leads', 'credits_reserved']));
    ctx.out.info(`Watch ${ids.length === 1 ? 'it' : 'them'} with: ${nextCommand(ctx, ['enrich', 'status', ...ids, '--wait'])}`);
    return;
  }
  for (const s of started) ctx.out.hints(s);
  const runs: EnrichmentStatusResponse[] = [];
  for (const [index, id] of ids.entries()) runs.push(await watchRun(ctx, id, ids.length > 1 ? { ids, index } : undefined));
  if (runs.length === 1) return reportRun(ctx, payloadOf(runs, facts, []) as EnrichmentStatusResponse, { strict: opts.strict });
  await printRuns(
    ctx,
    runs,
    facts,
    {
      fields: STATUS_FIELDS,
      table: TABLE_COLUMNS,
      summed: ['total', 'processed', 'completed', 'failed', 'credits_reserved', 'credits_charged', 'credits_refunded'],
    },
    { status: overallStatus(runs) },
  );
  return reportRuns(ctx, ids, runs, Boolean(opts.strict));
}
