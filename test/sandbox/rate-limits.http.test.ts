import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { openSandbox, raw, control, clientFor, apiError, newKey, freshMinute, type RunningSandbox } from './helpers.js';
import type { RouteDef } from '../../src/sandbox/router.js';
import { endpoint, type Endpoint } from '../../src/api/endpoints/endpoint.js';

/** Stand-ins for the search routes of a later issue, flagged the way those will be. */
const standIn = (e: Pick<Endpoint, 'path' | 'scope' | 'counts'>): RouteDef => ({
  endpoint: endpoint({
    id: `test${e.path}`,
    method: 'POST',
    kind: 'v2',
    summary: 'stand-in',
    description: 'stand-in',
    idempotent: true,
    ...e,
  }),
  handler: () => ({ data: [] }),
});
const searchRoutes: RouteDef[] = [
  standIn({ path: '/test/people-find', scope: 'people:read', counts: 'people_search' }),
  standIn({ path: '/test/company-search', scope: 'companies:read', counts: 'company_search' }),
];

let sb: RunningSandbox;
let demo: { organization_id: string; other_organization_id: string };
beforeAll(async () => {
  sb = await openSandbox({ extraRoutes: searchRoutes });
});
afterAll(() => sb.close());
beforeEach(async () => {
  demo = (await control(sb, 'POST', '/reset')).demo;
});

async function whoami(token: string, n: number, path = '/api/v2/whoami'): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await raw(sb, 'GET', path, { token })).status);
  return statuses;
}
const allOk = (statuses: number[]) =>
  expect(
    statuses.every((s) => s === 200),
    `statuses ${statuses.join(',')}`,
  ).toBe(true);

describe('organization limit', () => {
  test('60 requests per clock minute, all keys and sessions combined; other organizations unaffected', async () => {
    await freshMinute(sb);
    const a = await newKey(sb);
    const b = await newKey(sb);
    allOk(await whoami(a.api_key, 30));
    allOk(await whoami(b.api_key, 29));
    allOk(await whoami(sb.mintJwt(), 1));
    const r = await raw(sb, 'GET', '/api/v2/whoami', { token: sb.mintJwt() });
    expect(r.status).toBe(429);
    expect(r.json).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/60 requests per minute per organization/),
        details: { limit: 60, window: 'minute', scope: 'organization' },
      },
    });
    expect(r.headers['retry-after']).toMatch(/^\d+$/);
    const other = await newKey(sb, { organization_id: demo.other_organization_id });
    allOk(await whoami(other.api_key, 1));
  });

  test('partner-license workspaces without a paid plan get 30 instead of 60', async () => {
    await control(sb, 'POST', '/plan', { plan: 'free', partner_tier: 6 });
    await freshMinute(sb);
    const a = await newKey(sb);
    const b = await newKey(sb);
    allOk(await whoami(a.api_key, 20));
    allOk(await whoami(b.api_key, 10));
    const r = await raw(sb, 'GET', '/api/v2/whoami', { token: a.api_key });
    expect(r.status).toBe(429);
    expect(r.json.error.details).toEqual({ limit: 30, window: 'minute', scope: 'organization' });
  });

  test('a partner tier on top of a paid plan keeps 60', async () => {
    await control(sb, 'POST', '/plan', { plan: 'pro', partner_tier: 2 });
    await freshMinute(sb);
    const a = await newKey(sb);
    const b = await newKey(sb);
    allOk(await whoami(a.api_key, 30));
    allOk(await whoami(b.api_key, 30));
    expect((await raw(sb, 'GET', '/api/v2/whoami', { token: sb.mintJwt() })).status).toBe(429);
  });
});

