import * as z from 'zod/mini';
import { describe, expect, test } from 'vitest';
import { control } from './helpers.js';
import { searchPeople } from './lists-helpers.js';
import {
  accepted,
  advance,
  balance,
  call,
  enrich,
  estimate,
  expectOk,
  expectPublicError,
  finished,
  leadsOf,
  listOf,
  paidFor,
  quoteFor,
  setHitRates,
  statusOf,
  useEnrichmentSandbox,
} from './enrichment-helpers.js';
import { ByTaskEnrichResponse, EnrichmentStatusResponse } from '../../src/api/schemas/enrichment.js';
import { companyCohortCost } from '../../src/api/schemas/values/credits.js';
import { COHORT_SLIDING_MS } from '../../src/api/schemas/values/search.js';

const cast = useEnrichmentSandbox();

/** A people search page of `limit` rows (people in one country). */
const people = (limit: number, country = cast.ds.person(0).location_country) =>
  searchPeople(cast.sb, { location_country: [country] }, limit);

/** A company search page of `limit` rows (companies in the industries of the first 20). */
async function companies(limit: number): Promise<any> {
  const industries = [...new Set(Array.from({ length: 20 }, (_, i) => cast.ds.company(i).industry))];
  return expectOk(await call(cast.sb, 'POST', '/search/companies', { body: { filters: { industries }, limit } }));
}

/** Quotes and runs a by-task enrichment. */
async function byTask(body: Record<string, unknown>): Promise<any> {
  const tool = (body.data_points as string[]).includes('Industry') ? 'add_company_enrichments' : 'add_person_enrichments';
  const { lead_list_id: _ignored, ...quoted } = body;
  const quote_id = await quoteFor(cast, { tool, ...quoted });
  return accepted(await enrich(cast, 'by-task', { ...body, quote_id }));
}

