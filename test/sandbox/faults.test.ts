import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { openSandbox, raw, control, clientFor, apiError, type RunningSandbox } from './helpers.js';

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await openSandbox();
});
afterAll(() => sb.close());
beforeEach(() => control(sb, 'POST', '/reset'));

const faults = (...rules: Record<string, unknown>[]) => control(sb, 'POST', '/faults', { rules });
const whoami = (token?: string) => raw(sb, 'GET', '/api/v2/whoami', token ? { token } : {});

test('latency delays the answer, then the request goes on as usual; other paths are not delayed', async () => {
  await faults({ kind: 'latency', latency_ms: 300, path: '/whoami' });
  const t0 = performance.now();
  const r = await whoami(sb.demoKey);
  expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
  expect(r.status).toBe(200);
  expect((await raw(sb, 'GET', '/api/v2/credits/balance', { token: sb.demoKey })).status).toBe(200);
  // Whether the other path was delayed is read off the rule, not off a wall clock a loaded machine stretches.
  expect((await control(sb, 'GET', '/faults')).rules[0]).toMatchObject({ matched: 1, applied: 1 });
});

test('close() ends requests held by a latency fault at once: its timer cleared, nothing processed afterwards', async () => {
  const own = await openSandbox();
  const set = vi.spyOn(globalThis, 'setTimeout');
  const clear = vi.spyOn(globalThis, 'clearTimeout');
  try {
    await control(own, 'POST', '/faults', { rules: [{ kind: 'latency', latency_ms: 120_000, path: '/whoami' }] });
    const pending = raw(own, 'GET', '/api/v2/whoami', { token: own.demoKey }).catch((e: Error) => e);
    await expect.poll(async () => (await control(own, 'GET', '/faults')).rules[0].applied).toBe(1);
    const i = set.mock.calls.findIndex((c) => c[1] === 120_000);
    expect(i).toBeGreaterThanOrEqual(0);
    const timer = set.mock.results[i]!.value as NodeJS.Timeout;
    await own.close();
    expect(await pending).toBeInstanceOf(Error);
    expect(clear).toHaveBeenCalledWith(timer);
    await new Promise((r) => setImmediate(r));
    expect(own.store.state.request_log).toHaveLength(0);
  } finally {
    set.mockRestore();
    clear.mockRestore();
    await own.close();
  }
});

describe('status', () => {
  test('503 is the public envelope internal_error, retryable, before authentication', async () => {
    await faults({ kind: 'status', status: 503, retry_after_sec: 2 });
    const r = await whoami();
    expect(r.status).toBe(503);
    expect(r.headers['retry-after']).toBe('2');
    expect(r.json.error).toMatchObject({
      code: 'internal_error',
      retryable: true,
      retry_after_ms: 2000,
      request_id: r.headers['x-request-id'],
    });
    expect(r.json.error.problem).toBeTypeOf('string');
  });

  test('503 with a code and retryable false answers that', async () => {
    await faults({ kind: 'status', status: 503, code: 'dispatch_outcome_unknown', retryable: false });
    const r = await whoami(sb.demoKey);
    expect(r.json.error).toMatchObject({ code: 'dispatch_outcome_unknown', retryable: false });
  });

  test('500 is the generic INTERNAL_ERROR, 502 the generic UPSTREAM_ERROR, each with a trace id', async () => {
    await faults({ kind: 'status', status: 500, count: 1 }, { kind: 'status', status: 502, count: 1 });
    const a = await whoami(sb.demoKey);
    expect(a.status).toBe(500);
    expect(a.json).toEqual({ error: { code: 'INTERNAL_ERROR', message: expect.any(String), trace_id: a.headers['x-request-id'] } });
    const b = await whoami(sb.demoKey);
    expect(b.status).toBe(502);
    expect(b.json.error.code).toBe('UPSTREAM_ERROR');
    expect((await whoami(sb.demoKey)).status).toBe(200);
  });

  test('a status rule answering 429 is the generic RATE_LIMITED with Retry-After, like every 429', async () => {
    await faults({ kind: 'status', status: 429, count: 1 }, { kind: 'status', status: 429, code: 'rate_limited', count: 1 });
    const a = await whoami(sb.demoKey);
    expect(a.status).toBe(429);
    expect(a.headers['retry-after']).toBe('1');
    expect(a.json.error).toMatchObject({ code: 'RATE_LIMITED', details: { scope: 'organization' } });
    const b = await whoami(sb.demoKey);
    expect(b.headers['retry-after']).toBe('1');
    expect(b.json.error).toMatchObject({ code: 'rate_limited', retryable: true, retry_after_ms: 1000 });
  });

  test.each([
    [400, 'BAD_REQUEST'],
    [401, 'AUTHENTICATION_INVALID'],
    [402, 'INSUFFICIENT_CREDITS'],
    [403, 'PERMISSION_DENIED'],
    [404, 'RESOURCE_NOT_FOUND'],
  ])('a status rule of %i without a code answers the generic %s', async (status, code) => {
    await faults({ kind: 'status', status });
    const r = await whoami(sb.demoKey);
    expect(r.status).toBe(status);
    expect(Object.keys(r.json.error).sort()).toEqual(['code', 'message']);
    expect(r.json.error.code).toBe(code);
    if (status === 401) expect(r.json.error.message).toBe('Invalid or expired API key');
  });

  test('an unknown code is refused with 422', async () => {
    const r = await raw(sb, 'POST', '/__sandbox/faults', { body: { rules: [{ kind: 'status', code: 'made_up' }] } });
    expect(r.status).toBe(422);
    expect(r.json.error.details.errors[0].loc).toEqual(['body', 'rules', 0, 'code']);
  });
});

