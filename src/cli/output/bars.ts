/** A horizontal bar for `value`, scaled so the largest value fills `width` cells; any non-zero value shows. */
export function bar(value: number, max: number, width: number): string {
  if (!(max > 0) || !(value > 0)) return '';
  const eighths = Math.max(1, Math.round((value / max) * width * 8));
  const full = Math.floor(eighths / 8);
  const rest = eighths % 8;
  return '█'.repeat(full) + (rest ? PARTIAL[rest - 1] : '');
}

const PARTIAL = ['▏', '▎', '▍', '▌', '▋', '▊', '▉'] as const;
