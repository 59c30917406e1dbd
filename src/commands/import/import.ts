import { defineCommand } from '../../cli/command.js';
import { jobFailedError, usageError } from '../../cli/errors.js';
import { collect, oneOf } from '../../cli/parse.js';
import { isApiError } from '../../api/errors.js';
import { importCsv } from '../../api/resources/lists.js';
import type { CsvImportResponse } from '../../api/schemas/lists.js';
import { IMPORT_ENRICHMENT_TYPES, type SkipReason } from '../../api/schemas/values/lists.js';
import { ENRICHMENT_TYPE_PRICES, type EnrichmentType } from '../../api/schemas/values/credits.js';
import { estimate } from '../../api/resources/credits.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import { approveSpend } from '../../cli/paid.js';
import { sameCommand } from '../../cli/command-line.js';
import { ExitCode } from '../../cli/exit-codes.js';
import { anyFailed, countDataRows, summarize, watchRuns, type EnrichmentSummary } from './enrich-runs.js';
import { settlementLine } from '../enrich/watch.js';
import { TYPE_PRICES } from '../enrich/flags.js';
import type { Client } from '../../api/client.js';
import type { Context } from '../../cli/context.js';
import { resolveOrCreateList } from '../lists/save-to.js';
import { stat } from 'node:fs/promises';
import { readCsv, type CsvRecord } from './csv-read.js';
import { canIdentifyLeads, mapHeaders, parseMapFlags, type ColumnMapping } from './header-map.js';
import { CHUNK_LIMITS, ChunkBuilder, chunkKey, type Chunk, type ClientSkip } from './chunks.js';
import { ImportTally, type ImportReport } from './tally.js';
import { describeMapping, printPlan, printReport } from './import-output.js';
import { formatCount } from '../../cli/output/numbers.js';

interface Options {
  map?: string[];
  enrich: EnrichmentType | 'none';
  dryRun?: boolean;
  create?: boolean;
  strict?: boolean;
}

/** How often a chunk waits out "an import is still processing" (409 conflict) before giving up. */
const CONFLICT_RETRIES = 5;

