import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { json } from '../helpers/json.js';
import { usePaidSandbox } from './enrich-helpers.js';

const t = usePaidSandbox();

const searchPeople = async (limit: number) =>
  json((await t.run('search', 'people', '--seniority', 'Director', '--limit', String(limit), '--json')).stdout);

describe('enrich person, company, cohort; credits estimate', () => {
  it('enrich person by LinkedIn URL: the lead is saved to the list with what was found, charged by what was found', async () => {
    const listId = await t.seedList('Q3', 0);
    const row = (await searchPeople(1)).results[0];
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 1, phone: 0 } });
    const before = await t.balance();
    const r = await t.run('enrich', 'person', '--list', 'Q3', '--linkedin', row.linkedin_url, '--type', 'full', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    const s = json(r.stdout);
    expect(s).toMatchObject({
      status: 'completed',
      enrichment_type: 'full',
      credits_reserved: 11,
      credits_charged: 1,
      credits_refunded: 10,
    });
    expect(s.result).toMatchObject({
      status: 'partial',
      full_name: row.full_name,
      email: expect.stringContaining('@'),
      phone: null,
      linkedin_url: row.linkedin_url,
    });
    expect(await t.balance()).toBe(before - 1);
    const leads = await t.leads(listId);
    expect(leads).toEqual([expect.objectContaining({ lead_id: s.result.lead_id, email: s.result.email })]);
  });

  it('enrich person: nothing found costs nothing; a table shows the result; canceled and terminated exit 8', async () => {
    await t.seedList('Q3', 0);
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 0, phone: 0 } });
    const before = await t.balance();
    const miss = await t.run(
      'enrich',
      'person',
      '--list',
      'Q3',
      '--first',
      'Nobody',
      '--last',
      'Known',
      '--company',
      'Nowhere Inc',
      '--yes',
    );
    expect(miss.exitCode, miss.stderr).toBe(0);
    const [head, row] = miss.stdout.split('\n');
    expect(head?.split('\t').slice(0, 4)).toEqual(['workflow_id', 'status', 'result.status', 'result.lead_id']);
    expect(row?.split('\t').slice(1, 3)).toEqual(['completed', 'not_found']);
    expect(miss.stderr).toContain('nothing was charged');
    // One line says what happened: no "1 of 1 rows enriched" beside it.
    expect(miss.stderr).not.toMatch(/rows enriched/);
    expect(await t.balance()).toBe(before);
    for (const status of ['canceled', 'terminated']) {
      await control(t.sb, 'POST', '/enrichment/outcomes', { status, kinds: ['person'] });
      const r = await t.run('enrich', 'person', '--list', 'Q3', '--email', 'ada@example.com', '--yes', '--json');
      expect(r.exitCode, r.stderr).toBe(8);
      expect(json(r.stdout).status).toBe(status);
      expect(r.stderr).toMatch(new RegExp(`ended ${status}`));
    }
    const unnamed = await t.run('enrich', 'person', '--list', 'Q3', '--first', 'Ada');
    expect(unnamed.exitCode).toBe(2);
    expect(unnamed.stderr).toMatch(/say who to enrich/);
  });

  it('enrich company: found costs 1 credit; not found exits 4 and is refunded; no identifier exits 2', async () => {
    const domain = (await searchPeople(1)).results[0].domain;
    const before = await t.balance();
    const r = await t.run('enrich', 'company', '--domain', domain, '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(json(r.stdout)).toMatchObject({ credits_charged: 1, company: { domain, company_id: expect.stringMatching(/^cmp_/) } });
    expect(await t.balance()).toBe(before - 1);
    const none = await t.run('enrich', 'company', '--domain', 'no-such-company.example', '--yes');
    expect(none.exitCode, none.stderr).toBe(4);
    expect(none.stderr).toMatch(/refunded/i);
    expect(await t.balance()).toBe(before - 1);
    expect((await t.run('enrich', 'company', '--domain', ' ')).exitCode).toBe(2);
  });

  it('enrich cohort: people go to the given list or to MCP Results (reused); companies are priced 1 per 10 and answered at once', async () => {
    const search = await searchPeople(12);
    const listId = await t.seedList('Q3', 0);
    const into = await t.run('enrich', 'cohort', search.task_id, '--data-points', 'email', '--list', 'Q3', '--yes', '--json');
    expect(into.exitCode, into.stderr).toBe(0);
    const s = json(into.stdout);
    expect(s).toMatchObject({ lead_list_id: listId, total: 12, credits_reserved: 12 });
    expect((await t.leads(listId)).length).toBe(12);
    const some = search.results.slice(0, 3).map((r: any) => r.lead_id);
    const mcp = json(
      (await t.run('enrich', 'cohort', search.task_id, '--data-points', 'Phone', '--entity-ids', some.join(','), '--yes', '--json')).stdout,
    );
    const mcp2 = json(
      (await t.run('enrich', 'cohort', search.task_id, '--data-points', 'Phone', '--entity-ids', some[0], '--yes', '--json')).stdout,
    );
    expect(mcp.lead_list_id).toBe(mcp2.lead_list_id);
    const lists = json((await t.run('lists', 'ls', '--json')).stdout).lists as any[];
    expect(lists.filter((l) => l.name === 'MCP Results')).toEqual([expect.objectContaining({ list_id: mcp.lead_list_id, lead_count: 3 })]);

    const companies = json(
      (await t.run('search', 'companies', '--industries', search.results[0].company_industry ?? 'Software', '--limit', '25', '--json'))
        .stdout,
    );
    const n = companies.results.length;
    const before = await t.balance();
    const c = await t.run('enrich', 'cohort', companies.task_id, '--data-points', 'Industry,Funding', '--yes', '--json');
    expect(c.exitCode, c.stderr).toBe(0);
    const cr = json(c.stdout);
    expect(cr).toMatchObject({
      entity_kind: 'company',
      workflow_id: null,
      status: 'completed',
      total_entities: n,
      credits_charged: Math.ceil(n / 10),
    });
    expect(cr.results.every((x: any) => x.status === 'completed' && x.company.company_id)).toBe(true);
    expect(await t.balance()).toBe(before - Math.ceil(n / 10));
  });

  it('enrich cohort checks data points before sending: LinkedIn alone, mixed kinds and unknown points exit 2', async () => {
    const cases: Array<[string, RegExp]> = [
      ['LinkedIn', /LinkedIn alone is not an enrichment/],
      ['Email,Industry', /mixes person \(Email\) and company points/],
      ['Emial', /unknown data point "Emial" \(did you mean Email\?\)/],
    ];
    for (const [points, message] of cases) {
      const r = await t.run('enrich', 'cohort', 'svc-task_x', '--data-points', points, '--yes');
      expect(r.exitCode, points).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });

  it("credits estimate prices each tool from the service, free; a bad value is the service's 400 (exit 2)", async () => {
    const listId = await t.seedList('Q3', 128);
    const before = await t.balance();
    const est = async (...args: string[]) => json((await t.run('credits', 'estimate', ...args, '--json')).stdout);
    expect(await est('--tool', 'enrich_list', '--list', 'Q3', '--scope', 'full')).toMatchObject({
      row_count: 128,
      estimated_cost: 1408,
      sufficient: true,
    });
    expect(await est('--tool', 'sync_to_crm', '--list', 'Q3', '--provider', 'crm_one')).toMatchObject({
      row_count: 128,
      estimated_cost: 26,
    });
    expect(await est('--tool', 'bulk_import_csv', '--rows', '1200', '--type', 'phone_only')).toMatchObject({
      estimated_cost: 12000,
      sufficient: false,
    });
    const ids = (await t.leads(listId)).slice(0, 7).map((l) => l.lead_id);
    expect(await est('--tool', 'enrich_list', '--list', 'Q3', '--lead-ids', [...ids, ids[0]].join(','))).toMatchObject({
      row_count: 7,
      estimated_cost: 7,
    });
    expect(await est('--tool', 'find_similar_companies')).toMatchObject({ estimated_cost: 1, quote_id: null });
    const bad = await t.run('credits', 'estimate', '--tool', 'enrich_list', '--list', 'Q3', '--scope', 'phone_only');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/phone-only/);
    const unknown = await t.run('credits', 'estimate', '--tool', 'enrich_lists');
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/Did you mean "enrich_list"/);
    expect(await t.balance()).toBe(before);
  });
});
