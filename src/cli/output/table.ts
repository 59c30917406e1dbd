import { cellText, getPath } from './fields.js';
import type { Style } from './style.js';

/** A borderless table for people at a terminal; long cells are cut to fit the width. */
export async function renderTable(
  rows: readonly unknown[],
  columns: readonly string[],
  opts: { style: Style; width: number },
): Promise<string> {
  if (rows.length === 0) return '';
  const { default: Table } = await import('cli-table3');
  const cells = rows.map((r) => columns.map((c) => cellText(getPath(r, c), ', ').replace(/\s+/g, ' ')));
  const widths = fitWidths(
    columns.map((c, i) => Math.max(c.length, ...cells.map((row) => (row[i] ?? '').length))),
    opts.width,
  );
  const table = new Table({
    head: columns.map((c) => opts.style.bold(c.toUpperCase())),
    colWidths: widths.map((w) => w + 2),
    wordWrap: false,
    truncate: '…',
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 2 },
    chars: {
      top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
      bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
      left: '', 'left-mid': '', mid: '', 'mid-mid': '',
      right: '', 'right-mid': '', middle: '',
    },
  });
  for (const row of cells) table.push(row);
  return table.toString().split('\n').map((l) => l.trimEnd()).join('\n') + '\n';
}

/** Shrinks the widest columns first until the row fits the terminal (each column keeps at least 6). */
export function fitWidths(natural: number[], total: number): number[] {
  const widths = [...natural];
  const gap = 2 * widths.length;
  let over = widths.reduce((a, b) => a + b, 0) + gap - total;
  while (over > 0) {
    let widest = 0;
    for (let i = 1; i < widths.length; i++) if ((widths[i] ?? 0) > (widths[widest] ?? 0)) widest = i;
    const w = widths[widest] ?? 0;
    if (w <= 6) break;
    widths[widest] = w - 1;
    over--;
  }
  return widths;
}

/** One object as aligned `key  value` lines. */
export function renderKeyValue(obj: Record<string, unknown>, keys: readonly string[], style: Style): string {
  const width = Math.max(0, ...keys.map((k) => k.length));
  return keys.map((k) => `${style.bold(k.padEnd(width))}  ${cellText(getPath(obj, k), ', ')}`.trimEnd()).join('\n') + '\n';
}