export const command = defineCommand<Options>({
  description:
    'Imports a CSV of any size into a list: read as a stream, headers mapped to the service\'s fields, sent in chunks ' +
    'under the request limits. Each chunk carries an idempotency key made from its content, so running the same command ' +
    'again after a failure or Ctrl-C imports nothing twice. Import is free.',
  args: [
    { name: 'list', description: 'a list id or the exact name of a list', required: true },
    { name: 'file', description: 'the CSV file (comma, semicolon or tab; UTF-8, with or without BOM)', required: true },
  ],
  flags: [
    { flags: '--map <field=Header>', description: 'map a column onto a field (repeatable); overrides the automatic mapping', parse: collect },
    {
      flags: '--enrich <type>',
      description: `enrich the imported rows (none: free); ${TYPE_PRICES}; asks before spending`,
      choices: [...IMPORT_ENRICHMENT_TYPES, 'none'],
      parse: oneOf('--enrich', [...IMPORT_ENRICHMENT_TYPES, 'none'] as const),
      default: 'none',
    },
    { flags: '--dry-run', description: 'read the file, print the mapping and the chunk plan, send nothing' },
    { flags: '--create', description: 'create the list when no list has that name' },
    { flags: '--strict', description: 'with --enrich: exit 8 when a run ends completed_with_errors' },
  ],
  examples: [
    'prospect import "Q3 leads" leads.csv',
    'prospect import lst_... export.csv --map email="Work E-mail" --map company_domain=Site',
    'prospect import "Q3 leads" leads.csv --dry-run',
    'prospect import "Q3 leads" leads.csv --enrich partial --max-cost 2000',
  ],
  related: ['prospect lists leads', 'prospect lists create'],
  async run(opts, ctx) {
    const [listArg = '', file = ''] = opts.args;
    const enrich = opts.enrich === 'none' ? undefined : opts.enrich;
    const records = readCsv(file, ctx.signal);
    const header = (await records.next()).value as CsvRecord | undefined;
    if (!header) throw usageError(`${file} is empty`, 'Give a CSV with a header row and data rows.');
    if (!header.fields) throw usageError(`the header row of ${file} is not UTF-8`, 'Save the file as UTF-8 and try again.');
    const headers = header.fields;
    const { mapping, unmapped } = mapHeaders(headers, parseMapFlags(opts.map ?? [], headers));
    describeMapping(ctx, mapping, unmapped);
    if (!canIdentifyLeads(mapping))
      throw usageError(
        'no mapped column identifies a lead: the service needs a LinkedIn URL, an email, or a name with a company',
        'Map the columns with --map, e.g. --map email="Work E-mail".',
      );
    const size = (await stat(file)).size;
    const importer = opts.dryRun ? undefined : new ChunkSender(ctx, file, listArg, mapping, Boolean(opts.create), enrich);
    const tally = new ImportTally();
    const plan: Chunk[] = [];
    const builder = new ChunkBuilder(headers, mapping);
    const handle = async (r: { chunk?: Chunk; skip?: ClientSkip }) => {
      if (r.skip) tally.skipRow(r.skip);
      if (!r.chunk) return;
      if (importer) await importer.send(r.chunk, tally, Math.floor((100 * bytesRead) / Math.max(1, size)));
      else plan.push({ ...r.chunk, csv: '' });
    };
    await ctx.progress.start(`Reading ${file}`);
    let bytesRead = header.bytesRead;
    let dataRows = 0;
    try {
      for await (const rec of records) {
        bytesRead = rec.bytesRead;
        dataRows += 1;
        if (!rec.fields) await handle({ skip: { row: rec.row, reason: 'invalid_encoding' } });
        else if (rec.fields.length !== headers.length) await handle({ skip: { row: rec.row, reason: 'malformed_row' } });
        else await handle(builder.add(rec.row, rec.fields));
      }
      const last = builder.flush();
      if (last) await handle({ chunk: last });
      ctx.progress.stop();
    } catch (e) {
      ctx.progress.stop();
      if (ctx.signal.aborted && importer) importer.interrupted(tally);
      throw e;
    }
    if (dataRows === 0)
      throw usageError(`${file} has a header but no data rows`, 'Nothing was sent.');
    if (importer && tally.chunks === 0) throw nothingToSend(file, dataRows, tally);
    if (!importer) {
      await printPlan(ctx, file, plan, tally);
      if (enrich) {
        const rows = plan.reduce((n, c) => n + c.rows.length, 0);
        ctx.out.info(`With --enrich ${enrich}: up to ${rows * ENRICHMENT_TYPE_PRICES[enrich]} credits (${rows} rows x ${ENRICHMENT_TYPE_PRICES[enrich]}), asked before spending.`);
      }
      return;
    }
    const report = tally.report(importer.listId ?? '', file);
    if (!enrich) return printReport(ctx, report);
    return finishEnrichment(ctx, importer, report, enrich, Boolean(opts.strict));
  },
});

const SKIP_FIXES: Partial<Record<SkipReason, string>> = {
  invalid_encoding: 'Save the file as UTF-8 and try again.',
  malformed_row: 'Give every row as many fields as the header has.',
  row_too_large: `Keep each row under ${CHUNK_LIMITS.bytes / 1000} kB.`,
};

/** Every row was skipped before sending (so the list was never even looked up): that is bad input, not an empty import. */
function nothingToSend(file: string, dataRows: number, tally: ImportTally) {
  const reasons = tally.report('', file).skip_reasons;
  const why = Object.entries(reasons).map(([reason, n]) => `${reason}: ${n}`).join(', ');
  const fixes = Object.keys(reasons).map((r) => SKIP_FIXES[r as SkipReason]).filter(Boolean);
  return usageError(`none of the ${dataRows} data rows of ${file} can be sent (${why})`, `Nothing was sent. ${fixes.join(' ')}`.trim());
}

/** Waits for the runs the chunks dispatched (unless --no-wait) and reports the import with what enrichment charged. */
async function finishEnrichment(ctx: Context, importer: ChunkSender, report: ImportReport, type: EnrichmentType, strict: boolean): Promise<number> {
  const ids = [...importer.workflowIds];
  const runs = ctx.globals.wait && ids.length ? await watchRuns(ctx, importer.client!, ids) : [];
  const summary: EnrichmentSummary = summarize(type, runs, ids);
  if (!ctx.globals.wait) summary.statuses = ids.length ? { running: ids.length } : {};
  await printReport(ctx, { ...report, enrichment: summary });
  if (!ids.length) {
    ctx.out.info('No rows were imported, so nothing was enriched.');
    return ExitCode.OK;
  }
  if (!ctx.globals.wait) {
    ctx.out.info(`${ids.length} enrichment run${ids.length === 1 ? '' : 's'} started. Watch each with: prospect enrich status ID --wait (${ids.join(', ')})`);
    return ExitCode.OK;
  }
  // A replayed chunk (a re-run, or a resend after a lost answer) reports the run it started when first sent.
  const n = report.chunks_replayed;
  const replayed = n ? ` ${n} chunk${n === 1 ? ' was' : 's were'} replayed: ${n === 1 ? 'its run was' : 'their runs were'} charged once, when first sent, not again.` : '';
  const line = settlementLine(summary) + replayed;
  if (anyFailed(runs)) throw jobFailedError(`enrichment of the import ended ${Object.keys(summary.statuses).join(', ')}. ${line}`, 'Check the list, then enrich it with `prospect enrich list`.');
  if (summary.statuses.completed_with_errors) {
    ctx.out.warn(`${summary.rows - summary.rows_enriched} of ${summary.rows} rows found nothing (not charged). ${line}`);
    return strict ? ExitCode.JOB_FAILED : ExitCode.OK;
  }
  ctx.out.success(`Enriched ${summary.rows_enriched} of ${summary.rows} rows. ${line}`);
  return ExitCode.OK;
}

