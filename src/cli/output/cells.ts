import { cellText } from './fields.js';
import { formatCount } from './numbers.js';
import { printableLine } from './printable.js';

/** Columns holding an identifier: a person copies them whole into the next command. */
export const isIdColumn = (column: string): boolean => column === 'key' || /(^|[._])id$/.test(column);

/** Numbers that are names rather than amounts: years, identifiers, epoch times, codes. */
const NOT_AN_AMOUNT = /(^|[._])(id|year|year_founded|founded_year|port|code|zip|postal_code|\w*_ms)$/;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a person reads it on their clock, to the minute: 2026-11-25 14:05. */
export function localMinute(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A cell as a person at a terminal reads it: amounts in the one number format of every message
 * (12,345), instants in local time to the minute, the rest as cellText gives it with control
 * characters written out (printable). csv, tsv and json keep values as they are.
 */
export function personCell(column: string, value: unknown): string {
  if (typeof value === 'number' && Number.isInteger(value) && !NOT_AN_AMOUNT.test(column)) return formatCount(value);
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return localMinute(value);
  return printableLine(cellText(value, ', '));
}
