import type { Writable } from 'node:stream';
import { HINT_KEYS } from '../../api/schemas/values/envelope.js';
import { usageError } from '../errors.js';
import { columnsOf, pickFields } from './fields.js';
import { csvRows, tsvRows } from './delimited.js';
import { renderKeyValue, renderTable } from './table.js';
import type { Style } from './style.js';

export const FORMATS = ['table', 'json', 'ndjson', 'csv', 'tsv'] as const;
export type Format = (typeof FORMATS)[number];

export function parseFormat(raw: string, source: string): Format {
  const f = raw.trim().toLowerCase();
  if ((FORMATS as readonly string[]).includes(f)) return f as Format;
  throw usageError(`unknown format "${raw}" (from ${source})`, `Use one of: ${FORMATS.join(', ')}.`);
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
}

/** stdout carries data only; messages, hints and warnings go to stderr. */
export class Output {
  constructor(readonly o: OutputOptions) {}

  get format(): Format {
    return this.o.format;
  }

  async print(view: View): Promise<void> {
    this.hints(view.payload);
    const text = await this.renderView(view);
    if (text) this.o.stdout.write(text);
  }

  async renderView(view: View): Promise<string> {
    const { format, fields } = this.o;
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
    const columns = fields ?? view.columns ?? columnsOf(view.rows);
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

  /** The service's hints (agent_instructions, usage, message) are for people: stderr, unless --quiet. */
  hints(payload: unknown): void {
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return;
    for (const k of HINT_KEYS) {
      const v = (payload as Record<string, unknown>)[k];
      if (typeof v === 'string' && v.trim()) this.info(this.o.errStyle.dim(v.trim()));
    }
  }

  info(msg: string): void {
    if (!this.o.quiet) this.o.stderr.write(msg.endsWith('\n') ? msg : `${msg}\n`);
  }

  warn(msg: string): void {
    this.o.stderr.write(`${this.o.errStyle.yellow('warning:')} ${msg}\n`);
  }

  success(msg: string): void {
    this.info(`${this.o.errStyle.green('✓')} ${msg}`);
  }
}

function json(v: unknown): string {
  return JSON.stringify(v, null, 2) + '\n';
}
