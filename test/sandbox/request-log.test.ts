import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { openSandbox, raw, control, newKey, type RunningSandbox } from './helpers.js';
import { clientIp } from '../../src/sandbox/engine/request-log.js';

let sb: RunningSandbox;
let demo: { organization_id: string; user_id: string; key_id: string; teammate_user_id: string };
beforeAll(async () => {
  sb = await openSandbox();
});
afterAll(() => sb.close());
beforeEach(async () => {
  demo = (await control(sb, 'POST', '/reset')).demo;
});

const rows = async () => (await control(sb, 'GET', '/requests')).requests;

test('one row per identified request, newest first, with the route template and the answer', async () => {
  await control(sb, 'POST', '/clock', { set_ms: Date.UTC(2031, 7, 1, 9, 30) });
  await raw(sb, 'GET', '/api/v2/whoami', { token: sb.demoKey, headers: { 'user-agent': 'log-test/1.0' } });
  await raw(sb, 'GET', '/api/v1/public/credits/balance?x=1', { token: sb.demoKey });
  const r = await rows();
  expect(r).toHaveLength(2);
  expect(r[1]).toMatchObject({
    organization_id: demo.organization_id,
    user_id: demo.user_id,
    key_id: demo.key_id,
    auth_type: 'api_key',
    method: 'GET',
    path: '/api/v2/whoami',
    prefix: '/api/v2',
    route: '/whoami',
    status_code: 200,
    ip_address: '127.0.0.1',
    user_agent: 'log-test/1.0',
    credits_spent: 0,
    error_code: null,
  });
  expect(r[1].id).toMatch(/^req_/);
  expect(r[1].duration_ms).toBeGreaterThanOrEqual(0);
  expect(Date.parse(r[1].created_at)).toBeGreaterThanOrEqual(Date.UTC(2031, 7, 1, 9, 30));
  expect(r[0]).toMatchObject({ path: '/api/v1/public/credits/balance', prefix: '/api/v1/public', route: '/credits/balance' });
});

test('the row id is the x-request-id of the response', async () => {
  const res = await raw(sb, 'GET', '/api/v2/whoami', { token: sb.demoKey });
  expect((await rows())[0].id).toBe(res.headers['x-request-id']);
});

test('rejected requests of an identified caller are logged with their status and error code', async () => {
  const k = await newKey(sb, { user_id: demo.teammate_user_id });
  await control(sb, 'POST', '/scopes', { user_id: demo.teammate_user_id, scopes: [] });
  await raw(sb, 'GET', '/api/v2/credits/balance', { token: k.api_key });
  await control(sb, 'POST', '/plan', { trial: true });
  await raw(sb, 'GET', '/api/v2/whoami', { token: sb.demoKey });
  const [trial, scope] = await rows();
  expect(scope).toMatchObject({
    key_id: k.id,
    user_id: demo.teammate_user_id,
    status_code: 403,
    error_code: 'insufficient_scope',
    route: '/credits/balance',
  });
  expect(trial).toMatchObject({ key_id: demo.key_id, status_code: 403, error_code: 'PERMISSION_DENIED' });
});

test('sessions are logged with key_id null; unidentified requests leave no row', async () => {
  await raw(sb, 'GET', '/api/v2/whoami', { token: sb.mintJwt() });
  await raw(sb, 'GET', '/api/v2/whoami');
  await raw(sb, 'GET', '/api/v2/whoami', { token: 'svcapi_nope' });
  await raw(sb, 'GET', '/health');
  await raw(sb, 'GET', '/api/v2/unknown', { token: sb.demoKey });
  const r = await rows();
  expect(r).toHaveLength(1);
  expect(r[0]).toMatchObject({ key_id: null, auth_type: 'session', user_id: demo.user_id, status_code: 200 });
});

test('key-management requests by a session are logged under their bare path when no route matches', async () => {
  await raw(sb, 'GET', '/api/v1/api-keys/abc/zzz', { token: sb.mintJwt() });
  expect((await rows())[0]).toMatchObject({
    prefix: '/api/v1/api-keys',
    route: '/abc/zzz',
    status_code: 404,
    error_code: 'RESOURCE_NOT_FOUND',
  });
});

test('X-Forwarded-For from a loopback peer sets ip_address', async () => {
  await raw(sb, 'GET', '/api/v2/whoami', { token: sb.demoKey, headers: { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' } });
  expect((await rows())[0].ip_address).toBe('203.0.113.7');
});

test('X-Forwarded-For is ignored when the peer is not loopback', () => {
  expect(clientIp('198.51.100.4', '203.0.113.7')).toBe('198.51.100.4');
  expect(clientIp('::ffff:127.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
  expect(clientIp('::1', undefined)).toBe('::1');
});

test('the log is filterable by key and limited', async () => {
  const k = await newKey(sb);
  for (let i = 0; i < 3; i++) await raw(sb, 'GET', '/api/v2/whoami', { token: k.api_key });
  await raw(sb, 'GET', '/api/v2/whoami', { token: sb.demoKey });
  const byKey = (await control(sb, 'GET', `/requests?key_id=${k.id}&limit=2`)).requests;
  expect(byKey).toHaveLength(2);
  expect(byKey.every((x: { key_id: string }) => x.key_id === k.id)).toBe(true);
});
