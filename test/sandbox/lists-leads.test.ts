import { describe, expect, test } from 'vitest';
import { control } from './helpers.js';
import { call, expectOk, expectPublicError, searchPeople, seedList, useListsSandbox } from './lists-helpers.js';
import { insertLead, listsArea } from '../../src/sandbox/engine/lists.js';
import { COHORT_SLIDING_MS } from '../../src/api/schemas/values/search.js';

const cast = useListsSandbox();

const add = (id: string, body: unknown, token?: string) =>
  call(cast.sb, 'POST', `/lead-lists/${id}/leads`, { body, ...(token ? { token } : {}) });
const removeLeads = (id: string, body: unknown) => call(cast.sb, 'DELETE', `/lead-lists/${id}/leads`, { body });
const leadsOf = async (id: string) => expectOk(await call(cast.sb, 'GET', `/lead-lists/${id}/leads?limit=500`)).leads as any[];
const newList = async (name = 'Target') => (await seedList(cast.sb, { name })).list_id as string;
/** A people search in the country of the data set's first person. */
const search = (limit = 10) => searchPeople(cast.sb, { location_country: [cast.ds.person(0).location_country] }, limit);

describe('POST /lead-lists/{list_id}/leads by cohort', () => {
  test('a search cohort saves its people as new lead records, free; saving again skips them and reuses the records', async () => {
    const found = await search();
    const id = await newList();
    expect(expectOk(await add(id, { task_id: found.task_id }))).toEqual({
      list_id: id,
      added: 10,
      skipped_duplicates: 0,
      created: 10,
      credits_charged: 0,
      timestamp_ms: expect.any(Number),
    });
    const saved = await leadsOf(id);
    expect(saved.map((l) => [l.full_name, l.title, l.company, l.location])).toEqual(
      found.results.map((r: any) => [r.full_name, r.title, r.company, r.location]),
    );
    expect(saved.every((l) => l.email === null && l.phone === null && l.lead_id.startsWith('ld_'))).toBe(true);
    expect(expectOk(await add(id, { task_id: found.task_id }))).toMatchObject({ added: 0, skipped_duplicates: 10, created: 0 });
    const other = await newList('Second');
    expect(expectOk(await add(other, { task_id: found.task_id }))).toMatchObject({ added: 10, created: 0 });
    expect((await leadsOf(other)).map((l) => l.lead_id)).toEqual(saved.map((l) => l.lead_id));
  });

  test('entity_ids saves a subset; ids outside the cohort are a 400 validation_error naming them, and nothing is saved', async () => {
    const found = await search();
    const id = await newList();
    const pick = found.results.slice(2, 5).map((r: any) => r.lead_id);
    expect(expectOk(await add(id, { task_id: found.task_id, entity_ids: pick }))).toMatchObject({ added: 3, created: 3 });
    const stranger = cast.ds.person(cast.ds.size.people - 1).lead_id;
    const e = expectPublicError(
      await add(id, { task_id: found.task_id, entity_ids: [found.results[6].lead_id, stranger, 'nope'] }),
      400,
      'validation_error',
    );
    expect(e.details.unknown_entity_ids).toEqual([stranger, 'nope']);
    expect((await leadsOf(id)).map((l) => l.full_name)).toEqual(found.results.slice(2, 5).map((r: any) => r.full_name));
  });

  test('an expired, unknown or foreign task_id is 404 task_not_found', async () => {
    const id = await newList();
    const foreign = await searchPeople(cast.sb, { location_country: [cast.ds.person(0).location_country] }, 2, cast.other);
    expectPublicError(await add(id, { task_id: foreign.task_id }), 404, 'task_not_found');
    expectPublicError(await add(id, { task_id: 'svc-task_unknown' }), 404, 'task_not_found');
    const found = await search(2);
    await control(cast.sb, 'POST', '/clock', { advance_ms: COHORT_SLIDING_MS + 1000 });
    expectPublicError(await add(id, { task_id: found.task_id }), 404, 'task_not_found');
    expect(await leadsOf(id)).toEqual([]);
  });

  test('a list page is a cohort of workspace leads: saved to another list as they are (created 0)', async () => {
    const source = await seedList(cast.sb, { name: 'Source', people: 6 });
    const page = expectOk(await call(cast.sb, 'GET', `/lead-lists/${source.list_id}/leads?limit=4`));
    const id = await newList();
    expect(expectOk(await add(id, { task_id: page.task_id }))).toMatchObject({ added: 4, skipped_duplicates: 0, created: 0 });
    expect((await leadsOf(id)).map((l) => l.lead_id)).toEqual(page.leads.map((l: any) => l.lead_id));
  });

  test('a company cohort saves the companies to the list (for find-people), leaving its leads alone', async () => {
    const r = expectOk(
      await call(cast.sb, 'POST', '/search/companies', { body: { filters: { industries: [cast.ds.company(0).industry] }, limit: 5 } }),
    );
    const id = await newList();
    expect(expectOk(await add(id, { task_id: r.task_id }))).toMatchObject({ added: r.results.length, skipped_duplicates: 0, created: 0 });
    expect(expectOk(await add(id, { task_id: r.task_id }))).toMatchObject({ added: 0, skipped_duplicates: r.results.length });
    expect(listsArea(cast.sb.store).lists[id]!.company_ids).toEqual(r.results.map((c: any) => c.company_id));
    expect(expectOk(await call(cast.sb, 'GET', `/lead-lists/${id}`)).lead_count).toBe(0);
  });

  test('409 search_result_conflict when a saved lead of the same LinkedIn profile has another company or title; nothing is saved', async () => {
    const found = await search(5);
    const row = found.results[1];
    const org = cast.sb.store.organization(cast.sb.store.demo.organization_id)!;
    const imported = insertLead(cast.sb.store, cast.sb.services.clock, org.id, {
      first_name: row.first_name,
      last_name: row.last_name,
      full_name: row.full_name,
      email: 'x@old.example',
      phone: null,
      title: row.title.toUpperCase(),
      company: 'Old Employer',
      company_domain: null,
      company_id: null,
      linkedin_url: row.linkedin_url.replace('https://www.', '').concat('/'),
      location: null,
      person_lead_id: null,
    });
    const id = await newList();
    const e = expectPublicError(await add(id, { task_id: found.task_id }), 409, 'search_result_conflict');
    expect(e.details.conflicts).toEqual([{ lead_id: imported.lead_id, field: 'company', saved: 'Old Employer', search: row.company }]);
    expect(await leadsOf(id)).toEqual([]);
    imported.company = row.company;
    expect(expectOk(await add(id, { task_id: found.task_id }))).toMatchObject({ added: 5, created: 4 });
    expect((await leadsOf(id))[1]).toMatchObject({ lead_id: imported.lead_id, email: 'x@old.example' });
  });
});

