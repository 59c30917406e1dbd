import { defineCommand, type FlagSpec } from '../../cli/command.js';
import { jobFailedError, usageError } from '../../cli/errors.js';
import { collect, oneOf } from '../../cli/parse.js';
import { IMPORT_ENRICHMENT_TYPES, type SkipReason } from '../../api/schemas/values/lists.js';
import { ENRICHMENT_TYPE_PRICES } from '../../api/schemas/values/credits.js';
import {
  addRowsToEnrich,
  mostCost,
  noRowsToEnrich,
  notEnrichedText,
  typesToEnrich,
  type RowsToEnrich,
} from '../../workflows/import/enrich-rows.js';
import { ALL_ROWS_FLAG, chunkParts } from './shared/chunk-parts.js';
import { ExitCode } from '../../cli/exit-codes.js';
import { anyFailed, summarize, watchRuns, type EnrichmentSummary } from './shared/enrich-runs.js';
import { settlementLine } from '../../cli/cmdutil/enrich-watch.js';
import { TYPE_PRICES } from '../../cli/cmdutil/enrich-flags.js';
import type { Context } from '../../cli/context.js';
import { stat } from 'node:fs/promises';
import { readCsv, type CsvRecord } from '../../cli/cmdutil/csv-read.js';
import { canIdentifyLeads, mapHeaders, parseMapFlags, repeatedHeaders } from '../../cli/cmdutil/header-map.js';
import { ChunkBuilder, type Chunk } from './shared/chunks.js';
import { chunkSteps, type ChunkStep } from './shared/chunk-steps.js';
import type { ChunkSender, ImportJob } from './shared/chunk-sender.js';
import { ImportTally } from './shared/tally.js';
import {
  describeMapping,
  nothingEnriched,
  printPlan,
  printReport,
  printRunHandles,
  type ReportWithColumns,
} from './shared/import-output.js';
import { nextCommand } from '../../cli/command-line.js';
import { counted, formatCount as n } from '../../cli/output/numbers.js';

const FLAGS = [
  { flags: '--map <field=Header>', description: 'map a column onto a field (repeatable); overrides the automatic mapping', parse: collect },
  {
    flags: '--enrich <type>',
    description: `enrich the imported rows (none: free); ${TYPE_PRICES}; asks before spending`,
    choices: [...IMPORT_ENRICHMENT_TYPES, 'none'],
    parse: oneOf('--enrich', [...IMPORT_ENRICHMENT_TYPES, 'none'] as const),
    default: 'none',
  },
  {
    flags: '--all-rows',
    description:
      'with --enrich: enrich every row, also those that already hold what it finds (by default they are imported without it, free, and keep their value)',
  },
  {
    flags: '--keep-apostrophes',
    description:
      "send cells as written: by default a cell that export csv escaped (one leading ' before =, +, - or @) is imported as it was, so export then import is a round trip",
  },
  { flags: '--dry-run', description: 'read the file, print the mapping and the chunk plan, send nothing' },
  { flags: '--create', description: 'create the list when no list has that name' },
  { flags: '--strict', description: 'with --enrich: exit 8 when a run ends completed_with_errors' },
] as const satisfies readonly FlagSpec[];

