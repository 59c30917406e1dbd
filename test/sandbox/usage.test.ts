import { beforeEach, expect, test } from 'vitest';
import { raw, control, newKey, useResetSandbox } from './helpers.js';
import { Usage } from '../../src/api/schemas/keys.js';
import { DAY_MS } from '../../src/api/schemas/limits.js';
import { usageReport } from '../../src/sandbox/engine/usage.js';
import type { RequestLogRow } from '../../src/sandbox/engine/request-log.js';

// Rate limits off from the start; a reset keeps them off.
const t = useResetSandbox({ rateLimits: false });
const NOW = Date.UTC(2031, 2, 10, 12, 0, 0);
beforeEach(async () => {
  await control(t.sb, 'POST', '/clock', { set_ms: NOW, freeze: true });
});

const get = (path: string, token = t.sb.demoKey) => raw(t.sb, 'GET', path, { token });
const NO_LIST = '/lead-lists/00000000-0000-4000-8000-000000000000';
async function usage(query = '', token = t.sb.demoKey) {
  const r = await get(`/api/v2/usage${query}`, token);
  expect(r.status, r.text).toBe(200);
  return Usage.parse(r.json);
}

test('default: the last 7 days by tool, templates without the prefix (v1 public shares them), credits as reserved', async () => {
  await get('/api/v2/whoami');
  await get('/api/v2/whoami');
  await get(`/api/v2${NO_LIST}`);
  await get(`/api/v1/public${NO_LIST}`);
  const bulk = await raw(t.sb, 'POST', '/api/v1/public/enrich/bulk', {
    token: t.sb.demoKey,
    body: { contacts: [{ linkedin_url: 'https://www.linkedin.com/in/usage-test' }] },
  });
  expect(bulk.status, bulk.text).toBe(200);
  await raw(t.sb, 'GET', '/api/v1/api-keys', { token: t.sb.mintJwt() });
  const reserved = (await control(t.sb, 'GET', '/requests')).requests.reduce((n: number, r: RequestLogRow) => n + r.credits_spent, 0);
  expect(reserved).toBeGreaterThan(0);
  const u = await usage();
  expect(u).toMatchObject({ days: 7, group_by: 'tool', total_calls: 6, total_errors: 2, total_credits_spent: reserved });
  expect(u.rows).toEqual([
    { group: '/lead-lists/{list_id}', calls: 2, credits_spent: 0, errors: 2 },
    { group: '/whoami', calls: 2, credits_spent: 0, errors: 0 },
    { group: '/api/v1/api-keys', calls: 1, credits_spent: 0, errors: 0 },
    { group: '/enrich/bulk', calls: 1, credits_spent: reserved, errors: 0 },
  ]);
});

test('"credits_spent ... are the cost reserved at dispatch rather than the settled charge": a company enrichment that finds nothing (refunded) counts its credit as a found one does', async () => {
  const company = (domain: string) => raw(t.sb, 'POST', '/api/v2/enrichment/company', { token: t.sb.demoKey, body: { domain } });
  const known = t.sb.services.dataset.company(0).domain;
  expect((await company(known)).status).toBe(200);
  const missed = await company('nobody-knows-this.example');
  expect(missed.json.error).toMatchObject({ code: 'not_found', details: { credits_charged: 0, credits_refunded: 1 } });
  const u = await usage();
  expect(u.rows).toContainEqual({ group: '/enrichment/company', calls: 2, credits_spent: 2, errors: 1 });
  expect(u.total_credits_spent).toBe(2);
});

