import { existsSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../src/api/client.js';
import { PaidCallAbortedError, sendPaid, type PaidCallJournal } from '../../src/api/paid-call.js';
import { tempDir } from '../helpers/temp-dir.js';
import { JOURNAL_KEEP_MS, JournalStore, PRUNE_EVERY_MS, newEntryId } from '../../src/workflows/journal/file-store.js';
import { runIdOf, sameRequest, type JournalEntry } from '../../src/workflows/journal/entry.js';
import { ownerStillWaiting, processStart, type ProcessProbe } from '../../src/workflows/journal/owner.js';
import { stateOf } from '../../src/commands/runs/shared/run-rows.js';

/** The paid-run journal's files and the rules that read them: no network, no sandbox. */

const NOW = Date.UTC(2031, 0, 15, 10, 0, 0);

function entry(sentMs: number, over: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id: newEntryId(sentMs),
    state: 'sent',
    sent_at: new Date(sentMs).toISOString(),
    tool: 'enrich_list',
    what: 'Enriching list "Q3" (full)',
    estimated_cost: 10,
    quote: {
      quote_id: 'qte_v1_x',
      expires_at: Math.floor(sentMs / 1000) + 300,
      estimated_cost: 10,
      tool: 'enrich_list',
      row_count: 10,
      filter_hash: 'h',
      available_credits: 100,
      sufficient: true,
    },
    request: { method: 'POST', prefix: 'v2', path: '/enrichment/bulk', body: { list_id: 'lst_1', scope: 'full' } },
    service: { base_url: 'http://127.0.0.1:1/', sandbox: false, profile: 'default', key_fingerprint: '0123456789abcdef' },
    pid: process.pid,
    ...over,
  };
}

