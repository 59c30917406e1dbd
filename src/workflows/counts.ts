/**
 * A count as people read it: 12,345. Written out rather than through toLocaleString, whose
 * first call loads ICU's locale data: about 20 ms of a command's start-up.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const [whole = '', fraction] = String(Math.abs(n)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${n < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** A count and its noun: "1 day", "12,345 days" (plural given when it is not noun + s). */
export const counted = (n: number, noun: string, plural = `${noun}s`): string => `${formatCount(n)} ${n === 1 ? noun : plural}`;
