import type { CsvRecord } from '../../../cli/cmdutil/csv-read.js';
import { ChunkBuilder, type Chunk, type ClientSkip } from './chunks.js';
import { unescapeFormulaCell } from '../../../api/schemas/values/export.js';
import { rowIdentifier, type ColumnMapping } from '../../../cli/cmdutil/header-map.js';

/** What one data record (or the end of the file) gives: a full chunk, a row skipped before sending, or nothing yet. */
export interface ChunkStep {
  chunk?: Chunk;
  skip?: ClientSkip;
  /** The record's number in the file; absent for the last chunk, flushed at the end. */
  row?: number;
  bytesRead: number;
}

/**
 * The chunks of the data records that follow the header, in order, with the rows that cannot be
 * sent, skipped for the reason the service would give (so --dry-run counts what the import
 * reports). Each cell the CSV export escaped goes as it was before (csvToImport's rule), unless
 * `keepApostrophes`.
 */
export async function* chunkSteps(
  records: AsyncIterable<CsvRecord>,
  headers: readonly string[],
  mapping: ColumnMapping,
  opts: { keepApostrophes?: boolean } = {},
): AsyncGenerator<ChunkStep> {
  const builder = new ChunkBuilder(headers, mapping);
  const identifies = rowIdentifier(headers, mapping);
  let bytesRead = 0;
  for await (const { row, fields: read, bytesRead: at } of records) {
    bytesRead = at;
    const fields = read && !opts.keepApostrophes ? read.map(unescapeFormulaCell) : read;
    if (!fields) yield { skip: { row, reason: 'invalid_encoding' }, row, bytesRead };
    else if (fields.length !== headers.length) yield { skip: { row, reason: 'malformed_row' }, row, bytesRead };
    else if (!identifies(fields)) yield { skip: { row, reason: 'missing_required' }, row, bytesRead };
    else yield { ...builder.add(row, fields), row, bytesRead };
  }
  const last = builder.flush();
  if (last) yield { chunk: last, bytesRead };
}
