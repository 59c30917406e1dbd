/** A count as people read it: 12,345. */
export const formatCount = (n: number): string => n.toLocaleString('en-US');
