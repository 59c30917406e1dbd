import { beforeEach, expect, test } from 'vitest';
import { raw, control, newKey, useResetSandbox } from './helpers.js';
import { CreatedKey, ManagedKeys, RevokeAllResult, V2KeyList } from '../../src/api/schemas/keys.js';

const t = useResetSandbox();
let jwt: string;
beforeEach(() => {
  jwt = t.sb.mintJwt();
});

const keys = (method: string, path = '', opts: { token?: string; body?: unknown } = {}) =>
  raw(t.sb, method, `/api/v1/api-keys${path}`, {
    token: jwt,
    ...opts,
    ...(method === 'POST' && opts.body === undefined ? { body: {} } : {}),
  });

test('create returns the whole secret once, with its visible parts; the key works on v2 at once', async () => {
  const r = await keys('POST', '', { body: { name: 'ci' } });
  expect(r.status).toBe(200);
  const created = CreatedKey.parse(r.json);
  expect(created.api_key).toMatch(/^svcapi_[A-Za-z0-9_-]{64}$/);
  expect(created).toMatchObject({
    name: 'ci',
    expires_at: null,
    key_prefix: created.api_key.slice(0, 10),
    key_last4: created.api_key.slice(-4),
  });
  expect((await raw(t.sb, 'GET', '/api/v2/whoami', { token: created.api_key })).status).toBe(200);
  const listed = ManagedKeys.parse((await keys('GET')).json);
  const item = listed.find((k) => k.id === created.id)!;
  expect(item).toMatchObject({ name: 'ci', is_active: true, request_count: 1 });
  expect(JSON.stringify(listed)).not.toContain(created.api_key);
});

test('expires_at: stored as given, past times are a 400, a bad date a 422; the key is 401 once expired', async () => {
  const now = (await control(t.sb, 'GET', '/clock')).now_ms as number;
  const at = new Date(now + 3_600_000).toISOString();
  const r = await keys('POST', '', { body: { expires_at: at } });
  expect(r.json.expires_at).toBe(at);
  const past = await keys('POST', '', { body: { expires_at: new Date(now - 1000).toISOString() } });
  expect(past.status).toBe(400);
  expect(past.json.error).toMatchObject({ code: 'validation_error' });
  expect((await keys('POST', '', { body: { expires_at: 'tomorrow' } })).status).toBe(422);
  await control(t.sb, 'POST', '/clock', { advance_ms: 3_600_001 });
  expect((await raw(t.sb, 'GET', '/api/v2/whoami', { token: r.json.api_key })).status).toBe(401);
});

test('only a session JWT is accepted: a svcapi_ key is 401 on every management route', async () => {
  for (const [m, p] of [
    ['POST', ''],
    ['GET', ''],
    ['POST', '/revoke-all'],
    ['POST', `/${t.demo.key_id}/revoke`],
    ['GET', `/${t.demo.key_id}/requests`],
  ] as const) {
    const r = await keys(m, p, { token: t.sb.demoKey });
    expect(r.status, `${m} ${p}`).toBe(401);
    expect(r.json.error.code).toBe('AUTHENTICATION_INVALID');
  }
  expect((await raw(t.sb, 'GET', `/api/v1/api-keys`)).json.error.message).toBe('Not authenticated');
});

test('create and list are plan-gated (403 feature_gated); revoke, revoke-all and requests are not', async () => {
  await control(t.sb, 'POST', '/plan', { plan: 'starter' });
  for (const m of ['POST', 'GET']) {
    const r = await keys(m);
    expect(r.status).toBe(403);
    expect(r.json.error).toMatchObject({
      code: 'PERMISSION_DENIED',
      details: { error: 'feature_gated', feature: 'api_access', current_tier: 'starter', required_tier: 'pro' },
    });
  }
  expect((await keys('GET', `/${t.demo.key_id}/requests`)).status).toBe(200);
  expect((await keys('POST', `/${t.demo.key_id}/revoke`)).status).toBe(200);
  expect((await keys('POST', '/revoke-all')).status).toBe(200);
});

test('10 usable keys per user per organization; revoked and expired keys free a place; a teammate has their own 10', async () => {
  // The demo owner already holds the seeded demo key.
  for (let i = 0; i < 9; i++) expect((await keys('POST', '', { body: { name: `k${i}` } })).status).toBe(200);
  const full = await keys('POST');
  expect(full.status).toBe(400);
  expect(full.json.error).toMatchObject({ code: 'BAD_REQUEST', details: { limit: 10, active: 10 } });
  expect(full.json.error.message).toMatch(/maximum active keys reached/i);
  const mate = t.sb.mintJwt(t.demo.teammate_user_id);
  expect((await keys('POST', '', { token: mate })).status).toBe(200);
  expect((await keys('POST', `/${t.demo.key_id}/revoke`)).status).toBe(200);
  const now = (await control(t.sb, 'GET', '/clock')).now_ms as number;
  const last = await keys('POST', '', { body: { expires_at: new Date(now + 60_000).toISOString() } });
  expect(last.status).toBe(200);
  expect((await keys('POST')).status).toBe(400);
  await control(t.sb, 'POST', '/clock', { advance_ms: 120_000 });
  jwt = t.sb.mintJwt();
  expect((await keys('POST')).status).toBe(200);
});

