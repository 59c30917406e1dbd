import { describe, expect, it } from 'vitest';
import { seededList, useSdkSandbox } from './helpers.js';

const t = useSdkSandbox();

describe('paged methods: awaited, one page; iterated, every item across pages', () => {
  it('lists.leads: await gives the first page; for await walks every lead across pages, one request a page', async () => {
    const list = await seededList(t, 'Paged', 23);
    const first = await t.client.lists.leads(list, { limit: 10 });
    expect(first.leads).toHaveLength(10);
    expect(first.total).toBe(23);
    expect(first.cursor).toEqual(expect.any(String));

    t.sent.length = 0;
    const ids: string[] = [];
    for await (const lead of t.client.lists.leads(list, { limit: 10 })) ids.push(lead.lead_id);
    expect(ids).toHaveLength(23);
    expect(new Set(ids).size).toBe(23);
    expect(ids.slice(0, 10)).toEqual(first.leads.map((l) => l.lead_id));
    expect(t.sent).toEqual(Array(3).fill(`GET /lead-lists/${list}/leads`));
  });

  it('iterating after an await does not ask for the first page again; break stops asking', async () => {
    const list = await seededList(t, 'Once', 25);
    const leads = t.client.lists.leads(list, { limit: 10 });
    const page = await leads;
    expect(page.leads).toHaveLength(10);
    const seen: string[] = [];
    for await (const lead of leads) {
      seen.push(lead.lead_id);
      if (seen.length === 12) break;
    }
    expect(seen.slice(0, 10)).toEqual(page.leads.map((l) => l.lead_id));
    // The first page once (the await), the second for leads 11 and 12; no third.
    expect(t.sent).toHaveLength(2);
  });

  it('pages() walks whole pages, toArray({ limit }) stops at the limit, and a cursor starts later', async () => {
    const list = await seededList(t, 'Pages', 12);
    const totals: number[] = [];
    for await (const p of t.client.lists.leads(list, { limit: 5 }).pages()) totals.push(p.leads.length);
    expect(totals).toEqual([5, 5, 2]);
    expect(await t.client.lists.leads(list, { limit: 5 }).toArray({ limit: 7 })).toHaveLength(7);
    const first = await t.client.lists.leads(list, { limit: 5 });
    const rest = await t.client.lists.leads(list, { limit: 5, cursor: first.cursor! }).toArray({ limit: 100 });
    expect(rest.map((l) => l.lead_id)).not.toContain(first.leads[0]!.lead_id);
    expect(rest).toHaveLength(7);
  });

  it('people.search iterates people across pages (each page one search) and the first page carries the cohort to save', async () => {
    const search = t.client.people.search({ filters: { seniority: ['Director'], departments: ['Engineering'] }, limit: 20 });
    const page = await search;
    expect(page.total).toBeGreaterThan(40);
    expect(page.results).toHaveLength(20);
    expect(page.task_id).toEqual(expect.stringMatching(/^svc-task_/));
    const people = await search.toArray({ limit: 45 });
    expect(people).toHaveLength(45);
    expect(people.every((p) => p.seniority === 'Director')).toBe(true);
    expect(new Set(people.map((p) => p.lead_id)).size).toBe(45);
    expect(t.sent).toEqual(Array(3).fill('POST /people/find'));
  });

  it('companies.search, lists.list and exports.json iterate the same way', async () => {
    const companies = await t.client.companies.search({ filters: { employee_count_ranges: ['51-200'] }, limit: 30 }).toArray({ limit: 70 });
    expect(companies).toHaveLength(70);
    expect(companies.every((c) => typeof c.company_id === 'string')).toBe(true);

    for (const name of ['A', 'B', 'C']) await seededList(t, name, 1);
    const names: string[] = [];
    for await (const l of t.client.lists.list({ limit: 2 })) names.push(l.name);
    expect(names).toEqual(expect.arrayContaining(['A', 'B', 'C']));

    const list = await seededList(t, 'Export', 9);
    const rows = await t.client.exports.json({ list_id: list, limit: 4, columns: ['email', 'company'] }).toArray({ limit: 100 });
    expect(rows).toHaveLength(9);
    expect(Object.keys(rows[0]!)).toEqual(['email', 'company']);
  });

  it('nothing is sent until the result is awaited or iterated', async () => {
    t.client.lists.leads('lst_never');
    t.client.people.search({ filters: { titles: ['CTO'] } });
    expect(t.sent).toEqual([]);
  });
});
