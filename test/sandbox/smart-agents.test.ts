import * as z from 'zod/mini';
import { describe, expect, test } from 'vitest';
import { SmartAgentResults, SmartAgentRunStarted, SmartAgentRunsPage } from '../../src/api/schemas/agents.js';
import {
  AGENT_PACE,
  advance,
  balance,
  call,
  columnOf,
  estimate,
  estimateBody,
  expectOk,
  expectPublicError,
  finished,
  importedList,
  leadIdsOf,
  listOf,
  resultsOf,
  runAgent,
  started,
  useAgentSandbox,
} from './smart-agents-helpers.js';

const cast = useAgentSandbox();

const withEmails = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `Ann Lee${i}`, email: `ann${i}@acme.io`, title: 'VP Sales' }));

describe('POST /smart-agents/run: price and credits', () => {
  test('presets cost 1 per lead and cold_intro_email 3; the run takes the estimate from the balance at start', async () => {
    const list = await importedList(cast, 'Enriched', withEmails(7));
    const runs = [
      [{ agent_type: 'title_normalizer', column_name: 'Title' }, 7],
      [{ agent_type: 'company_intel', column_name: 'Intel' }, 7],
      [{ agent_type: 'pain_point_hypothesis', column_name: 'Pains' }, 7],
      [{ agent_type: 'cold_intro_email' }, 21],
    ] as const;
    for (const [fields, cost] of runs) {
      const body = { list_id: list, ...fields };
      const q = await estimate(cast, estimateBody(body));
      expect([q.row_count, q.estimated_cost]).toEqual([7, cost]);
      const before = await balance(cast);
      const r = await started(cast, { ...body, quote_id: q.quote_id });
      expect(z.safeParse(SmartAgentRunStarted, r).success).toBe(true);
      const column = fields.agent_type === 'cold_intro_email' ? 'email_draft' : fields.column_name;
      expect(r).toMatchObject({
        status: 'pending',
        list_id: list,
        column_name: column,
        estimated_cost: cost,
        task_id: r.smart_agent_task_id,
      });
      expect(r.smart_agent_task_ids).toEqual({ [fields.agent_type]: r.smart_agent_task_id });
      // Taken at once, while the run is still pending.
      expect(await balance(cast)).toBe(before - cost);
      expect((await resultsOf(cast, r.smart_agent_task_id)).status).toBe('pending');
    }
  });

  test('custom_ai is priced from its prompt (0.5 + tokens / 1000 per lead), the total rounded up once', async () => {
    const list = await listOf(cast, 'Seven', 7);
    // 400 characters = 100 tokens: 0.6 per lead, 4.2 for 7 leads -> 5 (rounded per lead it would be 7).
    const prompt = 'p'.repeat(400);
    const q = await estimate(cast, estimateBody({ list_id: list, column_name: 'Answer', prompt }));
    expect([q.row_count, q.estimated_cost]).toEqual([7, 5]);
    const longer = await estimate(cast, estimateBody({ list_id: list, column_name: 'Answer', prompt: 'p'.repeat(8000) }));
    expect(longer.estimated_cost).toBe(Math.ceil(7 * 2.5));
    const before = await balance(cast);
    const r = await started(cast, { list_id: list, column_name: 'Answer', prompt, quote_id: q.quote_id });
    expect(r.estimated_cost).toBe(5);
    expect(await balance(cast)).toBe(before - 5);
    const done = await finished(cast, r.smart_agent_task_id, 7);
    expect(done).toMatchObject({ status: 'completed', total: 7, succeeded: 7, failed: 0, credits_charged: 5, credits_refunded: 0 });
    expect(await balance(cast)).toBe(before - 5);
  });
});

describe('runs on the sandbox clock', () => {
  test('pending, then results fill in one lead at a time and each finished value is already in the list column; completed at the end', async () => {
    const list = await listOf(cast, 'Ten', 10);
    const r = await started(cast, { list_id: list, agent_type: 'title_normalizer', column_name: 'Clean title' });
    const id = r.smart_agent_task_id;
    expect(await resultsOf(cast, id)).toMatchObject({ status: 'pending', progress: 0, total: 10, succeeded: 0, results: [] });

    await advance(cast, AGENT_PACE.pending_ms + 3 * AGENT_PACE.row_ms);
    const partial = await resultsOf(cast, id);
    expect(z.safeParse(SmartAgentResults, partial).success).toBe(true);
    expect(partial).toMatchObject({ status: 'processing', progress: 30, total: 10, succeeded: 3, failed: 0 });
    const ids = await leadIdsOf(cast, list);
    expect(partial.results.map((x: any) => x.lead_id)).toEqual(ids.slice(0, 3));
    const midColumn = await columnOf(cast, list, 'Clean title');
    expect(Object.entries(midColumn).filter(([, v]) => v !== null)).toEqual(partial.results.map((x: any) => [x.lead_id, x.value]));

    const done = await finished(cast, id, 10);
    expect(done).toMatchObject({ status: 'completed', progress: 100, succeeded: 10, failed: 0 });
    const column = await columnOf(cast, list, 'Clean title');
    expect(done.results.map((x: any) => [x.lead_id, x.value])).toEqual(ids.map((lead) => [lead, column[lead]]));
    expect(Object.values(column).every((v) => typeof v === 'string' && v.length > 0)).toBe(true);
  });

  test('the run list shows progress too: processed and failed while processing', async () => {
    const list = await importedList(cast, 'Mixed', [{ name: 'No Company', title: 'CTO', domain: 'unknown.example' }, ...withEmails(3)]);
    const r = await started(cast, { list_id: list, agent_type: 'company_intel', column_name: 'Intel' });
    await advance(cast, AGENT_PACE.pending_ms + 2 * AGENT_PACE.row_ms);
    const entry = expectOk(await call(cast.sb, 'GET', `/smart-agents?list_id=${list}`)).runs[0];
    expect(entry).toMatchObject({ task_id: r.smart_agent_task_id, status: 'processing', total: 4, processed: 2, failed: 2 });
  });
});

