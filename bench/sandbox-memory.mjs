// Memory of the sandbox under sustained search: its resident set size (from /proc) while
// 300,000 POST /people/find requests go through with rate limits off. Every search mints a
// cohort (task_id) that lives an hour after its last use, so without a cap on the cohort
// store the sandbox grows with every request. The sandbox runs in its own process (the
// built dist/sandbox-server.cjs, or BENCH_SANDBOX_SERVER), so the figure is its own.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { target, targetTable } from './targets.mjs';
import { request } from './load.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER = path.resolve(process.env.BENCH_SANDBOX_SERVER ?? path.join(here, '..', 'dist', 'sandbox-server.cjs'));
const SEARCHES = Number(process.env.BENCH_MEMORY_SEARCHES ?? 300_000);
const CLIENTS = Number(process.env.BENCH_MEMORY_CLIENTS ?? 8);
const SAMPLES = 10;
const PAGE = Number(process.env.BENCH_MEMORY_PAGE ?? 25);
/** Ours: the sandbox is a tool on a developer's machine, next to their own program. */
export const MEMORY_TARGET_MB = 250;

/** The sandbox in a child process, rate limits off: resolves with its pid, URL and demo key. */
async function startServer() {
  const runner = `const { startSandbox } = require(${JSON.stringify(SERVER)});
startSandbox({ port: 0, rateLimits: false }).then((sb) => process.stdout.write(JSON.stringify({ url: sb.url, key: sb.demoKey }) + '\\n'));
process.on('SIGTERM', () => process.exit(0));`;
  const child = spawn(process.execPath, ['-e', runner], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (c) => {
      buf += c;
      if (buf.includes('\n')) resolve(buf.slice(0, buf.indexOf('\n')));
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before it was ready`)));
  });
  const stopped = new Promise((r) => child.once('exit', r));
  return { pid: child.pid, ...JSON.parse(line), stop: () => (child.kill('SIGTERM'), stopped) };
}

/** Resident and peak resident set size of a process in MB, from /proc (Linux). */
function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Broad and narrow filters; every third request of a filter follows the previous page's cursor. */
const FILTERS = [
  { seniority: ['Director', 'Head'] },
  { departments: ['Sales'] },
  { company_headcount: ['51-200'] },
  { seniority: ['Senior', 'Entry', 'Manager'] },
  { departments: ['Engineering'], seniority: ['Senior'] },
  { management_levels: ['VP', 'Director'] },
];

export async function benchSandboxMemory() {
  const server = await startServer();
  const agents = Array.from({ length: CLIENTS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const url = `${server.url}/api/v2/people/find`;
  const samples = [];
  let sent = 0;
  let errors = 0;
  let firstError;
  try {
    // One search generates the data set; the figure to compare with is the RSS after it.
    await request(agents[0], url, { method: 'POST', key: server.key, body: { filters: FILTERS[0], limit: PAGE } });
    const start = { searches: 0, ...rssOf(server.pid) };
    samples.push(start);
    const every = Math.ceil(SEARCHES / SAMPLES);
    const t0 = performance.now();
    const client = async (agent, c) => {
      const cursors = new Map();
      while (sent < SEARCHES) {
        const i = sent++;
        const f = (i + c) % FILTERS.length;
        const cursor = i % 3 === 2 ? cursors.get(f) : undefined;
        const r = await request(agent, url, {
          method: 'POST',
          key: server.key,
          body: { filters: FILTERS[f], limit: PAGE, ...(cursor ? { cursor } : {}) },
        });
        if (r.status !== 200) {
          errors++;
          firstError ??= `${r.status} ${r.text.slice(0, 200)}`;
        } else cursors.set(f, JSON.parse(r.text).cursor ?? undefined);
        if ((i + 1) % every === 0) samples.push({ searches: i + 1, ...rssOf(server.pid) });
      }
    };
    await Promise.all(agents.map(client));
    const seconds = (performance.now() - t0) / 1000;
    const end = { searches: SEARCHES, ...rssOf(server.pid) };
    if (samples.at(-1).searches !== SEARCHES) samples.push(end);
    return {
      searches: SEARCHES,
      clients: CLIENTS,
      page: PAGE,
      seconds,
      errors,
      firstError,
      start,
      end,
      samples,
      server: path.relative(path.join(here, '..'), SERVER),
    };
  } finally {
    for (const a of agents) a.destroy();
    await server.stop();
  }
}

export function sandboxMemoryTable(result) {
  const f = (x) => x.toFixed(1);
  return [
    `${result.searches.toLocaleString('en-US')} \`POST /people/find\` (${result.page} rows a page, ${result.clients} keep-alive clients, rate limits off) ` +
      `against \`${result.server}\` in its own process, in ${result.seconds.toFixed(0)} s (${Math.round(result.searches / result.seconds).toLocaleString('en-US')} a second); ` +
      `${result.errors} errors${result.firstError ? ` (first: ${result.firstError})` : ''}.`,
    '',
    '| searches | RSS (MB) | peak RSS so far (MB) |',
    '|---|---|---|',
    ...result.samples.map((s) => `| ${s.searches.toLocaleString('en-US')} | ${f(s.rss)} | ${f(s.peak)} |`),
  ].join('\n');
}

export function sandboxMemoryTargets(result) {
  const n = result.searches.toLocaleString('en-US');
  return [
    target(
      'sandbox memory',
      `RSS after ${n} searches, rate limits off`,
      `${result.end.rss.toFixed(1)} MB`,
      `at most ${MEMORY_TARGET_MB} MB`,
      result.end.rss <= MEMORY_TARGET_MB,
    ),
    target('sandbox memory', `errors in ${n} searches`, String(result.errors), '0', result.errors === 0),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await benchSandboxMemory();
  console.log(`${sandboxMemoryTable(result)}\n\n${targetTable(sandboxMemoryTargets(result))}`);
}
