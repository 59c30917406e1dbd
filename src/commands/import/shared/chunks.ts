import { CSV_IMPORT_LIMITS, type CanonicalField, type SkipReason } from '../../../api/schemas/values/lists.js';
import { csvLine } from '../../../workflows/import/csv-parts.js';
import type { ColumnMapping } from '../../../cli/cmdutil/header-map.js';
import { chunkColumns, splitMapping, type ChunkColumns } from './chunk-columns.js';

/**
 * Splits mapped rows into request-sized CSV chunks: up to the service's 600 rows, and a request
 * body (the CSV travels base64-encoded) up to 1 % under 150,000 bytes, the smaller reading of
 * its "about 150 KB" (CSV_IMPORT_LIMITS.requestBytes). Byte-bound files take about 1.01 to 1.02
 * times the fewest requests at that size (the header each chunk repeats is the rest).
 */
const BODY_MARGIN = 0.01;

/** Room in a body for a quote id, whose length the spec does not give. */
const QUOTE_ID_ROOM = 256;

const KEY_PREFIX = 'csv-import-';
const KEY_HEX = 48;

export interface ChunkLimits {
  /** Data rows in a chunk. */
  rows: number;
  /** Characters of a chunk's CSV once base64-encoded, as the request carries it. */
  base64Bytes: number;
}

/** The bytes of a request body around an empty CSV: what each chunk's CSV shares the body with. */
function envelopeBytes(mapping: ColumnMapping): number {
  const body = {
    csv_content_base64: '',
    column_mapping: splitMapping(mapping),
    idempotency_key: KEY_PREFIX + '0'.repeat(KEY_HEX),
    dispatch_enrichment: true,
    enrichment_type: 'phone_only',
    quote_id: '',
  };
  return Buffer.byteLength(JSON.stringify(body)) + QUOTE_ID_ROOM;
}

/** The chunk limits for a file imported with this mapping. */
export function chunkLimitsFor(mapping: ColumnMapping): ChunkLimits {
  const body = Math.floor(CSV_IMPORT_LIMITS.requestBytes * (1 - BODY_MARGIN));
  return { rows: CSV_IMPORT_LIMITS.maxRows, base64Bytes: body - envelopeBytes(mapping) };
}

/** Characters of the base64 of `bytes` bytes (padded). */
export const base64Length = (bytes: number): number => 4 * Math.ceil(bytes / 3);

export interface Chunk {
  index: number;
  /** Comma CSV: the mapped columns' original headers, then the rows. */
  csv: string;
  /** The original file's record number of each data row, in order. */
  rows: number[];
  /** The header of `csv`, as fields. */
  columns: string[];
  /** Each row's line of `csv` (with its line end) and its fields under `columns`: a request can carry some of the rows. */
  lines: string[];
  values: string[][];
  /** Bytes of `csv` (before base64). */
  bytes: number;
  /** The column_mapping of this chunk's CSV when it is not the file's: the split name columns (chunk-columns.ts). */
  mapping?: ColumnMapping;
}

export interface ClientSkip {
  row: number;
  reason: SkipReason;
}

export { csvLine };

/** Builds chunks from data rows of a file whose header is `headers`. */
export class ChunkBuilder {
  private readonly columns: ChunkColumns;
  private readonly headerBytes: number;
  private readonly splitHeaderBytes: number;
  private lines: string[] = [];
  private values: string[][] = [];
  private rows: number[] = [];
  private bytes: number;
  /** Whether the chunk being built carries the split name columns. */
  private split = false;
  private next = 0;

  constructor(
    headers: readonly string[],
    readonly mapping: ColumnMapping,
    private readonly limits: ChunkLimits = chunkLimitsFor(mapping),
  ) {
    this.columns = chunkColumns(headers, mapping);
    this.headerBytes = Buffer.byteLength(csvLine(this.columns.header(false)));
    this.splitHeaderBytes = Buffer.byteLength(csvLine(this.columns.header(true)));
    this.bytes = this.headerBytes;
  }

