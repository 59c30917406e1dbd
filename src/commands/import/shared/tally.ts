import type { ChunkAnswer } from './checkpoint.js';
import type { Chunk, ClientSkip } from './chunks.js';
import type { EnrichmentSummary } from './enrich-runs.js';

/** Skipped row numbers kept in the report at most: of those the CLI skipped, and of the service's samples. */
export const REPORT_SKIPPED_ROWS = 50;

export interface ImportReport {
  list_id: string;
  file: string;
  rows_parsed: number;
  rows_imported: number;
  rows_skipped: number;
  skip_reasons: Record<string, number>;
  /** Record numbers of skipped rows in the file (header = 1): the service names a sample of each chunk's. */
  skipped_rows: number[];
  chunks: number;
  /** Chunks imported before this run, not imported again: replayed by the service or skipped through the checkpoint. */
  chunks_replayed: number;
  /** Of those, the chunks the checkpoint showed acknowledged: skipped without a request. */
  chunks_from_checkpoint: number;
  /** 'none', or what the dispatched enrichment runs did and charged. */
  enrichment: 'none' | EnrichmentSummary;
}

/** Sums the chunks' responses and the rows skipped before sending into one report. */
export class ImportTally {
  parsed = 0;
  imported = 0;
  chunks = 0;
  replayed = 0;
  fromCheckpoint = 0;
  private readonly reasons: Record<string, number> = {};
  private readonly skippedHere: number[] = [];
  private readonly skippedThere: number[] = [];
  private skippedCount = 0;

  skipRow(s: ClientSkip): void {
    this.parsed += 1;
    this.skip(s.reason, 1);
    keep(this.skippedHere, [s.row]);
  }

  /** A chunk sent in one request: its answer, and the chunk counted. */
  addChunk(chunk: Pick<Chunk, 'index' | 'rows'>, r: ChunkAnswer & { idempotency_replayed?: boolean }, from: 'sent' | 'checkpoint'): void {
    this.addAnswer(chunk.rows, r);
    this.countChunk([from === 'checkpoint' ? 'checkpoint' : r.idempotency_replayed ? 'replayed' : 'sent']);
  }

  /**
   * The service's answer to a request of a chunk (all its rows or a part), now or (from the
   * checkpoint) in an earlier run: its sample row numbers (of the request's CSV, header = 1)
   * mapped back to the file's through `rows`, the file's record numbers of the rows it carried.
   */
  addAnswer(rows: readonly number[], r: ChunkAnswer): void {
    this.parsed += r.rows_parsed;
    this.imported += r.rows_imported;
    const skipped = r.sample_skip_rows.map((n) => rows[n - 2]).filter((n): n is number => n !== undefined);
    for (const [reason, n] of Object.entries(r.skip_reasons)) this.skip(reason, n);
    this.skippedCount += r.rows_skipped - Object.values(r.skip_reasons).reduce((a, b) => a + b, 0);
    keep(this.skippedThere, skipped);
  }

  /** A chunk whose every request was answered, each sent now, replayed by the service, or skipped through the checkpoint. */
  countChunk(requests: ReadonlyArray<'sent' | 'replayed' | 'checkpoint'>): void {
    this.chunks += 1;
    if (requests.every((r) => r === 'checkpoint')) this.fromCheckpoint += 1;
    if (requests.every((r) => r !== 'sent')) this.replayed += 1;
  }

  private skip(reason: string, n: number): void {
    this.reasons[reason] = (this.reasons[reason] ?? 0) + n;
    this.skippedCount += n;
  }

  report(listId: string, file: string): ImportReport {
    return {
      list_id: listId,
      file,
      rows_parsed: this.parsed,
      rows_imported: this.imported,
      rows_skipped: this.skippedCount,
      skip_reasons: { ...this.reasons },
      skipped_rows: [...this.skippedHere, ...this.skippedThere].sort((a, b) => a - b),
      chunks: this.chunks,
      chunks_replayed: this.replayed,
      chunks_from_checkpoint: this.fromCheckpoint,
      enrichment: 'none',
    };
  }
}

function keep(into: number[], rows: readonly number[]): void {
  for (const r of rows) if (into.length < REPORT_SKIPPED_ROWS) into.push(r);
}
