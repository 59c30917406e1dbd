import path from 'node:path';
import { sendCsvPart } from '../../../workflows/import/csv-import-requests.js';
import { estimateBodyFor } from '../../../api/quote-shape.js';
import type { CsvImportResponse } from '../../../api/schemas/lists.js';
import type { EnrichmentType } from '../../../api/schemas/values/credits.js';
import type { Client } from '../../../api/client.js';
import { approveSpend, decide, describeQuote } from '../../../cli/paid.js';
import { checkQuote, sumQuotes } from '../../../workflows/spend-verdict.js';
import {
  addRowsToEnrich,
  noRowsToEnrich,
  notEnrichedText,
  typesToEnrich,
  type RowsToEnrich,
} from '../../../workflows/import/enrich-rows.js';
import { sameCommand } from '../../../cli/command-line.js';
import type { Context } from '../../../cli/context.js';
import { counted, formatCount } from '../../../cli/output/numbers.js';
import { resolveOrCreateList } from '../../../cli/cmdutil/save-to.js';
import { fileSha256 } from './checkpoint.js';
import { serviceUrl } from '../../../api/base-url.js';
import { chunkSteps } from './chunk-steps.js';
import { chunkKey, chunkLimitsFor, type Chunk } from './chunks.js';
import { ALL_ROWS_FLAG, chunkParts, type ChunkPart, type PartsRule } from './chunk-parts.js';
import { readCsv } from '../../../cli/cmdutil/csv-read.js';
import { ImportJournal } from './journal.js';
import type { ImportTally } from './tally.js';
import { etaText } from '../../../cli/wait-notice.js';

export interface ImportJob extends PartsRule {
  file: string;
  listArg: string;
  headers: readonly string[];
  create: boolean;
  /** --keep-apostrophes: send the cells the CSV export escaped as written. */
  keepApostrophes: boolean;
}

/** What the file holds, read once more before spending or when a checkpoint has chunks: how many are left and what to estimate. */
interface Survey {
  chunks: number;
  done: number;
  /** With --enrich: the rows of the chunks not sent in full yet that need it, per type, and those left without it. */
  left?: RowsToEnrich;
}

