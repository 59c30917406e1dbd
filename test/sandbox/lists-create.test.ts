import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { ListDetail } from '../../src/api/schemas/lists.js';
import { control } from './helpers.js';
import { call, expectOk, expectPublicError, seedList, useListsSandbox } from './lists-helpers.js';

const cast = useListsSandbox();

const create = (body: unknown, token?: string, prefix?: string) =>
  call(cast.sb, 'POST', '/lead-lists', { body, ...(token ? { token } : {}), ...(prefix ? { prefix } : {}) });
const read = (id: string, token?: string) => call(cast.sb, 'GET', `/lead-lists/${id}`, token ? { token } : {});
const folder = async (token: string, name = 'Accounts') =>
  (await call(cast.sb, 'POST', '/folders', { token, body: { name }, prefix: '/api/v1/public' })).json.folder_id as string;
const totalLists = async () => expectOk(await call(cast.sb, 'GET', '/lead-lists')).total as number;

describe('POST /lead-lists', () => {
  test('creates a private, empty list: 201 with the detail object, readable under both prefixes', async () => {
    const r = await create({ name: 'Fintech CFOs', description: 'Q3 outreach' }, undefined, '/api/v1/public');
    expect(r.status, r.text).toBe(201);
    expect(z.safeParse(ListDetail, r.json).success).toBe(true);
    expect(r.json).toMatchObject({
      name: 'Fintech CFOs',
      description: 'Q3 outreach',
      lead_count: 0,
      enriched_count: 0,
      folder_id: null,
      reused: false,
    });
    const got = expectOk(await read(r.json.list_id));
    expect(got).toMatchObject({ list_id: r.json.list_id, name: 'Fintech CFOs', created_at: r.json.created_at });
    const summary = expectOk(await call(cast.sb, 'GET', '/lead-lists')).lists[0];
    expect(summary).toMatchObject({ list_id: r.json.list_id, visibility: 'private', owner_name: 'Dana Demo' });
  });

  test('the same name in any case returns the existing list with reused true; other spellings make a new list', async () => {
    const first = await create({ name: 'Fintech CFOs' });
    const again = await create({ name: 'FINTECH cfos', description: 'ignored' });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ list_id: first.json.list_id, name: 'Fintech CFOs', description: null, reused: true });
    const spaced = await create({ name: 'Fintech CFOs ' });
    expect(spaced.status).toBe(201);
    expect(spaced.json.list_id).not.toBe(first.json.list_id);
    expect(await totalLists()).toBe(2);
  });

  test("a teammate's list of the same name is never reused, even when the organization sees it", async () => {
    const theirs = await seedList(cast.sb, { user_id: cast.teammateId, name: 'Q3 Targets', visibility: 'organization' });
    const mine = await create({ name: 'q3 targets' });
    expect(mine.status).toBe(201);
    expect(mine.json.list_id).not.toBe(theirs.list_id);
  });

  test('folder_id must be a folder of the caller: unknown or a teammate’s folder is 404 folder_not_found', async () => {
    expectPublicError(await create({ name: 'A', folder_id: '00000000-0000-4000-8000-000000000000' }), 404, 'folder_not_found');
    const theirs = await folder(cast.teammate);
    expectPublicError(await create({ name: 'A', folder_id: theirs }), 404, 'folder_not_found');
    const mine = await folder(cast.owner);
    const r = await create({ name: 'A', folder_id: mine });
    expect(r.status).toBe(201);
    expect(r.json.folder_id).toBe(mine);
    expect(await totalLists()).toBe(1);
  });

  test.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{}, 'name'],
    [{ name: 'ok', description: 7 }, 'description'],
  ])('body %j is a 422 validation_error at body.%s', async (body, field) => {
    const e = expectPublicError(await create(body), 422, 'validation_error');
    expect(e.details.errors.map((x: any) => x.loc)).toContainEqual(['body', field]);
    expect(await totalLists()).toBe(0);
  });

  test('a name of 200 characters is taken', async () => {
    expect((await create({ name: 'x'.repeat(200) })).status).toBe(201);
  });

  test("over the plan's list cap: 403 list_cap_reached with {cap, lists}; system lists do not count; a reuse still answers", async () => {
    expect(await control(cast.sb, 'POST', '/caps', { lists: 2 })).toMatchObject({ lists: 2 });
    await seedList(cast.sb, { name: 'Extension Leads', protected: true });
    await seedList(cast.sb, { name: 'MCP Results', protected: true });
    expect((await create({ name: 'One' })).status).toBe(201);
    await seedList(cast.sb, { user_id: cast.teammateId, name: 'Theirs' });
    const e = expectPublicError(await create({ name: 'Three' }), 403, 'list_cap_reached');
    expect(e.details).toEqual({ cap: 2, lists: 2 });
    expect(e.fix).toBeTruthy();
    expect((await create({ name: 'one' })).json.reused).toBe(true);
    await control(cast.sb, 'POST', '/caps', { lists: null });
    expect((await create({ name: 'Three' })).status).toBe(201);
  });

  test('the read-only teammate gets 403 insufficient_scope on create and can still page the lists', async () => {
    const e = expectPublicError(await create({ name: 'Mine' }, cast.teammate), 403, 'insufficient_scope');
    expect(e.details.required_scope).toBe('lists:write');
    expect(expectOk(await call(cast.sb, 'GET', '/lead-lists', { token: cast.teammate })).total).toBe(0);
  });
});

describe('GET /lead-lists/{list_id}', () => {
  test('unknown, deleted, another organization’s and a teammate’s private list are all 404 list_not_found', async () => {
    expectPublicError(await read('lst_unknown'), 404, 'list_not_found');
    const gone = (await create({ name: 'Gone' })).json.list_id;
    expectOk(await call(cast.sb, 'DELETE', `/lead-lists/${gone}`));
    expectPublicError(await read(gone), 404, 'list_not_found');
    const foreign = await seedList(cast.sb, { organization_id: cast.otherOrgId, name: 'Globex list', visibility: 'organization' });
    expectPublicError(await read(foreign.list_id), 404, 'list_not_found');
    const mine = (await create({ name: 'Mine' })).json.list_id;
    expectPublicError(await read(mine, cast.other), 404, 'list_not_found');
    const privateOne = await seedList(cast.sb, { user_id: cast.teammateId, name: 'Private' });
    expectPublicError(await read(privateOne.list_id), 404, 'list_not_found');
  });

  test("a teammate's organization-wide or shared list reads with its live lead count", async () => {
    const wide = await seedList(cast.sb, { user_id: cast.teammateId, name: 'Wide', visibility: 'organization', people: 4 });
    const shared = await seedList(cast.sb, { user_id: cast.teammateId, name: 'Shared', shares: { [cast.ownerId]: 'view' } });
    expect(expectOk(await read(wide.list_id))).toMatchObject({ name: 'Wide', lead_count: 4, enriched_count: 0 });
    expect(expectOk(await read(shared.list_id)).name).toBe('Shared');
  });
});
