import { beforeEach, expect, test } from 'vitest';
import { raw, newKey, useResetSandbox } from './helpers.js';
import { KeyRequestRows } from '../../src/api/schemas/keys.js';

// Rate limits off from the start; a reset keeps them off.
const t = useResetSandbox({ rateLimits: false });
let jwt: string;
beforeEach(() => {
  jwt = t.sb.mintJwt();
});

const requestsOf = (keyId: string, query = '') => raw(t.sb, 'GET', `/api/v1/api-keys/${keyId}/requests${query}`, { token: jwt });

test("a key's requests, newest first, with method, path, status, duration, ip, user agent and time; nobody else's", async () => {
  const k = await newKey(t.sb);
  await raw(t.sb, 'GET', '/api/v2/whoami', { token: k.api_key, headers: { 'user-agent': 'req-test/1', 'x-forwarded-for': '203.0.113.7' } });
  await raw(t.sb, 'GET', '/api/v1/public/lead-lists/00000000-0000-4000-8000-000000000000?x=1', { token: k.api_key });
  await raw(t.sb, 'GET', '/api/v2/whoami', { token: t.sb.demoKey });
  await raw(t.sb, 'GET', '/api/v2/whoami', { token: jwt });
  const r = await requestsOf(k.id);
  expect(r.status).toBe(200);
  const rows = KeyRequestRows.parse(r.json);
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatchObject({
    method: 'GET',
    path: '/api/v1/public/lead-lists/00000000-0000-4000-8000-000000000000',
    status_code: 404,
    ip_address: '127.0.0.1',
  });
  expect(rows[1]).toMatchObject({
    method: 'GET',
    path: '/api/v2/whoami',
    status_code: 200,
    ip_address: '203.0.113.7',
    user_agent: 'req-test/1',
  });
  expect(Object.keys(rows[1]!).sort()).toEqual([
    'created_at',
    'duration_ms',
    'id',
    'ip_address',
    'method',
    'path',
    'status_code',
    'user_agent',
  ]);
  expect(rows[1]!.duration_ms).toBeGreaterThanOrEqual(0);
  expect(rows[1]!.id).toMatch(/^req_/);
});

test('limit: default 100, 1 to 500, anything else 422 at query.limit', async () => {
  for (let i = 0; i < 101; i++) await raw(t.sb, 'GET', '/api/v2/whoami', { token: t.sb.demoKey });
  expect((await requestsOf(t.demo.key_id)).json).toHaveLength(100);
  expect((await requestsOf(t.demo.key_id, '?limit=500')).json).toHaveLength(101);
  expect((await requestsOf(t.demo.key_id, '?limit=3')).json).toHaveLength(3);
  for (const bad of ['0', '501', 'abc']) {
    const r = await requestsOf(t.demo.key_id, `?limit=${bad}`);
    expect(r.status, bad).toBe(422);
    expect(r.json.error.details.errors[0].loc).toEqual(['query', 'limit']);
  }
});

test('a revoked key keeps its log; not a UUID is 422; unknown and foreign keys are 404', async () => {
  await raw(t.sb, 'GET', '/api/v2/whoami', { token: t.sb.demoKey });
  await raw(t.sb, 'POST', `/api/v1/api-keys/${t.demo.key_id}/revoke`, { token: jwt, body: {} });
  await raw(t.sb, 'GET', '/api/v2/whoami', { token: t.sb.demoKey });
  expect((await requestsOf(t.demo.key_id)).json).toHaveLength(1);
  expect((await requestsOf('nope')).status).toBe(422);
  expect((await requestsOf('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  const foreign = await newKey(t.sb, { organization_id: t.demo.other_organization_id });
  await raw(t.sb, 'GET', '/api/v2/whoami', { token: foreign.api_key });
  const r = await requestsOf(foreign.id);
  expect(r.status).toBe(404);
  expect(r.json.error.code).toBe('RESOURCE_NOT_FOUND');
});
