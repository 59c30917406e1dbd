import { usageError } from './errors.js';
import { closest } from '../api/suggest.js';

/** Flag value parsers: bad input is a usage error (exit 2) naming the value and the range. */
export function intInRange(flag: string, min: number, max: number) {
  return (raw: string): number => {
    const n = Number(raw);
    if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(n))
      throw usageError(`${flag} must be a whole number, got "${raw}"`, `Give a number from ${min} to ${max}.`);
    if (n < min || n > max) throw usageError(`${flag} must be from ${min} to ${max}, got ${n}`, `Give a number from ${min} to ${max}.`);
    return n;
  };
}

export function nonNegativeNumber(flag: string) {
  return (raw: string): number => {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n) || n < 0)
      throw usageError(`${flag} must be a number of 0 or more, got "${raw}"`, `For example ${flag} 100.`);
    return n;
  };
}

export function oneOf<T extends string>(flag: string, values: readonly T[]) {
  return (raw: string): T => {
    if ((values as readonly string[]).includes(raw)) return raw as T;
    const near = closest(raw, values);
    const cased = near !== undefined && near.toLowerCase() === raw.toLowerCase();
    throw usageError(
      `${flag} does not accept "${raw}"`,
      near
        ? `Did you mean "${near}"?${cased ? ' Values are case-sensitive.' : ''} Values: ${values.join(', ')}.`
        : `Use one of: ${values.join(', ')}.`,
    );
  };
}

/** Repeatable flag: collects every occurrence into an array. */
export function collect(raw: string, previous: unknown): string[] {
  return [...(Array.isArray(previous) ? (previous as string[]) : []), raw];
}
