import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { LeadRow, ListSummary } from '../../src/api/schemas/lists.js';
import { apiOf } from '../../src/api/api.js';
import type { PagePromise } from '../../src/api/paginate.js';
import { clientFor, control } from './helpers.js';
import { call, expectOk, expectPublicError, seedList, useListsSandbox } from './lists-helpers.js';

const cast = useListsSandbox();

const lists = (query = '', token?: string, prefix?: string) =>
  call(cast.sb, 'GET', `/lead-lists${query}`, { ...(token ? { token } : {}), ...(prefix ? { prefix } : {}) });

/** Every page of a paged call, and the rows of all of them. */
async function collect<P, T>(paged: PagePromise<P, T>): Promise<{ items: T[]; pages: any[] }> {
  const out = { items: [] as T[], pages: [] as any[] };
  for await (const page of paged.pages()) {
    out.items.push(...((page as Record<string, T[]>)[paged.rows] ?? []));
    out.pages.push(page);
  }
  return out;
}

/** Seeds lists the demo owner sees (theirs, organization-wide, shared) and some they must not. */
async function seedVisible(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const kind = i % 3;
    const body =
      kind === 0
        ? { name: `Own ${i}` }
        : kind === 1
          ? { user_id: cast.teammateId, name: `Wide ${i}`, visibility: 'organization' }
          : { user_id: cast.teammateId, name: `Shared ${i}`, shares: { [cast.ownerId]: 'view' } };
    ids.push((await seedList(cast.sb, body)).list_id);
    if (i % 25 === 0) {
      await seedList(cast.sb, { user_id: cast.teammateId, name: `Hidden ${i}` });
      await seedList(cast.sb, { organization_id: cast.otherOrgId, name: `Globex ${i}`, visibility: 'organization' });
    }
  }
  return ids;
}

describe('GET /lead-lists', () => {
  test('250 visible lists page out exactly once each, in created order, with total and a null last cursor', async () => {
    const ids = await seedVisible(250);
    const { items, pages } = await collect(apiOf(clientFor(cast.sb)).lists.list({ limit: 100 }));
    expect(items.map((l) => l.list_id)).toEqual(ids);
    expect(pages.map((p) => p.lists.length)).toEqual([100, 100, 50]);
    expect(pages.every((p) => p.total === 250)).toBe(true);
    expect(pages.at(-1).cursor).toBeNull();
    expect(items.every((l) => z.safeParse(ListSummary, l).success)).toBe(true);
    expect(items.slice(0, 3).map((l) => [l.visibility, l.owner_name])).toEqual([
      ['private', 'Dana Demo'],
      ['organization', 'Theo Teammate'],
      ['shared', 'Theo Teammate'],
    ]);
  });

  test('small pages too (rate limits switched off for the many requests); the default page is 50', async () => {
    const ids = await seedVisible(100);
    await control(cast.sb, 'POST', '/rate-limits', { enabled: false });
    const { items, pages } = await collect(apiOf(clientFor(cast.sb)).lists.list({ limit: 3 }));
    expect(items.map((l) => l.list_id)).toEqual(ids);
    expect(pages).toHaveLength(34);
    expect(expectOk(await lists()).lists).toHaveLength(50);
  });

  test('another organization sees only its own lists', async () => {
    await seedVisible(5);
    const r = expectOk(await lists('', cast.other));
    expect(r.lists.map((l: any) => l.name)).toEqual(['Globex 0']);
    expect(r).toMatchObject({ total: 1, cursor: null });
  });

  test('folder_id narrows to the lists in one of the caller’s folders; unknown or a teammate’s folder is 404', async () => {
    const folder = async (token: string) =>
      (await call(cast.sb, 'POST', '/folders', { token, body: { name: 'F' }, prefix: '/api/v1/public' })).json.folder_id as string;
    const f = await folder(cast.owner);
    await seedList(cast.sb, { name: 'Outside' });
    const inside = await seedList(cast.sb, { name: 'Inside', folder_id: f });
    const r = expectOk(await lists(`?folder_id=${f}`));
    expect(r.lists.map((l: any) => l.list_id)).toEqual([inside.list_id]);
    expect(r.lists[0].folder_id).toBe(f);
    expect(r.total).toBe(1);
    expectPublicError(await lists('?folder_id=00000000-0000-4000-8000-000000000000'), 404, 'folder_not_found');
    expectPublicError(await lists(`?folder_id=${await folder(cast.teammate)}`), 404, 'folder_not_found');
  });

  test.each(['0', '101', 'abc', '1.5', ''])('limit=%j is a 422 validation_error at query.limit', async (limit) => {
    const e = expectPublicError(await lists(`?limit=${limit}`), 422, 'validation_error');
    expect(e.details.errors[0].loc).toEqual(['query', 'limit']);
  });

  test('a cursor works only with the folder and caller it came with; a garbled one is 400 invalid_cursor', async () => {
    await seedVisible(6);
    const f = (await call(cast.sb, 'POST', '/folders', { body: { name: 'F' }, prefix: '/api/v1/public' })).json.folder_id;
    const first = expectOk(await lists('?limit=2'));
    expect(expectOk(await lists(`?limit=2&cursor=${first.cursor}`)).lists).toHaveLength(2);
    expectPublicError(await lists(`?limit=2&folder_id=${f}&cursor=${first.cursor}`), 400, 'invalid_cursor');
    expectPublicError(await lists(`?limit=2&cursor=${first.cursor}`, cast.teammate), 400, 'invalid_cursor');
    expectPublicError(await lists('?cursor=not-a-cursor'), 400, 'invalid_cursor');
    expectPublicError(await lists(`?cursor=${first.cursor.slice(0, -2)}xx`), 400, 'invalid_cursor');
  });

  test('answers the same under /api/v1/public', async () => {
    await seedVisible(3);
    const v1 = expectOk(await lists('', undefined, '/api/v1/public'));
    const v2 = expectOk(await lists());
    expect(v1.lists).toEqual(v2.lists);
  });
});