describe('API key limit', () => {
  test('30 requests per minute per key; another key of the organization still works', async () => {
    await freshMinute(sb);
    const a = await newKey(sb);
    allOk(await whoami(a.api_key, 30));
    const e = await apiError(clientFor(sb, a.api_key).get('/whoami'));
    expect(e.status).toBe(429);
    expect(e.code).toBe('rate_limited');
    expect(e.details).toEqual({ limit: 30, window: 'minute', scope: 'api_key' });
    allOk(await whoami(sb.demoKey, 1));
  });

  test('sessions are held to the organization limit only', async () => {
    await freshMinute(sb);
    allOk(await whoami(sb.mintJwt(), 45));
  });

  test('rejected requests consume nothing: the organization still has room for 30 more', async () => {
    await freshMinute(sb);
    const a = await newKey(sb);
    allOk(await whoami(a.api_key, 30));
    for (let i = 0; i < 5; i++) expect((await raw(sb, 'GET', '/api/v2/whoami', { token: a.api_key })).status).toBe(429);
    const b = await newKey(sb);
    allOk(await whoami(b.api_key, 30));
    expect((await raw(sb, 'GET', '/api/v2/whoami', { token: b.api_key })).json.error.details.scope).toBe('organization');
  });
});

describe('v1-only endpoints', () => {
  test('count toward the organization limit only, not toward the key limit', async () => {
    await freshMinute(sb);
    const a = await newKey(sb);
    allOk(await whoami(a.api_key, 40, '/api/v1/public/auth/validate-key'));
    allOk(await whoami(a.api_key, 1));
    allOk(await whoami(a.api_key, 19, '/api/v1/public/auth/validate-key'));
    const r = await raw(sb, 'GET', '/api/v1/public/auth/validate-key', { token: a.api_key });
    expect(r.status).toBe(429);
    expect(r.json.error.details.scope).toBe('organization');
  });

  test('v2 routes under /api/v1/public count like v2 (the key limit applies)', async () => {
    await freshMinute(sb);
    const a = await newKey(sb);
    allOk(await whoami(a.api_key, 30, '/api/v1/public/whoami'));
    expect((await raw(sb, 'GET', '/api/v1/public/whoami', { token: a.api_key })).json.error.details.scope).toBe('api_key');
  });
});

describe('windows and Retry-After', () => {
  test('Retry-After is the whole seconds to the next clock minute', async () => {
    const start = await freshMinute(sb, 1);
    const a = await newKey(sb);
    allOk(await whoami(a.api_key, 30));
    // Same minute, 20.1 s in: 39.9 s remain, announced as 40.
    await control(sb, 'POST', '/clock', { set_ms: start + 20_100 });
    const r = await raw(sb, 'GET', '/api/v2/whoami', { token: a.api_key });
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBe('40');
    expect(r.json.error.message).toMatch(/Retry after 40 seconds/);
  });

  test('advancing the clock by Retry-After opens the next window', async () => {
    await freshMinute(sb, 30);
    const a = await newKey(sb);
    allOk(await whoami(a.api_key, 30));
    const r = await raw(sb, 'GET', '/api/v2/whoami', { token: a.api_key });
    const wait = Number(r.headers['retry-after']);
    expect(wait).toBe(30);
    // One millisecond short of the edge the window is still full; at the edge a new one opens.
    await control(sb, 'POST', '/clock', { advance_ms: wait * 1000 - 1 });
    expect((await raw(sb, 'GET', '/api/v2/whoami', { token: a.api_key })).status).toBe(429);
    await control(sb, 'POST', '/clock', { advance_ms: 1 });
    allOk(await whoami(a.api_key, 30));
  });

  test('a window is a clock minute, not 60 seconds from the first request', async () => {
    const start = await freshMinute(sb, 59);
    const a = await newKey(sb);
    allOk(await whoami(a.api_key, 30));
    expect((await raw(sb, 'GET', '/api/v2/whoami', { token: a.api_key })).headers['retry-after']).toBe('1');
    await control(sb, 'POST', '/clock', { set_ms: start + 60_000 });
    allOk(await whoami(a.api_key, 30));
  });

  test('the SDK reads Retry-After into retryAfterMs', async () => {
    const start = await freshMinute(sb, 1);
    const a = await newKey(sb);
    allOk(await whoami(a.api_key, 30));
    await control(sb, 'POST', '/clock', { set_ms: start + 50_500 });
    const e = await apiError(clientFor(sb, a.api_key).get('/whoami'));
    expect(e.retryAfterMs).toBe(10_000);
    expect(e.retryable).toBe(true);
  });
});

