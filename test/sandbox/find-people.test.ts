import * as z from 'zod/mini';
import { beforeEach, describe, expect, test } from 'vitest';
import { control } from './helpers.js';
import { call, expectOk, seedList, useListsSandbox } from './lists-helpers.js';
import { advance, expectedPeople, leadsOf, listWithLeads, pollJob, START_MS, startJob } from './find-people-helpers.js';
import { FindPeopleStarted, FindPeopleStatusResponse } from '../../src/api/schemas/lists.js';
import { FIND_PEOPLE_PENDING_MS, FIND_PEOPLE_RUN_MS } from '../../src/sandbox/engine/find-people.js';
import { listsArea } from '../../src/sandbox/engine/lists.js';

const cast = useListsSandbox();
const INDUSTRY = () => ({ industries: [cast.ds.company(0).industry] });
beforeEach(() => control(cast.sb, 'POST', '/clock', { set_ms: START_MS, freeze: true }));

/** A list holding up to `n` companies saved from a company search (no leads). */
async function listWithCompanies(filters: Record<string, string[]>, n: number): Promise<{ id: string; companies: string[] }> {
  const found = expectOk(await call(cast.sb, 'POST', '/search/companies', { body: { filters, limit: n } }));
  const list = await seedList(cast.sb, { name: 'Accounts' });
  expectOk(await call(cast.sb, 'POST', `/lead-lists/${list.list_id}/leads`, { body: { task_id: found.task_id } }));
  return { id: list.list_id, companies: found.results.map((c: any) => c.company_id) };
}

