import type { Context } from '../../../cli/context.js';
import { nextCommand, sameCommand } from '../../../cli/command-line.js';
import { shellWord } from '../../../config/shell-word.js';
import { matchHeader, type HeaderMatch, type MappingResult } from '../../../cli/cmdutil/header-map.js';
import type { Chunk } from './chunks.js';
import type { ImportTally, ImportReport } from './tally.js';
import type { EnrichmentSummary } from './enrich-runs.js';
import { writeHandles } from '../../../cli/wait.js';
import { counted, formatCount as n } from '../../../cli/output/numbers.js';
import { notEnrichedText, rowsToEnrich, type RowsToEnrich } from '../../../workflows/import/enrich-rows.js';
import { ALL_ROWS_FLAG } from './chunk-parts.js';

/** The mapping used, on stderr: field <- header, then the columns left out and, where a field matched one, why. */
export function describeMapping(ctx: Context, { mapping, unmapped }: MappingResult): void {
  const lines = Object.entries(mapping).map(([field, header]) => `  ${field} <- ${shown(header)}`);
  const matches = unmapped.map((h) => [h, matchHeader(h)] as const);
  const why = (m: HeaderMatch) => {
    if (m.field) return mapping[m.field] !== undefined ? ` (${m.field} is ${shown(mapping[m.field]!)})` : '';
    if (m.why === 'company-level') return " (the company's, not the person's)";
    return m.why === 'ambiguous link' ? ' (a profile or a website?)' : '';
  };
  ctx.out.info(
    `Columns:\n${lines.join('\n')}${unmapped.length ? `\n  not imported: ${matches.map(([h, m]) => shown(h) + why(m)).join(', ')}` : ''}`,
  );
  // A bare URL column: LinkedIn's own export holds profiles there, other tools a website.
  const field = mapping.linkedin_url === undefined ? 'linkedin_url' : mapping.company_domain === undefined ? 'company_domain' : undefined;
  const link = matches.find(([, m]) => m.field === null && m.why === 'ambiguous link')?.[0];
  if (field && link !== undefined)
    ctx.out.info(
      `If ${shown(link)} holds ${field === 'linkedin_url' ? 'LinkedIn profiles' : 'company websites'}, import it with: ${sameCommand(ctx)} --map ${shellWord(`${field}=${link}`)}`,
    );
}

/** The report with the mapping used: {canonical_field: header} and the headers left out, as --json prints them. */
export type ReportWithColumns = ImportReport & MappingResult;

/** A header as quoted on stderr, cut short: a file that is not a CSV can have a "header" of megabytes. */
const shown = (header: string) => JSON.stringify(header.length > 80 ? `${header.slice(0, 77)}...` : header);

function skipLines(ctx: Context, reasons: Record<string, number>): void {
  for (const [reason, n] of Object.entries(reasons)) ctx.out.info(`  skipped, ${reason}: ${n}`);
}

/** --dry-run: the chunks that would be sent (and with --enrich, what would be enriched and its most cost). */
export async function printPlan(
  ctx: Context,
  file: string,
  plan: readonly Chunk[],
  tally: ImportTally,
  columns: MappingResult,
  enrichment?: RowsToEnrich & { most_cost: number },
): Promise<void> {
  const rows = plan.reduce((n, c) => n + c.rows.length, 0);
  const payload = {
    file,
    rows: rows + tally.parsed,
    rows_to_send: rows,
    chunks: plan.length,
    max_rows_per_chunk: Math.max(0, ...plan.map((c) => c.rows.length)),
    max_bytes_per_chunk: Math.max(0, ...plan.map((c) => c.bytes)),
    skipped_before_sending: tally.report('', file).skip_reasons,
    mapping: columns.mapping,
    unmapped: columns.unmapped,
    ...(enrichment ? { enrichment } : {}),
  };
  await ctx.out.print({
    kind: 'object',
    payload,
    fields: ['file', 'rows', 'rows_to_send', 'chunks', 'max_rows_per_chunk', 'max_bytes_per_chunk'],
  });
  skipLines(ctx, payload.skipped_before_sending);
  ctx.out.info('Dry run: nothing was sent (the list was not looked up).');
}

export async function printReport(ctx: Context, report: ReportWithColumns): Promise<void> {
  await ctx.out.print({
    kind: 'object',
    payload: report as unknown as Record<string, unknown>,
    fields: ['list_id', 'rows_parsed', 'rows_imported', 'rows_skipped', 'chunks', 'chunks_replayed'],
  });
  describeReport(ctx, report);
}

/** Why an import with --enrich started no run. */
export function nothingEnriched(report: ImportReport & { enrichment: EnrichmentSummary }): string {
  if (!report.rows_imported) return 'No rows were imported, so nothing was enriched.';
  const { type } = report.enrichment;
  if (!rowsToEnrich(report.enrichment))
    return `Nothing was enriched: every row already holds what --enrich ${type} finds (${ALL_ROWS_FLAG} enriches them too).`;
  return 'No row lacking what the enrichment finds was imported (see the skips above), so nothing was enriched.';
}

/** The report's lines on stderr: skips, rows left without enrichment, replays, the total. */
function describeReport(ctx: Context, report: ImportReport): void {
  skipLines(ctx, report.skip_reasons);
  const notEnriched = report.enrichment === 'none' ? '' : notEnrichedText(report.enrichment, ALL_ROWS_FLAG);
  if (notEnriched) ctx.out.info(`${notEnriched}.`);
  if (report.skipped_rows.length)
    ctx.out.info(
      `  skipped rows (file row numbers, header = 1${report.rows_skipped > report.skipped_rows.length ? '; a sample' : ''}): ${report.skipped_rows.join(', ')}`,
    );
  const replayed = report.chunks_replayed - report.chunks_from_checkpoint;
  if (replayed)
    ctx.out.info(
      `${replayed} of ${report.chunks} chunks were already imported (by an earlier run, or by this one before an answer was lost) and were not imported again.`,
    );
  ctx.out.success(
    `Imported ${n(report.rows_imported)} of ${counted(report.rows_parsed, 'row')} into ${report.list_id}, ` +
      (report.enrichment === 'none'
        ? 'without enrichment (free).'
        : `with ${report.enrichment.type} enrichment in ${report.enrichment.runs} run${report.enrichment.runs === 1 ? '' : 's'}.`),
  );
}

/**
 * --no-wait with --enrich: the runs' workflow ids alone on stdout, one per line, so
 * `WF=$(prospect import ... --no-wait)` holds them (the whole report with --json); the
 * report and how to watch a run on stderr.
 */
export async function printRunHandles(ctx: Context, report: ReportWithColumns & { enrichment: EnrichmentSummary }): Promise<void> {
  const ids = report.enrichment.workflow_ids;
  await writeHandles(ctx, ids, report);
  describeReport(ctx, report);
  if (!ids.length) return ctx.out.info(nothingEnriched(report));
  const watch = nextCommand(ctx, ['enrich', 'status', ...ids, '--wait']);
  const per = Object.keys(report.enrichment.rows_by_type).length > 1 ? 'one per chunk and enrichment type' : 'one per chunk';
  ctx.out.info(
    ids.length === 1 ? `Watch the run with: ${watch}` : `${counted(ids.length, 'run')} started, ${per}. Watch them with: ${watch}`,
  );
}
