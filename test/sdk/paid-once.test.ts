import { describe, expect, it } from 'vitest';
import { EarlierRunUnknownError, PaidCallAbortedError, type BulkEnrichResult } from '../../src/index.js';
import { agentsArea } from '../../src/sandbox/engine/agents.js';
import { enrichmentArea } from '../../src/sandbox/engine/enrichment.js';
import { control } from '../sandbox/helpers.js';
import { balanceOf, FAST_POLL, seededList, useSdkSandbox } from './helpers.js';

/**
 * Every paid call of a client goes through its paid-run journal (in memory by default), so it
 * pays once: identical calls made at once start one run, a call aborted after its request went
 * out is resolved through its quote by the same call again, and a list enrichment leaves out the
 * leads of runs of the list still going. The overlap is forced: the service handles the first
 * request and holds its answer back (a latency fault in phase "after"), and the second call
 * starts only once the sandbox shows the first run.
 */
const t = useSdkSandbox();

const workflowIds = () => Object.keys(enrichmentArea(t.sb.services.store).workflows);
const agentRuns = () => Object.keys(agentsArea(t.sb.services.store).runs);
/** The next answer of POST `path` comes `ms` late, the request handled first (its run started and charged). */
const holdAnswer = (path: string, ms: number) =>
  control(t.sb, 'POST', '/faults', { rules: [{ method: 'POST', path, kind: 'latency', phase: 'after', latency_ms: ms, count: 1 }] });
/** How many requests the sandbox logged for `route` (e.g. "POST /enrichment/bulk"). */
async function logged(route: string): Promise<number> {
  const [method, path] = route.split(' ');
  const { requests } = await control<{ requests: { method: string; route: string }[] }>(t.sb, 'GET', '/requests?limit=500');
  return requests.filter((r) => r.method === method && r.route === path).length;
}
/** Waits for every run the sandbox started, and what the organization was charged since `before`. */
async function chargedSince(before: number): Promise<number> {
  for (const id of workflowIds()) await t.client.enrichment.waitFor(id, FAST_POLL);
  return before - (await balanceOf(t));
}
const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('the call went ahead'),
    (e: unknown) => e,
  );

describe('identical paid calls of one client made at once start one run', () => {
  it('enrichment.bulk twice on one list: one POST, the same workflow ids for both, the credits taken once', async () => {
    const list = await seededList(t, 'Twice', 20);
    const before = await balanceOf(t);
    await holdAnswer('/enrichment/bulk', 1_500);
    const first = t.client.enrichment.bulk({ list_id: list }, { maxCredits: 100 });
    await expect.poll(workflowIds, { timeout: 20_000 }).toHaveLength(1);
    const second = await t.client.enrichment.bulk({ list_id: list }, { maxCredits: 100 });
    const one = await first;

    expect(one.workflow_ids).toEqual(workflowIds());
    expect(second.workflow_ids).toEqual(one.workflow_ids);
    // The second took the first one's answer: it priced nothing and names the run its leads are in.
    expect(second).toMatchObject({ skipped: { in_earlier_run: 20 }, runs_going: [], quote: null });
    expect(second.summary).toBe(
      `The run of an earlier identical call, taken instead of paying again: ${one.workflow_ids[0]}. Every selected lead is in an earlier run named above: nothing to enrich now.`,
    );
    expect(await logged('POST /enrichment/bulk')).toBe(1);
    expect(await logged('POST /credits/estimate')).toBe(1);
    const done = await t.client.enrichment.waitFor(one.workflow_ids[0]!, FAST_POLL);
    expect(await chargedSince(before)).toBe(done.credits_charged);
  });

  it('enrichment.person twice: one run, its reservation taken once', async () => {
    const list = await seededList(t, 'Person', 0);
    const params = { lead_list_id: list, email: 'ada@example.com', enrichment_type: 'full' } as const;
    const before = await balanceOf(t);
    await holdAnswer('/enrichment/person', 1_500);
    const first = t.client.enrichment.person(params, { maxCredits: 11 });
    await expect.poll(workflowIds, { timeout: 20_000 }).toHaveLength(1);
    const second = await t.client.enrichment.person(params, { maxCredits: 11 });
    const one = await first;
    expect(second.workflow_id).toBe(one.workflow_id);
    expect(await logged('POST /enrichment/person')).toBe(1);
    expect(before - (await balanceOf(t))).toBeLessThanOrEqual(11);
    const done = await t.client.enrichment.waitFor(one.workflow_id, FAST_POLL);
    expect(await chargedSince(before)).toBe(done.credits_charged);
  });
});