describe('person cohorts', () => {
  test('a search cohort into a given list: every entity queued, Email + Phone reserved per person, the rows saved as leads; settled to what was found', async () => {
    const list = await listOf(cast, 'Target', 0);
    const page = await people(5);
    const before = await balance(cast);
    const r = await byTask({ task_id: page.task_id, data_points: ['Email', 'Phone'], lead_list_id: list });
    expect(z.safeParse(ByTaskEnrichResponse, r).success).toBe(true);
    const ids = page.results.map((p: any) => p.lead_id);
    expect(r).toMatchObject({
      task_id: page.task_id,
      entity_kind: 'person',
      status: 'pending',
      total_entities: 5,
      credits_reserved: 55,
      lead_list_id: list,
    });
    expect(r.workflow_id).toMatch(/^enrich-/);
    expect(r.results).toEqual(ids.map((entity_id: string) => ({ entity_id, status: 'queued', error: null, company: null })));
    expect(await balance(cast)).toBe(before - 55);
    const saved = await leadsOf(cast, list);
    expect(saved.map((l) => l.full_name)).toEqual(page.results.map((p: any) => p.full_name));
    expect(saved.every((l) => l.email === null && l.phone === null)).toBe(true);

    const done = await finished(cast, r.workflow_id);
    expect(z.safeParse(EnrichmentStatusResponse, done).success).toBe(true);
    const leads = await leadsOf(cast, list);
    expect(done).toMatchObject({
      workflow_id: r.workflow_id,
      total: 5,
      processed: 5,
      enrichment_type: 'full',
      lead_list_id: list,
      credits_charged: paidFor(leads),
    });
    expect(done.credits_refunded).toBe(55 - done.credits_charged);
    expect(await balance(cast)).toBe(before - done.credits_charged);
    expect(await statusOf(cast, page.task_id)).toEqual(done);
  });

  test("without lead_list_id the rows go to the caller's protected MCP Results list, created on first use and reused by the next run", async () => {
    await setHitRates(cast, { email: 1 });
    const first = await byTask({ task_id: (await people(2)).task_id, data_points: ['Email', 'LinkedIn'] });
    const second = await byTask({ task_id: (await people(3, cast.ds.person(1).location_country)).task_id, data_points: ['Email'] });
    expect(second.lead_list_id).toBe(first.lead_list_id);
    expect(first.credits_reserved).toBe(2);
    const lists = expectOk(await call(cast.sb, 'GET', '/lead-lists')).lists.filter((l: any) => l.name === 'MCP Results');
    expect(lists.map((l: any) => l.list_id)).toEqual([first.lead_list_id]);
    expectPublicError(await call(cast.sb, 'DELETE', `/lead-lists/${first.lead_list_id}`), 403, 'list_protected');
    expect(await finished(cast, second.workflow_id)).toMatchObject({ enrichment_type: 'partial', credits_charged: 3 });
    await finished(cast, first.workflow_id);
    const leads = await leadsOf(cast, first.lead_list_id);
    expect(leads).toHaveLength(5);
    expect(leads.every((l) => l.email)).toBe(true);
  });

  test('a list-page cohort (workspace lead ids) with a subset enriches those leads in place; Phone alone is phone_only at 10 per person', async () => {
    const list = await listOf(cast, 'Source', 6, 100);
    const page = expectOk(await call(cast.sb, 'GET', `/lead-lists/${list}/leads`));
    const subset = page.leads.slice(1, 4).map((l: any) => l.lead_id);
    await setHitRates(cast, { phone: 1 });
    const r = await byTask({ task_id: page.task_id, data_points: ['Phone'], entity_ids: subset, lead_list_id: list });
    expect(r).toMatchObject({ total_entities: 3, credits_reserved: 30 });
    const done = await finished(cast, r.workflow_id);
    expect(done).toMatchObject({ enrichment_type: 'phone_only', credits_charged: 30 });
    const leads = await leadsOf(cast, list);
    expect(leads).toHaveLength(6);
    expect(leads.filter((l) => l.phone).map((l) => l.lead_id)).toEqual(subset);
    expect(leads.every((l) => l.email === null)).toBe(true);
  });

  test('refused at no cost: LinkedIn alone and company data points are 400, no quote is quote_required, an unknown or foreign handle is 404 task_not_found', async () => {
    const page = await people(2);
    const before = await balance(cast);
    const run = (body: Record<string, unknown>, token?: string) => enrich(cast, 'by-task', { task_id: page.task_id, ...body }, token);
    const linkedin = expectPublicError(await run({ data_points: ['LinkedIn'], quote_id: 'qte_v1_x.y' }), 400, 'validation_error');
    expect(linkedin.problem).toMatch(/LinkedIn alone/);
    expect(expectPublicError(await run({ data_points: ['Industry'] }), 400, 'validation_error').details.errors[0].loc).toEqual([
      'body',
      'data_points',
      '0',
    ]);
    expect(expectPublicError(await run({ data_points: ['Email'] }), 400, 'quote_required').details).toEqual({
      tool: 'add_person_enrichments',
    });
    expectPublicError(await enrich(cast, 'by-task', { task_id: 'svc-task_nope', data_points: ['Email'] }), 404, 'task_not_found');
    expectPublicError(await run({ data_points: ['Email'] }, cast.other), 404, 'task_not_found');
    expect(await balance(cast)).toBe(before);
    expect(expectOk(await call(cast.sb, 'GET', '/lead-lists')).lists.map((l: any) => l.name)).not.toContain('MCP Results');
  });
});

// Spec, Cohort (task_id handle): "Lasts about 1 hour, refreshed on each use, hard limit 24 hours.
// An expired or foreign handle gives 404 task_not_found."
describe('GET /enrichment/status by cohort handle', () => {
  const byHandle = (taskId: string, token?: string) => call(cast.sb, 'GET', `/enrichment/status/${taskId}`, token ? { token } : {});

  test('"An expired or foreign handle gives 404 task_not_found": another organization polling the handle gets task_not_found, as from POST /credits/estimate', async () => {
    const page = await people(2);
    const r = await byTask({ task_id: page.task_id, data_points: ['Email'] });
    expect(await statusOf(cast, page.task_id)).toMatchObject({ workflow_id: r.workflow_id });
    expectPublicError(await byHandle(page.task_id, cast.other), 404, 'task_not_found');
    const quote = await call(cast.sb, 'POST', '/credits/estimate', {
      body: { tool: 'add_person_enrichments', task_id: page.task_id, data_points: ['Email'] },
      token: cast.other,
    });
    expectPublicError(quote, 404, 'task_not_found');
  });

  test('the handle "lasts about 1 hour, refreshed on each use": each poll keeps it; unused for 3 hours it is 404 task_not_found, the run still read by workflow id', async () => {
    const page = await people(2);
    const r = await byTask({ task_id: page.task_id, data_points: ['Email'] });
    const done = await finished(cast, r.workflow_id);
    for (let i = 0; i < 3; i++) {
      await advance(cast, COHORT_SLIDING_MS - 60_000);
      expect(await statusOf(cast, page.task_id)).toMatchObject({ workflow_id: r.workflow_id, status: done.status });
    }
    await advance(cast, 3 * COHORT_SLIDING_MS);
    expectPublicError(await byHandle(page.task_id), 404, 'task_not_found');
    expect(await statusOf(cast, r.workflow_id)).toMatchObject({ workflow_id: r.workflow_id, status: done.status });
  });
});

