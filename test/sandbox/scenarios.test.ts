import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { control, openSandbox, raw, type RunningSandbox } from './helpers.js';
import { call } from './lists-helpers.js';
import { SCENARIO_NAMES, unknownScenario } from '../../src/sandbox/scenario-catalog.js';

/** The named scenarios (docs/sandbox-fixtures.md, "Scenarios"): each sets its state at start and again on reset. */

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await openSandbox({ scenario: 'out-of-credits' });
});
afterAll(() => sb.close());

const reset = (scenario?: string) => control(sb, 'POST', '/reset', scenario ? { scenario } : {});
const demoOrg = async () => (await control(sb, 'GET', '/state')).organizations.find((o: any) => o.id === sb.store.demo.organization_id);

describe('sandbox scenarios', () => {
  test('out-of-credits: applied at start, and again by a plain reset (the start scenario)', async () => {
    expect((await demoOrg()).credits).toBe(0);
    expect((await control(sb, 'GET', '/state')).scenario).toEqual({ name: 'out-of-credits' });
    await control(sb, 'POST', '/balance', { credits: 10 });
    await reset();
    expect((await demoOrg()).credits).toBe(0);
    const list = await control(sb, 'POST', '/lists', { name: 'Paid', people: 3 });
    const r = await call(sb, 'POST', '/credits/estimate', { body: { tool: 'enrich_list', list_id: list.list_id } });
    expect(JSON.stringify(r.json)).toMatch(/insufficient|available_credits/);
  });

  test('daily-quota-spent: a people search with the API key answers the daily cap’s 429', async () => {
    await reset('daily-quota-spent');
    expect((await demoOrg()).credits).toBe(5000);
    const r = await call(sb, 'POST', '/people/find', { body: { filters: {}, limit: 1 } });
    expect(r.status).toBe(429);
    expect(r.text).toMatch(/people search/i);
  });

  test('half-failed-enrichment: the hit rates are one half', async () => {
    await reset('half-failed-enrichment');
    expect((await control(sb, 'GET', '/enrichment')).settings.hit_rates).toEqual({ email: 0.5, phone: 0.5, company: 0.5 });
  });

  test('crm-refusals: the next pushes of the demo organization end status failed', async () => {
    await reset('crm-refusals');
    const q = await control(sb, 'POST', '/sync/failures', { count: 1 });
    expect(q.failures.filter((f: any) => f.outcome === 'status_failed')).toHaveLength(100);
  });

  test('expired-links: the export link, the quote and the handle it names are expired', async () => {
    const { scenario } = await reset('expired-links');
    expect(scenario.name).toBe('expired-links');
    const link = new URL(scenario.expired.download_url);
    expect((await raw(sb, 'GET', link.pathname + link.search)).status).toBe(403);
    const handle = await call(sb, 'GET', `/enrichment/status/${scenario.expired.task_id}`);
    expect([handle.status, handle.json.error?.code ?? handle.json.code]).toEqual([404, 'task_not_found']);
    const list = await control(sb, 'POST', '/lists', { name: 'Quoted', people: 3 });
    const paid = await call(sb, 'POST', '/migrate/crm', {
      body: { provider: 'crm_one', list_id: list.list_id, quote_id: scenario.expired.quote_id, approved: true },
    });
    expect([paid.status, paid.json.error?.code ?? paid.json.code]).toEqual([400, 'quote_expired']);
  });

  test('an unknown name is refused with one line naming it and the five', async () => {
    expect(unknownScenario('nope')).toBe(`unknown scenario "nope": choose one of ${SCENARIO_NAMES.join(', ')}`);
    await expect(openSandbox({ scenario: 'nope' as never })).rejects.toThrow(unknownScenario('nope'));
    expect((await raw(sb, 'POST', '/__sandbox/reset', { body: { scenario: 'nope' } })).status).toBeGreaterThanOrEqual(400);
  });
});

test('docs/sandbox-fixtures.md has a row for each scenario, as the catalog words it', async () => {
  const { readFileSync } = await import('node:fs');
  const { SCENARIOS } = await import('../../src/sandbox/scenario-catalog.js');
  const doc = readFileSync(new URL('../../docs/sandbox-fixtures.md', import.meta.url), 'utf8');
  for (const [name, s] of Object.entries(SCENARIOS)) expect(doc).toContain(`| \`${name}\` | ${s.state} | ${s.checks} |`);
});