test('the list holds every key of the organization, active and revoked, newest first, and no other organization', async () => {
  const mate = await newKey(t.sb, { user_id: t.demo.teammate_user_id, name: 'mate' });
  const gone = (await keys('POST', '', { body: { name: 'gone' } })).json;
  await keys('POST', `/${gone.id}/revoke`);
  await newKey(t.sb, { organization_id: t.demo.other_organization_id });
  const listed = ManagedKeys.parse((await keys('GET')).json);
  expect(listed.map((k) => k.id)).toEqual([gone.id, mate.id, t.demo.key_id]);
  expect(listed[0]).toMatchObject({ is_active: false, key_prefix: gone.key_prefix, key_last4: gone.key_last4 });
});

test('revoke: the key is 401 on its next call, a second revoke answers 200 as it is, it never comes back', async () => {
  const k = await newKey(t.sb);
  const first = await keys('POST', `/${k.id}/revoke`);
  expect(first.status).toBe(200);
  expect(first.json).toMatchObject({ id: k.id, is_active: false });
  const call = await raw(t.sb, 'GET', '/api/v2/whoami', { token: k.api_key });
  expect(call.status).toBe(401);
  expect(call.json.error.message).toBe('Invalid or expired API key');
  const again = await keys('POST', `/${k.id}/revoke`);
  expect(again.status).toBe(200);
  expect(again.json.is_active).toBe(false);
  expect((await raw(t.sb, 'GET', '/api/v2/whoami', { token: k.api_key })).status).toBe(401);
});

test('revoke: not a UUID is 422; unknown or another organization key is 404; a member cannot revoke a teammate key', async () => {
  const bad = await keys('POST', '/not-a-uuid/revoke');
  expect(bad.status).toBe(422);
  expect(bad.json.error.details.errors[0].loc).toEqual(['path', 'key_id']);
  expect((await keys('POST', '/00000000-0000-4000-8000-000000000000/revoke')).json.error.code).toBe('RESOURCE_NOT_FOUND');
  const foreign = await newKey(t.sb, { organization_id: t.demo.other_organization_id });
  expect((await keys('POST', `/${foreign.id}/revoke`)).status).toBe(404);
  expect((await raw(t.sb, 'GET', '/api/v2/whoami', { token: foreign.api_key })).status).toBe(200);
  const mate = t.sb.mintJwt(t.demo.teammate_user_id);
  const denied = await keys('POST', `/${t.demo.key_id}/revoke`, { token: mate });
  expect(denied.status).toBe(403);
  expect((await raw(t.sb, 'GET', '/api/v2/whoami', { token: t.sb.demoKey })).status).toBe(200);
  const mateKey = await newKey(t.sb, { user_id: t.demo.teammate_user_id });
  expect((await keys('POST', `/${mateKey.id}/revoke`)).status).toBe(200);
});

test("revoke-all revokes the caller's active keys in the organization and counts them", async () => {
  const mine = await newKey(t.sb);
  const mate = await newKey(t.sb, { user_id: t.demo.teammate_user_id });
  const r = await keys('POST', '/revoke-all');
  expect(RevokeAllResult.parse(r.json)).toMatchObject({ success: true, message: 'Revoked 2 active API keys' });
  for (const k of [t.sb.demoKey, mine.api_key]) expect((await raw(t.sb, 'GET', '/api/v2/whoami', { token: k })).status).toBe(401);
  expect((await raw(t.sb, 'GET', '/api/v2/whoami', { token: mate.api_key })).status).toBe(200);
  expect((await keys('POST', '/revoke-all')).json.message).toBe('Revoked 0 active API keys');
});

test('v2 GET /api-keys lists the organization keys with scopes, never a secret; needs admin:api_keys', async () => {
  const mate = await newKey(t.sb, { user_id: t.demo.teammate_user_id, name: 'mate' });
  await newKey(t.sb, { organization_id: t.demo.other_organization_id });
  const r = await raw(t.sb, 'GET', '/api/v2/api-keys', { token: t.sb.demoKey });
  expect(r.status).toBe(200);
  const list = V2KeyList.parse(r.json);
  expect(list.keys.map((k) => k.key_id)).toEqual([mate.id, t.demo.key_id]);
  const mateScopes = (await raw(t.sb, 'GET', '/api/v2/whoami', { token: mate.api_key })).json.scopes;
  expect(list.keys[0]).toMatchObject({ name: 'mate', scopes: mateScopes, is_active: true });
  expect(r.text).not.toContain(t.sb.demoKey);
  expect(r.text).not.toContain('key_hash');
  const denied = await raw(t.sb, 'GET', '/api/v2/api-keys', { token: mate.api_key });
  expect(mateScopes).not.toContain('admin:api_keys');
  expect(denied.json.error).toMatchObject({ code: 'insufficient_scope', details: { required_scope: 'admin:api_keys' } });
});
