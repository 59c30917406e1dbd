import type { FlagSpec } from '../../../cli/command.js';
import { usageError } from '../../../cli/errors.js';
import { DEFAULT_EXPORT_COLUMNS, EXPORT_LIMITS } from '../../../api/schemas/values/export.js';
import { gather } from '../../../cli/cmdutil/split-values.js';

/** Flags and input checks both export commands share. */

export const COLUMNS_FLAG = {
  flags: '--columns <names>',
  description:
    'columns in this order, or a smart-agent column of the list; repeatable or comma-separated; names the service does not know come back empty',
  values: DEFAULT_EXPORT_COLUMNS,
  parse: gather('comma'),
  defaultDescription: 'all of the values, in this order',
} as const satisfies FlagSpec;

export const FORCE_FLAG = { flags: '--force', description: 'replace the output file if it exists' } as const satisfies FlagSpec;

/** The chosen columns, checked before anything is sent (each once, within the service's limits). */
export function checkColumns(columns: string[] | undefined): string[] | undefined {
  if (!columns) return undefined;
  const { columns: count, columnName } = EXPORT_LIMITS;
  if (columns.length === 0)
    throw usageError('--columns names no column', `Give 1 to ${count.max} column names, e.g. --columns email,first_name.`);
  if (columns.length > count.max) throw usageError(`--columns takes at most ${count.max} columns, got ${columns.length}`);
  const long = columns.find((c) => c.length > columnName.max);
  if (long) throw usageError(`column name "${long.slice(0, 40)}..." is longer than ${columnName.max} characters`);
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c)) throw usageError(`--columns names "${c}" twice`, 'Name each column once.');
    seen.add(c);
  }
  return columns;
}
