import { cpSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { control, openSandbox, type RunningSandbox } from '../sandbox/helpers.js';
import { isolatedEnv, spawnProspect, BIN } from '../helpers/binary.js';
import { prospect as inProcess } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { NO_SECRET_SERVICE } from '../helpers/secret-service.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const dist = path.join(root, 'dist');

// Spawns the binary: which modules a start loads, and how fast, is a property of a fresh process.

/**
 * A preload that lists, at exit, every file of the package the process loaded, and the files
 * of it handed to a process it started (the keychain helper runs without NODE_OPTIONS, and is
 * given the binding's path).
 */
function loadProbe(): { preload: string; out: string } {
  const dir = tempDir();
  const out = path.join(dir, 'loaded.json');
  const preload = path.join(dir, 'probe.cjs');
  const ofRoot = `(f) => typeof f === 'string' && f.startsWith(${JSON.stringify(root)})`;
  const relative = `(f) => require('path').relative(${JSON.stringify(root)}, f)`;
  writeFileSync(
    preload,
    `const cp = require('child_process'); const handed = []; const spawn = cp.spawn;\n` +
      `cp.spawn = function (cmd, args, ...rest) { handed.push(...(args || [])); return spawn.call(this, cmd, args, ...rest); };\n` +
      `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify({ loaded: Object.keys(require.cache).filter(${ofRoot}).map(${relative}), handed: handed.filter(${ofRoot}).map(${relative}) })));`,
  );
  return { preload, out };
}

/** The files the command's process loaded; with `helpers`, those it handed to the processes it started too. */
async function loadedBy(
  args: string[],
  env: Record<string, string | undefined>,
  exitCode = 0,
  o: { helpers?: boolean } = {},
): Promise<string[]> {
  const probe = loadProbe();
  const r = await spawnProspect(args, { env: { ...env, NODE_OPTIONS: `--require ${probe.preload}` } });
  expect(r.exitCode, r.stderr).toBe(exitCode);
  const { loaded, handed } = JSON.parse(readFileSync(probe.out, 'utf8')) as { loaded: string[]; handed: string[] };
  return o.helpers ? [...loaded, ...handed] : loaded;
}

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await openSandbox();
});
afterAll(() => sb.close());

