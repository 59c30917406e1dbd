import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { Prospect, type ProspectOptions } from '../../src/index.js';
import type { TraceEvent } from '../../src/api/client.js';
import { control, openSandbox, type RunningSandbox } from '../sandbox/helpers.js';

/** Runs start at once and end 50 ms (sandbox time) after they start. */
const FAST_RUNS = { pending_ms: 0, min_run_ms: 50, row_ms: 0 };

export interface SdkSandbox {
  sb: RunningSandbox;
  /** A client of the demo key, told of every request (see `sent`). */
  client: Prospect;
  /** The requests the client sent since the test began: "METHOD /path" under /api/v2 (or the full path elsewhere). */
  sent: string[];
  /** A client with other options, closed after the test. */
  clientWith(opts: ProspectOptions): Prospect;
}

const shortPath = (url: string) => new URL(url).pathname.replace(/^\/api\/v2/, '');

/** Sets `t.sb`: one sandbox for a test file, reset before each test, with rate limits off and enrichment runs paced fast. */
export function useFastSandbox(t: { sb: RunningSandbox }): void {
  beforeAll(async () => {
    t.sb = await openSandbox();
  });
  afterAll(() => t.sb.close());
  beforeEach(async () => {
    await control(t.sb, 'POST', '/reset');
    await control(t.sb, 'POST', '/rate-limits', { enabled: false });
    await control(t.sb, 'POST', '/enrichment', { pace: FAST_RUNS });
  });
}

/** useFastSandbox, and a fresh SDK client of the demo key per test, without retries. */
export function useSdkSandbox(): SdkSandbox {
  const t = { sent: [] as string[] } as SdkSandbox;
  const clients: Prospect[] = [];
  useFastSandbox(t);
  beforeEach(() => {
    t.sent = [];
    t.clientWith = (opts) => {
      const c = new Prospect({ baseUrl: t.sb.url, apiKey: t.sb.demoKey, maxRetries: 0, ...opts });
      clients.push(c);
      return c;
    };
    t.client = t.clientWith({ onTrace: (e: TraceEvent) => void (e.type === 'request' && t.sent.push(`${e.method} ${shortPath(e.url)}`)) });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  return t;
}

/** The credits of the demo organization. */
export async function balanceOf(t: SdkSandbox): Promise<number> {
  return (await t.clientWith({}).credits.balance()).credits;
}

/** A list of `people` leads saved from the data set: its id. */
export async function seededList(t: SdkSandbox, name: string, people: number, fromPerson = 0): Promise<string> {
  return (await control(t.sb, 'POST', '/lists', { name, people, from_person: fromPerson })).list_id;
}

/** Polls fast: sandbox runs end within tens of milliseconds. */
export const FAST_POLL = { initialIntervalMs: 10, maxIntervalMs: 50 };