describe('GET /lead-lists/{list_id}/leads', () => {
  const leads = (id: string, query = '') => call(cast.sb, 'GET', `/lead-lists/${id}/leads${query}`);

  test('250 leads page out exactly once each in the order saved, every page with its own cohort task_id', async () => {
    const list = await seedList(cast.sb, { name: 'Big', people: 250 });
    const { items, pages } = await collect(apiOf(clientFor(cast.sb)).lists.leads(list.list_id, { limit: 100 }));
    expect(items).toHaveLength(250);
    expect(new Set(items.map((l) => l.lead_id)).size).toBe(250);
    expect(items.map((l) => l.full_name)).toEqual(Array.from({ length: 250 }, (_, i) => cast.ds.personRow(i).full_name));
    expect(pages.map((p) => [p.list_id, p.leads.length, p.total])).toEqual([
      [list.list_id, 100, 250],
      [list.list_id, 100, 250],
      [list.list_id, 50, 250],
    ]);
    expect(pages.at(-1).cursor).toBeNull();
    const tasks = pages.map((p) => p.task_id);
    expect(new Set(tasks).size).toBe(3);
    expect(tasks.every((t) => t.startsWith('svc-task_'))).toBe(true);
  });

  test('lead rows carry the saved person, with email and phone null until enriched; the default page is 100', async () => {
    const list = await seedList(cast.sb, { name: 'Rows', people: 120, from_person: 7 });
    const page = expectOk(await leads(list.list_id));
    expect(page.leads).toHaveLength(100);
    const row = page.leads[0];
    expect(z.safeParse(LeadRow, row).success).toBe(true);
    const p = cast.ds.personRow(7);
    expect(row).toMatchObject({
      first_name: p.first_name,
      last_name: p.last_name,
      full_name: p.full_name,
      title: p.title,
      company: p.company,
      location: p.location,
      email: null,
      phone: null,
    });
    expect(row.lead_id).not.toBe(p.lead_id);
  });

  test('limits: 1 to 500, else 422 at query.limit; a cursor of another list is 400 invalid_cursor', async () => {
    const a = await seedList(cast.sb, { name: 'A', people: 3 });
    const b = await seedList(cast.sb, { name: 'B', people: 3 });
    expect(expectOk(await leads(a.list_id, '?limit=500')).leads).toHaveLength(3);
    for (const bad of ['0', '501', 'x'])
      expect(expectPublicError(await leads(a.list_id, `?limit=${bad}`), 422, 'validation_error').details.errors[0].loc).toEqual([
        'query',
        'limit',
      ]);
    const first = expectOk(await leads(a.list_id, '?limit=1'));
    expect(expectOk(await leads(a.list_id, `?limit=1&cursor=${first.cursor}`)).leads[0].full_name).toBe(cast.ds.personRow(1).full_name);
    expectPublicError(await leads(b.list_id, `?limit=1&cursor=${first.cursor}`), 400, 'invalid_cursor');
  });

  test('an empty list answers an empty page with total 0, a null cursor and a task_id', async () => {
    const list = await seedList(cast.sb, { name: 'Empty' });
    expect(expectOk(await leads(list.list_id))).toMatchObject({
      leads: [],
      total: 0,
      cursor: null,
      task_id: expect.stringMatching(/^svc-task_/),
    });
  });

  test('invisible lists are 404 list_not_found; the read-only teammate reads a list shared with them', async () => {
    const list = await seedList(cast.sb, { name: 'Mine', people: 2, shares: { [cast.teammateId]: 'view' } });
    expectPublicError(await call(cast.sb, 'GET', `/lead-lists/${list.list_id}/leads`, { token: cast.other }), 404, 'list_not_found');
    expect(expectOk(await call(cast.sb, 'GET', `/lead-lists/${list.list_id}/leads`, { token: cast.teammate })).total).toBe(2);
    const theirs = await seedList(cast.sb, { user_id: cast.teammateId, name: 'Private' });
    expectPublicError(await leads(theirs.list_id), 404, 'list_not_found');
  });
});
