// Load test of the sandbox over loopback: 50 clients at once, each with its own API key and
// its own keep-alive connection (one user each), against GET /whoami, POST /people/find with
// a typical filter, and GET /lead-lists/{id}/leads (pages of a seeded list, following the
// cursor). The sandbox runs as `prospect sandbox serve` in its own process so the load
// generator never shares its event loop; its CPU time comes from /proc.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { target, targetTable } from './targets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const BIN = path.join(here, '..', 'bin', 'prospect.js');
const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 50);
const REQUESTS = Number(process.env.BENCH_LOAD_REQUESTS ?? 5_000);
const MAX_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const WARMUP = 500;
const LIST_PEOPLE = 5_000;
const PAGE = 100;
/** Ours, not the service's: see bench/README.md for why 50 ms. */
export const LOAD_TARGET = { endpoint: 'GET /whoami', p99Ms: 50 };

/** Starts `prospect sandbox serve` and reads the ready line (with the demo key) from fd 3. */
async function startServer(tmp) {
  const env = {
    ...process.env,
    PROSPECT_DATA_DIR: path.join(tmp, 'data'),
    PROSPECT_CONFIG_DIR: path.join(tmp, 'config'),
    PROSPECT_SANDBOX_READY_FD: '3',
  };
  // BENCH_SANDBOX_NODE_ARGS (e.g. --trace-gc) goes to the sandbox's node, for looking into a figure.
  const nodeArgs = process.env.BENCH_SANDBOX_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, BIN, 'sandbox', 'serve', '--port', '0', '--no-rate-limits'], {
    env,
    stdio: ['ignore', nodeArgs.length ? 'inherit' : 'ignore', 'inherit', 'pipe'],
  });
  const line = await new Promise((resolve, reject) => {
    let buf = '';
    child.stdio[3].setEncoding('utf8');
    child.stdio[3].on('data', (c) => {
      buf += c;
      if (buf.includes('\n')) resolve(buf.slice(0, buf.indexOf('\n')));
    });
    child.once('exit', (code) => reject(new Error(`sandbox serve exited (${code}) before it was ready`)));
  });
  child.stdio[3].destroy();
  const stopped = new Promise((r) => child.once('exit', r));
  return { child, info: JSON.parse(line), stop: () => (child.kill('SIGTERM'), stopped) };
}

/** Seconds of CPU (user + system) a process has used, from /proc (Linux; null elsewhere). */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in USER_HZ (100 on Linux)
  } catch {
    return null;
  }
}

/** One request over a keep-alive agent (undefined: a fresh connection): { status, text }. */
export function request(agent, url, { method = 'GET', key, body }) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers = { authorization: `Bearer ${key}` };
  if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function control(url, p, body) {
  const r = await request(undefined, `${url}/__sandbox${p}`, { method: 'POST', key: '', body });
  if (r.status !== 200) throw new Error(`control ${p}: ${r.status} ${r.text}`);
  return JSON.parse(r.text);
}

/** The three workloads; `next` returns one request for a client and `seen` reads its answer. */
function workloads(url, listId) {
  return [
    { name: 'GET /whoami', next: () => ({ url: `${url}/api/v2/whoami` }) },
    {
      name: 'POST /people/find',
      next: () => ({
        url: `${url}/api/v2/people/find`,
        method: 'POST',
        body: { filters: { seniority: ['Director', 'Head'], departments: ['Sales'], location_country: ['Germany'] }, limit: 25 },
      }),
    },
    {
      name: 'GET /lead-lists/{id}/leads',
      next: (client) => ({
        url: `${url}/api/v2/lead-lists/${listId}/leads?limit=${PAGE}${client.cursor ? `&cursor=${encodeURIComponent(client.cursor)}` : ''}`,
      }),
      seen: (client, text) => (client.cursor = JSON.parse(text).cursor ?? undefined),
    },
  ];
}

