import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { isUtf8 } from 'node:buffer';
import { usageError } from '../errors.js';

/**
 * Reads a CSV file of any size as a stream of records. The bytes are parsed as latin1 (one
 * character per byte), so quotes, delimiters and line ends are found exactly whatever the
 * encoding, and each field is then checked and decoded as UTF-8: a record holding bytes that
 * are not UTF-8 is reported as such rather than sent with replacement characters.
 */

export type Delimiter = ',' | ';' | '\t';
const DELIMITERS: readonly Delimiter[] = [',', ';', '\t'];
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const SNIFF_BYTES = 64 * 1024;

export interface CsvRecord {
  /** The record's number in the file, the header being 1 (records, not lines: quoted newlines stay inside). */
  row: number;
  /** The decoded fields, or null when the record's bytes are not valid UTF-8. */
  fields: string[] | null;
  /** Bytes of the file read so far (for progress). */
  bytesRead: number;
}

/** The delimiter of a header line: the most frequent of comma, semicolon and tab outside quotes (comma on a tie). */
export function sniffDelimiter(headerLine: string): Delimiter {
  const counts = new Map<Delimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch as Delimiter)) counts.set(ch as Delimiter, counts.get(ch as Delimiter)! + 1);
  }
  let best: Delimiter = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/** The start of a file: whether it opens with a UTF-8 BOM, and its delimiter. */
export async function probeCsv(path: string): Promise<{ bomBytes: number; delimiter: Delimiter; size: number }> {
  let fh;
  try {
    fh = await open(path, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw usageError(
      `cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : (code ?? (e as Error).message)}`,
      'Give the path of a CSV file.',
    );
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw usageError(`${path} is not a file`, 'Give the path of a CSV file.');
    const buf = Buffer.alloc(Math.min(SNIFF_BYTES, st.size));
    await fh.read(buf, 0, buf.length, 0);
    const bomBytes = buf.subarray(0, 3).equals(BOM) ? 3 : 0;
    const head = buf.subarray(bomBytes).toString('latin1');
    const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
    return { bomBytes, delimiter: sniffDelimiter(firstLine), size: st.size };
  } finally {
    await fh.close();
  }
}

function decode(fields: readonly string[]): string[] | null {
  const out: string[] = [];
  for (const f of fields) {
    const bytes = Buffer.from(f, 'latin1');
    if (!isUtf8(bytes)) return null;
    out.push(bytes.toString('utf8'));
  }
  return out;
}

/** Every record of the file, the header first, in constant memory. */
export async function* readCsv(path: string, signal?: AbortSignal): AsyncGenerator<CsvRecord> {
  const { bomBytes, delimiter } = await probeCsv(path);
  const { parse } = await import('csv-parse');
  const parser = parse({
    encoding: 'latin1',
    delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    info: true,
  });
  const input = createReadStream(path, { start: bomBytes, ...(signal ? { signal } : {}) });
  input.on('error', (e) => parser.destroy(e));
  input.pipe(parser);
  try {
    for await (const r of parser as AsyncIterable<{ record: string[]; info: { records: number; bytes: number } }>) {
      yield { row: r.info.records, fields: decode(r.record), bytesRead: bomBytes + r.info.bytes };
    }
  } catch (e) {
    if ((e as { code?: string }).code?.startsWith('CSV_'))
      throw usageError(`${path} is not a readable CSV: ${(e as Error).message}`, 'Check the quoting of the file.');
    throw e;
  } finally {
    input.destroy();
  }
}