test('group_by=key: key ids, and "session" for signed-in calls', async () => {
  const k = await newKey(t.sb);
  await get('/api/v2/whoami');
  await get('/api/v2/whoami');
  await get('/api/v2/whoami', k.api_key);
  await get('/api/v2/whoami', t.sb.mintJwt());
  const u = await usage('?group_by=key');
  expect(u.rows.map((r) => [r.group, r.calls])).toEqual([
    [t.demo.key_id, 2],
    ...[
      [k.id, 1],
      ['session', 1],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  ]);
});

test('group_by=day: UTC dates oldest first; days sets the window on the sandbox clock', async () => {
  const at = async (ms: number, calls: number) => {
    await control(t.sb, 'POST', '/clock', { set_ms: ms, freeze: true });
    for (let i = 0; i < calls; i++) await get('/api/v2/whoami');
  };
  await at(NOW - 9 * DAY_MS, 1);
  await at(NOW - 3 * DAY_MS - 2 * 3_600_000, 1);
  await at(NOW - DAY_MS + 2 * 3_600_000, 2);
  await at(NOW - 3 * 3_600_000, 1);
  await control(t.sb, 'POST', '/clock', { set_ms: NOW, freeze: true });
  const week = await usage('?group_by=day');
  expect(week.rows.map((r) => [r.group, r.calls])).toEqual([
    ['2031-03-07', 1],
    ['2031-03-09', 2],
    ['2031-03-10', 1],
  ]);
  expect(week.total_calls).toBe(4);
  // Each GET /usage is a request too: the one above now counts on 2031-03-10.
  const day = await usage('?group_by=day&days=1');
  expect(day.rows.map((r) => [r.group, r.calls])).toEqual([
    ['2031-03-09', 2],
    ['2031-03-10', 2],
  ]);
  expect((await usage('?days=365')).total_calls).toBe(7);
});

test('group_by=error: one row per error code, failed requests only; the totals still count every call', async () => {
  await control(t.sb, 'POST', '/scopes', { user_id: t.demo.teammate_user_id, scopes: [] });
  const mate = await newKey(t.sb, { user_id: t.demo.teammate_user_id });
  await get(`/api/v2${NO_LIST}`);
  await get(`/api/v2${NO_LIST}`);
  await get('/api/v2/credits/balance', mate.api_key);
  await get('/api/v2/whoami');
  const u = await usage('?group_by=error');
  expect(u).toMatchObject({ total_calls: 4, total_errors: 3 });
  const notFound = (await control(t.sb, 'GET', '/requests')).requests.find((r: RequestLogRow) => r.status_code === 404).error_code;
  expect(u.rows).toEqual([
    { group: notFound, calls: 2, credits_spent: 0, errors: 2 },
    { group: 'insufficient_scope', calls: 1, credits_spent: 0, errors: 1 },
  ]);
});

test("only the caller's organization counts", async () => {
  const foreign = await newKey(t.sb, { organization_id: t.demo.other_organization_id });
  await get('/api/v2/whoami', foreign.api_key);
  await get('/api/v2/whoami');
  expect((await usage()).total_calls).toBe(1);
  expect((await usage('', foreign.api_key)).total_calls).toBe(1);
});

test('days 1 to 365 and group_by tool|key|day|error, else 422 at the query parameter; scope admin:api_keys', async () => {
  for (const [q, loc] of [
    ['days=0', 'days'],
    ['days=366', 'days'],
    ['days=abc', 'days'],
    ['group_by=month', 'group_by'],
    ['group_by=', 'group_by'],
  ]) {
    const r = await get(`/api/v2/usage?${q}`);
    expect(r.status, q).toBe(422);
    expect(r.json.error).toMatchObject({ code: 'validation_error', details: { errors: [{ loc: ['query', loc] }] } });
  }
  expect((await get('/api/v1/public/usage?days=30&group_by=error')).json).toMatchObject({ days: 30, group_by: 'error' });
  await control(t.sb, 'POST', '/scopes', { user_id: t.demo.teammate_user_id, scopes: ['credits:read'] });
  const mate = await newKey(t.sb, { user_id: t.demo.teammate_user_id });
  const denied = await get('/api/v2/usage', mate.api_key);
  expect(denied.status).toBe(403);
  expect(denied.json.error).toMatchObject({ code: 'insufficient_scope', details: { required_scope: 'admin:api_keys' } });
});

test('each request is rounded up to whole credits; connector calls are labelled', () => {
  const row = (o: Partial<RequestLogRow>): RequestLogRow => ({
    id: 'req_x',
    organization_id: 'o',
    user_id: 'u',
    key_id: null,
    auth_type: 'session',
    method: 'GET',
    path: '/api/v2/whoami',
    prefix: '/api/v2',
    route: '/whoami',
    status_code: 200,
    duration_ms: 1,
    ip_address: '127.0.0.1',
    user_agent: null,
    created_at: new Date(NOW - 1000).toISOString(),
    credits_spent: 0,
    error_code: null,
    ...o,
  });
  const log = [
    row({ credits_spent: 2.5 }),
    row({ credits_spent: 0.1, auth_type: 'oauth' }),
    row({ created_at: new Date(NOW + 1000).toISOString() }),
  ];
  const u = usageReport(log, { days: 7, groupBy: 'key', nowMs: NOW });
  expect(u.total_credits_spent).toBe(4);
  expect(u.rows).toEqual([
    { group: 'connector', calls: 1, credits_spent: 1, errors: 0 },
    { group: 'session', calls: 1, credits_spent: 3, errors: 0 },
  ]);
});
