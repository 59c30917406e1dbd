/** A count as people read it: 12,345. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');

/** A count and its noun: "1 day", "12,345 days" (plural given when it is not noun + s). */
export const counted = (n: number, noun: string, plural = `${noun}s`): string => `${formatCount(n)} ${n === 1 ? noun : plural}`;
