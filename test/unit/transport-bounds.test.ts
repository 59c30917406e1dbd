import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { MAX_ANSWER_BYTES } from '../../src/api/transport.js';
import { Prospect } from '../../src/index.js';
import { isolatedEnv } from '../helpers/binary.js';
import { prospect } from '../helpers/in-process.js';

/**
 * A broken or hostile server behind the base URL: every request is bounded in the one
 * transport, whichever face sends it. Each path answers one way.
 */
const KEY = `svcapi_${'k'.repeat(64)}`;
let server: http.Server;
let base: string;
/** Bytes each endless answer had written when its client went away. */
const written: number[] = [];
let rateLimited = 0;
/** What /whoami answers: an endless body, or a login page with 200. */
let whoami: 'endless' | 'html' = 'endless';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = (req.url ?? '/').replace(/^\/api\/v2/, '');
    if (path === '/whoami' && whoami === 'html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Sign in to the guest network</body></html>');
    } else if (path === '/whoami' || path === '/endless') {
      // An endless chunked JSON body.
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (res.write(chunk)) sent += chunk.length;
        sent += chunk.length;
      };
      res.on('drain', pump);
      res.on('close', () => written.push(sent));
      res.write('{"a":"');
      pump();
    } else if (path === '/drip') {
      // One byte at a time, each well within the inactivity timer: never idle, never done.
      res.writeHead(200, { 'content-type': 'application/json' });
      const t = setInterval(() => res.write(' '), 20);
      res.on('close', () => clearInterval(t));
    } else if (path === '/rate-limited') {
      rateLimited++;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '60' });
      res.end(JSON.stringify({ error: { code: 'rate_limited', message: 'Too many requests', retryable: true } }));
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});

const failure = (p: Promise<unknown>): Promise<ApiError> =>
  p.then(
    () => expect.fail('the request succeeded'),
    (e: unknown) => {
      expect(e).toBeInstanceOf(ApiError);
      return e as ApiError;
    },
  );

describe('every request is bounded', () => {
  it('an endless answer is cut at the most one answer may hold, and not sent again', async () => {
    const c = new Client({ baseUrl: base, token: KEY, maxAnswerBytes: 1024 * 1024, sleep: async () => {} });
    const before = written.length;
    const e = await failure(c.get('/endless'));
    expect(e.code).toBe('response_too_large');
    expect(e.message).toContain('larger than any the service sends');
    expect(e.retryable).toBe(false);
    await expect.poll(() => written.length).toBe(before + 1);
    // One request only, cut soon after the limit (the socket's buffers aside).
    expect(written.at(-1)!).toBeLessThan(64 * 1024 * 1024);
  });

  it('an answer that drips a byte at a time ends at the deadline, not with the server', async () => {
    const c = new Client({ baseUrl: base, token: KEY, readTimeoutMs: 200, deadlineMs: 300, sleep: async () => {} });
    const e = await failure(c.get('/drip'));
    expect(e.code).toBe('deadline_exceeded');
    expect(e.message).toContain('did not finish answering in time');
  });

  it('Retry-After is waited out up to a total, then the rate limit is the caller’s', async () => {
    const waits: number[] = [];
    const c = new Client({
      baseUrl: base,
      token: KEY,
      sleep: async (ms) => void waits.push(ms),
      random: () => 0,
      retry: { maxRetryAfterTotalMs: 130_000, maxRateLimitRetries: 10 },
    });
    const before = rateLimited;
    const e = await failure(c.get('/rate-limited'));
    expect(e.status).toBe(429);
    // Two waits of 60 s fit in 130 s; a third would not.
    expect(waits).toEqual([60_000, 60_000]);
    expect(rateLimited - before).toBe(3);
  });

  it('the same through the SDK and the CLI: the default limit holds, exit 9 with one line', async () => {
    const sdk = new Prospect({ baseUrl: base, apiKey: KEY });
    const e = await failure(sdk.whoami());
    expect(e.code).toBe('response_too_large');

    const r = await prospect(['whoami'], { env: isolatedEnv({ PROSPECT_API_KEY: KEY, PROSPECT_BASE_URL: base }) });
    expect(r.exitCode).toBe(9);
    expect(r.stderr).toContain('larger than any the service sends');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(MAX_ANSWER_BYTES).toBeLessThanOrEqual(16 * 1024 * 1024);
  });
});

describe('answers are checked before they are believed', () => {
  it('a 2xx that is not JSON is invalid_response, exit 9, through the SDK and the CLI; prospect api shows it as it came', async () => {
    whoami = 'html';
    try {
      const e = await failure(new Prospect({ baseUrl: base, apiKey: KEY }).whoami());
      expect(e.code).toBe('invalid_response');
      expect(e.message).toContain('not JSON: a proxy or login page?');

      const env = isolatedEnv({ PROSPECT_API_KEY: KEY, PROSPECT_BASE_URL: base });
      const r = await prospect(['whoami', '--json'], { env });
      expect(r.exitCode).toBe(9);
      expect(r.stdout + r.stderr).toContain('invalid_response');
      expect(r.stdout).not.toContain('<html>');

      const raw = await prospect(['api', 'GET', '/whoami'], { env });
      expect(raw.exitCode, raw.stderr).toBe(0);
      expect(raw.stdout).toContain('Sign in to the guest network');
    } finally {
      whoami = 'endless';
    }
  });
});
