import path from 'node:path';
import { isApiError } from '../../api/errors.js';
import { getList, importCsv } from '../../api/resources/lists.js';
import { estimate } from '../../api/resources/credits.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import type { CsvImportResponse } from '../../api/schemas/lists.js';
import type { EnrichmentType } from '../../api/schemas/values/credits.js';
import type { Client } from '../../api/client.js';
import { approveSpend } from '../../cli/paid.js';
import { checkQuote } from '../../workflows/spend-verdict.js';
import { sameCommand } from '../../cli/command-line.js';
import type { Context } from '../../cli/context.js';
import { counted, formatCount } from '../../cli/output/numbers.js';
import { resolveOrCreateList } from '../lists/save-to.js';
import { fileSha256 } from './checkpoint.js';
import { serviceUrl } from '../../api/base-url.js';
import { chunkSteps } from './chunk-steps.js';
import { chunkKey, chunkLimitsFor, type Chunk } from './chunks.js';
import { readCsv } from './csv-read.js';
import { countDataRows } from './enrich-runs.js';
import type { ColumnMapping } from './header-map.js';
import { ImportJournal } from './journal.js';
import type { ImportTally } from './tally.js';
import { etaText } from '../../cli/wait-notice.js';

/** How often a chunk waits out "an import is still processing" (409 conflict) before giving up. */
const CONFLICT_RETRIES = 5;

export interface ImportJob {
  file: string;
  listArg: string;
  headers: readonly string[];
  mapping: ColumnMapping;
  create: boolean;
  enrich: EnrichmentType | undefined;
}

/** What the file holds, read once more when a checkpoint has chunks: to say how many are left and what to estimate. */
interface Survey {
  dataRows: number;
  chunks: number;
  done: number;
  rowsDone: number;
}

/**
 * Sends chunks in order to the list, resolved (or created) when opened, skipping those the
 * import's checkpoint shows acknowledged and recording each new acknowledgement. With
 * enrichment the cost of the rows left is approved once, before the first chunk sent, and each
 * chunk is quoted as it is sent.
 */
export class ChunkSender {
  listId: string | undefined;
  client: Client | undefined;
  readonly workflowIds = new Set<string>();
  private journal: ImportJournal | undefined;
  private survey: Survey | undefined;
  private approved: boolean;
  private unwritable = false;

  constructor(
    private readonly ctx: Context,
    private readonly job: ImportJob,
  ) {
    this.approved = !job.enrich;
  }

  /** At the first chunk (a file without data rows never reaches the service). */
  private async open(): Promise<void> {
    const { ctx, job } = this;
    const client = await ctx.client();
    this.client = client;
    let created = false;
    const beforeCreate = async () => {
      created = true;
      await this.approve();
    };
    this.listId = (await resolveOrCreateList(ctx, client, job.listArg, job.create, beforeCreate)).list_id;
    const list = await getList(client, this.listId, { signal: ctx.signal });
    const request = {
      service: serviceUrl(client.baseUrl.href),
      list_id: this.listId,
      file_sha256: await fileSha256(job.file, ctx.signal),
      column_mapping: job.mapping,
      enrichment: job.enrich ?? 'none',
      chunk_limits: chunkLimitsFor(job.mapping),
    };
    const opened = await ImportJournal.open(request, list, { env: ctx.env, nowMs: ctx.clock.now(), file: path.resolve(job.file), createdNow: created });
    this.journal = opened.journal;
    if (opened.stale)
      ctx.out.info(`The checkpoint ${opened.journal.path} is not used: ${opened.stale}. Every chunk is sent; the service replays those it took in the last 24 hours.`);
    const complete = opened.journal.complete;
    if (complete !== undefined)
      ctx.out.info(`${job.file} was already imported into ${this.listId}: all ${complete} chunks are acknowledged in the checkpoint ${opened.journal.path}. Nothing is sent again.`);
    else if (opened.journal.acknowledged) await this.announce();
  }

  /**
   * Reads the file once more to say how much of it earlier runs imported, and how many rows are
   * left (what --enrich asks to spend for).
   */
  private async announce(): Promise<void> {
    const s: Survey = { dataRows: 0, chunks: 0, done: 0, rowsDone: 0 };
    const records = readCsv(this.job.file, this.ctx.signal);
    await records.next();
    for await (const step of chunkSteps(records, this.job.headers, this.job.mapping)) {
      if (step.row !== undefined) s.dataRows += 1;
      if (!step.chunk) continue;
      s.chunks += 1;
      if (await this.earlier(step.chunk)) {
        s.done += 1;
        s.rowsDone += step.chunk.rows.length;
      }
    }
    this.survey = s;
    if (s.done) this.ctx.out.info(`${s.done} of ${s.chunks} chunks were imported earlier; sending the remaining ${s.chunks - s.done}.`);
  }

  private async earlier(chunk: Chunk) {
    return this.journal!.done(chunk.index, await this.keyOf(chunk), this.ctx.clock.now());
  }

  private keyOf(chunk: Chunk): Promise<string> {
    return chunkKey(this.listId!, this.job.mapping, chunk, this.job.enrich);
  }

