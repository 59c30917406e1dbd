import type { Writable } from 'node:stream';
import { HINT_KEYS } from '../../api/schemas/values/envelope.js';
import { usageError, writeFailure } from '../errors.js';
import { columnsOf, pickFields, unknownFields } from './fields.js';
import { csvRows, tsvRows } from './delimited.js';
import { renderKeyValue, renderTable } from './table.js';
import { printable } from './printable.js';
import type { Style } from './style.js';
import type { HintNote } from '../hints.js';

export const FORMATS = ['table', 'json', 'ndjson', 'csv', 'tsv'] as const;
export type Format = (typeof FORMATS)[number];

export function parseFormat(raw: string, source: string): Format {
  const f = raw.trim().toLowerCase();
  if ((FORMATS as readonly string[]).includes(f)) return f as Format;
  throw usageError(`unknown format "${raw}" (from ${source})`, `Use one of: ${FORMATS.join(', ')}.`);
}

/** Pages of a cursor iterator as printPages takes them. */
export async function* printablePages<T>(pages: AsyncIterable<{ items: readonly T[]; page: unknown }>) {
  for await (const p of pages) yield { rows: p.items, payload: p.page };
}

/** --fields naming what no row has is a typo: exit 2 with the fields there are. */
function checkFields(rows: readonly unknown[], fields: readonly string[] | undefined, declared?: readonly string[]): void {
  const { unknown, available } = unknownFields(rows, fields, declared);
  if (unknown.length === 0) return;
  throw usageError(
    `--fields ${unknown.join(', ')}: ${unknown.length === 1 ? 'no such field' : 'no such fields'} in this output`,
    `Pick from: ${available.join(', ')}.`,
  );
}

/** What a command hands over to be printed. */
export type View =
  | {
      kind: 'object';
      /** The payload as the service returned it: printed whole by --format json. */
      payload: Record<string, unknown>;
      /** Keys shown in a table, csv or tsv when --fields is not given. */
      fields?: readonly string[];
    }
  | {
      kind: 'rows';
      payload: unknown;
      rows: readonly unknown[];
      columns?: readonly string[];
      /** Columns of a table when they differ from csv/tsv (the ones a person scans). */
      tableColumns?: readonly string[];
      /** Printed on stderr when a table would be empty. */
      emptyMessage?: string;
    };

export interface OutputOptions {
  stdout: Writable;
  stderr: Writable;
  format: Format;
  fields: string[] | undefined;
  quiet: boolean;
  style: Style;
  errStyle: Style;
  width: number;
  /** What the service's hints on a printed answer mean to a person (hints.ts); --debug shows the raw hints as they come. */
  notes?: (payload: unknown) => readonly HintNote[];
}

/** stdout carries data only; messages, hints and warnings go to stderr. */
export class Output {
  constructor(readonly o: OutputOptions) {}

  get format(): Format {
    return this.o.format;
  }

  /** The same output in another format (for a command whose natural default differs). */
  withFormat(format: Format): Output {
    return new Output({ ...this.o, format });
  }

  async print(view: View): Promise<void> {
    this.hints(view.payload);
    const text = await this.renderView(view);
    if (text) await this.written(text);
  }

  /**
   * Writes and waits until the text is written: a write that fails (a full disk) fails the
   * command here, before it goes on to say what it printed.
   */
  private written(text: string): Promise<void> {
    // A closed pipe (`| head`) is not an error: the process ends quietly (process.ts).
    return new Promise((resolve, reject) =>
      this.o.stdout.write(text, (e) =>
        e && (e as NodeJS.ErrnoException).code !== 'EPIPE' ? reject(writeFailure('to stdout', e)) : resolve(),
      ),
    );
  }

  async renderView(view: View): Promise<string> {
    const { format, fields } = this.o;
    if (view.kind === 'object') checkFields([view.payload], fields, view.fields);
    else checkFields(view.rows, fields, [...(view.columns ?? []), ...(view.tableColumns ?? [])]);
    if (view.kind === 'object') {
      const keys = fields ?? view.fields ?? Object.keys(view.payload).filter((k) => !(HINT_KEYS as readonly string[]).includes(k));
      switch (format) {
        case 'json':
          return json(fields ? pickFields(view.payload, fields) : view.payload);
        case 'ndjson':
          return JSON.stringify(fields ? pickFields(view.payload, fields) : view.payload) + '\n';
        case 'table':
          return renderKeyValue(view.payload, keys, this.o.style);
        case 'tsv':
          return tsvRows([view.payload], keys);
        case 'csv':
          return csvRows([view.payload], keys);
      }
    }
    // No rows: csv and tsv still print the header, from the columns the command names.
    const named = view.rows.length === 0 ? (view.columns ?? view.tableColumns) : view.columns;
    const columns = fields ?? (format === 'table' ? view.tableColumns : undefined) ?? named ?? columnsOf(view.rows);
    switch (format) {
      case 'json':
        return json(fields ? view.rows.map((r) => pickFields(r, fields)) : view.payload);
      case 'ndjson':
        return view.rows.map((r) => JSON.stringify(fields ? pickFields(r, fields) : r) + '\n').join('');
      case 'table':
        if (view.rows.length === 0) {
          this.info(view.emptyMessage ?? 'No results.');
          return '';
        }
        return renderTable(view.rows, columns, { style: this.o.style, width: this.o.width });
      case 'tsv':
        return tsvRows(view.rows, columns);
      case 'csv':
        return csvRows(view.rows, columns);
    }
  }

