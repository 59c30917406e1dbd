import { EventEmitter, once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, vi } from 'vitest';
import { control, type RawResponse, type RunningSandbox } from './helpers.js';
import { call, type Cast } from './lists-helpers.js';
import type { PersonFacts } from '../../src/sandbox/data/dataset.js';
import { enrichmentArea } from '../../src/sandbox/engine/enrichment.js';

export const V1 = '/api/v1/public';
export const START_MS = Date.UTC(2031, 6, 1, 9);
/** Longer than any v1 run of up to 250 contacts takes at the default pace. */
export const RUN_MS = 2_000;

export const bulk = (cast: Cast, body: unknown, token?: string): Promise<RawResponse> =>
  call(cast.sb, 'POST', '/enrich/bulk', { prefix: V1, body, ...(token ? { token } : {}) });

export const v1Status = (cast: Cast, query: Record<string, string>, token?: string): Promise<RawResponse> =>
  call(cast.sb, 'GET', `/enrich/status?${new URLSearchParams(query).toString()}`, { prefix: V1, ...(token ? { token } : {}) });

export const deliveries = (cast: Cast, query: Record<string, string>, token?: string): Promise<RawResponse> =>
  call(cast.sb, 'GET', `/webhooks/deliveries?${new URLSearchParams(query).toString()}`, { prefix: V1, ...(token ? { token } : {}) });

export const advance = (sb: RunningSandbox, ms: number) => control(sb, 'POST', '/clock', { advance_ms: ms });

export async function balance(cast: Cast): Promise<number> {
  const r = await call(cast.sb, 'GET', '/credits/balance', { prefix: V1 });
  expect(r.status, r.text).toBe(200);
  return r.json.credits;
}

/** Share of emails and phones the providers find (1: everyone with one, 0: nobody). */
export function hitRates(sb: RunningSandbox, email: number | null, phone: number | null = email): void {
  enrichmentArea(sb.store).settings.hit_rates = { email, phone };
}

export const byUrl = (p: PersonFacts) => ({ linkedin_url: p.linkedin_url });

export function byName(cast: Cast, p: PersonFacts, at: 'domain' | 'name' = 'domain') {
  const c = cast.ds.company(p.company_index);
  return {
    first_name: p.first_name,
    last_name: p.last_name,
    ...(at === 'domain' ? { company_domain: c.domain } : { company_name: c.name }),
  };
}

/** People of the data set that have an email and a phone (found with hit rates 1). */
export function reachablePeople(cast: Cast, n: number): PersonFacts[] {
  const out: PersonFacts[] = [];
  for (let i = 0; out.length < n; i++) {
    const p = cast.ds.person(i);
    if (p.email && p.phone) out.push(p);
  }
  return out;
}

/** A LinkedIn profile nobody knows: found by no provider, whatever the hit rates. */
export const unknownProfile = (k: number) => ({ linkedin_url: `https://www.linkedin.com/in/nobody-known-${k}` });

export function expectGenericError(r: RawResponse, status: number, code: string): { code: string; message: string; details?: any } {
  expect(r.status, r.text).toBe(status);
  expect(Object.keys(r.json.error).sort()).toEqual(expect.arrayContaining(['code', 'message']));
  expect(r.json.error.code).toBe(code);
  expect(r.json.error).not.toHaveProperty('problem');
  return r.json.error;
}

/** Starts a run (200 expected) and returns its answer. */
export async function started(cast: Cast, body: unknown): Promise<any> {
  const r = await bulk(cast, body);
  expect(r.status, r.text).toBe(200);
  return r.json;
}

/** Moves the sandbox clock past the run's end and reads its v1 status (the read settles it). */
export async function finish(cast: Cast, workflowId: string): Promise<any> {
  await advance(cast.sb, RUN_MS);
  const r = await v1Status(cast, { workflow_id: workflowId });
  expect(r.status, r.text).toBe(200);
  return r.json.workflow;
}

// Webhook receivers.

export interface Hit {
  /** performance.now() when the request arrived. */
  at: number;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  hits: Hit[];
  /** Resolves once the n-th request (1-based) has arrived and `answer` was called for it; rejects after `withinMs`. */
  arrived(n: number, withinMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A local HTTP receiver; `answer` gets the 1-based number of each request (after its body was read). */
export async function receiver(answer: (n: number, res: http.ServerResponse, hit: Hit) => void, path = '/hook'): Promise<Receiver> {
  const hits: Hit[] = [];
  const arrivals = new EventEmitter();
  const server = http.createServer((req, res) => {
    const at = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hit = { at, method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      hits.push(hit);
      answer(hits.length, res, hit);
      arrivals.emit('hit');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}${path}`;
  return {
    url,
    hits,
    async arrived(n, withinMs = 5_000) {
      const signal = AbortSignal.timeout(withinMs);
      try {
        while (hits.length < n) await once(arrivals, 'hit', { signal });
      } catch {
        throw new Error(`${url}: request ${n} did not arrive within ${withinMs} ms (${hits.length} arrived)`);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export const answerWith =
  (status: number, headers: Record<string, string> = {}) =>
  (_n: number, res: http.ServerResponse) => {
    res.writeHead(status, headers);
    res.end('{}');
  };

/**
 * Reads until `ready` holds, failing after `withinMs`: for state that announces no event (rows read
 * over HTTP). Wait for a receiver's requests with `Receiver.arrived` instead.
 */
export function eventually<T>(read: () => Promise<T>, ready: (v: T) => boolean, withinMs = 5_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const v = await read();
      if (!ready(v)) throw new Error(`not ready within ${withinMs} ms: ${JSON.stringify(v)}`);
      return v;
    },
    { timeout: withinMs, interval: 20 },
  );
}