describe('a find-people job', () => {
  test('pending, then processing with companies processed growing on the clock, then completed: the people are saved to the list, free', async () => {
    const { id, companies } = await listWithCompanies(INDUSTRY(), 3);
    const started = expectOk(await startJob(cast, id, { company_ids: companies, limit_per_company: 2 }));
    expect(z.safeParse(FindPeopleStarted, started).success).toBe(true);
    expect(started).toMatchObject({ status: 'pending', total_companies: 3, estimated_credits: 6, lead_list_id: id });
    expect(started.workflow_id).toMatch(/^fpw_[0-9a-f]+$/);
    expect(started.poll_url).toBe(`${cast.sb.url}/api/v2/lead-lists/${id}/find-people/status/${started.workflow_id}`);
    expect(started).not.toHaveProperty('message');

    const read = async () => expectOk(await pollJob(cast, id, started.workflow_id));
    const first = await read();
    expect(z.safeParse(FindPeopleStatusResponse, first).success).toBe(true);
    expect(first).toMatchObject({
      workflow_id: started.workflow_id,
      status: 'pending',
      lead_list_id: id,
      total_companies: 3,
      processed_companies: 0,
      people_found: 0,
      people_added: 0,
      estimated_credits: 6,
      credits_used: 0,
      created_at: new Date(START_MS).toISOString(),
      completed_at: null,
      error: null,
    });
    await advance(cast, FIND_PEOPLE_PENDING_MS - 1);
    expect((await read()).status).toBe('pending');
    await advance(cast, 1);
    expect(await read()).toMatchObject({ status: 'processing', processed_companies: 0 });
    const span = FIND_PEOPLE_RUN_MS - FIND_PEOPLE_PENDING_MS;
    await advance(cast, Math.ceil(span / 3));
    expect(await read()).toMatchObject({ status: 'processing', processed_companies: 1 });
    await advance(cast, FIND_PEOPLE_RUN_MS - FIND_PEOPLE_PENDING_MS - Math.ceil(span / 3) - 1);
    expect(await read()).toMatchObject({ status: 'processing', processed_companies: 2, people_added: 0 });
    expect(listsArea(cast.sb.store).lists[id]!.lead_ids).toEqual([]);
    await advance(cast, 1);

    const people = expectedPeople(cast, companies, 2);
    const done = await read();
    expect(z.safeParse(FindPeopleStatusResponse, done).success).toBe(true);
    expect(done).toMatchObject({
      status: 'completed',
      processed_companies: 3,
      people_found: people.length,
      people_added: people.length,
      credits_used: 0,
      completed_at: new Date(START_MS + FIND_PEOPLE_RUN_MS).toISOString(),
      error: null,
    });
    expect(people.length).toBeGreaterThan(3);
    const leads = await leadsOf(cast, id);
    expect(leads.map((l) => [l.full_name, l.title])).toEqual(people.map((p) => [`${p.first_name} ${p.last_name}`, p.title]));
    expect(expectOk(await call(cast.sb, 'GET', '/credits/balance')).credits).toBe(5000);

    await advance(cast, 60_000);
    const later = await read();
    expect(later).toMatchObject({ status: 'completed', completed_at: done.completed_at, people_added: people.length });
    expect(await leadsOf(cast, id)).toHaveLength(people.length);
  });

  test('limit_per_company defaults to 5; the companies of a list include the employers of its leads', async () => {
    const { id, companies } = await listWithLeads(cast, 'Leads', 1, 40);
    const started = expectOk(await startJob(cast, id, { company_ids: companies }));
    expect(started).toMatchObject({ total_companies: 1, estimated_credits: 5 });
    await advance(cast, FIND_PEOPLE_RUN_MS);
    const people = expectedPeople(cast, companies, 5);
    const done = expectOk(await pollJob(cast, id, started.workflow_id));
    const already = people.some((p) => p.index === 40) ? 1 : 0;
    expect(done).toMatchObject({ status: 'completed', people_found: people.length, people_added: people.length - already });
    expect((await leadsOf(cast, id)).length).toBe(1 + people.length - already);
  });

  test('job_titles (any, case-insensitive part of the title), seniority_levels (exact), location_state and location_country (case-insensitive) narrow the people', async () => {
    const { id, companies } = await listWithCompanies(INDUSTRY(), 8);
    const everyone = expectedPeople(cast, companies, 25);
    const sample = everyone[0]!;
    const word = sample.title.split(' ').at(-1)!;
    const filters = {
      job_titles: [word.toUpperCase(), 'no such title'],
      seniority_levels: [sample.seniority],
      location_country: sample.location_country.toLowerCase(),
    };
    const match = (p: (typeof everyone)[number]) =>
      p.title.toLowerCase().includes(word.toLowerCase()) &&
      p.seniority === sample.seniority &&
      p.location_country === sample.location_country;
    const started = expectOk(await startJob(cast, id, { company_ids: companies, limit_per_company: 25, ...filters }));
    await advance(cast, FIND_PEOPLE_RUN_MS);
    const done = expectOk(await pollJob(cast, id, started.workflow_id));
    const people = expectedPeople(cast, companies, 25, match);
    expect(people.length).toBeGreaterThan(0);
    expect(people.length).toBeLessThan(everyone.length);
    expect(done).toMatchObject({ status: 'completed', people_found: people.length, people_added: people.length });
    expect((await leadsOf(cast, id)).map((l) => l.full_name)).toEqual(people.map((p) => `${p.first_name} ${p.last_name}`));

    const byState = expectOk(
      await startJob(cast, id, { company_ids: companies, limit_per_company: 25, location_state: sample.location_state.toUpperCase() }),
    );
    await advance(cast, FIND_PEOPLE_RUN_MS);
    const inState = expectedPeople(cast, companies, 25, (p) => p.location_state === sample.location_state);
    const saved = new Set(people.map((p) => p.lead_id));
    const fresh = inState.filter((p) => !saved.has(p.lead_id)).length;
    expect(fresh).toBeGreaterThan(0);
    expect(expectOk(await pollJob(cast, id, byState.workflow_id))).toMatchObject({ people_found: inState.length, people_added: fresh });
  });

  test('a person already a lead of the workspace keeps one lead record: another list gets the same lead', async () => {
    const source = await listWithLeads(cast, 'Source', 4, 100);
    const domains = source.companies.map((id) => cast.ds.company(cast.ds.companyIndexById(id)!).domain);
    const target = await listWithCompanies({ domains }, source.companies.length);
    expect([...target.companies].sort()).toEqual([...source.companies].sort());
    const started = expectOk(await startJob(cast, target.id, { company_ids: source.companies, limit_per_company: 25 }));
    await advance(cast, FIND_PEOPLE_RUN_MS);
    const people = expectedPeople(cast, source.companies, 25);
    expect(expectOk(await pollJob(cast, target.id, started.workflow_id))).toMatchObject({
      people_found: people.length,
      people_added: people.length,
    });
    const area = listsArea(cast.sb.store);
    const sourceLeads = new Map(area.lists[source.id]!.lead_ids.map((l) => [area.leads[l]!.person_lead_id, l]));
    const targetLeads = new Map(area.lists[target.id]!.lead_ids.map((l) => [area.leads[l]!.person_lead_id, l]));
    expect(sourceLeads.size).toBe(4);
    for (const [person, lead] of sourceLeads) expect(targetLeads.get(person)).toBe(lead);
  });

  test('the start and the poll answer under /api/v1/public too, with a poll_url under that prefix', async () => {
    const { id, companies } = await listWithLeads(cast, 'Leads', 2);
    const v1 = { prefix: '/api/v1/public' };
    const started = expectOk(await call(cast.sb, 'POST', `/lead-lists/${id}/find-people`, { ...v1, body: { company_ids: companies } }));
    expect(started.poll_url).toBe(`${cast.sb.url}/api/v1/public/lead-lists/${id}/find-people/status/${started.workflow_id}`);
    expect(expectOk(await call(cast.sb, 'GET', started.poll_url.slice(`${cast.sb.url}/api/v1/public`.length), v1)).status).toBe('pending');
  });
});