/**
 * Sends chunks in order to the list, resolved (or created) when opened. With enrichment the
 * whole file's cost is approved once when opened, and each chunk is quoted as it is sent.
 */
class ChunkSender {
  listId: string | undefined;
  client: Client | undefined;
  readonly workflowIds = new Set<string>();

  constructor(
    private readonly ctx: Context,
    private readonly file: string,
    private readonly listArg: string,
    private readonly mapping: ColumnMapping,
    private readonly create: boolean,
    private readonly enrich: EnrichmentType | undefined,
  ) {}

  /**
   * At the first chunk (a file without data rows never reaches the service). With --enrich the
   * spend is approved after the list is found but before --create makes it, so a refusal
   * leaves nothing behind.
   */
  private async open(): Promise<Client> {
    const client = await this.ctx.client();
    this.client = client;
    let approved = !this.enrich;
    const approve = async () => {
      if (approved) return;
      approved = true;
      const rows = await countDataRows(this.file, this.ctx.signal);
      const what = `Importing ${this.file} and enriching up to ${rows} rows (${this.enrich})`;
      await approveSpend(this.ctx, client, { estimate: this.estimateFor(rows), what });
    };
    this.listId = (await resolveOrCreateList(this.ctx, client, this.listArg, this.create, approve)).list_id;
    await approve();
    return client;
  }

  private estimateFor(rows: number) {
    return estimateBodyFor({ tool: 'bulk_import_csv', body: { enrichment_type: this.enrich! }, rows });
  }

  /** What a chunk asks of the service: its rows, and enrichment with a quote of its own. */
  private async bodyOf(chunk: Chunk) {
    const base = {
      csv_content_base64: Buffer.from(chunk.csv).toString('base64'),
      column_mapping: this.mapping,
      idempotency_key: await chunkKey(this.listId!, this.mapping, chunk, this.enrich),
    };
    if (!this.enrich) return { ...base, dispatch_enrichment: false };
    const q = await estimate(this.client!, this.estimateFor(chunk.rows.length), { signal: this.ctx.signal });
    return { ...base, dispatch_enrichment: true, enrichment_type: this.enrich, ...(q.quote_id ? { quote_id: q.quote_id } : {}) };
  }

  async send(chunk: Chunk, tally: ImportTally, percent: number): Promise<void> {
    if (!this.client) await this.open();
    const body = await this.bodyOf(chunk);
    let r: CsvImportResponse | undefined;
    for (let attempt = 0; !r; attempt++) {
      try {
        r = await importCsv(this.client!, this.listId!, body, { signal: this.ctx.signal });
      } catch (e) {
        if (!isApiError(e) || e.code !== 'conflict' || attempt >= CONFLICT_RETRIES) throw e;
        await this.ctx.clock.sleep(e.retryAfterMs ?? 1_000, this.ctx.signal);
      }
    }
    tally.addChunk(chunk, r);
    if (r.workflow_id) this.workflowIds.add(r.workflow_id);
    this.ctx.progress.update(
      `Importing ${percent}%: ${formatCount(tally.parsed)} rows read, ${formatCount(tally.imported)} imported, chunk ${chunk.index + 1}` +
        `${tally.replayed ? ` (${tally.replayed} already imported earlier)` : ''}`,
    );
  }

  interrupted(tally: ImportTally): void {
    this.ctx.out.info(
      `Stopped after ${tally.chunks} chunks (${tally.imported} rows imported). Run the same command again to finish ` +
        `(chunks already imported are not imported twice):\n  ${sameCommand(this.ctx)}`,
    );
  }
}
