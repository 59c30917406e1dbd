// CSV import through the CLI: client-side rows per second and the CLI's peak RSS for files
// of 20,000 and 100,000 rows, against an in-process sandbox with rate limits off (so the
// figure is the client's own speed, not the service's 30 requests a minute per key).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { FLAT_RSS_RATIO, target, targetTable } from './targets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { startSandbox } = require(path.join(here, '..', 'dist', 'sandbox-server.cjs'));
const BIN = path.join(here, '..', 'bin', 'prospect.js');
const SIZES = [20_000, 100_000];
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);

/** A CRM-export-like CSV: mixed header spellings, quoted commas, 1 % duplicate emails. */
async function writeCsv(file, rows) {
  const out = createWriteStream(file);
  out.write('First Name,Surname,E-mail,Company,Website,LinkedIn,Mobile,Job Title,City,Country\r\n');
  for (let i = 0; i < rows; i++) {
    const email = `p${i % 100 === 1 ? i - 1 : i}@example.com`;
    const line = `First${i},Last${i},${email},"Company ${i % 5000}, Inc.",c${i % 5000}.example,https://www.linkedin.com/in/p${i},+1555${i},Head of Sales,Berlin,Germany\r\n`;
    if (!out.write(line)) await new Promise((r) => out.once('drain', r));
  }
  await new Promise((r) => out.end(r));
}

async function importOnce(env, file, name, tmp) {
  const rssFile = path.join(tmp, `rss-${name}.txt`);
  const preload = path.join(tmp, 'maxrss.cjs');
  writeFileSync(
    preload,
    `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)));\n`,
  );
  const started = process.hrtime.bigint();
  const { stdout } = await promisify(execFile)(process.execPath, ['-r', preload, BIN, 'import', name, file, '--create', '--json'], {
    env,
    maxBuffer: 1 << 26,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const report = JSON.parse(stdout);
  return {
    ms,
    rssMb: Number(readFileSync(rssFile, 'utf8')) / 1024,
    rows: report.rows_parsed,
    imported: report.rows_imported,
    chunks: report.chunks,
  };
}

export async function benchImport() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'prospect-bench-import-'));
  const sb = await startSandbox({ port: 0, rateLimits: false });
  const env = { ...process.env, PROSPECT_BASE_URL: sb.url, PROSPECT_API_KEY: sb.demoKey, PROSPECT_CONFIG_DIR: tmp, PROSPECT_DATA_DIR: tmp };
  const results = [];
  try {
    for (const rows of SIZES) {
      const file = path.join(tmp, `leads-${rows}.csv`);
      await writeCsv(file, rows);
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await importOnce(env, file, `Bench ${rows} ${i}`, tmp));
      const best = runs.reduce((a, b) => (a.ms < b.ms ? a : b));
      results.push({
        rows,
        runs: RUNS,
        ms: best.ms,
        rowsPerSec: rows / (best.ms / 1000),
        rssMb: Math.max(...runs.map((r) => r.rssMb)),
        chunks: best.chunks,
        imported: best.imported,
      });
    }
  } finally {
    await sb.close();
    rmSync(tmp, { recursive: true, force: true });
  }
  return results;
}

export function importTable(results) {
  const rows = results.map(
    (r) =>
      `| ${r.rows.toLocaleString('en-US')} | ${r.chunks} | ${(r.ms / 1000).toFixed(2)} | ${Math.round(r.rowsPerSec).toLocaleString('en-US')} | ${r.rssMb.toFixed(1)} |`,
  );
  return [
    '| rows | chunks | best wall time (s) | rows per second | peak RSS of the CLI (MB, max of runs) |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export function importTargets([a, b]) {
  const ratio = b.rssMb / a.rssMb;
  return [
    target(
      'import',
      `peak RSS ${b.rows / 1000}k / ${a.rows / 1000}k rows`,
      ratio.toFixed(2),
      `under ${FLAT_RSS_RATIO} (flat)`,
      ratio < FLAT_RSS_RATIO,
    ),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await benchImport();
  console.log(`${importTable(result)}\n\n${targetTable(importTargets(result))}`);
}