  /** Bytes of the largest row a chunk takes: with the header, within the limit once base64-encoded. */
  get largestRow(): number {
    return this.largestRowWith(this.headerBytes);
  }

  private largestRowWith(headerBytes: number): number {
    return Math.max(0, Math.floor(this.limits.base64Bytes / 4) * 3 - headerBytes);
  }

  /** Adds a row; returns a chunk when the row does not fit the current one, or a skip when it fits no chunk. */
  add(row: number, fields: readonly string[]): { chunk?: Chunk; skip?: ClientSkip } {
    const own = this.columns.needsSplit(fields);
    const ownValues = this.columns.values(fields, own);
    const ownLine = csvLine(ownValues);
    if (Buffer.byteLength(ownLine) > this.largestRowWith(own ? this.splitHeaderBytes : this.headerBytes))
      return { skip: { row, reason: 'row_too_large' } };
    // In the current chunk: with the split name columns if it has them or this row needs them
    // (the rows before it then leave them empty), without otherwise.
    const split = this.split || own;
    const values = split === own ? ownValues : this.columns.values(fields, true);
    const line = split === own ? ownLine : csvLine(values);
    const bytes = split && !this.split ? this.splitHeaderBytes + (this.bytes - this.headerBytes) + 2 * this.lines.length : this.bytes;
    if (this.rows.length < this.limits.rows && base64Length(bytes + Buffer.byteLength(line)) <= this.limits.base64Bytes) {
      if (split && !this.split) {
        this.lines = this.lines.map((l) => `${l.slice(0, -1)},,\n`);
        this.values = this.values.map((v) => [...v, '', '']);
      }
      this.push(row, line, values, split, bytes);
      return {};
    }
    const chunk = this.flush();
    this.push(row, ownLine, ownValues, own, own ? this.splitHeaderBytes : this.headerBytes);
    return chunk ? { chunk } : {};
  }

  private push(row: number, line: string, values: string[], split: boolean, bytesBefore: number): void {
    this.lines.push(line);
    this.values.push(values);
    this.rows.push(row);
    this.split = split;
    this.bytes = bytesBefore + Buffer.byteLength(line);
  }

  /** The chunk of the rows added since the last one, if any. */
  flush(): Chunk | undefined {
    if (this.rows.length === 0) return undefined;
    const columns = this.columns.header(this.split);
    const csv = csvLine(columns) + this.lines.join('');
    const chunk: Chunk = {
      index: this.next++,
      csv,
      rows: this.rows,
      columns,
      lines: this.lines,
      values: this.values,
      bytes: this.bytes,
      ...(this.split ? { mapping: this.columns.mapping(true) } : {}),
    };
    this.lines = [];
    this.values = [];
    this.rows = [];
    this.bytes = this.headerBytes;
    this.split = false;
    return chunk;
  }
}

/**
 * The idempotency key of a chunk: the same list, mapping, position and content give the same
 * key on every run, so a repeated import replays what the service already took. A chunk sent
 * in parts (rows that hold what --enrich finds apart from the others: chunk-parts.ts) keys each
 * part by the chunk's position, the part (its enrichment, or none) and the part's content.
 * (node:crypto is loaded here, not at start-up: every command's module is evaluated when the CLI starts.)
 */
export async function chunkKey(
  listId: string,
  mapping: ColumnMapping,
  chunk: Pick<Chunk, 'index' | 'csv'>,
  enrich?: string,
  part?: string,
): Promise<string> {
  const { createHash } = await import('node:crypto');
  const fields = Object.keys(mapping).sort() as CanonicalField[];
  const h = createHash('sha256')
    .update(
      JSON.stringify({
        list: listId,
        mapping: fields.map((f) => [f, mapping[f]]),
        chunk: chunk.index,
        ...(enrich ? { enrich } : {}),
        ...(part ? { part } : {}),
      }),
    )
    .update('\n')
    .update(chunk.csv)
    .digest('hex');
  return KEY_PREFIX + h.slice(0, KEY_HEX);
}
