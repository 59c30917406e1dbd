import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { json } from '../helpers/json.js';
import { enrichmentArea } from '../../src/sandbox/engine/enrichment.js';
import { useJournalSandbox } from './journal-helpers.js';

/**
 * enrich list of the whole list, its answer held back after the service started the run (a
 * latency fault), then enrich list of two of its leads: the whole-list request on its way (in the
 * paid-run journal, its sender waiting) covers them. A dry run prices nothing; the real one waits
 * for that answer and names that run; no lead is paid for twice.
 */

const t = useJournalSandbox();

const workflowIds = () => Object.keys(enrichmentArea(t.sb.services.store).workflows);
const logged = async (method: string, route: string) =>
  ((await control(t.sb, 'GET', '/requests?limit=1000')).requests as Array<{ method: string; route: string }>).filter(
    (r) => r.method === method && r.route === route,
  ).length;

describe('enrich list of some leads while the whole list is on its way', () => {
  it('leaves them out: a dry run prices nothing, the run takes the whole-list run; one run, credits for it alone', async () => {
    const listId = await t.seedList('Q3', 20);
    const leads = await t.leads(listId);
    // Nothing held: the whole list goes in one run, without lead ids.
    expect(leads.filter((l) => l.email)).toEqual([]);
    const two = leads.slice(0, 2).map((l) => l.lead_id as string);
    const before = await t.balance();
    await t.faults([{ method: 'POST', path: '/enrichment/bulk', kind: 'latency', phase: 'after', latency_ms: 4_000, count: 1 }]);
    const whole = t.run('enrich', 'list', 'Q3', '--yes', '--json', '--no-wait');
    await expect.poll(workflowIds, { timeout: 20_000 }).toHaveLength(1);
    const [id] = workflowIds();
    // The run reserved the whole list; what it has settled since (a lead not found) may be back already.
    expect(enrichmentArea(t.sb.services.store).workflows[id!]!.credits_reserved).toBe(20);
    const spent = before - (await t.balance());
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(20);
    const priced = await logged('POST', '/credits/estimate');

    const dry = await t.run('enrich', 'list', 'Q3', '--lead-ids', two.join(','), '--dry-run', '--json');
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(dry.stderr).toMatch(
      /A run request of this list sent at \d\d:\d\d by process \d+ has no answer yet; the leads it enriches are left out\. See it with: prospect runs ls/,
    );
    expect(dry.stderr).toContain('Nothing to enrich now: the run still going enriches every lead.');
    expect(json(dry.stdout)).toMatchObject({ list_id: listId, runs: [] });
    expect(await logged('POST', '/credits/estimate')).toBe(priced);

    // Before: 2 more credits, a second run over these two leads.
    const part = await t.run('enrich', 'list', 'Q3', '--lead-ids', two.join(','), '--yes', '--json', '--no-wait');
    expect(part.exitCode, part.stderr).toBe(0);
    expect(json(part.stdout).runs.map((r: { workflow_id: string }) => r.workflow_id)).toEqual([id]);
    const first = await whole;
    expect(first.exitCode, first.stderr).toBe(0);
    expect(json(first.stdout).runs.map((r: { workflow_id: string }) => r.workflow_id)).toEqual([id]);

    expect(workflowIds()).toEqual([id]);
    expect(await logged('POST', '/enrichment/bulk')).toBe(1);
    expect(await logged('POST', '/credits/estimate')).toBe(priced);
    const done = await t.run('enrich', 'status', id!, '--wait', '--json');
    expect(done.exitCode, done.stderr).toBe(0);
    expect(await t.balance()).toBe(before - json(done.stdout).credits_charged);
  }, 30_000);
});
