import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { Folder, UUID_PATTERN } from '../../src/api/schemas/lists.js';
import { control, freshMinute, newKey, openSandbox, raw } from './helpers.js';
import { expectGenericError } from './legacy-helpers.js';
import { call, expectOk, expectPublicError, seedList, useListsSandbox } from './lists-helpers.js';

const cast = useListsSandbox();

const V1 = '/api/v1/public';
const newFolder = (body: unknown, token?: string) => call(cast.sb, 'POST', '/folders', { body, prefix: V1, ...(token ? { token } : {}) });

describe('v1 POST /folders', () => {
  test('creates a folder: 201 with a UUID folder_id; a folder of the caller can be a parent', async () => {
    const r = await newFolder({ name: 'Accounts' });
    expect(r.status, r.text).toBe(201);
    expect(z.safeParse(Folder, r.json).success).toBe(true);
    expect(r.json).toMatchObject({ name: 'Accounts', parent_id: null, created_at: expect.any(String) });
    expect(r.json.folder_id).toMatch(UUID_PATTERN);
    const child = await newFolder({ name: 'EMEA', parent_id: r.json.folder_id });
    expect(child.status).toBe(201);
    expect(child.json).toMatchObject({ name: 'EMEA', parent_id: r.json.folder_id });
    expect(child.json.folder_id).not.toBe(r.json.folder_id);
  });

  test('as a legacy v1 route its errors take the generic uppercase shape: parent_id not a UUID is 400 BAD_REQUEST; an unknown or another member’s folder is 404 RESOURCE_NOT_FOUND', async () => {
    const generic = expectGenericError;
    expect(generic(await newFolder({ name: 'X', parent_id: 'abc' }), 400, 'BAD_REQUEST').message).toMatch(/parent_id.*UUID.*"abc"/);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(generic(await newFolder({ name: 'X', parent_id: unknown }), 404, 'RESOURCE_NOT_FOUND').message).toContain(unknown);
    const theirs = (await newFolder({ name: 'Theirs' }, cast.teammate)).json.folder_id;
    generic(await newFolder({ name: 'X', parent_id: theirs }), 404, 'RESOURCE_NOT_FOUND');
    const globex = (await newFolder({ name: 'Globex' }, cast.other)).json.folder_id;
    generic(await newFolder({ name: 'X', parent_id: globex }), 404, 'RESOURCE_NOT_FOUND');
  });

  test.each([[{}], [{ name: '' }], [{ name: 'x'.repeat(201) }], [{ name: 'ok', parent_id: 7 }]])(
    'body %j is a 422 validation_error',
    async (body) => {
      expectPublicError(await newFolder(body), 422, 'validation_error');
    },
  );

  test('checks no scope (a member without any scope creates folders), needs a credential, and is not on /api/v2', async () => {
    await control(cast.sb, 'POST', '/scopes', { user_id: cast.teammateId, scopes: [] });
    expect((await newFolder({ name: 'Mine' }, cast.teammate)).status).toBe(201);
    expectPublicError(await call(cast.sb, 'GET', '/lead-lists', { token: cast.teammate }), 403, 'insufficient_scope');
    const anonymous = await raw(cast.sb, 'POST', `${V1}/folders`, { body: { name: 'X' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.code).toBe('AUTHENTICATION_INVALID');
    const v2 = await call(cast.sb, 'POST', '/folders', { body: { name: 'X' } });
    expect(v2.status).toBe(404);
    expect(v2.json.error.code).toBe('RESOURCE_NOT_FOUND');
  });
});

describe('list controls', () => {
  test('POST /__sandbox/lists seeds a list as any member, with shares by email, and answers the detail', async () => {
    const r = await seedList(cast.sb, {
      user_id: 'theo@acme.example',
      name: 'Seeded',
      description: 'd',
      shares: { 'dana@acme.example': 'edit' },
      people: 3,
    });
    expect(r).toMatchObject({
      name: 'Seeded',
      description: 'd',
      lead_count: 3,
      owner_id: cast.teammateId,
      visibility: 'shared',
      shares: { [cast.ownerId]: 'edit' },
    });
    expect(expectOk(await call(cast.sb, 'GET', `/lead-lists/${r.list_id}`))).toMatchObject({ list_id: r.list_id, lead_count: 3 });
    const system = await seedList(cast.sb, { name: 'MCP Results', protected: true });
    expect(system).toMatchObject({ protected: true, visibility: 'private', owner_id: cast.ownerId });
  });

  test('seeding refuses a share with a non-member and a list over the contact cap (which is then not kept)', async () => {
    const bad = await raw(cast.sb, 'POST', '/__sandbox/lists', { body: { name: 'X', shares: { 'gina@globex.example': 'view' } } });
    expect(bad.status).toBe(404);
    await control(cast.sb, 'POST', '/caps', { leads_per_list: 2 });
    const over = await raw(cast.sb, 'POST', '/__sandbox/lists', { body: { name: 'Too big', people: 3 } });
    expect(over.status).toBe(403);
    expect(over.json.error.code).toBe('lead_cap_reached');
    expect(expectOk(await call(cast.sb, 'GET', '/lead-lists')).total).toBe(0);
  });

  test('POST /__sandbox/caps overrides an organization’s caps, null restores the plan’s, and a reset clears them', async () => {
    const plan = await control(cast.sb, 'POST', '/caps', {});
    expect(plan).toEqual({ organization_id: expect.any(String), lists: 1000, leads_per_list: 250000 });
    expect(await control(cast.sb, 'POST', '/caps', { lists: 3, leads_per_list: 7 })).toMatchObject({ lists: 3, leads_per_list: 7 });
    expect(await control(cast.sb, 'POST', '/caps', { lists: null })).toMatchObject({ lists: 1000, leads_per_list: 7 });
    const other = await control(cast.sb, 'POST', '/caps', { organization_id: cast.otherOrgId });
    expect(other).toMatchObject({ organization_id: cast.otherOrgId, leads_per_list: 250000 });
    await control(cast.sb, 'POST', '/reset');
    expect(await control(cast.sb, 'POST', '/caps', {})).toMatchObject({ leads_per_list: 250000 });
  });
});

describe('rate-limit switch', () => {
  const listLists = (token: string) => call(cast.sb, 'GET', '/lead-lists', { token });

  test('off: requests pass and are not counted; on again: limits apply; a reset turns them back on', async () => {
    await freshMinute(cast.sb);
    const { api_key: key } = await newKey(cast.sb);
    for (let i = 0; i < 30; i++) expectOk(await listLists(key));
    expect((await listLists(key)).status).toBe(429);
    await control(cast.sb, 'POST', '/rate-limits', { enabled: false });
    expect((await control(cast.sb, 'GET', '/state')).rate_limits_enabled).toBe(false);
    const { api_key: fresh } = await newKey(cast.sb);
    for (let i = 0; i < 35; i++) expectOk(await listLists(fresh));
    expect(await control(cast.sb, 'POST', '/rate-limits', { enabled: true })).toEqual({ enabled: true, window_ms: 60_000 });
    expectOk(await listLists(fresh));
    expect((await listLists(key)).status).toBe(429);
    await control(cast.sb, 'POST', '/rate-limits', { enabled: false });
    await control(cast.sb, 'POST', '/reset');
    expect((await control(cast.sb, 'GET', '/state')).rate_limits_enabled).toBe(true);
  });

  test('a sandbox started with rateLimits false stays unlimited across resets', async () => {
    const sb = await openSandbox({ rateLimits: false });
    try {
      await control(sb, 'POST', '/reset');
      for (let i = 0; i < 35; i++) expect((await raw(sb, 'GET', '/api/v2/lead-lists', { token: sb.demoKey })).status).toBe(200);
      expect((await control(sb, 'GET', '/state')).rate_limits_enabled).toBe(false);
    } finally {
      await sb.close();
    }
  });
});
