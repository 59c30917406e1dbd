// Requests each bulk command uses against the fewest the spec's limits allow: import of
// 100,000 rows (short rows, then long ones), export json --all of 100,000 leads, lists leads --all of 10,000 leads,
// search people --all, and enrich list of 10,000 leads with nothing enriched, then again with some enriched. Runs the built CLI against an in-process sandbox and counts, in the
// sandbox's request log, the requests to each command's own endpoint (429s included: a
// refused request is still a request). Rate limits are on with the sandbox's minute window
// shortened, so the CLI paces itself as it would against the service, in seconds. Exits 1
// when a command uses more than 1.03 times its minimum.
import { execFile } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { target, targetTable } from './targets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { startSandbox } = require(path.join(here, '..', 'dist', 'sandbox-server.cjs'));
const BIN = path.join(here, '..', 'bin', 'prospect.js');
const WINDOW_MS = Number(process.env.BENCH_REQUESTS_WINDOW_MS ?? 2_000);
const MAX_RATIO = 1.03;

// The spec's limits (Limits, "Size and count limits").
const IMPORT_ROWS = 600;
// "About 150 KB" read as 150,000 bytes, as the CLI reads it (CSV_IMPORT_LIMITS.requestBytes).
const IMPORT_BYTES = 150_000;
const JSON_PAGE = 500;
const LEADS_PAGE = 500;
const PEOPLE_PER_RESPONSE = 100;

const IMPORT_SIZE = 100_000;
const EXPORT_SIZE = 100_000;
const LEADS_SIZE = 10_000;
const ENRICH_SIZE = 10_000;
// About 50 pages of people: under the 60 searches a day an organization's keys share.
const PEOPLE_FILTER = ['--seniority', 'Manager', '--department', 'Engineering,Sales,Marketing,Operations'];

const base64Length = (bytes) => 4 * Math.ceil(bytes / 3);

/** A request to the sandbox's controls (/__sandbox/...), which need no credential and count toward no limit. */
async function control(sb, method, p, body) {
  const res = await fetch(`${sb.url}/__sandbox${p}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} /__sandbox${p}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * A CRM-export-like CSV, as bench/import.mjs writes it (600 rows come to about 90 KB: the row
 * limit binds), or with `wide` a long job title on every row (600 rows would be about 300 KB:
 * the size limit binds). Every column maps to a canonical field, so the CLI sends all of it.
 */
async function writeCsv(file, rows, wide = false) {
  const out = createWriteStream(file);
  out.write('First Name,Surname,E-mail,Company,Website,LinkedIn,Mobile,Job Title,City,Country\r\n');
  const title = wide ? `Head of Sales ${'and Partnerships '.repeat(20)}` : 'Head of Sales';
  for (let i = 0; i < rows; i++) {
    const line = `First${i},Last${i},p${i}@example.com,"Company ${i % 5000}, Inc.",c${i % 5000}.example,https://www.linkedin.com/in/p${i},+1555${i},${title}${wide ? i : ''},Berlin,Germany\r\n`;
    if (!out.write(line)) await new Promise((r) => out.once('drain', r));
  }
  await new Promise((r) => out.end(r));
}

/** A list of the demo organization holding `count` generated leads (with their emails and phones unless `enriched` is false). */
async function listOf(sb, name, count, enriched = true) {
  const { list_id } = await control(sb, 'POST', '/lists', { name });
  await control(sb, 'POST', `/lists/${list_id}/generate`, { count, enriched });
  return list_id;
}

