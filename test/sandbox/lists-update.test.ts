import { describe, expect, test } from 'vitest';
import { call, expectOk, expectPublicError, seedList, useListsSandbox } from './lists-helpers.js';

const cast = useListsSandbox();

const patch = (id: string, body: unknown, token?: string) =>
  call(cast.sb, 'PATCH', `/lead-lists/${id}`, { body, ...(token ? { token } : {}) });
const del = (id: string, token?: string) => call(cast.sb, 'DELETE', `/lead-lists/${id}`, token ? { token } : {});
const read = (id: string) => call(cast.sb, 'GET', `/lead-lists/${id}`);
const folder = async (token = cast.owner) =>
  (await call(cast.sb, 'POST', '/folders', { token, body: { name: 'F' }, prefix: '/api/v1/public' })).json.folder_id as string;
const mine = async (name = 'Mine', extra: Record<string, unknown> = {}) =>
  (await seedList(cast.sb, { name, description: 'about', ...extra })).list_id as string;

describe('PATCH /lead-lists/{list_id}', () => {
  test('only the fields sent change; the updated detail object is returned and kept', async () => {
    const id = await mine();
    const r = expectOk(await patch(id, { name: 'Renamed' }));
    expect(r).toMatchObject({ list_id: id, name: 'Renamed', description: 'about', folder_id: null });
    expect(expectOk(await patch(id, { description: 'new text' }))).toMatchObject({ name: 'Renamed', description: 'new text' });
    expect(expectOk(await patch(id, { description: null })).description).toBeNull();
    expect(expectOk(await read(id))).toMatchObject({ name: 'Renamed', description: null });
  });

  test('folder_id moves the list into a folder of the caller; null takes it out; a teammate’s folder is 404', async () => {
    const id = await mine();
    const f = await folder();
    expect(expectOk(await patch(id, { folder_id: f })).folder_id).toBe(f);
    expect(expectOk(await call(cast.sb, 'GET', `/lead-lists?folder_id=${f}`)).lists.map((l: any) => l.list_id)).toEqual([id]);
    expect(expectOk(await patch(id, { folder_id: null })).folder_id).toBeNull();
    const theirs = await folder(cast.teammate);
    expectPublicError(await patch(id, { folder_id: theirs }), 404, 'folder_not_found');
    expectPublicError(await patch(id, { folder_id: 'nope', name: 'Not applied' }), 404, 'folder_not_found');
    expect(expectOk(await read(id))).toMatchObject({ folder_id: null, name: 'Mine' });
  });

  test.each([[{}], [{ name: '' }], [{ name: 'x'.repeat(201) }], [{ description: 5 }]])(
    'body %j is a 422 validation_error',
    async (body) => {
      const id = await mine();
      expectPublicError(await patch(id, body), 422, 'validation_error');
    },
  );

  test('renaming to the current name is an idempotent 200; to the name of another own list is allowed', async () => {
    const id = await mine('Mine');
    await mine('Other');
    expect(expectOk(await patch(id, { name: 'Mine' }))).toMatchObject({ list_id: id, name: 'Mine' });
    expect(expectOk(await patch(id, { name: 'Other' })).name).toBe('Other');
  });

  test('owner only: members who can see the list get 403 list_not_editable, others 404', async () => {
    const asTeammate = (extra: Record<string, unknown>) => seedList(cast.sb, { user_id: cast.teammateId, name: 'Theirs', ...extra });
    for (const extra of [{ shares: { [cast.ownerId]: 'view' } }, { shares: { [cast.ownerId]: 'edit' } }, { visibility: 'organization' }]) {
      const list = await asTeammate(extra);
      expectPublicError(await patch(list.list_id, { name: 'Mine now' }), 403, 'list_not_editable');
      expect(expectOk(await read(list.list_id)).name).toBe('Theirs');
    }
    const hidden = await asTeammate({});
    expectPublicError(await patch(hidden.list_id, { name: 'x' }), 404, 'list_not_found');
    const foreign = await seedList(cast.sb, { organization_id: cast.otherOrgId, name: 'Globex', visibility: 'organization' });
    expectPublicError(await patch(foreign.list_id, { name: 'x' }), 404, 'list_not_found');
    expectPublicError(await patch('lst_unknown', { name: 'x' }), 404, 'list_not_found');
  });

  test('a protected list refuses a new name (any case) with 403 list_protected, and takes a description or folder', async () => {
    const id = await mine('Extension Leads', { protected: true });
    expectPublicError(await patch(id, { name: 'My leads' }), 403, 'list_protected');
    expectPublicError(await patch(id, { name: 'extension leads', description: 'x' }), 403, 'list_protected');
    expect(expectOk(await patch(id, { name: 'Extension Leads', description: 'from the extension' }))).toMatchObject({
      name: 'Extension Leads',
      description: 'from the extension',
    });
    const f = await folder();
    expect(expectOk(await patch(id, { folder_id: f })).folder_id).toBe(f);
  });

  test('the read-only teammate gets 403 insufficient_scope', async () => {
    const id = await mine();
    expectPublicError(await patch(id, { name: 'x' }, cast.teammate), 403, 'insufficient_scope');
  });
});

describe('DELETE /lead-lists/{list_id}', () => {
  test('deletes the list and its memberships: 200 {list_id, deleted}, then 404; the lead records stay', async () => {
    const list = await seedList(cast.sb, { name: 'Doomed', people: 3 });
    const leads = expectOk(await call(cast.sb, 'GET', `/lead-lists/${list.list_id}/leads`)).leads.map((l: any) => l.lead_id);
    const r = expectOk(await del(list.list_id));
    expect(r).toMatchObject({ list_id: list.list_id, deleted: true });
    expectPublicError(await read(list.list_id), 404, 'list_not_found');
    expectPublicError(await del(list.list_id), 404, 'list_not_found');
    expectPublicError(await call(cast.sb, 'GET', `/lead-lists/${list.list_id}/leads`), 404, 'list_not_found');
    expect(expectOk(await call(cast.sb, 'GET', '/lead-lists')).total).toBe(0);
    const other = await mine('Keeper');
    const added = expectOk(await call(cast.sb, 'POST', `/lead-lists/${other}/leads`, { body: { lead_ids: leads } }));
    expect(added).toMatchObject({ added: 3, skipped_duplicates: 0 });
  });

  test('non-owners get 404 even when they can see or edit the list; the list survives', async () => {
    for (const extra of [{ visibility: 'organization' }, { shares: { [cast.ownerId]: 'edit' } }]) {
      const theirs = await seedList(cast.sb, { user_id: cast.teammateId, name: 'Theirs', ...extra });
      expectPublicError(await del(theirs.list_id), 404, 'list_not_found');
      expectOk(await read(theirs.list_id));
    }
    const id = await mine();
    expectPublicError(await del(id, cast.other), 404, 'list_not_found');
    expectOk(await read(id));
  });

  test('a protected list (Extension Leads) is 403 list_protected', async () => {
    const id = await mine('Extension Leads', { protected: true });
    expectPublicError(await del(id), 403, 'list_protected');
    expectOk(await read(id));
  });

  test('under /api/v1/public alike; the read-only teammate gets 403 insufficient_scope', async () => {
    const id = await mine();
    expectPublicError(await del(id, cast.teammate), 403, 'insufficient_scope');
    const r = await call(cast.sb, 'DELETE', `/lead-lists/${id}`, { prefix: '/api/v1/public' });
    expect(r.status).toBe(200);
    expect(r.json.deleted).toBe(true);
  });
});
