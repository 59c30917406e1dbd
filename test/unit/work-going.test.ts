import { describe, expect, it } from 'vitest';
import type { Api } from '../../src/api/api.js';
import type { Quote } from '../../src/api/schemas/credits.js';
import type { BulkEnrichBody } from '../../src/api/schemas/enrichment.js';
import { agentColumnLock, agentRunOnItsWay } from '../../src/workflows/agents/run-going.js';
import { ofJob } from '../../src/workflows/enrich-list/lost-runs.js';
import { runsGoing } from '../../src/workflows/enrich-list/runs-going.js';
import { serviceIdentity } from '../../src/workflows/journal/entry.js';
import { PaidJournal } from '../../src/workflows/journal/journal.js';
import { MemoryJournalStore } from '../../src/workflows/journal/memory-store.js';

/**
 * Never a second run over work a run is still doing, from the journal alone: a list enrichment
 * leaves out the leads of a request on its way (its sender waiting), with no status read; a lost
 * run is resolved by a later job of its scope over some of its leads (a whole-list run by a job
 * of some of its leads too); a smart-agent run request of another body on its way on a column is found.
 */

const quote = (tool: string) =>
  ({
    quote_id: `qte_${Math.random()}`,
    expires_at: null,
    estimated_cost: 5,
    tool,
    row_count: 5,
    filter_hash: 'h',
    available_credits: 100,
    sufficient: true,
  }) as Quote;

/** A journal in memory whose probe says whether the pids it asks about run. */
function journal(store = new MemoryJournalStore(), alive = true) {
  return new PaidJournal({
    store,
    service: serviceIdentity('http://127.0.0.1:1', 'svcapi_x', 'default'),
    now: Date.now,
    notes: { info: () => {}, warn: () => {} },
    unwritable: (d) => new Error(`unwritable ${d}`),
    probe: { host: 'here', alive: () => alive, startOf: () => null },
  });
}

/** A request of `tool` written down and handed to the network, no answer yet; `gone`: by a process no longer running. */
async function onItsWay(j: PaidJournal, tool: string, path: string, body: Record<string, unknown>, gone = false) {
  const record = await j
    .recording({ tool, what: 'w', quote: quote(tool), since: 0 })
    .sending({ method: 'POST', prefix: 'v2', path, body }, 'qte');
  record.handedOff();
  if (gone) for (const e of j.store.open()) j.store.write({ ...e, pid: 999_999 });
}

const noReads = {} as Api;

describe('a list enrichment and a request on its way', () => {
  it('leaves out the leads of a request on its way whose sender waits, with no status read; the whole list for one without lead ids', async () => {
    const j = journal();
    await onItsWay(j, 'enrich_list', '/enrichment/bulk', { list_id: 'lst_1', scope: 'partial', lead_ids: ['a', 'b'] });
    const some = await runsGoing(noReads, j, 'lst_1', { now: Date.now() });
    expect(some).toMatchObject({ ids: [], requests: 0, covered: new Set(['a', 'b']) });
    expect(some.onTheirWay).toHaveLength(1);
    expect((await runsGoing(noReads, j, 'lst_2', { now: Date.now() })).covered).toEqual(new Set());

    await onItsWay(j, 'enrich_list', '/enrichment/bulk', { list_id: 'lst_1', scope: 'partial' });
    expect((await runsGoing(noReads, j, 'lst_1', { now: Date.now() })).covered).toBe('all');
  });

  it('does not count one whose sender is gone (a lost answer, resolved through its quote instead)', async () => {
    const store = new MemoryJournalStore();
    await onItsWay(journal(store), 'enrich_list', '/enrichment/bulk', { list_id: 'lst_1', scope: 'partial' }, true);
    const going = await runsGoing(noReads, journal(store, false), 'lst_1', { now: Date.now() });
    expect(going).toMatchObject({ ids: [], onTheirWay: [], covered: new Set() });
  });
});

describe('the lost runs a list enrichment resolves: those of a scope it may send over some of its leads', () => {
  const subset = ofJob({ listId: 'lst_1', scope: 'partial', ids: ['a', 'b'] });
  const whole = ofJob({ listId: 'lst_1', scope: 'partial' });
  it.each([
    ['a whole-list run, by a job of some of its leads', subset, { list_id: 'lst_1', scope: 'partial' }, true],
    ['a run of some leads, by a whole-list job', whole, { list_id: 'lst_1', scope: 'partial', lead_ids: ['x'] }, true],
    ['a run sharing one lead', subset, { list_id: 'lst_1', scope: 'partial', lead_ids: ['b', 'c'] }, true],
    ['a run of other leads', subset, { list_id: 'lst_1', scope: 'partial', lead_ids: ['c'] }, false],
    [
      'a partial run, by a full job (it sends partial to leads that have a phone)',
      ofJob({ listId: 'lst_1', scope: 'full', ids: ['a'] }),
      { list_id: 'lst_1', scope: 'partial' },
      true,
    ],
    ['a run of another scope, by a partial job (another request)', whole, { list_id: 'lst_1', scope: 'full' }, false],
    ['a run of another list', whole, { list_id: 'lst_2', scope: 'partial' }, false],
  ] satisfies Array<[string, (b: BulkEnrichBody) => boolean, BulkEnrichBody, boolean]>)('%s', (_what, ours, body, expected) => {
    expect(ours(body)).toBe(expected);
  });
});

describe('a smart-agent run request on its way on a column', () => {
  const run = { list_id: 'lst_1', agent_type: 'title_normalizer', column_name: 'Clean' } as const;
  it('is found for a run of another body on the same column, not for an identical one, another column, or a sender gone', async () => {
    const store = new MemoryJournalStore();
    const j = journal(store);
    await onItsWay(j, 'run_smart_agent', '/smart-agents/run', { ...run, max_rows: 3 });
    expect(agentRunOnItsWay(j, { ...run, max_rows: 2 })).toMatchObject({
      list_id: 'lst_1',
      column_name: 'Clean',
      agent_type: 'title_normalizer',
    });
    expect(agentRunOnItsWay(j, { ...run, max_rows: 3 })).toBeUndefined();
    expect(agentRunOnItsWay(j, { ...run, column_name: 'Other' })).toBeUndefined();
    expect(agentRunOnItsWay(journal(store, false), { ...run, max_rows: 2 })).toMatchObject({ column_name: 'Clean' });
    for (const e of store.open()) store.write({ ...e, pid: 999_999 });
    expect(agentRunOnItsWay(journal(store, false), { ...run, max_rows: 2 })).toBeUndefined();
  });

  it('runs on one list and column lock on one key, whatever else they ask; another column on another', () => {
    expect(agentColumnLock({ ...run })).toBe(agentColumnLock({ list_id: 'lst_1', agent_type: 'company_intel', column_name: 'Clean' }));
    expect(agentColumnLock(run)).not.toBe(agentColumnLock({ ...run, column_name: 'Other' }));
    expect(agentColumnLock({ list_id: 'lst_1', agent_type: 'cold_intro_email' })).toBe(
      agentColumnLock({ list_id: 'lst_1', agent_type: 'custom_ai', column_name: 'email_draft' }),
    );
  });
});