describe('POST /lead-lists/{list_id}/leads by lead_ids', () => {
  test('workspace lead ids are added once each; duplicates are counted as skipped', async () => {
    const source = await seedList(cast.sb, { name: 'Source', people: 4 });
    const ids = (await leadsOf(source.list_id)).map((l) => l.lead_id);
    const id = await newList();
    expect(expectOk(await add(id, { lead_ids: [ids[0], ids[1], ids[0]] }))).toEqual({
      list_id: id,
      added: 2,
      skipped_duplicates: 1,
      credits_charged: 0,
      timestamp_ms: expect.any(Number),
    });
    expect(expectOk(await add(id, { lead_ids: ids }))).toMatchObject({ added: 2, skipped_duplicates: 2 });
  });

  test("search rows' lead_ids, unknown ids and another organization's leads are 404 not_found; nothing is added", async () => {
    const found = await search(2);
    const foreign = await seedList(cast.sb, { organization_id: cast.otherOrgId, name: 'Globex', people: 1 });
    const foreignLead = (await call(cast.sb, 'GET', `/lead-lists/${foreign.list_id}/leads`, { token: cast.other })).json.leads[0].lead_id;
    const mine = await seedList(cast.sb, { name: 'Mine', people: 1 });
    const good = (await leadsOf(mine.list_id))[0].lead_id;
    const id = await newList();
    const bad = [found.results[0].lead_id, 'ld_nope', foreignLead];
    const e = expectPublicError(await add(id, { lead_ids: [good, ...bad] }), 404, 'not_found');
    expect(e.details.unknown_lead_ids).toEqual(bad);
    expect(e.fix).toMatch(/task_id/);
    expect(await leadsOf(id)).toEqual([]);
  });

  test.each([
    [{}],
    [{ task_id: 'svc-task_x', lead_ids: ['ld_1'] }],
    [{ entity_ids: ['a'] }],
    [{ lead_ids: [] }],
    [{ lead_ids: Array.from({ length: 1001 }, (_, i) => `ld_${i}`) }],
    [{ task_id: 'svc-task_x', entity_ids: Array.from({ length: 2001 }, (_, i) => `sp_${i}`) }],
  ])('body %# is a 422 validation_error', async (body) => {
    expectPublicError(await add(await newList(), body), 422, 'validation_error');
  });
});