describe('JournalStore', () => {
  it('writes one private file per entry and lists them newest first, skipping what is not an entry', () => {
    const dir = path.join(tempDir(), 'paid-runs');
    const store = new JournalStore(dir);
    const older = entry(NOW - 60_000);
    const newer = entry(NOW);
    store.write(older);
    store.write(newer);
    writeFileSync(path.join(store.openDir, `${newEntryId(NOW + 1)}.json`), '{"half": ');
    writeFileSync(path.join(dir, 'notes.txt'), 'not an entry');
    expect([...store.entries()].map((e) => e.id)).toEqual([newer.id, older.id]);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(store.openDir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(store.openDir, `${newer.id}.json`)).mode & 0o777).toBe(0o600);
  });

  it('an entry written again replaces its file whole', () => {
    const store = new JournalStore(path.join(tempDir(), 'paid-runs'));
    const e = entry(NOW);
    store.write(e);
    store.write({ ...e, state: 'answered', run_id: 'bulk-enrich-1' });
    expect([...store.entries()]).toMatchObject([{ id: e.id, state: 'answered', run_id: 'bulk-enrich-1' }]);
    expect(readdirSync(store.dir).filter((f) => f !== 'open')).toHaveLength(1);
  });

  it('prune removes entries sent more than 30 days ago and keeps the rest', () => {
    const store = new JournalStore(path.join(tempDir(), 'paid-runs'));
    const old = entry(NOW - JOURNAL_KEEP_MS - 1);
    const kept = entry(NOW - JOURNAL_KEEP_MS + 60_000);
    store.write(old);
    store.write(kept);
    store.prune(NOW);
    expect([...store.entries()].map((e) => e.id)).toEqual([kept.id]);
  });

  it('a folder that does not exist yet lists nothing', () => {
    const store = new JournalStore(path.join(tempDir(), 'none', 'paid-runs'));
    expect([...store.entries()]).toEqual([]);
    expect(store.open()).toEqual([]);
    expect(store.index().count).toBe(0);
  });

  it('open entries live in open/, closed ones beside it: a paid command reads the open ones only', () => {
    const store = new JournalStore(path.join(tempDir(), 'paid-runs'));
    const answered = { ...entry(NOW - 120_000), state: 'answered' as const, run_id: 'bulk-enrich-1' };
    const open = entry(NOW - 60_000);
    store.write(answered);
    store.write(open);
    expect(readdirSync(store.openDir)).toEqual([`${open.id}.json`]);
    expect(existsSync(path.join(store.dir, `${answered.id}.json`))).toBe(true);
    expect(store.open().map((e) => e.id)).toEqual([open.id]);
    expect(store.index().count).toBe(2);

    // Closing writes the closed file, then removes the open one.
    store.write({ ...open, state: 'not_charged', outcome: 'conflict (409)' });
    expect(readdirSync(store.openDir)).toEqual([]);
    expect(store.open()).toEqual([]);
    expect([...store.entries()].map((e) => e.state)).toEqual(['not_charged', 'answered']);
  });

  it('an open file left beside its closed one (killed between the two) counts as closed', () => {
    const store = new JournalStore(path.join(tempDir(), 'paid-runs'));
    const e = entry(NOW);
    store.write(e);
    store.write({ ...e, state: 'answered' });
    // The closed file stands; the open copy is not taken for a pending request.
    store.write(e);
    expect(store.open()).toEqual([]);
    expect([...store.entries()]).toMatchObject([{ id: e.id, state: 'answered' }]);
    expect(store.index().count).toBe(1);
  });

  it('entries are read one at a time, newest first: a listing that stops early reads no more', () => {
    const store = new JournalStore(path.join(tempDir(), 'paid-runs'));
    const older = [1, 2, 3].map((n) => ({ ...entry(NOW - n * 60_000), state: 'answered' as const }));
    const newest = { ...entry(NOW), state: 'answered' as const };
    for (const e of [...older, newest]) store.write(e);
    const it = store.entries();
    expect(it.next().value?.id).toBe(newest.id);
    // Files taken away after the first was read are not returned: they had not been read.
    for (const e of older) rmSync(path.join(store.dir, `${e.id}.json`));
    expect([...it]).toEqual([]);
  });

  it('prune removes temporary files a killed write left (older than a minute) and keeps fresh ones', () => {
    const store = new JournalStore(path.join(tempDir(), 'paid-runs'));
    store.prepare();
    const id = newEntryId(NOW);
    const stale = path.join(store.dir, `${id}.json.4242.tmp`);
    const staleOpen = path.join(store.openDir, `${id}.json.4243.tmp`);
    const fresh = path.join(store.dir, `${id}.json.4244.tmp`);
    for (const f of [stale, staleOpen, fresh]) writeFileSync(f, '{"half": ');
    const twoMinutesAgo = (Date.now() - 120_000) / 1000;
    utimesSync(stale, twoMinutesAgo, twoMinutesAgo);
    utimesSync(staleOpen, twoMinutesAgo, twoMinutesAgo);
    store.prune(NOW);
    expect([existsSync(stale), existsSync(staleOpen), existsSync(fresh)]).toEqual([false, false, true]);
  });

  it('a paid command prunes at most once an hour, so a large journal is not listed by every one', () => {
    const store = new JournalStore(path.join(tempDir(), 'paid-runs'));
    const oldEntry = () => {
      const e = { ...entry(NOW - JOURNAL_KEEP_MS - 1), state: 'answered' as const };
      store.write(e);
      return path.join(store.dir, `${e.id}.json`);
    };
    const first = oldEntry();
    store.pruneIfDue(NOW);
    expect(existsSync(first)).toBe(false);
    const second = oldEntry();
    store.pruneIfDue(NOW + PRUNE_EVERY_MS - 1);
    expect(existsSync(second)).toBe(true);
    store.pruneIfDue(NOW + PRUNE_EVERY_MS);
    expect(existsSync(second)).toBe(false);
  });
});

