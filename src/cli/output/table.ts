import { isIdColumn, personCell } from './cells.js';
import { getPath } from './fields.js';
import { printableLine } from './printable.js';
import type { Style } from './style.js';

/** A borderless table for people at a terminal; long cells are cut to fit the width, ids never. */
export async function renderTable(
  rows: readonly unknown[],
  columns: readonly string[],
  opts: { style: Style; width: number },
): Promise<string> {
  if (rows.length === 0) return '';
  const { default: Table } = await import('cli-table3');
  const all = rows.map((r) => columns.map((c) => personCell(c, getPath(r, c)).replace(/\s+/g, ' ')));
  const natural = columns.map((c, i) => Math.max(c.length, ...all.map((row) => (row[i] ?? '').length)));
  const shown = columnsThatFit(natural, columns.map(isIdColumn), opts.width);
  const widths = fitWidths(
    shown.map((i) => natural[i] ?? 0),
    opts.width,
    shown.map((i) => isIdColumn(columns[i] ?? '')),
  );
  const cells = all.map((row) => shown.map((i) => row[i] ?? ''));
  const table = new Table({
    head: shown.map((i) => opts.style.bold(printableLine(columns[i] ?? '').toUpperCase())),
    colWidths: widths.map((w) => w + 2),
    wordWrap: false,
    truncate: '…',
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 2 },
    chars: {
      top: '',
      'top-mid': '',
      'top-left': '',
      'top-right': '',
      bottom: '',
      'bottom-mid': '',
      'bottom-left': '',
      'bottom-right': '',
      left: '',
      'left-mid': '',
      mid: '',
      'mid-mid': '',
      right: '',
      'right-mid': '',
      middle: '',
    },
  });
  for (const row of cells) table.push(row);
  return (
    table
      .toString()
      .split('\n')
      .map((l) => l.trimEnd())
      .join('\n') + '\n'
  );
}

const MIN_WIDTH = 6;

/**
 * The columns shown: all of them when the ids keep their width and every other column keeps at
 * least MIN_WIDTH; else the rightmost other columns are left out (--fields or another --format shows them).
 */
export function columnsThatFit(natural: readonly number[], fixed: readonly boolean[], total: number): number[] {
  const shown = natural.map((_, i) => i);
  const least = (i: number) => (fixed[i] ? (natural[i] ?? 0) : Math.min(natural[i] ?? 0, MIN_WIDTH)) + 2;
  while (shown.length > 1 && shown.reduce((sum, i) => sum + least(i), 0) > total) {
    const drop = shown.findLastIndex((i) => !fixed[i] && i !== shown[0]);
    if (drop < 0) break;
    shown.splice(drop, 1);
  }
  return shown;
}

/**
 * Shrinks the widest columns first until the row fits the terminal (each column keeps at least 6).
 * Fixed columns (ids) keep their width: a cut id cannot be copied into the next command, so a
 * row too narrow for its ids is left longer than the terminal and wraps.
 */
export function fitWidths(natural: number[], total: number, fixed: readonly boolean[] = []): number[] {
  const widths = [...natural];
  const gap = 2 * widths.length;
  let over = widths.reduce((a, b) => a + b, 0) + gap - total;
  while (over > 0) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) if (!fixed[i] && (widest < 0 || (widths[i] ?? 0) > (widths[widest] ?? 0))) widest = i;
    const w = widths[widest] ?? 0;
    if (widest < 0 || w <= MIN_WIDTH) break;
    widths[widest] = w - 1;
    over--;
  }
  return widths;
}

/** One object as aligned `key  value` lines. */
export function renderKeyValue(obj: Record<string, unknown>, keys: readonly string[], style: Style): string {
  const width = Math.max(0, ...keys.map((k) => k.length));
  return keys.map((k) => `${style.bold(printableLine(k).padEnd(width))}  ${personCell(k, getPath(obj, k))}`.trimEnd()).join('\n') + '\n';
}
