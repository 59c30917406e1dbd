import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { MAX_ANSWER_BYTES } from '../../src/api/transport.js';
import { Prospect } from '../../src/index.js';
import { isolatedEnv } from '../helpers/binary.js';
import { startHostileServer, type HostileServer } from '../helpers/hostile-server.js';
import { prospect } from '../helpers/in-process.js';

/**
 * A broken or hostile server behind the base URL: every request is bounded in the one
 * transport, whichever face sends it (MCP: test/mcp/hostile-server.test.ts).
 */
const KEY = `svcapi_${'k'.repeat(64)}`;
let endless: HostileServer;
let login: HostileServer;

beforeAll(async () => {
  endless = await startHostileServer({ '/whoami': '/endless' });
  login = await startHostileServer({ '/whoami': '/login' });
});
afterAll(async () => {
  await endless.close();
  await login.close();
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
    const c = new Client({ baseUrl: endless.url, token: KEY, maxAnswerBytes: 1024 * 1024, sleep: async () => {} });
    const before = endless.written.length;
    const e = await failure(c.get('/endless'));
    expect(e.code).toBe('response_too_large');
    expect(e.message).toContain('larger than any the service sends');
    expect(e.retryable).toBe(false);
    await expect.poll(() => endless.written.length).toBe(before + 1);
    // One request only, cut soon after the limit (the socket's buffers aside).
    expect(endless.written.at(-1)!).toBeLessThan(64 * 1024 * 1024);
  });

  it('an answer that drips a byte at a time ends at the deadline, not with the server', async () => {
    const c = new Client({ baseUrl: endless.url, token: KEY, readTimeoutMs: 200, deadlineMs: 300, sleep: async () => {} });
    const e = await failure(c.get('/drip'));
    expect(e.code).toBe('deadline_exceeded');
    expect(e.message).toContain('did not finish answering in time');
  });

  it('Retry-After is waited out up to a total, then the rate limit is the caller’s', async () => {
    const waits: number[] = [];
    const c = new Client({
      baseUrl: endless.url,
      token: KEY,
      sleep: async (ms) => void waits.push(ms),
      random: () => 0,
      retry: { maxRetryAfterTotalMs: 130_000, maxRateLimitRetries: 10 },
    });
    const before = endless.rateLimited();
    const e = await failure(c.get('/rate-limited'));
    expect(e.status).toBe(429);
    // Two waits of 60 s fit in 130 s; a third would not.
    expect(waits).toEqual([60_000, 60_000]);
    expect(endless.rateLimited() - before).toBe(3);
  });

  it('the same through the SDK and the CLI: the default limit holds, exit 9 with one line', async () => {
    const e = await failure(new Prospect({ baseUrl: endless.url, apiKey: KEY }).whoami());
    expect(e.code).toBe('response_too_large');

    const r = await prospect(['whoami'], { env: isolatedEnv({ PROSPECT_API_KEY: KEY, PROSPECT_BASE_URL: endless.url }) });
    expect(r.exitCode).toBe(9);
    expect(r.stderr).toContain('larger than any the service sends');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(MAX_ANSWER_BYTES).toBeLessThanOrEqual(16 * 1024 * 1024);
  });
});

describe('answers are checked before they are believed', () => {
  it('a 2xx that is not JSON is invalid_response, exit 9, through the SDK and the CLI; prospect api shows it as it came', async () => {
    const e = await failure(new Prospect({ baseUrl: login.url, apiKey: KEY }).whoami());
    expect(e.code).toBe('invalid_response');
    expect(e.message).toContain('not JSON: a proxy or login page?');

    const env = isolatedEnv({ PROSPECT_API_KEY: KEY, PROSPECT_BASE_URL: login.url });
    const r = await prospect(['whoami', '--json'], { env });
    expect(r.exitCode).toBe(9);
    expect(r.stdout + r.stderr).toContain('invalid_response');
    expect(r.stdout).not.toContain('<html>');

    const raw = await prospect(['api', 'GET', '/whoami'], { env });
    expect(raw.exitCode, raw.stderr).toBe(0);
    expect(raw.stdout).toContain('Sign in to the guest network');
  });
});