describe('journal rules', () => {
  it('the same request is the same method, path and body whatever the key order; any other value is another request', () => {
    const a = entry(NOW).request;
    expect(sameRequest(a, { ...a, body: { scope: 'full', list_id: 'lst_1' } })).toBe(true);
    expect(sameRequest(a, { ...a, body: { list_id: 'lst_1', scope: 'partial' } })).toBe(false);
    expect(sameRequest(a, { ...a, body: { ...a.body, lead_ids: ['ld_1'] } })).toBe(false);
    expect(sameRequest(a, { ...a, prefix: 'v1' })).toBe(false);
  });

  it("the run id is the agent run's, else the workflow's, else the cohort handle", () => {
    expect(runIdOf({ smart_agent_task_id: 'agent-1', task_id: 'agent-1' })).toBe('agent-1');
    expect(runIdOf({ workflow_id: 'bulk-enrich-1', task_id: 'svc-task_1' })).toBe('bulk-enrich-1');
    expect(runIdOf({ workflow_id: null, task_id: 'svc-task_1' })).toBe('svc-task_1');
    expect(runIdOf({ company: {} })).toBeNull();
  });

  it('a request with no answer is open while its quote lives and unknown after', () => {
    const e = entry(NOW);
    expect(stateOf(e, NOW + 299_000)).toBe('open');
    expect(stateOf(e, NOW + 300_000)).toBe('unknown');
    expect(stateOf({ ...e, state: 'answered' }, NOW + 600_000)).toBe('answered');
  });
});

describe('who sent an entry, and whether it still waits for the answer', () => {
  const OTHER = process.pid + 100_000;
  const probe = (over: Partial<ProcessProbe> = {}): ProcessProbe => ({
    host: 'here',
    alive: () => true,
    startOf: () => 'boot/100',
    ...over,
  });

  it('a live pid that started when the entry says is the sender, still waiting', () => {
    expect(ownerStillWaiting({ pid: OTHER, host: 'here', started: 'boot/100' }, false, probe())).toBe(true);
  });

  it('a live pid that started at another time is another process (the pid was used again): not waiting', () => {
    expect(ownerStillWaiting({ pid: OTHER, host: 'here', started: 'boot/99' }, true, probe())).toBe(false);
    expect(ownerStillWaiting({ pid: OTHER, host: 'here', started: 'otherboot/100' }, true, probe())).toBe(false);
  });

  it('a pid that runs no process, or this process, is not waiting', () => {
    expect(ownerStillWaiting({ pid: OTHER, host: 'here', started: 'boot/100' }, true, probe({ alive: () => false }))).toBe(false);
    expect(ownerStillWaiting({ pid: process.pid, host: 'here', started: 'boot/1' }, true, probe())).toBe(false);
  });

  it('where the start cannot be read, and on another host, the sender counts as waiting only while the quote lives', () => {
    const noStart = probe({ startOf: () => null });
    expect(ownerStillWaiting({ pid: OTHER, host: 'here', started: null }, true, noStart)).toBe(true);
    expect(ownerStillWaiting({ pid: OTHER, host: 'here', started: null }, false, noStart)).toBe(false);
    expect(ownerStillWaiting({ pid: OTHER }, true, probe())).toBe(true);
    expect(ownerStillWaiting({ pid: OTHER, host: 'there', started: 'boot/100' }, true, probe({ alive: () => false }))).toBe(true);
    expect(ownerStillWaiting({ pid: OTHER, host: 'there', started: 'boot/100' }, false, probe())).toBe(false);
  });

  it.runIf(process.platform === 'linux')('on Linux a process start is read from /proc, and tells two processes apart', () => {
    const mine = processStart(process.pid);
    expect(mine).toMatch(/^\S+\/\d+$/);
    expect(processStart(process.pid)).toBe(mine);
    expect(processStart(1)).not.toBe(mine);
    expect(processStart(2 ** 30)).toBeNull();
  });
});

