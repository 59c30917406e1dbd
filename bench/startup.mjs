// Start-up benchmark: `prospect --version`, `--help` and a sandbox `whoami` against `node -e 0`.
// Uses hyperfine when installed (Debian: apt-get install hyperfine), else a node timing loop.
// Before each whoami run the sandbox clock moves a minute on, so per-key rate limits never
// turn a start-up measurement into a Retry-After wait. The core's V8 code cache is written
// by the first command that runs; the benchmark starts from none and primes it with one
// sandbox whoami (what `prospect demo` does on a fresh install), and also times whoami with
// the cache turned off.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { target, targetTable, verdict } from './targets.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bin = path.join(root, 'bin', 'prospect.js');
const runs = Number(process.env.BENCH_RUNS ?? 40);

export const STARTUP_TARGETS = { '--version': 1.15, 'sandbox whoami': 1.6 };

export async function benchStartup() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'prospect-bench-'));
  const env = { ...process.env, PROSPECT_DATA_DIR: path.join(tmp, 'data'), PROSPECT_CONFIG_DIR: path.join(tmp, 'config') };
  for (const k of ['PROSPECT_API_KEY', 'PROSPECT_BASE_URL', 'PROSPECT_PROFILE', 'PROSPECT_FORMAT']) delete env[k];
  const started = JSON.parse(execFileSync(process.execPath, [bin, 'sandbox', 'start', '--json'], { env, encoding: 'utf8' }));
  const prepare = path.join(tmp, 'advance-clock.mjs');
  writeFileSync(
    prepare,
    `await fetch(${JSON.stringify(`${started.url}/__sandbox/clock`)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advance_ms":60000}' });\n`,
  );
  execFileSync(process.execPath, [prepare]);
  // Removed only now: `sandbox start` would otherwise have written the cache with its own functions.
  for (const name of readdirSync(path.join(root, 'dist'))) if (name.endsWith('.v8cache')) rmSync(path.join(root, 'dist', name), { force: true });
  execFileSync(process.execPath, [bin, '--sandbox', 'whoami'], { env, stdio: 'ignore' });
  const commands = [
    { name: 'node -e 0', argv: [process.execPath, '-e', '0'] },
    { name: '--version', argv: [process.execPath, bin, '--version'] },
    { name: '--help', argv: [process.execPath, bin, '--help'] },
    { name: 'sandbox whoami', argv: [process.execPath, bin, '--sandbox', 'whoami'], prepare: [process.execPath, prepare] },
    {
      name: 'sandbox whoami, no code cache',
      argv: ['env', 'PROSPECT_NO_COMPILE_CACHE=1', process.execPath, bin, '--sandbox', 'whoami'],
      prepare: [process.execPath, prepare],
    },
  ];
  try {
    const hasHyperfine = spawnSync('hyperfine', ['--version']).status === 0;
    const timings = timeCommands(commands, env, tmp);
    // Ratios of medians: a shared 2-core machine has outliers that pull means around.
    const base = timings['node -e 0'].median;
    return {
      tool: hasHyperfine ? 'hyperfine' : 'node loop',
      runs,
      rows: commands.map((c) => ({
        name: c.name,
        meanMs: timings[c.name].mean,
        medianMs: timings[c.name].median,
        ratio: timings[c.name].median / base,
        target: STARTUP_TARGETS[c.name],
      })),
    };
  } finally {
    spawnSync(process.execPath, [bin, 'sandbox', 'stop'], { env });
    rmSync(tmp, { recursive: true, force: true });
  }
}

const quote = (argv) => argv.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');

/** Times each command (hyperfine when installed, else a node loop): { name: { mean, median } } in ms. */
export function timeCommands(commands, env, tmp) {
  return spawnSync('hyperfine', ['--version']).status === 0 ? withHyperfine(commands, env, tmp) : withNode(commands, env);
}

function withHyperfine(commands, env, tmp) {
  const timings = {};
  for (const c of commands) {
    const out = path.join(tmp, 'hyperfine.json');
    const args = ['-N', '--warmup', '5', '--runs', String(runs), '--export-json', out];
    if (c.prepare) args.push('--prepare', quote(c.prepare));
    args.push(quote(c.argv));
    execFileSync('hyperfine', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    const r = JSON.parse(readFileSync(out, 'utf8')).results[0];
    timings[c.name] = { mean: r.mean * 1000, median: r.median * 1000 };
  }
  return timings;
}

function withNode(commands, env) {
  const timings = {};
  for (const c of commands) {
    const times = [];
    for (let i = 0; i < runs + 5; i++) {
      if (c.prepare) spawnSync(c.prepare[0], c.prepare.slice(1), { env });
      const t = process.hrtime.bigint();
      spawnSync(c.argv[0], c.argv.slice(1), { env, stdio: 'ignore' });
      if (i >= 5) times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    const sorted = [...times].sort((a, b) => a - b);
    timings[c.name] = { mean: times.reduce((a, b) => a + b, 0) / times.length, median: sorted[Math.floor(sorted.length / 2)] };
  }
  return timings;
}

export function startupTable(result) {
  const lines = ['| command | median | mean | median ratio to `node -e 0` | target |', '|---|---|---|---|---|'];
  for (const r of result.rows)
    lines.push(
      `| \`${r.name}\` | ${r.medianMs.toFixed(1)} ms | ${r.meanMs.toFixed(1)} ms | ${r.ratio.toFixed(2)}x | ${r.target ? `at most ${r.target}x (${verdict(r.ratio <= r.target)})` : ''} |`,
    );
  return lines.join('\n');
}

export function startupTargets(result) {
  return result.rows
    .filter((r) => r.target)
    .map((r) => target('start-up', `\`${r.name}\` median over \`node -e 0\``, `${r.ratio.toFixed(2)}x`, `at most ${r.target}x`, r.ratio <= r.target));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await benchStartup();
  console.log(`start-up, ${result.tool}, ${result.runs} runs each\n`);
  console.log(startupTable(result));
  console.log(`\n${targetTable(startupTargets(result))}`);
}