describe('company cohorts', () => {
  test('answered at once: 1 credit per 10 companies reserved, paid for the companies found; the handle polls a completed run with the same results', async () => {
    const found = await companies(23);
    expect(found.results).toHaveLength(23);
    const quote = await estimate(cast, { tool: 'add_company_enrichments', task_id: found.task_id });
    expect(quote).toMatchObject({ estimated_cost: 3, row_count: 23 });
    await setHitRates(cast, { company: 0.5 });
    const before = await balance(cast);
    const r = accepted(
      await enrich(cast, 'by-task', {
        task_id: found.task_id,
        data_points: ['Industry', 'TechStack'],
        lead_list_id: 'lst_ignored',
        quote_id: quote.quote_id,
      }),
    );
    expect(z.safeParse(ByTaskEnrichResponse, r).success).toBe(true);
    const ok = r.results.filter((x: any) => x.status === 'completed');
    const missed = r.results.filter((x: any) => x.status === 'failed');
    expect(ok.length).toBeGreaterThan(0);
    expect(ok.length).toBeLessThan(20);
    expect(r).toMatchObject({
      entity_kind: 'company',
      workflow_id: null,
      status: 'completed',
      total_entities: 23,
      credits_reserved: 3,
      credits_charged: companyCohortCost(ok.length),
    });
    expect(r.results.map((x: any) => x.entity_id)).toEqual(found.results.map((c: any) => c.company_id));
    for (const x of ok)
      expect(x.company).toMatchObject({ company_id: x.entity_id, industry: expect.any(String), tech_stack: expect.any(Array) });
    for (const x of missed) expect(x).toMatchObject({ company: null, error: expect.any(String) });
    expect(await balance(cast)).toBe(before - r.credits_charged);

    const s = await statusOf(cast, found.task_id);
    expect(z.safeParse(EnrichmentStatusResponse, s).success).toBe(true);
    expect(s).toMatchObject({
      status: 'completed',
      total: 23,
      processed: 23,
      completed: ok.length,
      failed: missed.length,
      enrichment_type: null,
      lead_list_id: null,
      credits_charged: r.credits_charged,
      credits_refunded: 3 - r.credits_charged,
      refund_status: 'not_applicable',
      result: { results: r.results },
    });
  });

  test('every company found charges the whole reservation; none found charges nothing; person data points are a 400', async () => {
    const found = await companies(12);
    const before = await balance(cast);
    expect(await byTask({ task_id: found.task_id, data_points: ['Industry'] })).toMatchObject({ credits_reserved: 2, credits_charged: 2 });
    await setHitRates(cast, { company: 0 });
    const none = await byTask({
      task_id: found.task_id,
      data_points: ['Industry'],
      entity_ids: found.results.slice(0, 3).map((c: any) => c.company_id),
    });
    expect(none).toMatchObject({ total_entities: 3, credits_reserved: 1, credits_charged: 0 });
    expect(none.results.every((x: any) => x.status === 'failed')).toBe(true);
    expect(await balance(cast)).toBe(before - 2);
    expectPublicError(
      await enrich(cast, 'by-task', { task_id: found.task_id, data_points: ['Email'], quote_id: 'qte_v1_x.y' }),
      400,
      'validation_error',
    );
    await control(cast.sb, 'POST', '/enrichment', { hit_rates: { company: null } });
  });
});
