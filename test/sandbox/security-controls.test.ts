import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { control, openSandbox, raw, type RunningSandbox } from './helpers.js';

/**
 * The controls under /__sandbox/ need no credential: what a web page in the user's browser
 * can send to a local port without asking (a form, text/plain, a body-less POST), or read
 * through DNS rebinding (its own domain pointed at 127.0.0.1, so its Host header), must not
 * reach them.
 */
let sb: RunningSandbox;
beforeAll(async () => {
  sb = await openSandbox();
});
afterAll(() => sb.close());
beforeEach(() => control(sb, 'POST', '/reset'));

const balance = async () => (await raw(sb, 'GET', '/api/v2/credits/balance', { token: sb.demoKey })).json.credits as number;
const port = () => new URL(sb.url).port;

describe('a body not declared as JSON is refused with 415 before anything changes', () => {
  test.each([
    ['no content type, no body (fetch with mode no-cors)', {}],
    ['an empty form post', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: '' }],
    ['a form post', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: 'credits=0' }],
    ['text/plain holding JSON', { headers: { 'content-type': 'text/plain' }, rawBody: '{"credits": 0}' }],
    ['multipart', { headers: { 'content-type': 'multipart/form-data; boundary=x' }, rawBody: '--x--' }],
  ])('%s', async (_name, opts) => {
    await control(sb, 'POST', '/balance', { credits: 17 });
    for (const path of ['/reset', '/balance']) {
      const r = await raw(sb, 'POST', `/__sandbox${path}`, opts);
      expect(r.status, path).toBe(415);
      expect(r.json.error).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('application/json') });
    }
    if ('rawBody' in opts && opts.rawBody) expect((await raw(sb, 'DELETE', '/__sandbox/faults', opts)).status).toBe(415);
    expect(await balance()).toBe(17);
  });

  test('a DELETE without a body needs no content type (a web page cannot send one without a CORS preflight)', async () => {
    await control(sb, 'POST', '/faults', { rules: [{ kind: 'drop', path: '/nowhere' }] });
    expect((await raw(sb, 'DELETE', '/__sandbox/faults')).status).toBe(200);
    expect((await control(sb, 'GET', '/faults')).rules).toEqual([]);
  });

  test('application/json, with or without a charset, is accepted, also with an empty body', async () => {
    const r = await raw(sb, 'POST', '/__sandbox/balance', {
      body: { credits: 9 },
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    });
    expect(r.status, r.text).toBe(200);
    expect(await balance()).toBe(9);
    expect((await raw(sb, 'POST', '/__sandbox/reset', { headers: { 'content-type': 'application/json' } })).status).toBe(200);
    expect(await balance()).toBe(5000);
  });

  test('GET controls need no content type', async () => {
    expect((await raw(sb, 'GET', '/__sandbox/state')).status).toBe(200);
  });
});

describe('the Host header must name this machine (DNS rebinding)', () => {
  test.each(['evil.example', `evil.example:${0}`, 'localhost.evil.example', '127.0.0.1.nip.io', '10.0.0.7', '[::2]'])(
    'Host %j is refused with 403, reads and writes alike',
    async (hostTemplate) => {
      const host = hostTemplate.replace(':0', `:${port()}`);
      const state = await raw(sb, 'GET', '/__sandbox/state', { headers: { host } });
      expect(state.status).toBe(403);
      expect(state.json.error).toMatchObject({ code: 'PERMISSION_DENIED', message: expect.stringContaining('loopback') });
      expect(state.text).not.toContain('demo');
      const jwt = await raw(sb, 'POST', '/__sandbox/jwt', { headers: { host }, body: {} });
      expect(jwt.status).toBe(403);
      expect(jwt.text).not.toContain('token');
      expect((await raw(sb, 'POST', '/__sandbox/balance', { headers: { host }, body: { credits: 1 } })).status).toBe(403);
      expect(await balance()).toBe(5000);
    },
  );

  test.each(['localhost', 'LOCALHOST', 'localhost.', '127.0.0.1', '127.1.2.3', '[::1]'])(
    'Host %s (with the port) is accepted',
    async (name) => {
      const r = await raw(sb, 'GET', '/__sandbox/clock', { headers: { host: `${name}:${port()}` } });
      expect(r.status, r.text).toBe(200);
    },
  );

  test('the API itself answers whatever the Host (a proxy in front of it may rename it)', async () => {
    expect((await raw(sb, 'GET', '/api/v2/whoami', { token: sb.demoKey, headers: { host: 'sandbox.example' } })).status).toBe(200);
  });
});

describe('a request a web page sent (Origin) is refused', () => {
  test.each(['http://evil.example', 'https://127.0.0.1.evil.example', 'null'])('Origin %s: 403, nothing changed', async (origin) => {
    const r = await raw(sb, 'POST', '/__sandbox/balance', { headers: { origin }, body: { credits: 3 } });
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe('PERMISSION_DENIED');
    expect(await balance()).toBe(5000);
  });

  test('a local origin (a page served from the sandbox itself) is accepted', async () => {
    const r = await raw(sb, 'POST', '/__sandbox/balance', { headers: { origin: sb.url }, body: { credits: 3 } });
    expect(r.status, r.text).toBe(200);
  });
});

test('a sandbox bound to another address accepts that address as Host, and still no other', async () => {
  const own = await openSandbox({ host: '0.0.0.0' });
  try {
    expect(new URL(own.url).hostname).toBe('0.0.0.0');
    const r = await raw(own, 'POST', '/__sandbox/clock', { body: { advance_ms: 0 } });
    expect(r.status, r.text).toBe(200);
    expect((await raw(own, 'POST', '/__sandbox/clock', { body: { advance_ms: 0 }, headers: { host: 'evil.example' } })).status).toBe(403);
  } finally {
    await own.close();
  }
});
