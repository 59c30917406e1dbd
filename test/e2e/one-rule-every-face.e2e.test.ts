import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Prospect } from '../../src/index.js';
import { control } from '../sandbox/helpers.js';
import { isolatedEnv } from '../helpers/binary.js';
import { prospect, runInProcess, sandboxClock } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { json } from '../helpers/json.js';
import { balance, callTool, structuredOf, textOf, useMcpSandbox } from '../mcp/helpers.js';
import { JournalStore, journalDir } from '../../src/workflows/journal/file-store.js';

/**
 * One set of spending rules for every face (issue 31): the same scenario through the CLI, the
 * SDK and the MCP server spends the same credits and leaves the same data. A CRM export of 2,000
 * leads, 1,200 with an email, is imported into a list per face; each face enriches its list
 * (partial): 800 credits at most, the 1,200 imported emails byte-identical after; run again: 0.
 */
const t = useMcpSandbox();
const clients: Prospect[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

const ROWS = 2_000;
const WITH_EMAIL = 1_200;
const crmExport = () =>
  [
    'First Name,Last Name,Company,Website,Email',
    ...Array.from(
      { length: ROWS },
      (_, i) => `Ann${i},Lee${i},Acme ${i % 97},acme${i % 97}.example,${i < WITH_EMAIL ? `ann${i}.lee@crm-${i % 13}.example` : ''}`,
    ),
  ].join('\n') + '\n';

interface Face {
  name: string;
  /** Enriches the list (partial), waits for its runs to end, and says what it charged. */
  enrich(listId: string): Promise<number>;
  /** The same enrichment twice at once (two commands, two calls of one client, two servers of one user), both awaited. */
  twice(listId: string): Promise<void>;
  /** A title_normalizer run over the list, stopped once `started` resolves (the service took it), then the same again. */
  agentStoppedThenAgain(listId: string, started: Promise<void>): Promise<void>;
}

const AGENT = (list_id: string) => ({ list_id, agent_type: 'title_normalizer' as const, column_name: 'Clean' });

function sdk(): Prospect {
  const c = new Prospect({ baseUrl: t.sb.url, apiKey: t.sb.demoKey });
  clients.push(c);
  return c;
}

/** Every run started so far ends: the sandbox's clock moves on. */
const runsEnd = () => control(t.sb, 'POST', '/clock', { advance_ms: 60 * 60_000 });

const FACES: Face[] = [
  {
    name: 'the CLI',
    enrich: async (listId) => {
      const env = isolatedEnv({ PROSPECT_BASE_URL: t.sb.url, PROSPECT_API_KEY: t.sb.demoKey });
      const r = await prospect(['enrich', 'list', listId, '--yes', '--json'], { env, clock: sandboxClock(t.sb) });
      expect(r.exitCode, r.stderr).toBe(0);
      return json(r.stdout).credits_charged ?? 0;
    },
    twice: async (listId) => {
      const env = isolatedEnv({ PROSPECT_BASE_URL: t.sb.url, PROSPECT_API_KEY: t.sb.demoKey });
      const both = await Promise.all([0, 1].map(() => prospect(['enrich', 'list', listId, '--yes', '--no-wait', '--json'], { env })));
      for (const r of both) expect(r.exitCode, r.stderr).toBe(0);
    },
    agentStoppedThenAgain: async (listId, started) => {
      const env = isolatedEnv({ PROSPECT_BASE_URL: t.sb.url, PROSPECT_API_KEY: t.sb.demoKey });
      const argv = ['agents', 'run', listId, '--type', 'title_normalizer', '--column', 'Clean', '--yes'];
      const stop = new AbortController();
      const first = runInProcess(argv, { env, signal: stop.signal });
      await started;
      stop.abort();
      expect((await first).code).toBe(130);
      // Again while it goes: refused, naming the run (exit 7); or, its answer lost, resolved through its quote (exit 0).
      const again = await prospect(argv, { env });
      expect([0, 7], again.stderr).toContain(again.exitCode);
    },
  },
  {
    name: 'the SDK',
    enrich: async (listId) => {
      const client = sdk();
      const job = await client.enrichment.bulk({ list_id: listId, scope: 'partial' }, { maxCredits: 1_000 });
      await runsEnd();
      let charged = 0;
      for (const id of job.workflow_ids) charged += (await client.enrichment.status(id)).credits_charged ?? 0;
      return charged;
    },
    twice: async (listId) => {
      const client = sdk();
      await Promise.all([0, 1].map(() => client.enrichment.bulk({ list_id: listId, scope: 'partial' }, { maxCredits: 1_000 })));
    },
    agentStoppedThenAgain: async (listId, started) => {
      const client = sdk();
      const stop = new AbortController();
      const first = client.agents.run(AGENT(listId), { maxCredits: 100, signal: stop.signal }).catch((e: unknown) => e);
      await started;
      stop.abort();
      expect(await first).toMatchObject({ name: 'AbortError', sent: true });
      // The same call again resolves the run it started through its quote: the same run, paid once.
      await client.agents
        .run(AGENT(listId), { maxCredits: 100 })
        .catch((e: unknown) => expect(e).toMatchObject({ code: 'run_in_progress' }));
    },
  },
  {
    name: 'MCP',
    enrich: async (listId) => {
      const s = await t.session({ maxCredits: 1_000 });
      const priced = structuredOf(await callTool(s, 'enrich_list', { list_id: listId, scope: 'partial' }));
      if (priced.status === 'nothing_to_do') return 0;
      const ran = await callTool(s, 'enrich_list', { list_id: listId, scope: 'partial', quote_id: priced.quote.quote_id });
      expect(structuredOf(ran)?.status, textOf(ran)).toBe('ran');
      await runsEnd();
      // Several runs answer `runs`, one answers `result`.
      const answers = (structuredOf(ran).runs ?? [structuredOf(ran).result]) as Array<{ workflow_id: string }>;
      let charged = 0;
      for (const a of answers) charged += (await sdk().enrichment.status(a.workflow_id)).credits_charged ?? 0;
      return charged;
    },
    twice: async (listId) => {
      // Two servers of one user (one data dir), told apart as two processes are.
      const store = new JournalStore(journalDir(isolatedEnv()));
      const servers = await Promise.all(['one', 'two'].map((host) => t.session({ maxCredits: 1_000, store, host })));
      const args = { list_id: listId, scope: 'partial' };
      const quotes = await Promise.all(
        servers.map(async (s) => structuredOf(await callTool(s, 'enrich_list', args)).quote.quote_id as string),
      );
      const ran = await Promise.all(servers.map((s, i) => callTool(s, 'enrich_list', { ...args, quote_id: quotes[i] })));
      for (const r of ran) expect(structuredOf(r)?.status, textOf(r)).toBe('ran');
    },
    agentStoppedThenAgain: async (listId, started) => {
      const s = await t.session({ maxCredits: 100 });
      const quote = structuredOf(await callTool(s, 'agents_run', AGENT(listId))).quote.quote_id as string;
      const stop = new AbortController();
      const first = s.mcp
        .callTool({ name: 'agents_run', arguments: { ...AGENT(listId), quote_id: quote } }, undefined, { signal: stop.signal })
        .catch((e: unknown) => e);
      await started;
      stop.abort();
      await first;
      // The assistant calls again: the run going is named (run_in_progress) or the same quote's answer comes back; nothing more is spent.
      const again = await callTool(s, 'agents_run', AGENT(listId));
      expect(textOf(again)).toMatch(/run_in_progress|already ran|ran/);
    },
  },
];

/** A list holding the CRM export, imported without enrichment (free). */
async function importedList(name: string): Promise<string> {
  const file = path.join(tempDir(), 'crm.csv');
  writeFileSync(file, crmExport());
  const env = isolatedEnv({ PROSPECT_BASE_URL: t.sb.url, PROSPECT_API_KEY: t.sb.demoKey });
  const r = await prospect(['import', name, file, '--create', '--json'], { env });
  expect(r.exitCode, r.stderr).toBe(0);
  return json(r.stdout).list_id as string;
}

/** The list's emails by lead name: what enrichment left, comparable across lists. */
async function emailsByName(listId: string): Promise<Map<string, string | null>> {
  const leads = await sdk().lists.leads(listId).toArray({ limit: 5_000 });
  return new Map(leads.map((l) => [`${l.first_name} ${l.last_name}`, l.email]));
}

describe('the same list enrichment through the CLI, the SDK and MCP', () => {
  it('each pays only for the 800 leads without an email, keeps the 1,200 imported ones byte for byte, pays 0 again, and all three leave the same emails', async () => {
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 1 } });
    const left: Array<Map<string, string | null>> = [];
    for (const face of FACES) {
      const listId = await importedList(`CRM ${face.name}`);
      const imported = await emailsByName(listId);
      expect([...imported.values()].filter(Boolean)).toHaveLength(WITH_EMAIL);

      const before = await balance(t.sb);
      const charged = await face.enrich(listId);
      // Every lead without an email is found (hit rate 1): exactly the 800 are paid for.
      expect(charged, face.name).toBe(ROWS - WITH_EMAIL);
      expect(before - (await balance(t.sb)), face.name).toBe(charged);
      const after = await emailsByName(listId);
      for (const [who, email] of imported) if (email) expect(after.get(who), `${face.name}: ${who}`).toBe(email);

      const again = await face.enrich(listId);
      expect(again, `${face.name} again`).toBe(0);
      expect(before - (await balance(t.sb)), `${face.name} again`).toBe(charged);
      left.push(after);
    }
    expect(left[1]).toEqual(left[0]);
    expect(left[2]).toEqual(left[0]);
  }, 120_000);

  it('the same enrichment twice at once through each face starts its runs once: 800 credits, not 1,600', async () => {
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 1 } });
    for (const face of FACES) {
      const listId = await importedList(`CRM ${face.name}`);
      const before = await balance(t.sb);
      const bulkBefore = await handledRuns();
      // The first run's answer is held back, so the second request is made while the first is on its way (the second began before the first was sent: it joins it even once answered).
      await control(t.sb, 'POST', '/faults', {
        rules: [{ method: 'POST', path: '/enrichment/bulk', kind: 'latency', phase: 'after', latency_ms: 600, count: 1 }],
      });
      await face.twice(listId);
      await control(t.sb, 'DELETE', '/faults');
      // 800 leads without an email: two runs (500 and 300), each started once.
      expect((await handledRuns()) - bulkBefore, face.name).toBe(2);
      await runsEnd();
      expect(before - (await balance(t.sb)), face.name).toBe(ROWS - WITH_EMAIL);
    }
  }, 120_000);
});

