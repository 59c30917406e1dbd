// What a key in the OS keychain costs a command: `whoami` through a profile whose key is in
// the keychain, in the config file, or given in PROSPECT_API_KEY, against `node -e 0`. The
// keychain is a Secret Service of the benchmark's own (GNOME Keyring on a session bus from
// dbus-run-session, in a home folder of its own): this script runs itself again inside one.
// Target: the file row costs what the environment row does (neither starts the keychain's
// helper); the start-up budget itself is start-up.mjs's.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { timeCommands } from './startup.mjs';
import { target, targetTable } from './targets.mjs';

const here = fileURLToPath(import.meta.url);
const root = path.dirname(path.dirname(here));
const bin = path.join(root, 'bin', 'prospect.js');
const runs = Number(process.env.BENCH_RUNS ?? 40);
const INSIDE = 'PROSPECT_BENCH_KEYRING';

/** The file row, at most this many times the environment row: a key in the file costs nothing a key in the environment does not. */
export const KEYCHAIN_TARGETS = { 'key in the config file': 1.05 };

/** Runs the measurement inside a session bus with an unlocked keyring; undefined when dbus-run-session or gnome-keyring-daemon is missing. */
export function benchKeychain() {
  for (const tool of ['dbus-run-session', 'gnome-keyring-daemon'])
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return undefined;
  const home = mkdtempSync(path.join(os.tmpdir(), 'prospect-bench-keyring-'));
  mkdirSync(path.join(home, 'run'), { mode: 0o700 });
  try {
    const script = `printf %s bench | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1 && exec "$0" "${here}" --inside`;
    const out = execFileSync('dbus-run-session', ['--', 'sh', '-c', script, process.execPath], {
      env: { ...process.env, HOME: home, XDG_DATA_HOME: path.join(home, 'share'), XDG_RUNTIME_DIR: path.join(home, 'run'), [INSIDE]: '1' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    return JSON.parse(out.trim().split('\n').at(-1));
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

function measure() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'prospect-bench-'));
  const base = { ...process.env, PROSPECT_DATA_DIR: path.join(tmp, 'data') };
  for (const k of ['PROSPECT_API_KEY', 'PROSPECT_BASE_URL', 'PROSPECT_PROFILE', 'PROSPECT_FORMAT', 'PROSPECT_SECURE_STORAGE'])
    delete base[k];
  const started = JSON.parse(
    execFileSync(process.execPath, [bin, 'sandbox', 'start', '--json'], {
      env: { ...base, PROSPECT_CONFIG_DIR: path.join(tmp, 'none') },
      encoding: 'utf8',
    }),
  );
  const key = JSON.parse(readFileSync(path.join(base.PROSPECT_DATA_DIR, 'sandbox.json'), 'utf8')).demo_key;
  const login = (dir, mode) =>
    execFileSync(process.execPath, [bin, 'auth', 'login', '--with-token', '--base-url', started.url, '--secure-storage', mode], {
      env: { ...base, PROSPECT_CONFIG_DIR: dir },
      input: key,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
  const inKeychain = path.join(tmp, 'keychain');
  const inFile = path.join(tmp, 'file');
  login(inKeychain, 'required');
  login(inFile, 'off');
  // The core's code cache is written by the first command after a build: a whoami, as start-up.mjs primes it.
  for (const name of readdirSync(path.join(root, 'dist')))
    if (name.endsWith('.v8cache')) rmSync(path.join(root, 'dist', name), { force: true });
  execFileSync(process.execPath, [bin, 'whoami'], { env: { ...base, PROSPECT_CONFIG_DIR: inFile }, stdio: 'ignore' });
  // The sandbox allows 30 requests a minute per key: its clock moves on before each run.
  const prepare = [
    process.execPath,
    '-e',
    `fetch(${JSON.stringify(`${started.url}/__sandbox/clock`)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advance_ms":60000}' })`,
  ];
  // Each row's own variables through timeCommands, not an `env` process that `node -e 0` does not pay for.
  const whoami = (extra) => ({ argv: [process.execPath, bin, 'whoami'], env: extra });
  const commands = [
    { name: 'node -e 0', argv: [process.execPath, '-e', '0'] },
    {
      name: 'key in PROSPECT_API_KEY',
      ...whoami({ PROSPECT_CONFIG_DIR: path.join(tmp, 'none'), PROSPECT_BASE_URL: started.url, PROSPECT_API_KEY: key }),
      prepare,
    },
    { name: 'key in the config file', ...whoami({ PROSPECT_CONFIG_DIR: inFile }), prepare },
    { name: 'key in the keychain', ...whoami({ PROSPECT_CONFIG_DIR: inKeychain }), prepare },
  ];
  try {
    const timings = timeCommands(commands, base);
    const floor = timings['node -e 0'].median;
    const envRow = timings['key in PROSPECT_API_KEY'].median;
    return {
      runs,
      rows: commands.map((c) => ({
        name: c.name,
        medianMs: timings[c.name].median,
        meanMs: timings[c.name].mean,
        ratio: timings[c.name].median / floor,
        overEnv: timings[c.name].median / envRow,
        target: KEYCHAIN_TARGETS[c.name],
      })),
    };
  } finally {
    spawnSync(process.execPath, [bin, 'sandbox', 'stop'], { env: base });
    rmSync(tmp, { recursive: true, force: true });
  }
}

export function keychainTable(result) {
  if (!result) return 'not run: dbus-run-session or gnome-keyring-daemon is missing (Debian: dbus-daemon, gnome-keyring)';
  const lines = [
    '| whoami with the | median | mean | median ratio to `node -e 0` | to the key in the environment | target |',
    '|---|---|---|---|---|---|',
  ];
  for (const r of result.rows)
    lines.push(
      `| ${r.name} | ${r.medianMs.toFixed(1)} ms | ${r.meanMs.toFixed(1)} ms | ${r.ratio.toFixed(2)}x | ${r.overEnv.toFixed(2)}x | ${r.target ? `at most ${r.target}x` : ''} |`,
    );
  return lines.join('\n');
}

export function keychainTargets(result) {
  if (!result) return [];
  return result.rows
    .filter((r) => r.target)
    .map((r) =>
      target(
        'keychain',
        `whoami, ${r.name}, median over the key in PROSPECT_API_KEY`,
        `${r.overEnv.toFixed(2)}x`,
        `at most ${r.target}x`,
        r.overEnv <= r.target,
      ),
    );
}

if (process.argv[1] === here) {
  if (process.argv.includes('--inside') && process.env[INSIDE]) console.log(JSON.stringify(measure()));
  else {
    const result = benchKeychain();
    console.log(`keychain, ${runs} runs each\n`);
    console.log(keychainTable(result));
    console.log(`\n${targetTable(keychainTargets(result))}`);
  }
}
