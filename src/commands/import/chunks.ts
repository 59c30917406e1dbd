import type { CanonicalField, SkipReason } from '../../api/schemas/values/lists.js';
import { csvField } from '../../api/schemas/values/export.js';
import type { ColumnMapping } from './header-map.js';

/**
 * Splits mapped rows into request-sized CSV chunks. The limits sit well under the
 * service's (600 rows, about 150 KB of CSV), since the CSV travels base64-encoded.
 */
export const CHUNK_LIMITS = { rows: 500, bytes: 100_000 } as const;

export interface Chunk {
  index: number;
  /** Comma CSV: the mapped columns' original headers, then the rows. */
  csv: string;
  /** The original file's record number of each data row, in order. */
  rows: number[];
  bytes: number;
}

export interface ClientSkip {
  row: number;
  reason: SkipReason;
}

/** One CSV field, quoted when it holds a comma, a quote or a line end. */
export const csvLine = (fields: readonly string[]) => fields.map(csvField).join(',') + '\n';

/** Builds chunks from data rows of a file whose header is `headers`. */
export class ChunkBuilder {
  private readonly columns: number[];
  private readonly header: string;
  private lines: string[] = [];
  private rows: number[] = [];
  private bytes: number;
  private next = 0;

  constructor(
    headers: readonly string[],
    readonly mapping: ColumnMapping,
    private readonly limits: { rows: number; bytes: number } = CHUNK_LIMITS,
  ) {
    const mapped = Object.values(mapping) as string[];
    this.columns = mapped.map((h) => headers.indexOf(h));
    this.header = csvLine(mapped);
    this.bytes = Buffer.byteLength(this.header);
  }

  /** Adds a row; returns a chunk when the row does not fit the current one, or a skip when it fits no chunk. */
  add(row: number, fields: readonly string[]): { chunk?: Chunk; skip?: ClientSkip } {
    const line = csvLine(this.columns.map((i) => fields[i] ?? ''));
    const size = Buffer.byteLength(line);
    if (Buffer.byteLength(this.header) + size > this.limits.bytes) return { skip: { row, reason: 'row_too_large' } };
    const full = this.rows.length >= this.limits.rows || this.bytes + size > this.limits.bytes;
    const chunk = full ? this.flush() : undefined;
    this.lines.push(line);
    this.rows.push(row);
    this.bytes += size;
    return chunk ? { chunk } : {};
  }

  /** The chunk of the rows added since the last one, if any. */
  flush(): Chunk | undefined {
    if (this.rows.length === 0) return undefined;
    const chunk: Chunk = { index: this.next++, csv: this.header + this.lines.join(''), rows: this.rows, bytes: this.bytes };
    this.lines = [];
    this.rows = [];
    this.bytes = Buffer.byteLength(this.header);
    return chunk;
  }
}

/**
 * The idempotency key of a chunk: the same list, mapping, position and content give the same
 * key on every run, so a repeated import replays what the service already took. (node:crypto
 * is loaded here, not at start-up: every command's module is evaluated when the CLI starts.)
 */
export async function chunkKey(listId: string, mapping: ColumnMapping, chunk: Pick<Chunk, 'index' | 'csv'>, enrich?: string): Promise<string> {
  const { createHash } = await import('node:crypto');
  const fields = Object.keys(mapping).sort() as CanonicalField[];
  const h = createHash('sha256')
    .update(JSON.stringify({ list: listId, mapping: fields.map((f) => [f, mapping[f]]), chunk: chunk.index, ...(enrich ? { enrich } : {}) }))
    .update('\n')
    .update(chunk.csv)
    .digest('hex');
  return `csv-import-${h.slice(0, 48)}`;
}