const pct = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Runs `total` requests (or until `seconds` pass) with every client in a closed loop. */
async function phase(clients, work, total, seconds) {
  const deadline = performance.now() + seconds * 1000;
  const times = [];
  let issued = 0;
  let errors = 0;
  const firstError = [];
  const loop = async (client) => {
    while (issued < total && performance.now() < deadline) {
      issued++;
      const r = work.next(client);
      const t = performance.now();
      try {
        const res = await request(client.agent, r.url, { method: r.method, key: client.key, body: r.body });
        times.push(performance.now() - t);
        if (res.status !== 200) {
          errors++;
          firstError.push(`${res.status} ${res.text.slice(0, 200)}`);
        } else work.seen?.(client, res.text);
      } catch (e) {
        times.push(performance.now() - t);
        errors++;
        firstError.push(e.message);
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(clients.map(loop));
  const wallMs = performance.now() - t0;
  times.sort((a, b) => a - b);
  return {
    n: times.length,
    errors,
    firstError: firstError[0],
    wallMs,
    rps: times.length / (wallMs / 1000),
    p50: pct(times, 0.5),
    p99: pct(times, 0.99),
    max: times.at(-1),
  };
}

export async function benchLoad() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'prospect-bench-load-'));
  const server = await startServer(tmp);
  const clients = [];
  try {
    const { url } = server.info;
    // Rate limits are off in the server (--no-rate-limits): besides the per-key 30 a minute,
    // the organization's minute limit and its 60 searches a day count all keys together.
    for (let i = 0; i < CLIENTS; i++) {
      const { api_key } = await control(url, '/keys', { name: `Load client ${i + 1}` });
      clients.push({ key: api_key, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) });
    }
    const list = await control(url, '/lists', { name: 'Load test list', people: LIST_PEOPLE });
    const rows = [];
    for (const work of workloads(url, list.list_id)) {
      await phase(clients, work, WARMUP, MAX_SECONDS);
      for (const c of clients) c.cursor = undefined;
      const cpu0 = cpuSeconds(server.child.pid);
      const own0 = process.cpuUsage();
      const r = await phase(clients, work, REQUESTS, MAX_SECONDS);
      const cpu1 = cpuSeconds(server.child.pid);
      const own = process.cpuUsage(own0);
      const seconds = r.wallMs / 1000;
      rows.push({
        name: work.name,
        ...r,
        serverCores: cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) / seconds,
        clientCores: (own.user + own.system) / 1e6 / seconds,
      });
    }
    return {
      clients: CLIENTS,
      requests: REQUESTS,
      maxSeconds: MAX_SECONDS,
      warmup: WARMUP,
      listPeople: LIST_PEOPLE,
      page: PAGE,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? '?',
      rows,
    };
  } finally {
    for (const c of clients) c.agent.destroy();
    await server.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

export function loadTable(result) {
  const f = (x) => x.toFixed(1);
  const cores = (x) => (x === null ? '-' : x.toFixed(2));
  const lines = [
    `${result.clients} clients (own key and keep-alive connection each, closed loop) on ${result.cpus} cores (${result.cpuModel}); the sandbox in its own process ` +
      `(\`prospect sandbox serve --no-rate-limits\`), ${result.warmup} warm-up requests per endpoint, then ${result.requests.toLocaleString('en-US')} ` +
      `(at most ${result.maxSeconds} s). The list holds ${result.listPeople.toLocaleString('en-US')} leads, read ${result.page} a page, each client following its cursor.`,
    '',
    '| endpoint | requests | errors | req/s | p50 (ms) | p99 (ms) | max (ms) | sandbox CPU (cores) | load generator CPU (cores) |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of result.rows)
    lines.push(
      `| \`${r.name}\` | ${r.n.toLocaleString('en-US')} | ${r.errors} | ${Math.round(r.rps).toLocaleString('en-US')} | ${f(r.p50)} | ${f(r.p99)} | ${f(r.max)} | ${cores(r.serverCores)} | ${cores(r.clientCores)} |`,
    );
  const failed = result.rows.filter((r) => r.firstError);
  if (failed.length) lines.push('', ...failed.map((r) => `First error on ${r.name}: ${r.firstError}`));
  return lines.join('\n');
}

export function loadTargets(result) {
  const main = result.rows.find((r) => r.name === LOAD_TARGET.endpoint);
  const n = result.rows.reduce((s, r) => s + r.n, 0);
  const errors = result.rows.reduce((s, r) => s + r.errors, 0);
  return [
    target(
      'load',
      `\`${main.name}\` p99 at ${result.clients} clients (our target)`,
      `${main.p99.toFixed(1)} ms`,
      `under ${LOAD_TARGET.p99Ms} ms`,
      main.p99 < LOAD_TARGET.p99Ms,
    ),
    target('load', `errors in ${n.toLocaleString('en-US')} requests on ${result.rows.length} endpoints`, String(errors), '0', errors === 0),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await benchLoad();
  console.log(`${loadTable(result)}\n\n${targetTable(loadTargets(result))}`);
}