describe('a smart-agent run stopped and run again through each face', () => {
  it('pays each lead once: one run started, 20 credits for 20 leads', async () => {
    for (const face of FACES) {
      const listId = await t.seededList(`Agents ${face.name}`, 20);
      const before = await balance(t.sb);
      // Its answer is held back: the face is stopped after the service started the run.
      await control(t.sb, 'POST', '/faults', {
        rules: [{ method: 'POST', path: '/smart-agents/run', kind: 'latency', phase: 'after', latency_ms: 1_000, count: 1 }],
      });
      // The fault rule counts the request once the service took it (handled, its answer held).
      const taken = async () => ((await control(t.sb, 'GET', '/faults')).rules as Array<{ matched: number }>)[0]?.matched ?? 0;
      const started = expect.poll(taken, { timeout: 20_000 }).toBe(1);
      await face.agentStoppedThenAgain(listId, started);
      await control(t.sb, 'DELETE', '/faults');
      await runsEnd();
      expect((await sdk().agents.list({ list_id: listId })).runs, face.name).toHaveLength(1);
      expect(before - (await balance(t.sb)), face.name).toBe(20);
    }
  }, 120_000);
});

/** Requests of a paid route the sandbox handled with credits reserved: the runs it started. */
async function handled(route: string): Promise<number> {
  const rows = (await control(t.sb, 'GET', '/requests?limit=50000')).requests as Array<{
    method: string;
    route: string;
    status_code: number;
    credits_spent: number;
  }>;
  return rows.filter((r) => r.method === 'POST' && r.route === route && r.status_code < 300 && r.credits_spent > 0).length;
}

const handledRuns = () => handled('/enrichment/bulk');
