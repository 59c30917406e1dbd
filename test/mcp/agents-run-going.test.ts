import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { MemoryJournalStore } from '../../src/workflows/journal/memory-store.js';
import { balance, callTool, structuredOf, textOf, useMcpSandbox, type Session } from './helpers.js';

/**
 * agents_run while a run on the same list and column is going: an error result before anything
 * is priced or spent, naming the run and agents_results to follow it; another column is other
 * work; once the run has ended a run is allowed and skips the leads done; a call that resolves
 * an earlier server's lost answer is that run, resolved, not refused.
 */

const t = useMcpSandbox();

const count = (s: Session, route: string) => s.sent.filter((r) => r === route).length;

/** Prices and runs agents_run within the session's budget: the run's answer. */
async function ran(s: Session, args: Record<string, unknown>): Promise<Record<string, any>> {
  const priced = structuredOf(await callTool(s, 'agents_run', args));
  expect(priced.status).toBe('priced');
  const r = await callTool(s, 'agents_run', { ...args, quote_id: priced.quote.quote_id });
  expect(structuredOf(r), textOf(r)).toMatchObject({ status: 'ran' });
  return structuredOf(r).result;
}

describe('agents_run while a run on the same list and column is going', () => {
  it('is an error result naming the run and agents_results, nothing priced or spent; after the run ends, a run is allowed and skips the leads done', async () => {
    // A lead finishes every minute of sandbox time: the run stays processing until the test moves the clock.
    await control(t.sb, 'POST', '/smart-agents', { pace: { pending_ms: 0, row_ms: 60_000 } });
    const s = await t.session({ maxCredits: 100 });
    const list = await t.seededList('Q3', 6);
    const args = { list_id: list, agent_type: 'title_normalizer', column_name: 'Clean', max_rows: 3 };
    const first = await ran(s, args);
    const id = first.smart_agent_task_id as string;
    const before = await balance(t.sb);
    const priced = count(s, 'POST /credits/estimate');

    const r = await callTool(s, 'agents_run', args);
    expect(r.isError).toBe(true);
    const text = textOf(r);
    expect(text).toContain(`Error run_in_progress: smart-agent run ${id} (title_normalizer) on column`);
    expect(text).toContain('is still processing (0 of 3 leads done)');
    expect(text).toContain(`Fix: Follow it with agents_results (smart_agent_task_id "${id}") until it has completed or failed`);
    expect(text).toContain(`"run_id":"${id}"`);
    expect(count(s, 'POST /credits/estimate')).toBe(priced);
    expect(count(s, 'POST /smart-agents/run')).toBe(1);
    expect(await balance(t.sb)).toBe(before);

    // Ended: allowed, over the 3 leads not done.
    await control(t.sb, 'POST', '/clock', { advance_ms: 10 * 60_000 });
    const results = structuredOf(await callTool(s, 'agents_results', { smart_agent_task_id: id }));
    expect(results.status).toBe('completed');
    const second = await ran(s, args);
    expect(second.smart_agent_task_id).not.toBe(id);
    expect(await balance(t.sb)).toBe(before - 3);
  });

  it('a run on another column of the same list is allowed while the first goes', async () => {
    await control(t.sb, 'POST', '/smart-agents', { pace: { pending_ms: 0, row_ms: 60_000 } });
    const s = await t.session({ maxCredits: 100 });
    const list = await t.seededList('Q3', 4);
    await ran(s, { list_id: list, agent_type: 'title_normalizer', column_name: 'Clean' });
    const before = await balance(t.sb);
    await ran(s, { list_id: list, agent_type: 'company_intel', column_name: 'Intel' });
    expect(await balance(t.sb)).toBe(before - 4);
  });

  it("the same call after an earlier server lost the run's answer is that run, resolved through its quote while it goes, paid once", async () => {
    await control(t.sb, 'POST', '/clock', { freeze: true });
    const store = new MemoryJournalStore();
    const first = await t.session({ maxCredits: 100, store });
    const list = await t.seededList('Lost', 4);
    const args = { list_id: list, agent_type: 'title_normalizer', column_name: 'Clean' };
    const before = await balance(t.sb);
    const priced = structuredOf(await callTool(first, 'agents_run', args));
    // The run starts and its answer is lost; the resends never arrive.
    await control(t.sb, 'POST', '/faults', {
      rules: [
        { method: 'POST', path: '/smart-agents/run', kind: 'drop', phase: 'after', count: 1 },
        { method: 'POST', path: '/smart-agents/run', kind: 'drop', phase: 'before', count: 3 },
      ],
    });
    expect(textOf(await callTool(first, 'agents_run', { ...args, quote_id: priced.quote.quote_id }))).toContain(
      'Error dispatch_outcome_unknown',
    );
    await control(t.sb, 'DELETE', '/faults');
    const going = structuredOf(await callTool(first, 'agents_ls', { list_id: list })).runs;
    expect(going).toMatchObject([{ status: 'pending', column_name: 'Clean' }]);

    const next = await t.session({ maxCredits: 100, store });
    const r = await callTool(next, 'agents_run', args);
    expect(structuredOf(r), textOf(r)).toMatchObject({ status: 'ran', result: { smart_agent_task_id: going[0].task_id } });
    expect(await balance(t.sb)).toBe(before - 4);
  });
});