describe('agents.run: one run for identical calls at once, and for a call stopped and made again', () => {
  it('two at once: the second takes the first one’s run; stopped after it went out, the same call again returns that run', async () => {
    // A lead takes a minute of sandbox time: the runs stay processing.
    await control(t.sb, 'POST', '/smart-agents', { pace: { pending_ms: 0, row_ms: 60_000 } });
    const list = await seededList(t, 'Agents', 6);
    const params = { list_id: list, agent_type: 'title_normalizer', column_name: 'Clean', max_rows: 3 } as const;
    const before = await balanceOf(t);
    await holdAnswer('/smart-agents/run', 1_500);
    const first = t.client.agents.run(params, { maxCredits: 100 });
    await expect.poll(agentRuns, { timeout: 20_000 }).toHaveLength(1);
    const second = await t.client.agents.run(params, { maxCredits: 100 });
    expect(second.smart_agent_task_id).toBe((await first).smart_agent_task_id);
    expect(await logged('POST /smart-agents/run')).toBe(1);
    const spent = before - (await balanceOf(t));
    expect(spent).toBeGreaterThan(0);

    const other = { ...params, column_name: 'Clean 2' };
    await holdAnswer('/smart-agents/run', 120_000);
    const stop = new AbortController();
    const stopped = failure(t.client.agents.run(other, { maxCredits: 100, signal: stop.signal }));
    await expect.poll(agentRuns, { timeout: 20_000 }).toHaveLength(2);
    stop.abort();
    expect(await stopped).toMatchObject({ name: 'AbortError', sent: true, quote: { tool: 'run_smart_agent' } });
    // Before: RunInProgressError (the run it started is going), and a stopped run could not be had back.
    const again = await t.client.agents.run(other, { maxCredits: 100 });
    expect(again.smart_agent_task_id).toBe(agentRuns()[1]);
    expect(agentRuns()).toHaveLength(2);
    expect(before - (await balanceOf(t))).toBe(2 * spent);
  });
});

