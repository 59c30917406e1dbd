import { describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark is plain JavaScript (bench/paid-once.mjs), run here for a round of each scenario.
import { benchPaidOnce } from '../../bench/paid-once.mjs';

/**
 * Paid exactly once across processes (issue 31): a round of each of the benchmark's scenarios,
 * which spawn the built CLI twice at once (what the journal's lock is for: separate processes)
 * with the first paid request's answer held back by a sandbox fault, and stop `agents run` then
 * run it again: a round of each here, 20 in `npm run bench`.
 */
describe('two identical paid commands at once, and a stopped agents run run again', () => {
  it('never pay twice, and every command ends as it should', async () => {
    // Both commands start together, so the second begins before the first's answer however short the hold.
    const results = (await benchPaidOnce(1, { holdMs: 500 })) as Array<{ name: string; rounds: number; doubles: number; failed: number }>;
    expect(results.map((r) => r.name)).toEqual([
      'enrich list, two at once',
      'agents run, two at once',
      'sync crm, two at once',
      'enrich person, two at once',
      'enrich company, two at once',
      'import --enrich, two at once',
      'agents run stopped, then run again',
    ]);
    for (const r of results) expect(r, r.name).toMatchObject({ rounds: 1, doubles: 0, failed: 0 });
  }, 120_000);
});