export const command = defineCommand({
  description:
    "Imports a CSV of any size into a list: read as a stream, headers mapped to the service's fields, sent in chunks " +
    'of up to 600 rows and just under the 150 KB a request takes. Each chunk carries an idempotency key made from its ' +
    'content, and each chunk the service acknowledges is recorded in a checkpoint in the data dir (imports/, keyed by ' +
    'list, file content, mapping and enrichment; no credentials or row data). Running the same command again after a ' +
    'failure or Ctrl-C sends only the chunks not acknowledged; run again after it finished, it sends nothing and prints ' +
    'the same summary. A checkpoint counts for 24 hours, as long as the service replays an idempotency key; after that ' +
    'it is removed and the same command imports the file again. Import is free. --enrich pays only for what a row lacks: ' +
    'a row that already holds an email (partial), a phone (phone_only: any of the phone columns) or both (full) is imported ' +
    'without enrichment and keeps its value, and with full a row holding one of them gets the other alone; --all-rows ' +
    'enriches every row. A cell `export csv` wrote with a leading apostrophe (before =, +, - or @, so no spreadsheet runs it) is imported without it; ' +
    '--keep-apostrophes keeps it. A row without a LinkedIn URL, an email or a name with a company is skipped as missing_required, as the service would. ' +
    'With --enrich and --no-wait, stdout ' +
    'holds only the enrichment workflow id(s), one per line (the summary object with --json): `prospect enrich status $WF --wait` ' +
    '($WF unquoted, so each id is a word) waits for them all.',
  args: [
    { name: 'list', description: 'a list id or the exact name of a list', required: true },
    { name: 'file', description: 'the CSV file (comma, semicolon or tab; UTF-8, with or without BOM)', required: true },
  ],
  flags: FLAGS,
  examples: [
    'prospect import "Q3 leads" leads.csv',
    'prospect import lst_... export.csv --map email="Work E-mail" --map company_domain=Site',
    'prospect import "Q3 leads" leads.csv --dry-run',
    'prospect import "Q3 leads" leads.csv --enrich partial --max-cost 2000',
    'WF=$(prospect import "Q3 leads" leads.csv --enrich partial --yes --no-wait) && prospect enrich status $WF --wait',
  ],
  related: ['prospect lists leads', 'prospect lists create'],
  async run(opts, ctx) {
    const [listArg = '', file = ''] = opts.args;
    const enrich = opts.enrich === 'none' ? undefined : opts.enrich;
    if (opts.allRows && !enrich)
      throw usageError('--all-rows applies only with --enrich', 'Add --enrich partial, phone_only or full, or leave out --all-rows.');
    const records = readCsv(file, ctx.signal);
    const header = (await records.next()).value as CsvRecord | undefined;
    if (!header) throw usageError(`${file} is empty`, 'Give a CSV with a header row and data rows.');
    if (!header.fields) throw usageError(`the header row of ${file} is not UTF-8`, 'Save the file as UTF-8 and try again.');
    const headers = header.fields;
    for (const line of repeatedHeaders(headers)) ctx.out.warn(line);
    const columns = mapHeaders(headers, parseMapFlags(opts.map ?? [], headers));
    const { mapping } = columns;
    describeMapping(ctx, columns);
    if (!canIdentifyLeads(mapping))
      throw usageError(
        'no mapped column identifies a lead: the service needs a LinkedIn URL, an email, or a name with a company',
        'Map the columns with --map, e.g. --map email="Work E-mail".',
      );
    const size = (await stat(file)).size;
    const job: ImportJob = {
      file,
      listArg,
      headers,
      mapping,
      create: Boolean(opts.create),
      enrich,
      allRows: Boolean(opts.allRows),
      keepApostrophes: Boolean(opts.keepApostrophes),
    };
    const importer = opts.dryRun ? undefined : await senderFor(ctx, job);
    const tally = new ImportTally();
    // What --enrich enriches, over the whole file: the rows per type, and those that hold what it finds.
    const toEnrich = enrich ? noRowsToEnrich(enrich) : undefined;
    const plan: Chunk[] = [];
    const handle = async (step: ChunkStep) => {
      if (step.skip) tally.skipRow(step.skip);
      if (!step.chunk) return;
      const { parts, skipped } = chunkParts(step.chunk, job);
      if (toEnrich)
        addRowsToEnrich(
          toEnrich,
          parts.map((p) => ({ enrichment: p.enrichment, rows: p.rows.length })),
          skipped,
        );
      if (importer) await importer.send(step.chunk, parts, tally, Math.floor((100 * step.bytesRead) / Math.max(1, size)));
      else plan.push({ ...step.chunk, csv: '', lines: [], values: [] });
    };
    await ctx.progress.start(`Reading ${file}`);
    let dataRows = 0;
    try {
      for await (const step of chunkSteps(records, headers, mapping, job)) {
        if (step.row !== undefined) dataRows += 1;
        await handle(step);
      }
      ctx.progress.stop();
    } catch (e) {
      ctx.progress.stop();
      if (ctx.signal.aborted && importer) importer.interrupted(tally);
      throw e;
    }
    if (dataRows === 0) throw usageError(`${file} has a header but no data rows`, 'Nothing was sent.');
    if (importer && tally.chunks === 0) throw nothingToSend(file, dataRows, tally, new ChunkBuilder(headers, mapping).largestRow);
    if (!importer) {
      await printPlan(ctx, file, plan, tally, columns, toEnrich && { ...toEnrich, most_cost: mostCost(toEnrich) });
      if (toEnrich) describeEnrichmentPlan(ctx, toEnrich);
      return;
    }
    importer.finished(tally.chunks);
    const report = { ...tally.report(importer.listId ?? '', file), ...columns };
    if (!toEnrich) return printReport(ctx, report);
    return finishEnrichment(ctx, importer, report, toEnrich, Boolean(opts.strict));
  },
});

