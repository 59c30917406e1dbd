import fs, { type FileHandle } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { csvRows } from '../../../cli/output/delimited.js';
import type { ExportRow } from '../../../api/schemas/export.js';
import { writeFailure } from '../../../cli/errors.js';
import { createExclusive, reopenOwn } from '../../../local/exclusive-file.js';

/**
 * An export written page by page in constant memory. What a page adds depends only on its
 * rows and how many rows came before, so a resumed export writes exactly what one
 * uninterrupted run would: ndjson one row per line; csv a header, then rows (formula cells
 * escaped as every CSV of the CLI is); json one array, one row per line.
 */

export const STREAM_FORMATS = ['ndjson', 'csv', 'json'] as const;
export type StreamFormat = (typeof STREAM_FORMATS)[number];

/** What comes before the first page. */
export async function prologue(format: StreamFormat, columns: readonly string[]): Promise<string> {
  return format === 'csv' ? csvRows([], columns, true) : '';
}

/** The text of one page of rows, `before` rows having been written already. */
export async function pageText(
  format: StreamFormat,
  rows: readonly ExportRow[],
  columns: readonly string[],
  before: number,
): Promise<string> {
  if (format === 'csv') return rows.length ? csvRows(rows, columns, false) : '';
  if (format === 'ndjson') return rows.map((r) => `${JSON.stringify(r)}\n`).join('');
  return rows.map((r, i) => `${before + i === 0 ? '[\n' : ',\n'}${JSON.stringify(r)}`).join('');
}

/** What closes the output after the last page. */
export function epilogue(format: StreamFormat, rows: number): string {
  if (format !== 'json') return '';
  return rows === 0 ? '[]\n' : '\n]\n';
}

/** Where the text goes, counting bytes. */
export interface Sink {
  readonly bytes: number;
  write(text: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A file, written from `from` bytes on (earlier bytes kept, anything after them cut off). From
 * 0 it is made new, exclusively (whatever was at the name, a planted link included, is
 * removed, never followed); a file continued must be a plain file of ours (reopenOwn).
 */
export async function fileSink(file: string, from: number): Promise<Sink> {
  let handle: FileHandle;
  if (from === 0) {
    await fs.rm(file, { force: true });
    handle = await createExclusive(file);
  } else {
    handle = await reopenOwn(file);
    const { size } = await handle.stat();
    if (size < from) {
      await handle.close();
      throw Object.assign(new Error(`${file} has ${size} bytes, fewer than the ${from} its checkpoint counts`), { code: 'ESHORTPART' });
    }
    await handle.truncate(from);
  }
  let bytes = from;
  let open = true;
  return {
    get bytes() {
      return bytes;
    },
    async write(text) {
      const buf = Buffer.from(text);
      let done = 0;
      try {
        while (done < buf.length) done += (await handle.write(buf, done, buf.length - done, bytes + done)).bytesWritten;
      } catch (e) {
        throw writeFailure(file, e);
      }
      bytes += buf.length;
    },
    async close() {
      if (open) await handle.close();
      open = false;
    },
  };
}

/** A stream such as stdout or a pipe named by -o (`where` names it in errors), which it ends only with `end`; waits when the reader is slower. */
export function streamSink(out: Writable, from: number, where = 'to stdout', end = false): Sink {
  let bytes = from;
  return {
    get bytes() {
      return bytes;
    },
    write(text) {
      bytes += Buffer.byteLength(text);
      return new Promise((resolve, reject) => {
        if (!text) return resolve();
        out.write(text, (e) => (e ? reject(writeFailure(where, e)) : resolve()));
      });
    },
    async close() {
      if (end) await new Promise<void>((resolve) => out.end(resolve));
    },
  };
}