describe('a paid request is journaled when an attempt goes out, not while it waits', () => {
  /** A service: GET /whoami announces a limit of 1 request a minute; POST /enrichment/bulk answers as planned. */
  const plan: Array<{ status: number; headers?: Record<string, string> }> = [];
  let posts = 0;
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.method === 'POST') posts++;
      const next = req.method === 'POST' ? (plan.shift() ?? { status: 200 }) : { status: 200, headers: { 'ratelimit-policy': '1;w=60' } };
      res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
      res.end(
        JSON.stringify(
          next.status === 200 ? { workflow_id: 'bulk-enrich-1' } : { error: { code: 'RATE_LIMITED', message: 'Too many requests' } },
        ),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  /** A journal that notes what it is told. */
  function journal() {
    const told: string[] = [];
    const j: PaidCallJournal = {
      sending: async () => {
        told.push('sending');
        return {
          resend: false,
          open: false,
          answered: async () => void told.push('answered'),
          used: async () => void told.push('used'),
          refused: async (e) => void told.push(`refused ${e.code}`),
          withdrawn: async (e) => void told.push(`withdrawn ${e?.code ?? 'unsent'}`),
          abandoned: async () => void told.push('abandoned'),
          handedOff: () => void told.push('handed off'),
        };
      },
    };
    return { j, told };
  }

  /** A client whose waits last until the request is stopped; `waiting` resolves when one starts. */
  function stoppedWhileWaiting() {
    const stop = new AbortController();
    let waited!: () => void;
    const waiting = new Promise<void>((r) => (waited = r));
    const client = new Client({
      baseUrl: base,
      token: 'svcapi_x',
      random: () => 0,
      sleep: (_ms, signal) =>
        new Promise((_resolve, reject) => {
          waited();
          signal?.addEventListener('abort', () => reject(signal.reason));
        }),
    });
    return { client, stop, waiting };
  }

  const body: { quote_id: string } = Object.assign({ list_id: 'lst_1' }, { quote_id: 'qte_v1_x' });
  const bulk = (client: Client, signal?: AbortSignal, journal?: PaidCallJournal) =>
    sendPaid(client, { method: 'POST', path: '/enrichment/bulk', body, ...(signal ? { signal } : {}) }, null, undefined, { journal });

  it('stopped while pacing before it went out: nothing is journaled and nothing sent', async () => {
    posts = 0;
    const { client, stop, waiting } = stoppedWhileWaiting();
    await client.get('/whoami');
    const { j, told } = journal();
    const sent = bulk(client, stop.signal, j);
    await waiting;
    stop.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
    expect(told).toEqual([]);
    expect(posts).toBe(0);
    client.close();
  });

  it('stopped while waiting out a 429: the refused attempt is withdrawn, so nothing is left pending', async () => {
    posts = 0;
    plan.push({ status: 429, headers: { 'retry-after': '30' } });
    const { client, stop, waiting } = stoppedWhileWaiting();
    const { j, told } = journal();
    const sent = bulk(client, stop.signal, j);
    await waiting;
    stop.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
    expect(told).toEqual(['sending', 'handed off', 'withdrawn rate_limited']);
    expect(posts).toBe(1);
    client.close();
  });

  it('after a 429 the attempt that goes out is journaled again, and its answer recorded', async () => {
    plan.push({ status: 429, headers: { 'retry-after': '1' } });
    const client = new Client({ baseUrl: base, token: 'svcapi_x', random: () => 0, sleep: async () => {} });
    const { j, told } = journal();
    await expect(bulk(client, undefined, j)).resolves.toMatchObject({ workflow_id: 'bulk-enrich-1' });
    expect(told).toEqual(['sending', 'handed off', 'withdrawn rate_limited', 'sending', 'handed off', 'answered']);
    client.close();
  });

  it('stopped before it was handed to the network: withdrawn, and the error says nothing was sent', async () => {
    posts = 0;
    const client = new Client({ baseUrl: base, token: 'svcapi_x', random: () => 0, sleep: async () => {} });
    const { j, told } = journal();
    const stop = new AbortController();
    stop.abort();
    const e = await bulk(client, stop.signal, j).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(PaidCallAbortedError);
    expect(e).toMatchObject({ name: 'AbortError', sent: false });
    expect(told).toEqual(['sending', 'withdrawn unsent']);
    expect(posts).toBe(0);
    client.close();
  });

  it('stopped after it went out: the entry stays open (abandoned) and the error carries the quote that resolves it', async () => {
    let arrived!: () => void;
    const got = new Promise<void>((r) => (arrived = r));
    const silent = http.createServer((req) => req.resume().on('end', () => arrived()));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const client = new Client({
      baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      token: 'svcapi_x',
      random: () => 0,
      sleep: async () => {},
    });
    const { j, told } = journal();
    const stop = new AbortController();
    const sent = bulk(client, stop.signal, j).catch((err: unknown) => err);
    await got;
    stop.abort();
    expect(await sent).toMatchObject({ name: 'AbortError', sent: true, quoteId: 'qte_v1_x' });
    expect(told).toEqual(['sending', 'handed off', 'abandoned']);
    client.close();
    silent.closeAllConnections();
    await new Promise<void>((r) => silent.close(() => r()));
  });
});
