import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { openSandbox, raw, control, clientFor, apiError, type RunningSandbox } from './helpers.js';
import { parseBody } from '../../src/sandbox/engine/validation.js';
import type { RouteDef } from '../../src/sandbox/router.js';
import { endpoint } from '../../src/api/endpoints/endpoint.js';

const EchoBody = z.object({ name: z.string().check(z.minLength(1)), count: z.int() });

/** A v2 route with a body, to see the 422 shape the way later areas will produce it. */
const echoRoute: RouteDef = {
  endpoint: endpoint({
    id: 'test.echo',
    method: 'POST',
    path: '/test/echo',
    kind: 'v2',
    scope: 'lists:write',
    summary: 'echo',
    description: 'echo',
    idempotent: true,
  }),
  handler: (ctx) => parseBody(EchoBody, ctx.body),
};

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await openSandbox({ extraRoutes: [echoRoute] });
});
afterAll(() => sb.close());
beforeEach(() => control(sb, 'POST', '/reset'));

describe('public envelope (shape 1)', () => {
  test('insufficient_scope carries exactly the envelope fields, request_id matching the header', async () => {
    await control(sb, 'POST', '/scopes', { scopes: ['people:read'] });
    const r = await raw(sb, 'GET', '/api/v2/credits/balance', { token: sb.demoKey });
    expect(r.status).toBe(403);
    expect(Object.keys(r.json)).toEqual(['error']);
    const e = r.json.error;
    expect(Object.keys(e).sort()).toEqual(['cause', 'code', 'details', 'docs_url', 'fix', 'problem', 'request_id', 'retryable']);
    expect(e).toMatchObject({
      code: 'insufficient_scope',
      retryable: false,
      request_id: r.headers['x-request-id'],
      details: { required_scope: 'credits:read', granted_scopes: ['people:read'] },
    });
    expect(e.problem).toMatch(/credits:read/);
    expect(e.docs_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/docs#error-insufficient_scope$/);
  });

  test('empty optional fields are left out (no retry_after_ms, credit fields or suggested_actions)', async () => {
    await control(sb, 'POST', '/scopes', { scopes: [] });
    const r = await raw(sb, 'GET', '/api/v2/credits/balance', { token: sb.demoKey });
    for (const k of ['retry_after_ms', 'estimated_cost_credits', 'available_credits', 'shortfall_credits', 'suggested_actions', 'message'])
      expect(r.json.error).not.toHaveProperty(k);
    expect(r.json.error.details).toEqual({ required_scope: 'credits:read', granted_scopes: [] });
  });
});

describe('body validation (shape 2)', () => {
  test('a body that is not JSON is a 422 validation_error with details.errors[] of {type, loc, msg}', async () => {
    const r = await raw(sb, 'POST', '/api/v2/test/echo', { token: sb.demoKey, rawBody: '{"name": "x",' });
    expect(r.status).toBe(422);
    const e = r.json.error;
    expect(e.code).toBe('validation_error');
    expect(e.problem).toMatch(/body failed validation/i);
    expect(e.retryable).toBe(false);
    expect(e.request_id).toBe(r.headers['x-request-id']);
    expect(e.details.errors).toHaveLength(1);
    expect(Object.keys(e.details.errors[0]).sort()).toEqual(['loc', 'msg', 'type']);
    expect(e.details.errors[0]).toMatchObject({ type: 'json_invalid', loc: ['body'] });
  });

  test('a body sent as another content type is refused with 422, not read as an empty body', async () => {
    const r = await raw(sb, 'POST', '/api/v2/test/echo', {
      token: sb.demoKey,
      rawBody: '{"name": "a", "count": 2}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(r.status).toBe(422);
    expect(r.json.error.details.errors[0].loc).toEqual(['body']);
    // Controls too: a page in a browser can post text/plain or a form to a local port, never
    // JSON; controls refuse such a body before reading it (415, see security-controls.test.ts).
    await control(sb, 'POST', '/balance', { credits: 17 });
    for (const [type, body] of [
      ['text/plain', '{"seed": 9}'],
      ['application/x-www-form-urlencoded', 'seed=9'],
    ] as const) {
      const c = await raw(sb, 'POST', '/__sandbox/reset', { rawBody: body, headers: { 'content-type': type } });
      expect(c.status, type).toBe(415);
    }
    expect((await raw(sb, 'GET', '/api/v2/credits/balance', { token: sb.demoKey })).json.credits).toBe(17);
  });

  test('schema failures locate each field under body', async () => {
    const r = await raw(sb, 'POST', '/api/v1/public/test/echo', { token: sb.demoKey, body: { name: '', count: 1.5 } });
    expect(r.status).toBe(422);
    const locs = r.json.error.details.errors.map((x: { loc: unknown[] }) => x.loc);
    expect(locs).toEqual(
      expect.arrayContaining([
        ['body', 'name'],
        ['body', 'count'],
      ]),
    );
  });

  test('a valid body reaches the handler', async () => {
    const r = await raw(sb, 'POST', '/api/v2/test/echo', { token: sb.demoKey, body: { name: 'a', count: 2 } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ name: 'a', count: 2 });
  });
});

describe('generic shape (shape 3)', () => {
  test('401 without a header is exactly {code, message}', async () => {
    const r = await raw(sb, 'GET', '/api/v2/whoami');
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ error: { code: 'AUTHENTICATION_INVALID', message: 'Not authenticated' } });
  });

  test('unknown paths are 404 RESOURCE_NOT_FOUND, under every prefix and at the root', async () => {
    for (const path of ['/api/v2/no-such-thing', '/api/v1/public/no/such', '/nothing-here', '/api/v3/whoami']) {
      const r = await raw(sb, 'GET', path, { token: sb.demoKey });
      expect(r.status, path).toBe(404);
      expect(Object.keys(r.json.error).sort(), path).toEqual(['code', 'message']);
      expect(r.json.error.code).toBe('RESOURCE_NOT_FOUND');
    }
  });

  test('a v1-only path is not served under /api/v2', async () => {
    const r = await raw(sb, 'GET', '/api/v2/auth/validate-key', { token: sb.demoKey });
    expect(r.status).toBe(404);
  });

  test('the SDK reads both shapes into one lower-cased code', async () => {
    const c = clientFor(sb, 'svcapi_wrong');
    expect((await apiError(c.get('/whoami'))).code).toBe('authentication_invalid');
    c.close();
    await control(sb, 'POST', '/scopes', { scopes: [] });
    const c2 = clientFor(sb);
    const e = await apiError(c2.get('/credits/balance'));
    expect(e.code).toBe('insufficient_scope');
    expect(e.status).toBe(403);
    c2.close();
  });
});

test('every response carries x-request-id and content-type application/json', async () => {
  const cases: [string, string, string | undefined][] = [
    ['GET', '/health', undefined],
    ['GET', '/api/v2/whoami', sb.demoKey],
    ['GET', '/api/v2/whoami', undefined],
    ['GET', '/missing', undefined],
    ['GET', '/__sandbox/state', undefined],
  ];
  const ids = new Set<string>();
  for (const [method, path, token] of cases) {
    const r = await raw(sb, method, path, token ? { token } : {});
    expect(r.headers['content-type'], path).toBe('application/json');
    expect(r.headers['x-request-id'], path).toMatch(/^req_[0-9a-f]{24}$/);
    ids.add(r.headers['x-request-id'] as string);
  }
  expect(ids.size).toBe(cases.length);
});

test('GET /health answers without credentials', async () => {
  const r = await raw(sb, 'GET', '/health');
  expect(r.status).toBe(200);
  expect(r.json).toEqual({ status: 'ok', pid: process.pid });
});
