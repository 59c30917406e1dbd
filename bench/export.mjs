// `prospect export json --all` over large lists: the CLI's rows per second and peak RSS for
// lists of 10,000, 100,000 and 200,000 leads (rate limits off: the client's own speed), then the
// request rate the paced loop reaches against the 30-requests-per-key ceiling, with the
// sandbox's minute window shortened so the measurement takes seconds instead of minutes.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { FLAT_RSS_RATIO, target, targetTable } from './targets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { startSandbox } = require(path.join(here, '..', 'dist', 'sandbox-server.cjs'));
const BIN = path.join(here, '..', 'bin', 'prospect.js');
const SIZES = [10_000, 100_000, 200_000];
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 2);
const KEY_LIMIT = 30;
const WINDOW_MS = Number(process.env.BENCH_EXPORT_WINDOW_MS ?? 5_000);
const PAGE = 500;
const PACED_LEADS = 100_000;

async function api(sb, method, p, body) {
  const res = await fetch(`${sb.url}${p}`, {
    method,
    headers: { authorization: `Bearer ${sb.demoKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function listOf(sb, name, count) {
  const list = await api(sb, 'POST', '/api/v2/lead-lists', { name });
  await api(sb, 'POST', `/__sandbox/lists/${list.list_id}/generate`, { count });
  return list.list_id;
}

async function countLines(file) {
  let n = 0;
  for await (const _ of createInterface({ input: createReadStream(file) })) n++;
  return n;
}

async function exportOnce(env, listId, tmp, name) {
  const rssFile = path.join(tmp, `rss-${name}.txt`);
  const preload = path.join(tmp, 'maxrss.cjs');
  writeFileSync(
    preload,
    `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)));\n`,
  );
  const out = path.join(tmp, `${name}.ndjson`);
  const started = process.hrtime.bigint();
  await promisify(execFile)(
    process.execPath,
    ['-r', preload, BIN, 'export', 'json', listId, '--all', '--format', 'ndjson', '--page-size', String(PAGE), '-o', out],
    { env },
  );
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const rows = await countLines(out);
  rmSync(out, { force: true });
  return { ms, rows, rssMb: Number(readFileSync(rssFile, 'utf8')) / 1024 };
}

export async function benchExport() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'prospect-bench-export-'));
  const sb = await startSandbox({ port: 0, rateLimits: false });
  const env = {
    ...process.env,
    PROSPECT_BASE_URL: sb.url,
    PROSPECT_API_KEY: sb.demoKey,
    PROSPECT_CONFIG_DIR: tmp,
    PROSPECT_DATA_DIR: tmp,
    PROSPECT_STATE_DIR: tmp,
  };
  const speed = [];
  let rate;
  try {
    for (const size of SIZES) {
      const listId = await listOf(sb, `Bench export ${size}`, size);
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await exportOnce(env, listId, tmp, `speed-${size}-${i}`));
      const best = runs.reduce((a, b) => (a.ms < b.ms ? a : b));
      speed.push({
        size,
        runs: RUNS,
        ms: best.ms,
        rows: best.rows,
        rowsPerSec: best.rows / (best.ms / 1000),
        rssMb: Math.max(...runs.map((r) => r.rssMb)),
      });
    }

    // The paced run: limits on, the minute window shortened, 100,000 leads in pages of 500.
    const listId = await listOf(sb, 'Bench export paced', PACED_LEADS);
    await api(sb, 'POST', '/__sandbox/rate-limits', { enabled: true, window_ms: WINDOW_MS });
    const before = new Date(Date.now() - 1).toISOString();
    const run = await exportOnce(env, listId, tmp, 'paced');
    await api(sb, 'POST', '/__sandbox/rate-limits', { enabled: false });
    const log = (await api(sb, 'GET', '/__sandbox/requests?limit=5000')).requests;
    const pages = log
      .filter((r) => r.route === '/export/json' && r.created_at >= before)
      .map((r) => ({ at: Date.parse(r.created_at), status: r.status_code }))
      .sort((a, b) => a.at - b.at);
    const failed = pages.filter((p) => p.status !== 200).length;
    // The ceiling lets N requests go in ceil(N / 30) fixed windows: the last batch can start
    // (ceil(N / 30) - 1) windows after the first request at the soonest. The share is that
    // least possible span over the span the paced loop took.
    const spanMs = pages.at(-1).at - pages[0].at;
    const leastMs = (Math.ceil(pages.length / KEY_LIMIT) - 1) * WINDOW_MS;
    rate = {
      requests: pages.length,
      failed,
      rows: run.rows,
      ms: run.ms,
      rssMb: run.rssMb,
      spanMs,
      leastMs,
      share: leastMs / spanMs,
      windowMs: WINDOW_MS,
    };
  } finally {
    await sb.close();
    rmSync(tmp, { recursive: true, force: true });
  }
  return { speed, rate };
}

export function exportTable({ speed, rate }) {
  const rows = speed.map(
    (r) =>
      `| ${r.size.toLocaleString('en-US')} | ${r.rows.toLocaleString('en-US')} | ${(r.ms / 1000).toFixed(2)} | ${Math.round(r.rowsPerSec).toLocaleString('en-US')} | ${r.rssMb.toFixed(1)} |`,
  );
  return [
    '| leads | rows written | best wall time (s) | rows per second | peak RSS of the CLI (MB, max of runs) |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `Paced (limits on, minute window shortened to ${rate.windowMs / 1000} s): ${rate.requests} requests for ${rate.rows.toLocaleString('en-US')} rows in ${(rate.ms / 1000).toFixed(1)} s, ` +
      `${rate.failed} refused or failed (429 included). The ceiling of ${KEY_LIMIT} per key lets them go in ${(rate.leastMs / 1000).toFixed(1)} s at the soonest ` +
      `(first to last request); the loop took ${(rate.spanMs / 1000).toFixed(2)} s: ${(rate.share * 100).toFixed(1)} % of the ceiling. ` +
      `Peak RSS ${rate.rssMb.toFixed(1)} MB.`,
  ].join('\n');
}

const RSS_CAP_MIB = 150;
const PACED_SHARE = 0.95;

export function exportTargets({ speed, rate }) {
  const mib = (mb) => mb / 1.048576;
  const [a, b] = speed; // 10,000 and 100,000
  const peak = speed.reduce((x, y) => (y.rssMb > x.rssMb ? y : x));
  const ratio = b.rssMb / a.rssMb;
  return [
    target(
      'export',
      `peak RSS, highest of ${speed.map((s) => `${s.size / 1000}k`).join(' / ')} leads`,
      `${mib(peak.rssMb).toFixed(1)} MiB (${peak.size / 1000}k)`,
      `under ${RSS_CAP_MIB} MiB`,
      mib(peak.rssMb) < RSS_CAP_MIB,
    ),
    target(
      'export',
      `peak RSS ${b.size / 1000}k / ${a.size / 1000}k leads`,
      ratio.toFixed(2),
      `under ${FLAT_RSS_RATIO} (flat)`,
      ratio < FLAT_RSS_RATIO,
    ),
    target(
      'export',
      `paced loop, share of the ${KEY_LIMIT}-per-key ceiling (window ${rate.windowMs / 1000} s)`,
      `${(rate.share * 100).toFixed(1)} %`,
      `at least ${PACED_SHARE * 100} %`,
      rate.share >= PACED_SHARE,
    ),
    target('export', `paced loop, refused or failed requests of ${rate.requests}`, String(rate.failed), '0', rate.failed === 0),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await benchExport();
  console.log(`${exportTable(result)}\n\n${targetTable(exportTargets(result))}`);
}