  /** With --enrich, the spend for the rows not imported yet, asked once (before --create makes a list, so a refusal leaves nothing). */
  private async approve(): Promise<void> {
    if (this.approved) return;
    this.approved = true;
    const { ctx, job } = this;
    const rows = this.survey ? this.survey.dataRows - this.survey.rowsDone : await countDataRows(job.file, ctx.signal);
    const what = `Importing ${job.file} and enriching up to ${counted(rows, 'row')} (${job.enrich})`;
    await approveSpend(ctx, this.client!, { estimate: this.estimateFor(rows), what });
  }

  private estimateFor(rows: number) {
    return estimateBodyFor({ tool: 'bulk_import_csv', body: { enrichment_type: this.job.enrich! }, rows });
  }

  /** What a chunk asks of the service: its rows, and enrichment with a quote of its own. */
  private async bodyOf(chunk: Chunk, key: string) {
    const base = { csv_content_base64: Buffer.from(chunk.csv).toString('base64'), column_mapping: chunk.mapping ?? this.job.mapping, idempotency_key: key };
    if (!this.job.enrich) return { ...base, dispatch_enrichment: false };
    const q = await estimate(this.client!, this.estimateFor(chunk.rows.length), { signal: this.ctx.signal });
    checkQuote(q);
    return { ...base, dispatch_enrichment: true, enrichment_type: this.job.enrich, ...(q.quote_id ? { quote_id: q.quote_id } : {}) };
  }

  async send(chunk: Chunk, tally: ImportTally, percent: number): Promise<void> {
    if (!this.client) await this.open();
    const key = await this.keyOf(chunk);
    const ack = this.journal!.done(chunk.index, key, this.ctx.clock.now());
    const answer = ack ? ack.answer : await this.post(chunk, key);
    tally.addChunk(chunk, answer, ack ? 'checkpoint' : 'sent');
    if (answer.workflow_id) this.workflowIds.add(answer.workflow_id);
    // Chunks left, from the share of the file read so far: the ETA under the announced rate limit.
    const left = percent > 0 && percent < 100 ? Math.round(((chunk.index + 1) * (100 - percent)) / percent) : 0;
    const eta = left > 0 && this.client ? etaText(this.client.paceEstimate(left)) : undefined;
    this.ctx.progress.update(
      `Importing ${percent}%: ${counted(tally.parsed, 'row')} read, ${formatCount(tally.imported)} imported, chunk ${chunk.index + 1}` +
        `${tally.replayed ? ` (${tally.replayed} imported earlier)` : ''}${eta ? ` · ${eta}` : ''}`,
    );
  }

  /** Sends a chunk and records its acknowledgement in the checkpoint before anything else happens. */
  private async post(chunk: Chunk, key: string): Promise<CsvImportResponse> {
    await this.approve();
    const body = await this.bodyOf(chunk, key);
    const sentAt = this.ctx.clock.now();
    let r: CsvImportResponse | undefined;
    for (let attempt = 0; !r; attempt++) {
      try {
        r = await importCsv(this.client!, this.listId!, body, { signal: this.ctx.signal });
      } catch (e) {
        if (!isApiError(e) || e.code !== 'conflict' || attempt >= CONFLICT_RETRIES) throw e;
        await this.ctx.clock.sleep(e.retryAfterMs ?? 1_000, this.ctx.signal);
      }
    }
    const { rows_parsed, rows_imported, rows_skipped, skip_reasons, sample_skip_rows, workflow_id } = r;
    const answer = { rows_parsed, rows_imported, rows_skipped, skip_reasons, sample_skip_rows, workflow_id };
    const ack = { index: chunk.index, idempotency_key: key, rows: chunk.rows.length, sent_at_ms: sentAt, answer };
    this.keep(() => this.journal!.record(ack, this.ctx.clock.now()));
    return r;
  }

  /** Every chunk of the file went through (this run or an earlier one). */
  finished(chunks: number): void {
    if (this.journal) this.keep(() => this.journal!.finish(chunks, this.ctx.clock.now()));
  }

  /**
   * Writes the checkpoint. A data dir that cannot be written stops the checkpoint, not the
   * import: the chunks' idempotency keys still keep a re-run from importing twice.
   */
  private keep(write: () => void): void {
    if (this.unwritable) return;
    try {
      write();
    } catch (e) {
      this.unwritable = true;
      const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      this.ctx.out.warn(
        `cannot write the checkpoint ${this.journal!.path} (${why}); the import goes on, and a re-run relies on the service's idempotency replay. Set PROSPECT_DATA_DIR to a writable folder to keep one.`,
      );
    }
  }

  interrupted(tally: ImportTally): void {
    const again = `\n  ${sameCommand(this.ctx)}`;
    if (!this.journal) return this.ctx.out.info(`Stopped before any chunk was sent. Run the same command again to import the file:${again}`);
    const earlier = tally.fromCheckpoint ? ` (${tally.fromCheckpoint} of them imported by an earlier run)` : '';
    const rerun = this.unwritable
      ? 'No checkpoint could be written: run the same command again, and the service replays the chunks it took instead of importing them twice:'
      : `The checkpoint ${this.journal.path} holds the chunks the service acknowledged. Run the same command again to send only the others ` +
        '(a chunk in flight when stopped is replayed by the service, not imported twice):';
    this.ctx.out.info(`Stopped after ${tally.chunks} chunk${tally.chunks === 1 ? '' : 's'}${earlier}, ${counted(tally.imported, 'row')} imported. ${rerun}${again}`);
  }
}