describe('selection: overwrite, subset, max_rows, all', () => {
  test('overwrite false skips leads that already hold a value in the column; overwrite true runs over them again', async () => {
    const list = await listOf(cast, 'Ten', 10);
    const ids = await leadIdsOf(cast, list);
    const body = { list_id: list, agent_type: 'pain_point_hypothesis', column_name: 'Pains' };
    const first = await started(cast, { ...body, max_rows: 4 });
    expect((await finished(cast, first.smart_agent_task_id, 4)).results.map((x: any) => x.lead_id)).toEqual(ids.slice(0, 4));

    const rest = await estimate(cast, estimateBody(body));
    expect([rest.row_count, rest.estimated_cost]).toEqual([6, 6]);
    const second = await started(cast, { ...body, quote_id: rest.quote_id });
    expect((await finished(cast, second.smart_agent_task_id, 6)).results.map((x: any) => x.lead_id)).toEqual(ids.slice(4));

    expect((await estimate(cast, estimateBody(body))).row_count).toBe(0);
    const none = expectPublicError(await runAgent(cast, body), 400, 'validation_error');
    expect(`${none.problem} ${none.cause}`).toContain('overwrite');

    const again = await estimate(cast, estimateBody({ ...body, overwrite: true }));
    expect(again.row_count).toBe(10);
    // Another column is independent of this one.
    expect((await estimate(cast, estimateBody({ ...body, column_name: 'Other' }))).row_count).toBe(10);
  });

  test('subset takes the first max_rows leads in list order (100 by default); all takes every lead', async () => {
    const list = await listOf(cast, 'Big', 130);
    const ids = await leadIdsOf(cast, list);
    const body = { list_id: list, agent_type: 'title_normalizer', column_name: 'T' };
    expect((await estimate(cast, estimateBody(body))).row_count).toBe(100);
    expect((await estimate(cast, estimateBody({ ...body, lead_scope: 'all' }))).row_count).toBe(130);
    expect((await estimate(cast, estimateBody({ ...body, lead_scope: 'subset', max_rows: 30 }))).row_count).toBe(30);
    const r = await started(cast, { ...body, max_rows: 30 });
    expect((await finished(cast, r.smart_agent_task_id, 30)).results.map((x: any) => x.lead_id)).toEqual(ids.slice(0, 30));
    const all = await started(cast, { ...body, lead_scope: 'all' });
    const done = await finished(cast, all.smart_agent_task_id, 100);
    expect(done.total).toBe(100);
    expect(done.results.map((x: any) => x.lead_id)).toEqual(ids.slice(30));
  });
});

describe('GET /smart-agents', () => {
  test('runs newest first with their fields, filtered by list_id, limited by limit (total counts them all)', async () => {
    const a = await listOf(cast, 'A', 3);
    const b = await listOf(cast, 'B', 2, 10);
    const r1 = await started(cast, { list_id: a, agent_type: 'title_normalizer', column_name: 'T' });
    await advance(cast, 1000);
    const r2 = await started(cast, { list_id: b, agent_type: 'company_intel', column_name: 'Intel' });
    await advance(cast, 1000);
    const r3 = await started(cast, { list_id: a, column_name: 'Q', prompt: 'Rate this lead' });
    const page = expectOk(await call(cast.sb, 'GET', '/smart-agents'));
    expect(z.safeParse(SmartAgentRunsPage, page).success).toBe(true);
    expect(page.total).toBe(3);
    expect(page.runs.map((r: any) => r.task_id)).toEqual([r3, r2, r1].map((r) => r.smart_agent_task_id));
    expect(page.runs[0]).toEqual({
      task_id: r3.smart_agent_task_id,
      list_id: a,
      column_name: 'Q',
      agent_type: 'custom_ai',
      status: 'pending',
      total: 3,
      processed: 0,
      failed: 0,
      created_at: expect.any(String),
    });
    expect(page.runs[2]).toMatchObject({ status: 'completed', total: 3, processed: 3 });

    const onA = expectOk(await call(cast.sb, 'GET', `/smart-agents?list_id=${a}`));
    expect([onA.total, onA.runs.map((r: any) => r.task_id)]).toEqual([2, [r3.smart_agent_task_id, r1.smart_agent_task_id]]);
    const one = expectOk(await call(cast.sb, 'GET', '/smart-agents?limit=1'));
    expect([one.total, one.runs.length]).toEqual([3, 1]);
    expectPublicError(await call(cast.sb, 'GET', '/smart-agents?limit=101'), 422, 'validation_error');
    expectPublicError(await call(cast.sb, 'GET', '/smart-agents?list_id=lst_0000000000000000'), 404, 'list_not_found');
  });

  test("another organization's runs are not listed and its run ids are 404 not_found, like unknown ids", async () => {
    const list = await listOf(cast, 'Mine', 2);
    const r = await started(cast, { list_id: list, agent_type: 'title_normalizer', column_name: 'T' });
    expect(expectOk(await call(cast.sb, 'GET', '/smart-agents', { token: cast.other }))).toMatchObject({ runs: [], total: 0 });
    expectPublicError(await call(cast.sb, 'GET', `/smart-agents/${r.smart_agent_task_id}`, { token: cast.other }), 404, 'not_found');
    expectPublicError(await call(cast.sb, 'GET', '/smart-agents/agent-00000000-0000-0000-0000-000000000000'), 404, 'not_found');
  });
});
