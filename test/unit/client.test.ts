import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, ConfigurationError, type TraceEvent } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';

/** A scripted server: each request takes the next planned answer for its path. */
type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'drop';
const plans = new Map<string, Answer[]>();
const hits = new Map<string, number>();
const seenAuth: string[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const key = `${req.method} ${req.url}`;
    seenAuth.push(req.headers.authorization ?? '');
    hits.set(key, (hits.get(key) ?? 0) + 1);
    const next = plans.get(key)?.shift() ?? { status: 200, body: { ok: true } };
    if (next === 'drop') return req.socket.destroy();
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    res.end(next.body === undefined ? '' : JSON.stringify(next.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const KEY = `svcapi_${'k'.repeat(64)}`;
function client(trace?: TraceEvent[]) {
  const sleeps: number[] = [];
  const c = new Client({
    baseUrl: base,
    token: KEY,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0,
    ...(trace ? { onTrace: (e: TraceEvent) => trace.push(e) } : {}),
  });
  return { c, sleeps };
}
const rateLimited = (retryAfter: string): Answer => ({
  status: 429,
  headers: { 'retry-after': retryAfter },
  body: { error: { code: 'RATE_LIMITED', message: 'Too many requests' } },
});

describe('Client', () => {
  it('sends Bearer auth under the v2 prefix and parses JSON', async () => {
    plans.set('GET /api/v2/whoami', [{ status: 200, body: { user_id: 'u1' } }]);
    const { c } = client();
    expect(await c.get('/whoami')).toEqual({ user_id: 'u1' });
    c.close();
  });

  it('builds the three prefixes', () => {
    const { c } = client();
    expect(c.url('/whoami').pathname).toBe('/api/v2/whoami');
    expect(c.url('/auth/validate-key', 'v1').pathname).toBe('/api/v1/public/auth/validate-key');
    expect(c.url('/abc/revoke', 'keys').pathname).toBe('/api/v1/api-keys/abc/revoke');
    expect(c.url('/x', 'v2', { columns: ['a', 'b'], limit: 5, none: undefined }).search).toBe('?columns=a&columns=b&limit=5');
    c.close();
  });

  it('waits out a 429 for Retry-After and then succeeds', async () => {
    plans.set('GET /api/v2/credits/balance', [rateLimited('2'), { status: 200, body: { credits: 10 } }]);
    const { c, sleeps } = client();
    expect(await c.get('/credits/balance')).toEqual({ credits: 10 });
    expect(sleeps).toEqual([2000]);
    c.close();
  });

  it('retries a burst of 5xx on GET, but not on a POST that may have charged', async () => {
    plans.set('GET /api/v2/flaky', [
      { status: 502, body: { error: { code: 'UPSTREAM_ERROR', message: 'x' } } },
      { status: 500 },
      { status: 200, body: { ok: 1 } },
    ]);
    const { c, sleeps } = client();
    expect(await c.get('/flaky')).toEqual({ ok: 1 });
    expect(sleeps).toHaveLength(2);
    plans.set('POST /api/v2/paid', [{ status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'boom' } } }, { status: 200 }]);
    await expect(c.post('/paid', {})).rejects.toMatchObject({ status: 500, code: 'internal_error' });
    expect(hits.get('POST /api/v2/paid')).toBe(1);
    c.close();
  });

  it('retries a dropped connection on GET; a POST is not sent twice', async () => {
    plans.set('GET /api/v2/drop', ['drop', { status: 200, body: { ok: 2 } }]);
    const { c } = client();
    expect(await c.get('/drop')).toEqual({ ok: 2 });
    plans.set('POST /api/v2/drop', ['drop', { status: 200 }]);
    const err = await c.post('/drop', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(0);
    expect(hits.get('POST /api/v2/drop')).toBe(1);
    c.close();
  });

  it('gives up after the retry budget with the last error', async () => {
    plans.set(
      'GET /api/v2/down',
      Array.from({ length: 10 }, () => ({ status: 503, body: { error: { code: 'internal_error', problem: 'down', retryable: true } } })),
    );
    const { c, sleeps } = client();
    await expect(c.get('/down')).rejects.toMatchObject({ status: 503, code: 'internal_error' });
    expect(sleeps).toHaveLength(3);
    c.close();
  });

  it('reports a refused connection as a network error', async () => {
    const c = new Client({ baseUrl: 'http://127.0.0.1:1', token: KEY, sleep: async () => {}, retry: { maxRetries: 1 } });
    await expect(c.get('/whoami')).rejects.toMatchObject({ status: 0, code: 'connection_refused' });
    c.close();
  });

  it('never traces the credential', async () => {
    const trace: TraceEvent[] = [];
    const { c } = client(trace);
    await c.get('/whoami');
    const text = JSON.stringify(trace);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(KEY.slice(7, 30));
    const req = trace.find((e) => e.type === 'request');
    expect(req && 'headers' in req ? req.headers.authorization : undefined).toBe('Bearer [REDACTED]');
    c.close();
  });

  it('sends credentials to the service only; another host is asked anonymously, over https', async () => {
    const { c } = client();
    await expect(c.request({ method: 'GET', path: 'https://downloads.example.com/x' })).rejects.toThrow(
      /refusing to send credentials to https:\/\/downloads\.example\.com/,
    );
    await expect(c.request({ method: 'GET', path: 'http://downloads.example.com/x', anonymous: true })).rejects.toThrow(/plain http/);
    plans.set('GET /file', [{ status: 200, body: { ok: 'anon' } }]);
    const before = seenAuth.length;
    const other = new Client({ baseUrl: 'http://localhost:1', token: KEY });
    expect(await other.request({ method: 'GET', path: `${base}/file`, anonymous: true })).toEqual({ ok: 'anon' });
    expect(seenAuth.slice(before)).toEqual(['']);
    other.close();
    c.close();
  });

  it('refuses plain http except to loopback hosts', () => {
    expect(() => new Client({ baseUrl: 'http://api.example.com' })).toThrow(ConfigurationError);
    expect(() => new Client({ baseUrl: 'http://10.0.0.5:8080' })).toThrow(/plain http/);
    for (const ok of ['http://127.0.0.1:4010', 'http://localhost:1', 'http://[::1]:2', 'https://api.example.com'])
      new Client({ baseUrl: ok }).close();
    expect(() => new Client({ baseUrl: 'ftp://x' })).toThrow(/scheme/);
    expect(() => new Client({ baseUrl: 'not a url' })).toThrow(/invalid base URL/);
  });
});