describe('a paid call aborted after its request went out', () => {
  it('throws PaidCallAbortedError with its quote; the same call again returns that run, paid once', async () => {
    const list = await seededList(t, 'Aborted', 20);
    const before = await balanceOf(t);
    await holdAnswer('/enrichment/bulk', 120_000);
    const stop = new AbortController();
    const call = failure(t.client.enrichment.bulk({ list_id: list }, { maxCredits: 100, signal: stop.signal }));
    await expect.poll(workflowIds, { timeout: 20_000 }).toHaveLength(1);
    stop.abort();
    const e = await call;
    expect(e).toBeInstanceOf(PaidCallAbortedError);
    expect(e).toMatchObject({ name: 'AbortError', sent: true, quote: { tool: 'enrich_list', row_count: 20, estimated_cost: 20 } });
    const { quote, quoteId } = e as PaidCallAbortedError;
    expect(quoteId).toBe(quote!.quote_id);
    // The run started and took its reservation (it may have settled since, refunding what it did not use).
    const charged = before - (await balanceOf(t));
    expect(charged).toBeGreaterThan(0);
    expect(charged).toBeLessThanOrEqual(20);

    const again: BulkEnrichResult = await t.client.enrichment.bulk({ list_id: list }, { maxCredits: 100 });
    expect(again.workflow_ids).toEqual(workflowIds());
    expect(again.runs[0]!.message).toMatch(/found through its quote/);
    expect(again.skipped).toEqual({ in_earlier_run: 20 });
    // Before: a bare AbortError, and this call paid again (2 runs, 28 credits for 14 emails found).
    expect(workflowIds()).toHaveLength(1);
    const done = await t.client.enrichment.waitFor(again.workflow_ids[0]!, FAST_POLL);
    expect(await chargedSince(before)).toBe(done.credits_charged);
  });

  it('whose quote expired before it could be told: EarlierRunUnknownError, nothing spent; { payAgain: true } pays for a new run', async () => {
    const list = await seededList(t, 'Unknown', 0);
    const params = { lead_list_id: list, email: 'grace@example.com', enrichment_type: 'partial' } as const;
    // The request never reaches the service (each attempt's connection is cut), so its quote is never used.
    await control(t.sb, 'POST', '/faults', { rules: [{ method: 'POST', path: '/enrichment/person', kind: 'drop', count: 4 }] });
    const lost = await failure(t.client.enrichment.person(params, { maxCredits: 1 }));
    expect(lost).toMatchObject({ name: 'LostResponseError', reason: 'no_answer' });
    await control(t.sb, 'POST', '/clock', { advance_ms: 6 * 60_000 });
    const before = await balanceOf(t);

    const e = await failure(t.client.enrichment.person(params, { maxCredits: 1 }));
    expect(e).toBeInstanceOf(EarlierRunUnknownError);
    expect((e as Error).message).toMatch(
      /an identical request was sent at \d\d:\d\d with quote qte_\S+ and got no answer \(its quote expired at \d\d:\d\d\)/,
    );
    expect((e as EarlierRunUnknownError).fix).toContain('{ payAgain: true }');
    expect(workflowIds()).toEqual([]);
    expect(await balanceOf(t)).toBe(before);

    const paid = await t.client.enrichment.person(params, { maxCredits: 1, payAgain: true });
    expect(workflowIds()).toEqual([paid.workflow_id]);
    // Given up once, it is not raised again: the same call later is a new run like any other.
    const next = await t.client.enrichment.person(params, { maxCredits: 1 });
    expect(workflowIds()).toEqual([paid.workflow_id, next.workflow_id]);
  });
});

describe('enrichment.bulk leaves out the leads of runs of the list still going', () => {
  it('a whole-list run going: nothing priced or sent, every lead in skipped.in_earlier_run; a run of 5 leads going: the other 15 are enriched', async () => {
    // Runs stay pending until the test is done with them.
    await control(t.sb, 'POST', '/enrichment', { pace: { pending_ms: 3_600_000, min_run_ms: 50, row_ms: 0 } });
    const list = await seededList(t, 'Going', 20);
    const before = await balanceOf(t);
    const first = await t.client.enrichment.bulk({ list_id: list }, { maxCredits: 100 });
    const reserved = before - (await balanceOf(t));
    expect(reserved).toBe(20);
    const again = await t.client.enrichment.bulk({ list_id: list }, { maxCredits: 100 });
    expect(again).toMatchObject({ runs: [], quote: null, skipped: { in_earlier_run: 20 }, runs_going: first.workflow_ids });
    expect(again.summary).toBe(
      `Earlier run of this list still going: ${first.workflow_ids[0]}. Every selected lead is in an earlier run named above: nothing to enrich now.`,
    );
    expect(await logged('POST /enrichment/bulk')).toBe(1);
    expect(before - (await balanceOf(t))).toBe(reserved);

    const other = await seededList(t, 'Part going', 20, 100);
    const leads = (await t.client.lists.leads(other).toArray({ limit: 20 })).map((l) => l.lead_id);
    const part = await t.client.enrichment.bulk({ list_id: other, lead_ids: leads.slice(0, 5) }, { maxCredits: 100 });
    const rest = await t.client.enrichment.bulk({ list_id: other }, { maxCredits: 100 });
    expect(rest.skipped).toEqual({ in_earlier_run: 5 });
    expect(rest.runs_going).toEqual(part.workflow_ids);
    expect(rest.quote).toMatchObject({ row_count: 15, estimated_cost: 15 });
    const sent = await t.client.enrichment.status(rest.workflow_ids[0]!);
    expect(sent.total).toBe(15);
  });
});
