import type { EnrichmentStatusResponse } from '../../../api/schemas/enrichment.js';
import { isFailedStatus } from '../../../api/poll.js';
import type { Context } from '../../../cli/context.js';
import type { RowsToEnrich } from '../../../workflows/import/enrich-rows.js';
import type { EnrichmentType } from '../../../api/schemas/values/credits.js';
import { pollOptions, withProgress } from '../../../cli/wait.js';
import { nextCommand } from '../../../cli/command-line.js';
import { counted } from '../../../cli/output/numbers.js';

/** The enrichment runs an import dispatched (one per chunk and enrichment type), waited for together and summed. */

export interface EnrichmentSummary {
  type: EnrichmentType;
  /** Rows sent for enrichment, per type (with full, rows holding one part get the other alone). */
  rows_by_type: RowsToEnrich['rows_by_type'];
  /** Rows imported without enrichment, by what they already hold ({has_email: 10}); --all-rows enriches them too. */
  skipped: Record<string, number>;
  runs: number;
  /** Runs per terminal status (or 'running' with --no-wait). */
  statuses: Record<string, number>;
  rows: number;
  rows_enriched: number;
  credits_reserved: number;
  credits_charged: number;
  credits_refunded: number;
  workflow_ids: string[];
}

export function summarize(planned: RowsToEnrich, runs: readonly EnrichmentStatusResponse[], ids: readonly string[]): EnrichmentSummary {
  const { type, rows_by_type, skipped } = planned;
  const s: EnrichmentSummary = {
    type,
    rows_by_type: { ...rows_by_type },
    skipped: { ...skipped },
    runs: ids.length,
    statuses: {},
    rows: 0,
    rows_enriched: 0,
    credits_reserved: 0,
    credits_charged: 0,
    credits_refunded: 0,
    workflow_ids: [...ids],
  };
  for (const r of runs) {
    s.statuses[r.status] = (s.statuses[r.status] ?? 0) + 1;
    s.rows += r.total;
    s.rows_enriched += r.completed;
    s.credits_reserved += r.credits_reserved ?? 0;
    s.credits_charged += r.credits_charged;
    s.credits_refunded += r.credits_refunded;
  }
  return s;
}

/** Waits for every run in turn with one progress line for all of them. */
export async function watchRuns(ctx: Context, ids: readonly string[]): Promise<EnrichmentStatusResponse[]> {
  const done: EnrichmentStatusResponse[] = [];
  const text = (s?: EnrichmentStatusResponse) =>
    `Enriching: ${done.length} of ${counted(ids.length, 'run')} ended, ${done.reduce((n, r) => n + r.credits_charged, 0) + (s?.credits_charged ?? 0)} credits so far`;
  const watch = nextCommand(ctx, ['enrich', 'status', ...ids, '--wait']);
  const hint = ids.length === 1 ? `The run keeps going. Watch it with: ${watch}` : `The runs keep going. Watch them with: ${watch}`;
  return withProgress(ctx, text(), hint, async () => {
    for (const id of ids) {
      done.push(await ctx.api.enrichment.waitFor(id, { ...pollOptions(ctx), onProgress: (s) => ctx.progress.update(text(s)) }));
      ctx.progress.update(text());
    }
    return done;
  });
}

export const anyFailed = (runs: readonly EnrichmentStatusResponse[]) => runs.some((r) => isFailedStatus(r.status));
