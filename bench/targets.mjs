// The targets of all benchmarks in one shape: what was measured, the figure, the target and
// whether it was met, rendered as one table at the top of bench/results.md.

/** @returns {{ bench: string, figure: string, measured: string, goal: string, met: boolean }} */
export const target = (bench, figure, measured, goal, met) => ({ bench, figure, measured, goal, met });

/** Memory "flat" in input size: the larger run's peak RSS under 1.3x the smaller's (5x or 10x the rows). */
export const FLAT_RSS_RATIO = 1.3;

export const verdict = (met) => (met ? 'met' : 'not met');

export function targetTable(rows) {
  return [
    '| benchmark | figure | measured | target | |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.bench} | ${r.figure} | ${r.measured} | ${r.goal} | ${verdict(r.met)} |`),
  ].join('\n');
}