describe('partner-license monthly search allowance over HTTP', () => {
  test('50 people and company searches a month, then 403 search_quota_exhausted; other requests go on', async () => {
    await control(sb, 'POST', '/plan', { plan: 'free', partner_tier: 5 });
    const a = await newKey(sb);
    const month = Date.UTC(2031, 2, 1);
    let sent = 0;
    for (let minute = 0; sent < 50; minute++) {
      await control(sb, 'POST', '/clock', { set_ms: month + minute * 60_000 });
      for (let i = 0; i < 25 && sent < 50; i++, sent++) {
        const path = sent % 2 === 0 ? '/api/v2/test/people-find' : '/api/v2/test/company-search';
        expect((await raw(sb, 'POST', path, { token: a.api_key, body: {} })).status).toBe(200);
      }
    }
    await control(sb, 'POST', '/clock', { set_ms: month + 10 * 60_000 });
    const r = await raw(sb, 'POST', '/api/v2/test/company-search', { token: a.api_key, body: {} });
    expect(r.status).toBe(403);
    expect(r.json.error).toMatchObject({
      code: 'search_quota_exhausted',
      retryable: false,
      details: { limit: 50, used: 50, window: 'month', resets_at: '2031-04-01T00:00:00.000Z' },
    });
    expect(r.json.error.request_id).toBe(r.headers['x-request-id']);
    allOk(await whoami(a.api_key, 1));
    await control(sb, 'POST', '/clock', { set_ms: Date.UTC(2031, 3, 1) });
    expect((await raw(sb, 'POST', '/api/v2/test/people-find', { token: a.api_key, body: {} })).status).toBe(200);
  });
});

describe('announced policy and shortened windows', () => {
  test('every limited answer announces the per-minute limits that apply to the caller', async () => {
    const key = await newKey(sb);
    const byKey = await raw(sb, 'GET', '/api/v2/whoami', { token: key.api_key });
    expect(byKey.headers['ratelimit-policy']).toBe('60;w=60;comment="organization", 30;w=60;comment="api_key"');
    const bySession = await raw(sb, 'GET', '/api/v2/whoami', { token: sb.mintJwt() });
    expect(bySession.headers['ratelimit-policy']).toBe('60;w=60;comment="organization"');
    await control(sb, 'POST', '/rate-limits', { enabled: false });
    expect((await raw(sb, 'GET', '/api/v2/whoami', { token: key.api_key })).headers['ratelimit-policy']).toBeUndefined();
  });

  test('window_ms shortens the minute windows: 30 per key per window, then a fresh window', async () => {
    const set = await control(sb, 'POST', '/rate-limits', { enabled: true, window_ms: 2000 });
    expect(set).toEqual({ enabled: true, window_ms: 2000 });
    await control(sb, 'POST', '/clock', { freeze: true });
    const now = (await control(sb, 'GET', '/clock')).now_ms as number;
    await control(sb, 'POST', '/clock', { advance_ms: 2000 - (now % 2000) });
    const key = await newKey(sb);
    allOk(await whoami(key.api_key, 30));
    const refused = await raw(sb, 'GET', '/api/v2/whoami', { token: key.api_key });
    expect(refused.status).toBe(429);
    expect(refused.headers['ratelimit-policy']).toBe('60;w=2;comment="organization", 30;w=2;comment="api_key"');
    await control(sb, 'POST', '/clock', { advance_ms: 2000 });
    allOk(await whoami(key.api_key, 1));
  });

  test('window_ms takes whole seconds from 1 to 60', async () => {
    expect((await raw(sb, 'POST', '/__sandbox/rate-limits', { body: { window_ms: 1500 } })).status).toBe(422);
    expect((await raw(sb, 'POST', '/__sandbox/rate-limits', { body: { window_ms: 120_000 } })).status).toBe(422);
  });
});