/**
 * Sends chunks in order to the list, resolved (or created) when opened, skipping the requests
 * the import's checkpoint shows acknowledged and recording each new acknowledgement. A chunk
 * goes in one request, or with --enrich in parts: its rows holding what the enrichment finds
 * without it (free), the others with it. With enrichment the cost of the rows left is approved
 * once, before the first request sent, and each paid request is quoted as it is sent.
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
    this.listId = (await resolveOrCreateList(ctx, job.listArg, job.create, beforeCreate)).list_id;
    const list = await ctx.api.lists.get(this.listId);
    const request = {
      service: serviceUrl(client.baseUrl.href),
      list_id: this.listId,
      file_sha256: await fileSha256(job.file, ctx.signal),
      column_mapping: job.mapping,
      enrichment: job.enrich ?? 'none',
      ...(job.enrich && job.allRows ? { all_rows: true as const } : {}),
      ...(job.keepApostrophes ? { keep_apostrophes: true as const } : {}),
      chunk_limits: chunkLimitsFor(job.mapping),
    };
    const opened = await ImportJournal.open(request, list, {
      env: ctx.env,
      nowMs: ctx.clock.now(),
      file: path.resolve(job.file),
      createdNow: created,
    });
    this.journal = opened.journal;
    if (opened.stale)
      ctx.out.info(
        `The checkpoint ${opened.journal.path} is not used: ${opened.stale}. Every chunk is sent; the service replays those it took in the last 24 hours.`,
      );
    const complete = opened.journal.complete;
    if (complete !== undefined)
      ctx.out.info(
        `${job.file} was already imported into ${this.listId}: all ${complete} chunks are acknowledged in the checkpoint ${opened.journal.path}. Nothing is sent again.`,
      );
    else if (opened.journal.acknowledged) {
      const s = await this.surveyed();
      if (s.done) ctx.out.info(`${s.done} of ${s.chunks} chunks were imported earlier; sending the remaining ${s.chunks - s.done}.`);
    }
  }

  /**
   * Reads the file once more: how much of it earlier runs imported (in the checkpoint), and
   * which rows are left to enrich (what --enrich asks to spend for).
   */
  private async surveyed(): Promise<Survey> {
    if (this.survey) return this.survey;
    const { job } = this;
    const s: Survey = { chunks: 0, done: 0, ...(job.enrich ? { left: noRowsToEnrich(job.enrich) } : {}) };
    const records = readCsv(job.file, this.ctx.signal);
    await records.next();
    for await (const step of chunkSteps(records, job.headers, job.mapping, job)) {
      if (!step.chunk) continue;
      s.chunks += 1;
      const { parts, skipped } = chunkParts(step.chunk, job);
      const left = [];
      for (const part of parts)
        if (!(await this.earlier(step.chunk, part))) left.push({ enrichment: part.enrichment, rows: part.rows.length });
      if (!left.length) s.done += 1;
      else if (s.left) addRowsToEnrich(s.left, left, skipped);
    }
    this.survey = s;
    return s;
  }

  /** The acknowledgement of a request an earlier run sent (none before the list is known: a list made now has none). */
  private async earlier(chunk: Chunk, part: ChunkPart) {
    if (!this.journal) return undefined;
    return this.journal.done(chunk.index, await this.keyOf(chunk, part), this.ctx.clock.now());
  }

  private keyOf(chunk: Chunk, part: ChunkPart): Promise<string> {
    const { listId, job } = this;
    if (part.whole) return chunkKey(listId!, job.mapping, chunk, job.enrich);
    return chunkKey(listId!, job.mapping, { index: chunk.index, csv: part.csv }, job.enrich, part.enrichment ?? 'none');
  }

  /**
   * With --enrich, the spend for the rows not imported yet that lack what it finds, asked once
   * (before --create makes a list, so a refusal leaves nothing); the rows left out are named first.
   */
  private async approve(): Promise<void> {
    if (this.approved) return;
    this.approved = true;
    const { ctx, job } = this;
    const left = (await this.surveyed()).left!;
    const skipped = notEnrichedText(left, ALL_ROWS_FLAG);
    if (skipped) ctx.out.info(`${skipped}.`);
    const types = typesToEnrich(left);
    if (!types.length) return;
    const rows = types.reduce((n, [, r]) => n + r, 0);
    const what = `Importing ${job.file} and enriching up to ${counted(rows, 'row')} (${types.map(([t, r]) => (types.length > 1 ? `${t} ${formatCount(r)}` : t)).join(', ')})`;
    if (types.length === 1) return void (await approveSpend(ctx, { estimate: this.estimateFor(types[0]![0], rows), what }));
    // Rows getting different types: one quote each, one question on their sum.
    const quotes = [];
    for (const [type, r] of types) {
      const q = await ctx.api.credits.estimate(this.estimateFor(type, r));
      checkQuote(q);
      quotes.push(q);
    }
    const total = sumQuotes(quotes);
    ctx.out.info(
      `${describeQuote({ ...quotes[0]!, ...total })} ${quotes.map((q, i) => `${types[i]![0]}: ${counted(q.estimated_cost, 'credit')} for ${counted(q.row_count, 'row')}`).join('; ')}.`,
    );
    await decide(ctx, total, what, false);
  }

  private estimateFor(type: EnrichmentType, rows: number) {
    return estimateBodyFor({ tool: 'bulk_import_csv', body: { enrichment_type: type }, rows });
  }

  /** What a request asks of the service: its rows, and enrichment with a quote of its own (none: free). */
  private async bodyOf(chunk: Chunk, part: ChunkPart, key: string) {
    const base = {
      csv_content_base64: Buffer.from(part.csv).toString('base64'),
      column_mapping: chunk.mapping ?? this.job.mapping,
      idempotency_key: key,
    };
    if (!part.enrichment) return { ...base, dispatch_enrichment: false };
    const q = await this.ctx.api.credits.estimate(this.estimateFor(part.enrichment, part.rows.length));
    checkQuote(q);
    return { ...base, dispatch_enrichment: true, enrichment_type: part.enrichment, ...(q.quote_id ? { quote_id: q.quote_id } : {}) };
  }

  /** Sends the requests of a chunk the checkpoint does not show acknowledged, in order, and tallies every answer. */
  async send(chunk: Chunk, parts: readonly ChunkPart[], tally: ImportTally, percent: number): Promise<void> {
    if (!this.client) await this.open();
    const how: Array<'sent' | 'replayed' | 'checkpoint'> = [];
    for (const part of parts) {
      const key = await this.keyOf(chunk, part);
      const ack = this.journal!.done(chunk.index, key, this.ctx.clock.now());
      const sent = ack ? undefined : await this.post(chunk, part, key, parts.length);
      const answer = ack?.answer ?? sent!;
      tally.addAnswer(part.rows, answer);
      how.push(!sent ? 'checkpoint' : sent.idempotency_replayed ? 'replayed' : 'sent');
      if (answer.workflow_id) this.workflowIds.add(answer.workflow_id);
    }
    tally.countChunk(how);
    // Chunks left, from the share of the file read so far: the ETA under the announced rate limit.
    const left = percent > 0 && percent < 100 ? Math.round(((chunk.index + 1) * (100 - percent)) / percent) : 0;
    const eta = left > 0 && this.client ? etaText(this.client.paceEstimate(left)) : undefined;
    this.ctx.progress.update(
      `Importing ${percent}%: ${counted(tally.parsed, 'row')} read, ${formatCount(tally.imported)} imported, chunk ${chunk.index + 1}` +
        `${tally.replayed ? ` (${tally.replayed} imported earlier)` : ''}${eta ? ` · ${eta}` : ''}`,
    );
  }

  /** Sends a request of a chunk and records its acknowledgement in the checkpoint before anything else happens. */
  private async post(chunk: Chunk, part: ChunkPart, key: string, parts: number): Promise<CsvImportResponse> {
    await this.approve();
    const body = await this.bodyOf(chunk, part, key);
    const sentAt = this.ctx.clock.now();
    const r = await sendCsvPart(this.ctx.api, this.listId!, body, { sleep: this.ctx.clock.sleep, signal: this.ctx.signal });
    const { rows_parsed, rows_imported, rows_skipped, skip_reasons, sample_skip_rows, workflow_id } = r;
    const answer = { rows_parsed, rows_imported, rows_skipped, skip_reasons, sample_skip_rows, workflow_id };
    const ack = {
      index: chunk.index,
      idempotency_key: key,
      ...(parts > 1 ? { parts } : {}),
      ...(this.job.enrich ? { enrichment: part.enrichment ?? 'none' } : {}),
      rows: part.rows.length,
      sent_at_ms: sentAt,
      answer,
    };
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
    if (!this.journal)
      return this.ctx.out.info(`Stopped before any chunk was sent. Run the same command again to import the file:${again}`);
    const earlier = tally.fromCheckpoint ? ` (${tally.fromCheckpoint} of them imported by an earlier run)` : '';
    const rerun = this.unwritable
      ? 'No checkpoint could be written: run the same command again, and the service replays the chunks it took instead of importing them twice:'
      : `The checkpoint ${this.journal.path} holds the chunks the service acknowledged. Run the same command again to send only the others ` +
        '(a chunk in flight when stopped is replayed by the service, not imported twice):';
    this.ctx.out.info(
      `Stopped after ${tally.chunks} chunk${tally.chunks === 1 ? '' : 's'}${earlier}, ${counted(tally.imported, 'row')} imported. ${rerun}${again}`,
    );
  }
}
