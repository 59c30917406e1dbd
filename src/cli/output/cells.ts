import { cellText } from './fields.js';
import { formatCount } from './numbers.js';

/** Columns holding an identifier: a person copies them whole into the next command. */
export const isIdColumn = (column: string): boolean => column === 'key' || /(^|[._])id$/.test(column);

/** Numbers that are names rather than amounts: years, identifiers, epoch times, codes. */
const NOT_AN_AMOUNT = /(^|[._])(id|year|year_founded|founded_year|port|code|zip|postal_code|\w*_ms)$/;

/**
 * A cell as a person at a terminal reads it: amounts in the one number format of every message
 * (12,345), the rest as cellText gives it. csv, tsv and json keep values as they are.
 */
export function personCell(column: string, value: unknown): string {
  if (typeof value === 'number' && Number.isInteger(value) && !NOT_AN_AMOUNT.test(column)) return formatCount(value);
  return cellText(value, ', ');
}