/** Request log rows by route, counting every row since the log began. */
async function routeCounts(sb) {
  const { requests } = await control(sb, 'GET', '/requests?limit=50000');
  const counts = new Map();
  for (const r of requests) {
    const k = `${r.route}|${r.status_code === 429 ? 429 : 'ok'}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

/** Runs the CLI; returns the requests it sent to `route` (and 429s among them), the rest, and its stdout. */
async function measure(sb, env, route, args) {
  // Each command starts in a fresh rate window: a new process does not know what the one
  // before it spent of the current window, and its 429s would be counted against it.
  await new Promise((r) => setTimeout(r, WINDOW_MS));
  const before = await routeCounts(sb);
  const started = performance.now();
  const { stdout } = await promisify(execFile)(process.execPath, [BIN, ...args], { env, maxBuffer: 1 << 28 });
  const seconds = (performance.now() - started) / 1000;
  const after = await routeCounts(sb);
  const delta = (k) => (after.get(k) ?? 0) - (before.get(k) ?? 0);
  let all = 0;
  for (const k of after.keys()) all += delta(k);
  const requests = delta(`${route}|ok`) + delta(`${route}|429`);
  return { requests, refused: delta(`${route}|429`), other: all - requests, seconds, stdout };
}

export async function benchRequests() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'prospect-bench-requests-'));
  const sb = await startSandbox({ port: 0 });
  const env = {
    ...process.env,
    PROSPECT_BASE_URL: sb.url,
    PROSPECT_API_KEY: sb.demoKey,
    PROSPECT_CONFIG_DIR: tmp,
    PROSPECT_DATA_DIR: tmp,
    PROSPECT_STATE_DIR: tmp,
  };
  const rows = [];
  try {
    await control(sb, 'POST', '/rate-limits', { enabled: false });
    const exportList = await listOf(sb, 'Bench requests export', EXPORT_SIZE);
    const leadsList = await listOf(sb, 'Bench requests leads', LEADS_SIZE);
    const files = [];
    for (const wide of [false, true]) {
      const file = path.join(tmp, wide ? 'wide.csv' : 'import.csv');
      await writeCsv(file, IMPORT_SIZE, wide);
      files.push({ file, operation: wide ? 'import, long rows' : 'import' });
    }
    await control(sb, 'POST', '/rate-limits', { enabled: true, window_ms: WINDOW_MS });

    for (const { file, operation } of files) {
      const imported = await measure(sb, env, '/lead-lists/{list_id}/csv-import', [
        'import',
        `Bench requests ${operation}`,
        file,
        '--create',
        '--json',
      ]);
      const base64 = base64Length(statSync(file).size);
      rows.push({
        operation,
        rows: JSON.parse(imported.stdout).rows_parsed,
        minimum: Math.max(Math.ceil(IMPORT_SIZE / IMPORT_ROWS), Math.ceil(base64 / IMPORT_BYTES)),
        basis: `max(rows / ${IMPORT_ROWS}, ${(base64 / 1024 / 1024).toFixed(1)} MB base64 / 150 KB)`,
        ...imported,
      });
    }

    const exported = await measure(sb, env, '/export/json', ['export', 'json', exportList, '--all', '--format', 'ndjson']);
    const exportedRows = exported.stdout.split('\n').filter(Boolean).length;
    rows.push({
      operation: 'export json --all',
      rows: exportedRows,
      minimum: Math.ceil(exportedRows / JSON_PAGE),
      basis: `rows / ${JSON_PAGE}`,
      ...exported,
    });

    const leads = await measure(sb, env, '/lead-lists/{list_id}/leads', ['lists', 'leads', leadsList, '--all', '--format', 'ndjson']);
    const leadRows = leads.stdout.split('\n').filter(Boolean).length;
    rows.push({
      operation: 'lists leads --all',
      rows: leadRows,
      minimum: Math.ceil(leadRows / LEADS_PAGE),
      basis: `rows / ${LEADS_PAGE}`,
      ...leads,
    });

    const people = await measure(sb, env, '/people/find', [
      'search',
      'people',
      ...PEOPLE_FILTER,
      '--all',
      '--max-pages',
      '60',
      '--format',
      'ndjson',
    ]);
    const peopleRows = people.stdout.split('\n').filter(Boolean).length;
    rows.push({
      operation: 'search people --all',
      rows: peopleRows,
      minimum: Math.ceil(peopleRows / PEOPLE_PER_RESPONSE),
      basis: `rows / ${PEOPLE_PER_RESPONSE}`,
      ...people,
    });

    // enrich list: nothing enriched yet is one whole-list run and no lead read; once some leads
    // have an email, the check reads the leads in pages of 500 and only the others are enriched.
    await control(sb, 'POST', '/balance', { credits: 100 * ENRICH_SIZE });
    const fresh = await listOf(sb, 'Bench requests enrich', ENRICH_SIZE, false);
    const whole = await measure(sb, env, '/enrichment/bulk', ['enrich', 'list', fresh, '--yes', '--no-wait', '--json']);
    rows.push({
      operation: 'enrich list, nothing enriched',
      rows: JSON.parse(whole.stdout).total_leads,
      minimum: 1,
      basis: 'one run of the whole list',
      ...whole,
    });
    const mixed = await listOf(sb, 'Bench requests enrich again', ENRICH_SIZE, false);
    await control(sb, 'POST', `/lists/${mixed}/generate`, { count: ENRICH_SIZE / 5, enriched: true });
    const again = await measure(sb, env, '/lead-lists/{list_id}/leads', ['enrich', 'list', mixed, '--yes', '--no-wait', '--json']);
    const checked = JSON.parse(again.stdout).check.leads_read;
    rows.push({
      operation: 'enrich list again, some enriched: the check',
      rows: checked,
      minimum: Math.ceil(checked / LEADS_PAGE),
      basis: `leads / ${LEADS_PAGE}`,
      ...again,
    });
  } finally {
    await sb.close();
    rmSync(tmp, { recursive: true, force: true });
  }
  return rows.map(({ stdout: _s, ...r }) => ({ ...r, ratio: r.requests / r.minimum, windowMs: WINDOW_MS }));
}

const count = (x) => x.toLocaleString('en-US');

export function requestsTable(rows) {
  return [
    '| operation | rows | requests | minimum | ratio | minimum from | 429 among them | other requests | wall time (s) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.operation} | ${count(r.rows)} | ${count(r.requests)} | ${count(r.minimum)} | ${r.ratio.toFixed(3)} | ${r.basis} | ${r.refused} | ${r.other} | ${r.seconds.toFixed(1)} |`,
    ),
    '',
    `Rate limits on, the sandbox's minute window shortened to ${rows[0]?.windowMs / 1000} s. "other requests": the list lookups and creation around the paged requests; for enrich list, the list detail, the estimates and the runs.`,
  ].join('\n');
}

export function requestsTargets(rows) {
  return rows.map((r) =>
    target('requests', `${r.operation}: requests / minimum`, r.ratio.toFixed(3), `at most ${MAX_RATIO}`, r.ratio <= MAX_RATIO),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await benchRequests();
  console.log(`${requestsTable(rows)}\n\n${targetTable(requestsTargets(rows))}`);
  if (rows.some((r) => r.ratio > MAX_RATIO)) process.exitCode = 1;
}
