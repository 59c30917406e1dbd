import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { json } from '../helpers/json.js';
import { enrichmentArea } from '../../src/sandbox/engine/enrichment.js';
import { useJournalSandbox } from './journal-helpers.js';

/**
 * enrich list in runs of up to 500: each run is written in the paid-run journal as it goes out,
 * so a run whose answer was lost (Ctrl-C while the answer was on its way) is resolved through its
 * quote by the same command again, its leads are left out of the new runs, and no lead is paid
 * for twice.
 */
const t = useJournalSandbox();

const workflowIds = () => Object.keys(enrichmentArea(t.sb.services.store).workflows);
const RUN = ['enrich', 'list', 'Big', '--yes', '--json'];

describe('enrich list in several runs: a lost answer is never paid twice', () => {
  it('Ctrl-C while the second run\u2019s answer is on its way: the same command resolves it, sends only what is still missing, and each lead is paid once', async () => {
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 1 } });
    const listId = await t.seedList('Big', 1100);
    const first50 = (await t.leads(listId)).slice(0, 50).map((l) => l.lead_id);
    expect((await t.run('enrich', 'list', 'Big', '--lead-ids', first50.join(','), '--yes')).exitCode).toBe(0);
    const before = await t.balance();

    // 1,050 missing: runs of 500, 500 and 50; the second run's answer is held back.
    await control(t.sb, 'POST', '/faults', {
      rules: [{ method: 'POST', path: '/enrichment/bulk', kind: 'latency', phase: 'after', latency_ms: 120_000, count: 1, after: 1 }],
    });
    const stopped = await t.interruptedAfter(RUN, () => workflowIds().length === 3);
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toContain('The run may have started, and it is in the paid-run journal');
    expect(stopped.stderr).toMatch(
      /1 of 3 runs started before this stopped; they go on\. Watch them with: prospect enrich status bulk-enrich-\S+ --wait/,
    );
    expect((await t.runs())[0]).toMatchObject({ state: 'open', tool: 'enrich_list', estimated_cost: 500 });

    await t.faults([]);
    // The runs that started end before the command is run again (as a person would wait for them).
    expect((await t.run('enrich', 'status', ...workflowIds(), '--wait')).exitCode).toBe(0);
    const again = await t.run(...RUN);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toContain('An earlier run of this command was sent at');
    expect(again.stderr).toMatch(
      /550 already have an email, skipped \(--all-leads enriches them again\); 500 are in an earlier run named above/,
    );
    expect(again.stderr).toContain('Estimate: up to 50 credits for 50 rows (enrich_list)');
    // The lost run was read back, not run again: one new run of 50.
    expect(workflowIds()).toHaveLength(4);
    const out = json(again.stdout);
    expect(out.runs.map((r: any) => r.total)).toEqual([500, 50]);
    expect(await t.balance()).toBe(before - 1050);
    expect((await t.runs()).filter((r) => r.state === 'open')).toEqual([]);
  }, 60_000);
});
