// Paid exactly once across processes (issue 31): rounds of two identical paid commands started
// together as separate processes of the built CLI, and of `agents run` stopped (SIGINT) then run
// again, against a sandbox of this process. The overlap is forced, not left to timing: the
// first request of the paid route is handled and its answer held back (a sandbox latency fault in
// phase "after"), so the second command makes its request while the first is on its way.
// A double charge is a second request of the paid route that the sandbox handled with credits
// reserved (its request log). Run alone: node bench/paid-once.mjs [rounds] (default 20).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { target, targetTable } from './targets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
// PROSPECT_BENCH_BIN: another build's bin/prospect.js, to measure it the same way (the build before a change).
const BIN = process.env.PROSPECT_BENCH_BIN ?? path.join(here, '..', 'bin', 'prospect.js');
const require = createRequire(import.meta.url);

/** How long the first request's answer is held back by default (the suite's few rounds pass less). */
const HOLD_MS = 1_500;

function run(args, env, { onLine } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => {
      stderr += d;
      onLine?.(String(d), child);
    });
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** The scenarios: how to make the round's list (or file), the command, and the paid route it sends. */
const SCENARIOS = [
  { name: 'enrich list', route: '/enrichment/bulk', args: (s) => ['enrich', 'list', s.list, '--yes', '--no-wait'] },
  {
    name: 'agents run',
    route: '/smart-agents/run',
    args: (s) => ['agents', 'run', s.list, '--type', 'title_normalizer', '--column', 'Clean', '--yes', '--no-wait'],
  },
  { name: 'sync crm', route: '/migrate/crm', args: (s) => ['sync', 'crm', s.list, '--provider', 'crm_one', '--yes'] },
  {
    name: 'enrich person',
    route: '/enrichment/person',
    args: (s) => ['enrich', 'person', '--list', s.list, '--email', 'ann.lee@acme.example', '--yes', '--no-wait'],
  },
  { name: 'enrich company', route: '/enrichment/company', args: (s) => ['enrich', 'company', '--domain', s.domain, '--yes'] },
  {
    name: 'import --enrich',
    route: '/lead-lists/{list_id}/csv-import',
    args: (s) => ['import', s.list, s.csv, '--enrich', 'partial', '--yes', '--no-wait'],
  },
];

export async function benchPaidOnce(rounds = 20, { holdMs = HOLD_MS } = {}) {
  const { startSandbox } = require(path.join(here, '..', 'dist', 'sandbox-server.cjs'));
  const sb = await startSandbox({ port: 0, rateLimits: false, dataset: { people: 5_000, companies: 1_000 } });
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'prospect-paid-once-'));
  const csv = path.join(tmp, 'leads.csv');
  writeFileSync(csv, `First Name,Last Name,Company\n${Array.from({ length: 20 }, (_, i) => `Ann${i},Lee${i},Acme ${i}`).join('\n')}\n`);
  const control = async (method, p, body) => {
    const res = await fetch(`${sb.url}/__sandbox${p}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const paidRequests = async (route) =>
    (await control('GET', '/requests?limit=5000')).requests.filter(
      (r) => r.method === 'POST' && r.route === route && r.status_code < 300 && r.credits_spent > 0,
    ).length;
  // A company of the data set: the domain of a person's employer.
  const people = await fetch(`${sb.url}/api/v2/people/find`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sb.demoKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ filters: { seniority: ['Director'] }, limit: 1 }),
  }).then((r) => r.json());
  const domain = people.results[0].domain;

  /** A round: a fresh sandbox state and data dir, a list of 20 leads. */
  async function round() {
    await control('POST', '/reset');
    await control('POST', '/enrichment', { pace: { pending_ms: 0, min_run_ms: 3_000, row_ms: 0 } });
    const data = mkdtempSync(path.join(tmp, 'data-'));
    const env = {
      PATH: process.env.PATH,
      HOME: tmp,
      NO_COLOR: '1',
      PROSPECT_DATA_DIR: data,
      PROSPECT_CONFIG_DIR: path.join(data, 'config'),
      PROSPECT_BASE_URL: sb.url,
      PROSPECT_API_KEY: sb.demoKey,
      PROSPECT_SECURE_STORAGE: 'off',
    };
    const { list_id } = await control('POST', '/lists', { name: 'Q3', people: 20 });
    return { env, list: list_id, domain, csv };
  }

  const results = [];
  for (const sc of SCENARIOS) {
    let doubles = 0;
    let failed = 0;
    for (let i = 0; i < rounds; i++) {
      const s = await round();
      await control('POST', '/faults', {
        rules: [
          { method: 'POST', path: sc.route.replace(/\{[^}]+\}/g, '*'), kind: 'latency', phase: 'after', latency_ms: holdMs, count: 1 },
        ],
      });
      const both = await Promise.all([run(sc.args(s), s.env), run(sc.args(s), s.env)]);
      const bad = both.find((r) => r.code !== 0);
      if (bad) {
        failed++;
        console.error(
          `paid-once: ${sc.name}: a command ended ${bad.code ?? bad.signal}: ${bad.stderr.trim().split('\n').slice(-3).join(' | ')}`,
        );
      }
      if ((await paidRequests(sc.route)) > 1) doubles++;
    }
    results.push({ name: `${sc.name}, two at once`, rounds, doubles, failed });
  }

  // agents run stopped (Ctrl-C while it waits for the run) and run again.
  let doubles = 0;
  let failed = 0;
  for (let i = 0; i < rounds; i++) {
    const s = await round();
    const args = ['agents', 'run', s.list, '--type', 'title_normalizer', '--column', 'Clean', '--yes'];
    const first = await run(args, s.env, { onLine: (text, child) => /Started agent-/.test(text) && child.kill('SIGINT') });
    const again = await run(args, s.env);
    // Stopped: 130; run again while the first goes: refused (7) or resolved (0).
    if (first.code !== 130 || ![0, 7].includes(again.code)) {
      failed++;
      console.error(
        `paid-once: agents run stopped: ended ${first.code}, then ${again.code}: ${again.stderr.trim().split('\n').slice(-2).join(' | ')}`,
      );
    }
    if ((await paidRequests('/smart-agents/run')) > 1) doubles++;
  }
  results.push({ name: 'agents run stopped, then run again', rounds, doubles, failed });

  await sb.close();
  rmSync(tmp, { recursive: true, force: true });
  return results;
}

export const paidOnceTable = (results) =>
  [
    '| scenario | rounds | double charges | rounds with a failed command |',
    '|---|---|---|---|',
    ...results.map((r) => `| ${r.name} | ${r.rounds} | ${r.doubles} | ${r.failed} |`),
  ].join('\n');

export const paidOnceTargets = (results) =>
  results.map((r) => target('paid once', r.name, `${r.doubles} of ${r.rounds} paid twice`, '0 double charges', r.doubles === 0));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await benchPaidOnce(Number(process.argv[2] ?? 20));
  console.log(paidOnceTable(results));
  console.log();
  console.log(targetTable(paidOnceTargets(results)));
  process.exit(results.every((r) => r.doubles === 0) ? 0 : 1);
}