  /**
   * Prints rows page by page: ndjson one row per line in constant memory, csv and tsv with one
   * header for the whole run. json is one array, written once every page has come: a failure
   * on a later page leaves stdout empty instead of holding half an array.
   */
  async printPages(
    pages: AsyncIterable<{ rows: readonly unknown[]; payload: unknown }>,
    columns?: readonly string[],
    tableColumns?: readonly string[],
    /** header false: csv and tsv leave out the header line (a continuation appended to a file that has one). */
    opts: { header?: boolean } = {},
  ): Promise<number> {
    const { format, fields } = this.o;
    const pick = (r: unknown) => (fields ? pickFields(r, fields) : r);
    let count = 0;
    let cols = fields ?? (format === 'table' ? tableColumns : undefined) ?? columns;
    const jsonRows: string[] = [];
    for await (const page of pages) {
      if (count === 0) checkFields(page.rows, fields, [...(columns ?? []), ...(tableColumns ?? [])]);
      if (format === 'json') {
        for (const r of page.rows) jsonRows.push(indent(JSON.stringify(pick(r), null, 2)));
        count += page.rows.length;
        continue;
      }
      if (format === 'ndjson') {
        for (const r of page.rows) await this.write(JSON.stringify(pick(r)) + '\n');
        count += page.rows.length;
        continue;
      }
      if (page.rows.length === 0) continue;
      cols ??= columnsOf(page.rows);
      const header = count === 0 && opts.header !== false;
      count += page.rows.length;
      if (format === 'tsv') await this.write(tsvRows(page.rows, cols, header));
      else if (format === 'csv') await this.write(await csvRows(page.rows, cols, header));
      else await this.write(await renderTable(page.rows, cols, { style: this.o.style, width: this.o.width }));
    }
    if (format === 'json') await this.write(count === 0 ? '[]\n' : `[\n${jsonRows.join(',\n')}\n]\n`);
    // No rows at all: csv and tsv still print the header, when the columns are known.
    const named = cols ?? columns ?? tableColumns;
    if (count === 0 && opts.header !== false && named?.length) {
      if (format === 'tsv') await this.write(tsvRows([], named));
      else if (format === 'csv') await this.write(await csvRows([], named));
    } else if (count === 0 && format === 'table') this.info('No results.');
    return count;
  }

  /** Writes and waits when the reader is slower than we are. */
  private write(text: string): Promise<void> {
    return new Promise((resolve) => (this.o.stdout.write(text) ? resolve() : this.o.stdout.once('drain', resolve)));
  }

  /**
   * What the service's hints on an answer mean, in our words (src/cli/hints.ts): said where the
   * command prints the answer, and only the hints whose meaning the command does not say itself.
   */
  hints(payload: unknown): void {
    for (const note of this.o.notes?.(payload) ?? []) {
      if (note.level === 'warn') this.warn(note.text);
      else if (note.level === 'success') this.success(note.text);
      else this.info(note.text);
    }
  }

  /** Messages name server data (list names, titles): its control characters are written out, never obeyed; our colours are added around it. */
  info(msg: string): void {
    if (!this.o.quiet) this.o.stderr.write(printable(msg.endsWith('\n') ? msg : `${msg}\n`));
  }

  warn(msg: string): void {
    this.o.stderr.write(`${this.o.errStyle.yellow('warning:')} ${printable(msg)}\n`);
  }

  success(msg: string): void {
    if (!this.o.quiet) this.o.stderr.write(`${this.o.errStyle.green('✓')} ${printable(msg)}\n`);
  }
}

const indent = (text: string) => text.replace(/^/gm, '  ');

function json(v: unknown): string {
  return JSON.stringify(v, null, 2) + '\n';
}