describe('start-up loads only what the path needs', () => {
  it('--version loads only the launcher and the tiny entry', async () => {
    expect(await loadedBy(['--version'], isolatedEnv())).toEqual(['bin/prospect.js', 'dist/cli.cjs']);
  });

  it('--help and whoami load the core, and neither zod, cli-table3, ora nor the sandbox server', async () => {
    const help = await loadedBy(['--help'], isolatedEnv());
    expect(help).toEqual(['bin/prospect.js', 'dist/cli.cjs', 'dist/core.cjs']);
    const whoami = await loadedBy(['whoami'], isolatedEnv({ PROSPECT_BASE_URL: sb.url, PROSPECT_API_KEY: sb.demoKey }));
    expect(whoami).toEqual(['bin/prospect.js', 'dist/cli.cjs', 'dist/core.cjs']);
    const meta = JSON.parse(readFileSync(path.join(dist, 'meta.json'), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    const coreInputs = Object.keys(meta.outputs['dist/core.cjs']!.inputs);
    for (const heavy of ['node_modules/zod/', 'node_modules/cli-table3/', 'node_modules/ora/', 'node_modules/ajv/'])
      expect(
        coreInputs.some((i) => i.startsWith(heavy)),
        heavy,
      ).toBe(false);
  });

  it('the keychain binding loads only to read or write a secret kept there: never for --version, --help or a key in the environment', async () => {
    const binding = (files: string[]) => files.filter((f) => f.startsWith('node_modules/@napi-rs/'));
    // Auto, the default: the keychain is where a login would save.
    const auto = (extra: Record<string, string | undefined> = {}) =>
      isolatedEnv({ PROSPECT_SECURE_STORAGE: undefined, DBUS_SESSION_BUS_ADDRESS: NO_SECRET_SERVICE, ...extra });
    const helpers = { helpers: true };
    expect(binding(await loadedBy(['--version'], auto(), 0, helpers))).toEqual([]);
    expect(binding(await loadedBy(['auth', 'login', '--help'], auto(), 0, helpers))).toEqual([]);
    expect(binding(await loadedBy(['whoami'], auto({ PROSPECT_BASE_URL: sb.url, PROSPECT_API_KEY: sb.demoKey }), 0, helpers))).toEqual([]);
    // A profile whose key is in the keychain: the same whoami loads it, in a helper process (here to find no keychain, exit 3).
    const env = auto({ PROSPECT_BASE_URL: sb.url });
    writeFileSync(
      path.join(env.PROSPECT_CONFIG_DIR!, 'config.json'),
      JSON.stringify({
        profiles: {
          default: { base_url: sb.url, keychain: { api_key: { account: 'default/api_key/0123abcd', masked: 'svcapi_abc...wxyz' } } },
        },
      }),
    );
    expect(binding(await loadedBy(['whoami'], env, 3, helpers))).toContain('node_modules/@napi-rs/keyring/index.js');
    expect(binding(await loadedBy(['whoami'], env, 3))).toEqual([]);
    // With the key in the environment, that profile's keychain entry is never asked for.
    expect(binding(await loadedBy(['whoami'], { ...env, PROSPECT_API_KEY: sb.demoKey }, 0, helpers))).toEqual([]);
  });

  it('cli-table3 loads only to draw a table of rows', async () => {
    const files = await loadedBy(['whoami', '--format', 'table'], isolatedEnv({ PROSPECT_BASE_URL: sb.url, PROSPECT_API_KEY: sb.demoKey }));
    // One object is a key/value view: no table library needed.
    expect(files).not.toContain('dist/vendor/cli-table3.cjs');
    const env = isolatedEnv();
    writeFileSync(
      path.join(env.PROSPECT_CONFIG_DIR!, 'config.json'),
      JSON.stringify({ profiles: { work: { base_url: 'https://api.example.com' } } }),
    );
    const rows = await loadedBy(['config', 'ls', '--format', 'table'], env);
    expect(rows).toContain('dist/vendor/cli-table3.cjs');
  });

  it('--version prints the package version', async () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
    const r = await spawnProspect(['--version']);
    expect(r.stdout).toBe(`${pkg.version}\n`);
    expect(BIN.endsWith(path.join('bin', 'prospect.js'))).toBe(true);
  });
});

describe('the code cache', () => {
  it('is of the core it was made from: a core replaced by another of the same length runs its own code', async () => {
    const install = tempDir();
    cpSync(path.join(root, 'bin'), path.join(install, 'bin'), { recursive: true });
    cpSync(dist, path.join(install, 'dist'), { recursive: true });
    const bin = path.join(install, 'bin', 'prospect.js');
    const help = async () => (await execa(process.execPath, [bin, '--help'], { env: isolatedEnv(), extendEnv: false })).stdout;
    // The first run writes the cache as it exits; the second runs from it.
    expect(await help()).toContain('Search people and companies');
    expect(await help()).toContain('Search people and companies');
    // Another build whose core has the same length: only a few letters differ, and it ends with its own hash, as the build writes it.
    const core = path.join(install, 'dist', 'core.cjs');
    const built = readFileSync(core, 'utf8');
    const trailer = /\/\/# prospect-core [0-9a-f]+\n$/.exec(built)?.[0] ?? '';
    const other = built.slice(0, built.length - trailer.length).replace('Search people and companies', 'SEARCH PEOPLE AND COMPANIES');
    writeFileSync(core, trailer ? `${other}//# prospect-core ${createHash('sha256').update(other).digest('hex').slice(0, 16)}\n` : other);
    expect(statSync(core).size).toBe(Buffer.byteLength(built));
    expect(await help()).toContain('SEARCH PEOPLE AND COMPANIES');
  });
});

describe('the process', () => {
  // Commands are tested in process; these check that the real process hands their outcome on whole.
  it('exits with the code the command ended with, its output flushed', async () => {
    const ok = await spawnProspect(['whoami', '--json'], { env: isolatedEnv({ PROSPECT_BASE_URL: sb.url, PROSPECT_API_KEY: sb.demoKey }) });
    expect(ok.exitCode, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).organization_id).toBe(sb.store.demo.organization_id);
    const denied = await spawnProspect(['whoami'], {
      env: isolatedEnv({ PROSPECT_BASE_URL: sb.url, PROSPECT_API_KEY: `svcapi_${'x'.repeat(64)}` }),
    });
    expect(denied).toMatchObject({ exitCode: 3, stdout: '' });
    expect(denied.stderr).toMatch(/^error: authentication_invalid: Invalid or expired API key\n {2}request id: req_\w+\n$/);
    const usage = await spawnProspect(['whoami', '--frobnicate']);
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr).toMatch(/^error: usage: unknown option '--frobnicate'/);
  });

  it('writes every byte of a long output to a pipe, the same bytes as the command in process', async () => {
    await control(sb, 'POST', '/rate-limits', { enabled: false });
    await control(sb, 'POST', '/lists', { name: 'Big', people: 3000 });
    const env = isolatedEnv({ PROSPECT_BASE_URL: sb.url, PROSPECT_API_KEY: sb.demoKey });
    const args = ['lists', 'leads', 'Big', '--all', '--format', 'ndjson'];
    const real = await spawnProspect(args, { env });
    expect(real.exitCode, real.stderr).toBe(0);
    expect(real.stdout.split('\n')).toHaveLength(3001);
    expect(real.stdout).toBe((await inProcess(args, { env })).stdout);
    // A reader that stops early (`| head -1`) is no error: exit 0, nothing on stderr.
    const head = await execa('bash', ['-c', 'node "$0" "$@" | head -1; echo "exit=${PIPESTATUS[0]}" >&2', BIN, ...args], {
      env,
      extendEnv: false,
    });
    expect(head.stdout.split('\n')).toHaveLength(1);
    expect(head.stderr).toBe('exit=0');
  });

  it('auth login --with-token reads the key from stdin and saves the profile 0600 in a 0700 folder', async () => {
    const env = isolatedEnv();
    const login = await spawnProspect(['auth', 'login', '--with-token', '--base-url', sb.url], { env, input: `${sb.demoKey}\n` });
    expect(login.exitCode, login.stderr).toBe(0);
    const config = path.join(env.PROSPECT_CONFIG_DIR!, 'config.json');
    expect(statSync(config).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(config)).mode & 0o777).toBe(0o700);
    const who = await spawnProspect(['whoami', '--json'], { env });
    expect(JSON.parse(who.stdout).organization_id).toBe(sb.store.demo.organization_id);
  });
});