describe('edit rights and the per-list contact cap', () => {
  test('owner and edit shares add; view shares and organization-wide lists are 403 list_not_editable; private ones 404', async () => {
    const found = await search(3);
    const theirs = (extra: Record<string, unknown>) => seedList(cast.sb, { user_id: cast.teammateId, name: 'Theirs', ...extra });
    const edit = await theirs({ shares: { [cast.ownerId]: 'edit' } });
    expect(expectOk(await add(edit.list_id, { task_id: found.task_id })).added).toBe(3);
    expect(expectOk(await removeLeads(edit.list_id, { lead_ids: [(await leadsOf(edit.list_id))[0].lead_id] })).removed).toBe(1);
    for (const extra of [{ shares: { [cast.ownerId]: 'view' } }, { visibility: 'organization' }]) {
      const list = await theirs(extra);
      expectPublicError(await add(list.list_id, { task_id: found.task_id }), 403, 'list_not_editable');
      expectPublicError(await removeLeads(list.list_id, { lead_ids: ['ld_x'] }), 403, 'list_not_editable');
    }
    expectPublicError(await add((await theirs({})).list_id, { task_id: found.task_id }), 404, 'list_not_found');
    const e = expectPublicError(await add(await newList(), { task_id: found.task_id }, cast.teammate), 403, 'insufficient_scope');
    expect(e.details.required_scope).toBe('lists:write');
  });

  test('a batch that would pass the cap is refused whole with 403 lead_cap_reached; duplicates do not count', async () => {
    await control(cast.sb, 'POST', '/caps', { leads_per_list: 12 });
    const list = await seedList(cast.sb, { name: 'Capped', people: 10, from_person: 4000 });
    const found = await search(5);
    const e = expectPublicError(await add(list.list_id, { task_id: found.task_id }), 403, 'lead_cap_reached');
    expect(e.details).toEqual({ cap: 12, lead_count: 10, adding: 5 });
    expect(await leadsOf(list.list_id)).toHaveLength(10);
    const page = expectOk(await call(cast.sb, 'GET', `/lead-lists/${list.list_id}/leads?limit=10`));
    expect(expectOk(await add(list.list_id, { task_id: page.task_id }))).toMatchObject({ added: 0, skipped_duplicates: 10 });
    await control(cast.sb, 'POST', '/caps', { leads_per_list: 15 });
    expect(expectOk(await add(list.list_id, { task_id: found.task_id }))).toMatchObject({ added: 5, created: 5 });
  });
});

describe('DELETE /lead-lists/{list_id}/leads', () => {
  test('removes memberships only, ignoring unknown ids; 1 to 100 ids', async () => {
    const list = await seedList(cast.sb, { name: 'L', people: 5 });
    const ids = (await leadsOf(list.list_id)).map((l) => l.lead_id);
    expect(expectOk(await removeLeads(list.list_id, { lead_ids: [ids[1], ids[3], 'ld_unknown'] }))).toMatchObject({
      list_id: list.list_id,
      removed: 2,
    });
    expect((await leadsOf(list.list_id)).map((l) => l.lead_id)).toEqual([ids[0], ids[2], ids[4]]);
    expectPublicError(await removeLeads(list.list_id, { lead_ids: [] }), 422, 'validation_error');
    expectPublicError(
      await removeLeads(list.list_id, { lead_ids: Array.from({ length: 101 }, (_, i) => `ld_${i}`) }),
      422,
      'validation_error',
    );
    expectPublicError(await removeLeads('lst_unknown', { lead_ids: ['ld_1'] }), 404, 'list_not_found');
  });
});

describe('the cleanlist follows saved leads', () => {
  test('excludeInCleanlist drops people saved to a list, and includes them again once the list is deleted', async () => {
    const criteria = { countriesInclude: [cast.ds.person(0).location_country] };
    const find = async (exclude: boolean) =>
      expectOk(
        await call(cast.sb, 'POST', '/people/find', {
          body: { criteria: { ...criteria, exclusions: { excludeInCleanlist: exclude } }, limit: 10 },
        }),
      );
    const before = await find(false);
    const id = await newList();
    const saved = before.results.slice(0, 3).map((r: any) => r.lead_id);
    expectOk(await add(id, { task_id: before.task_id, entity_ids: saved }));
    const during = await find(true);
    expect(during.total).toBe(before.total - 3);
    expect(during.results.map((r: any) => r.lead_id)).not.toContain(saved[0]);
    expectOk(await removeLeads(id, { lead_ids: [(await leadsOf(id))[0].lead_id] }));
    expect((await find(true)).total).toBe(before.total - 2);
    expectOk(await call(cast.sb, 'DELETE', `/lead-lists/${id}`));
    const after = await find(true);
    expect(after.total).toBe(before.total);
    expect(after.results.map((r: any) => r.lead_id)).toEqual(before.results.map((r: any) => r.lead_id));
  });
});