test('drop closes the connection without an answer', async () => {
  await faults({ kind: 'drop', count: 1 });
  const c = clientFor(sb);
  const e = await apiError(c.get('/whoami'));
  expect(e.status).toBe(0);
  expect(e.code).toBe('connection_reset');
  expect(await c.get('/whoami')).toMatchObject({ organization_name: 'Acme Demo' });
  c.close();
});

test('rate_limit answers a generic 429 with Retry-After (default 1 s, or retry_after_sec)', async () => {
  await faults({ kind: 'rate_limit', count: 1 }, { kind: 'rate_limit', retry_after_sec: 7, count: 1 });
  const a = await whoami(sb.demoKey);
  expect(a.status).toBe(429);
  expect(a.headers['retry-after']).toBe('1');
  expect(a.json.error).toMatchObject({ code: 'RATE_LIMITED', details: { limit: 60, window: 'minute', scope: 'organization' } });
  expect((await whoami(sb.demoKey)).headers['retry-after']).toBe('7');
  expect((await whoami(sb.demoKey)).status).toBe(200);
});

test('the SDK retries an injected 429 and gets through', async () => {
  await faults({ kind: 'rate_limit', count: 2, retry_after_sec: 0 });
  const c = new (await import('../../src/api/client.js')).Client({ baseUrl: sb.url, token: sb.demoKey, random: () => 0 });
  expect(await c.get('/whoami')).toMatchObject({ auth_type: 'api_key' });
  c.close();
});

describe('matching', () => {
  test('method, path substring, after and count', async () => {
    await faults({ kind: 'status', status: 500, method: 'GET', path: 'credits/balance', after: 1, count: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await raw(sb, 'GET', '/api/v2/credits/balance', { token: sb.demoKey })).status);
    expect(statuses).toEqual([200, 500, 500, 200, 200]);
    expect((await whoami(sb.demoKey)).status).toBe(200);
  });

  test('a path with * for any run of characters; the text between is matched as it is', async () => {
    const list = (await control(sb, 'POST', '/lists', { name: 'Faulted', people: 2 })).list_id as string;
    await faults({ kind: 'status', status: 502, path: '/lead-lists/*/leads?*limit=1' });
    expect((await raw(sb, 'GET', `/api/v2/lead-lists/${list}/leads?limit=1`, { token: sb.demoKey })).status).toBe(502);
    expect((await raw(sb, 'GET', `/api/v2/lead-lists/${list}/leads?cursor=x&limit=1`, { token: sb.demoKey })).status).toBe(502);
    expect((await raw(sb, 'GET', `/api/v2/lead-lists/${list}/leads?limit=2`, { token: sb.demoKey })).status).toBe(200);
    expect((await raw(sb, 'GET', `/api/v2/lead-lists/${list}`, { token: sb.demoKey })).status).toBe(200);
    await control(sb, 'DELETE', '/faults');
    await faults({ kind: 'status', status: 502, path: '/api/v1/public/' });
    expect((await raw(sb, 'GET', '/api/v1/public/whoami', { token: sb.demoKey })).status).toBe(502);
    expect((await whoami(sb.demoKey)).status).toBe(200);
  });

  test('a regular expression is refused with 422 naming the glob form: a nested quantifier cannot hang the server', async () => {
    for (const path of ['/(a+)+$/', '/^\\/api\\/v1\\//', '/whoami|credits/i']) {
      const r = await raw(sb, 'POST', '/__sandbox/faults', {
        body: {
          rules: [
            { kind: 'status', status: 500 },
            { kind: 'drop', path },
          ],
        },
      });
      expect(r.status, path).toBe(422);
      expect(r.json.error.details.errors[0]).toMatchObject({
        loc: ['body', 'rules', 1, 'path'],
        msg: expect.stringContaining('* for any characters'),
      });
    }
    expect((await control(sb, 'GET', '/faults')).rules).toEqual([]);
    // Regex characters outside the /.../ form are plain text, matched in linear time: the
    // request this pattern once held for seconds is answered (404: no such route).
    await faults({ kind: 'status', status: 500, path: '(a+)+$' }, { kind: 'status', status: 500, path: `${'a*'.repeat(200)}b` });
    const r = await raw(sb, 'GET', `/${'a'.repeat(5000)}!`);
    expect(r.status).toBe(404);
    expect((await control(sb, 'GET', '/faults')).rules.map((x: { matched: number }) => x.matched)).toEqual([0, 0]);
  });

  test('a path pattern is 1 to 500 characters', async () => {
    for (const path of ['', 'a'.repeat(501)])
      expect((await raw(sb, 'POST', '/__sandbox/faults', { body: { rules: [{ kind: 'drop', path }] } })).status).toBe(422);
  });

  test('controls are never faulted; DELETE clears every rule', async () => {
    await faults({ kind: 'drop' });
    expect((await control(sb, 'GET', '/faults')).rules).toHaveLength(1);
    await control(sb, 'DELETE', '/faults');
    expect((await whoami(sb.demoKey)).status).toBe(200);
  });

  test('a faulted request is answered before authentication and leaves no log row', async () => {
    await faults({ kind: 'status', status: 500, count: 3 });
    for (let i = 0; i < 3; i++) await whoami(sb.demoKey);
    expect((await control(sb, 'GET', '/requests')).requests).toHaveLength(0);
  });
});
