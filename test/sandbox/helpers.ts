import http from 'node:http';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { Client, type ApiError } from '../../src/api/client.js';
import { startSandbox, type RunningSandbox, type StartSandboxOptions } from '../../src/sandbox/server.js';
import type { DemoIdentity } from '../../src/sandbox/store.js';
import { MINUTE_MS } from '../../src/api/schemas/limits.js';

export { startSandbox, type RunningSandbox };

/**
 * A data set small enough to generate in a blink (the default 50,000 people cost about 300 ms
 * a sandbox), large enough for paging and facets. Tests that need the default size ask for it.
 */
export const SMALL_DATASET = { people: 5000, companies: 500 } as const;

/**
 * A sandbox on an ephemeral loopback port, with the small data set unless `dataset` says
 * otherwise, answering a 500 wherever an answer does not fit the schema its entry names.
 */
export function openSandbox(opts: StartSandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ port: 0, dataset: SMALL_DATASET, checkAnswers: true, ...opts });
}

/** One sandbox per test file, reset before each test; `demo` is the seeded identity the reset answers. */
export function useResetSandbox(opts: StartSandboxOptions = {}): { sb: RunningSandbox; demo: DemoIdentity } {
  const t = {} as { sb: RunningSandbox; demo: DemoIdentity };
  beforeAll(async () => {
    t.sb = await openSandbox(opts);
  });
  afterAll(() => t.sb.close());
  beforeEach(async () => {
    t.demo = (await control(t.sb, 'POST', '/reset')).demo;
  });
  return t;
}

/** An SDK client that surfaces every error at once (no retries, not even on 429). */
export function clientFor(sb: RunningSandbox, token: string | undefined = sb.demoKey): Client {
  return new Client({ baseUrl: sb.url, token, retry: { maxRetries: 0, maxRateLimitRetries: 0 } });
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: any;
}

/** A request over plain node:http, for checking exact bodies and headers. */
export function raw(
  sb: RunningSandbox,
  method: string,
  path: string,
  opts: { token?: string; headers?: Record<string, string>; body?: unknown; rawBody?: string } = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let payload: string | undefined = opts.rawBody;
  if (opts.body !== undefined) payload = JSON.stringify(opts.body);
  if (payload !== undefined) {
    headers['content-type'] ??= 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    const req = http.request(`${sb.url}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Calls a /__sandbox control and returns its body; fails the test on a non-2xx answer. Every
 * method but GET sends a JSON body ({} when none is given): controls refuse anything else.
 */
export async function control<T = any>(sb: RunningSandbox, method: string, path: string, body?: unknown): Promise<T> {
  const r = await raw(sb, method, `/__sandbox${path}`, method.toUpperCase() === 'GET' ? {} : { body: body ?? {} });
  if (r.status >= 300) throw new Error(`control ${method} ${path} answered ${r.status}: ${r.text}`);
  return r.json as T;
}

/** The ApiError a call rejects with. */
export async function apiError(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    return e as ApiError;
  }
  expect.fail('the call succeeded; an error was expected');
}

/** A fixed minute start well in the future, so tests own a whole fresh window. */
export const MINUTE_START = Date.UTC(2031, 0, 15, 10, 0, 0);

/**
 * Freezes the sandbox clock `secondsIn` seconds into a fresh clock minute and returns that
 * minute's start. Frozen, the window edges and Retry-After values do not depend on how fast
 * the machine runs the test (a reset lets the clock run again).
 */
export async function freshMinute(sb: RunningSandbox, secondsIn = 1, minutes = 0): Promise<number> {
  const start = MINUTE_START + minutes * MINUTE_MS;
  await control(sb, 'POST', '/clock', { set_ms: start + secondsIn * 1000, freeze: true });
  return start;
}

export async function newKey(sb: RunningSandbox, body: Record<string, unknown> = {}): Promise<{ api_key: string; id: string }> {
  return control(sb, 'POST', '/keys', body);
}