/** --dry-run with --enrich: the rows left out, and what the others may cost. */
function describeEnrichmentPlan(ctx: Context, planned: RowsToEnrich): void {
  const skipped = notEnrichedText(planned, ALL_ROWS_FLAG);
  if (skipped) ctx.out.info(`${skipped}.`);
  const types = typesToEnrich(planned);
  const each = types
    .map(([t, rows]) => `${counted(rows, 'row')} x ${ENRICHMENT_TYPE_PRICES[t]}${types.length > 1 ? ` (${t})` : ''}`)
    .join(' + ');
  ctx.out.info(
    types.length
      ? `With --enrich ${planned.type}: up to ${counted(mostCost(planned), 'credit')} (${each}), asked before spending.`
      : `With --enrich ${planned.type}: nothing to pay for, every row already holds what it finds.`,
  );
}

/** The sender and its checkpoint code are loaded only when something may be sent (node:crypto stays off the start-up path). */
async function senderFor(ctx: Context, job: ImportJob): Promise<ChunkSender> {
  const { ChunkSender } = await import('./shared/chunk-sender.js');
  return new ChunkSender(ctx, job);
}

const SKIP_FIXES: Partial<Record<SkipReason, (largestRow: number) => string>> = {
  invalid_encoding: () => 'Save the file as UTF-8 and try again.',
  malformed_row: () => 'Give every row as many fields as the header has.',
  missing_required: () => 'Give each row a LinkedIn URL, an email, or a name with a company (map their columns with --map).',
  row_too_large: (largestRow) =>
    `Keep each row under ${largestRow} bytes of mapped columns (one request carries at most about 150 KB, base64-encoded).`,
};

/** Every row was skipped before sending (so the list was never even looked up): that is bad input, not an empty import. */
function nothingToSend(file: string, dataRows: number, tally: ImportTally, largestRow: number) {
  const reasons = tally.report('', file).skip_reasons;
  const why = Object.entries(reasons)
    .map(([reason, n]) => `${reason}: ${n}`)
    .join(', ');
  const fixes = Object.keys(reasons)
    .map((r) => SKIP_FIXES[r as SkipReason]?.(largestRow))
    .filter(Boolean);
  return usageError(`none of the ${dataRows} data rows of ${file} can be sent (${why})`, `Nothing was sent. ${fixes.join(' ')}`.trim());
}

/** Waits for the runs the chunks dispatched (unless --no-wait) and reports the import with what enrichment charged. */
async function finishEnrichment(
  ctx: Context,
  importer: ChunkSender,
  report: ReportWithColumns,
  planned: RowsToEnrich,
  strict: boolean,
): Promise<number> {
  const ids = [...importer.workflowIds];
  if (!ctx.globals.wait) {
    const summary = summarize(planned, [], ids);
    summary.statuses = ids.length ? { running: ids.length } : {};
    await printRunHandles(ctx, { ...report, enrichment: summary });
    return ExitCode.OK;
  }
  const runs = ids.length ? await watchRuns(ctx, ids) : [];
  const summary: EnrichmentSummary = summarize(planned, runs, ids);
  await printReport(ctx, { ...report, enrichment: summary });
  if (!ids.length) {
    ctx.out.info(nothingEnriched({ ...report, enrichment: summary }));
    return ExitCode.OK;
  }
  // A replayed chunk (a re-run, or a resend after a lost answer) reports the run it started when first sent.
  const again = report.chunks_replayed;
  const replayed = again
    ? ` ${n(again)} chunk${again === 1 ? ' was' : 's were'} replayed: ${again === 1 ? 'its run was' : 'their runs were'} charged once, when first sent, not again.`
    : '';
  const line = settlementLine(summary) + replayed;
  if (anyFailed(runs))
    throw jobFailedError(
      `enrichment of the import ended ${Object.keys(summary.statuses).join(', ')}. ${line}`,
      `Check the list, then enrich it with ${nextCommand(ctx, ['enrich', 'list', importer.listId ?? ''])}`,
    );
  if (summary.statuses.completed_with_errors) {
    ctx.out.warn(`${n(summary.rows - summary.rows_enriched)} of ${counted(summary.rows, 'row')} found nothing (not charged). ${line}`);
    return strict ? ExitCode.JOB_FAILED : ExitCode.OK;
  }
  ctx.out.success(`Enriched ${n(summary.rows_enriched)} of ${counted(summary.rows, 'row')}. ${line}`);
  return ExitCode.OK;
}
