import { existsSync, readFileSync, statSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { prospect, runInProcess } from '../helpers/in-process.js';
import { NO_SECRET_SERVICE } from '../helpers/secret-service.js';
import { printedCommands, runPrinted } from '../helpers/printed-command.js';
import { spawnProspect } from '../helpers/binary.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * A machine with no keychain (a server, a container, CI): on Linux, no Secret Service on the
 * session bus. The binding connects to the bus this process names, so the file names one where
 * nothing listens, and puts the old one back after.
 */
const t = useSandboxEnv({ withKey: false });
const busBefore = process.env.DBUS_SESSION_BUS_ADDRESS;
const NO_KEYCHAIN_WARNING = 'no keychain answered';

const configFile = () => path.join(t.env.PROSPECT_CONFIG_DIR!, 'config.json');
/** The default setting, auto (test helpers turn secure storage off for every other test). */
const auto = (extra: Record<string, string | undefined> = {}) => ({
  ...t.env,
  PROSPECT_SECURE_STORAGE: undefined,
  DBUS_SESSION_BUS_ADDRESS: NO_SECRET_SERVICE,
  ...extra,
});
const login = (args: string[], env = auto()) =>
  prospect(['auth', 'login', '--with-token', '--base-url', t.sb.url, ...args], { env, input: t.sb.demoKey });

describe.runIf(process.platform === 'linux')('without a keychain', () => {
  beforeAll(() => {
    process.env.DBUS_SESSION_BUS_ADDRESS = NO_SECRET_SERVICE;
  });
  afterAll(() => {
    if (busBefore === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
    else process.env.DBUS_SESSION_BUS_ADDRESS = busBefore;
  });

  it('auth login saves to the file after one warning line saying why and what to do; later commands work without it', async () => {
    const r = await login([]);
    expect(r.exitCode, r.stderr).toBe(0);
    const warnings = r.stderr.split('\n').filter((l) => l.startsWith('warning:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`${NO_KEYCHAIN_WARNING} (no D-Bus session bus, so no Secret Service`);
    expect(warnings[0]).toContain(`saved in plaintext in ${configFile()} (mode 0600`);
    expect(warnings[0]).toContain('--secure-storage required');
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.default.api_key).toBe(t.sb.demoKey);
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);

    for (const args of [['whoami'], ['credits', 'balance'], ['whoami', '--json']]) {
      const later = await prospect(args, { env: auto() });
      expect(later.exitCode, later.stderr).toBe(0);
      expect(later.stderr).not.toContain(NO_KEYCHAIN_WARNING);
    }
    // Where the secret lives is said, with the warning, by the commands that show it.
    const status = await prospect(['auth', 'status', '--json'], { env: auto() });
    expect(JSON.parse(status.stdout)).toMatchObject({ api_key_stored_in: 'file', secure_storage: 'auto' });
    expect(status.stderr).toContain('is stored in plaintext');
  });

  it('--secure-storage required fails closed: exit 3, the reason, and nothing written', async () => {
    const r = await login(['--secure-storage', 'required']);
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(
      /^error: keychain_unavailable: no keychain answered: no D-Bus session bus, so no Secret Service .*, and secure storage is required: the API key was not saved\n/,
    );
    expect(r.stderr).toContain('drop --secure-storage required');
    expect(r.stderr).not.toContain(t.sb.demoKey);
    expect(existsSync(configFile())).toBe(false);
  });

  it('required from the environment or the config names that place in its fix', async () => {
    const fromEnv = await login([], auto({ PROSPECT_SECURE_STORAGE: 'required' }));
    expect(fromEnv.exitCode).toBe(3);
    expect(fromEnv.stderr).toContain('set PROSPECT_SECURE_STORAGE=auto');

    const set = await prospect(['config', 'set', 'secure_storage', 'required'], { env: auto() });
    expect(set.exitCode, set.stderr).toBe(0);
    const before = readFileSync(configFile(), 'utf8');
    const fromConfig = await login([]);
    expect(fromConfig.exitCode).toBe(3);
    expect(readFileSync(configFile(), 'utf8')).toBe(before);

    // A profile of its own: the printed fix names it, and runs as printed.
    await prospect(['config', 'set', 'secure_storage', 'required', '--profile', 'my work'], { env: auto() });
    const own = await login(['--profile', 'my work']);
    expect(own.exitCode).toBe(3);
    const fix = printedCommands(own.stderr);
    expect(fix).toEqual(["prospect config set secure_storage auto --profile 'my work'"]);
    const ran = await runPrinted(fix[0]!, { env: auto(), cwd: tempDir() });
    expect(ran.exitCode, ran.stderr).toBe(0);
    expect((await login(['--profile', 'my work'])).exitCode).toBe(0);
  });

  it('required refuses a secret kept in plaintext, naming auth migrate; migrate without a keychain changes nothing (exit 3)', async () => {
    expect((await login(['--secure-storage', 'off'])).exitCode).toBe(0);
    const r = await prospect(['whoami'], { env: auto({ PROSPECT_SECURE_STORAGE: 'required' }) });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(
      /^error: plaintext_secret_refused: the API key of profile "default" is stored in plaintext in .*config\.json, and secure storage is required\n/,
    );
    expect(printedCommands(r.stderr)).toEqual(['prospect auth migrate']);

    const before = readFileSync(configFile(), 'utf8');
    const m = await prospect(['auth', 'migrate'], { env: auto() });
    expect(m.exitCode).toBe(3);
    expect(m.stderr).toMatch(/^error: keychain_unavailable: no keychain answered: .*: nothing was moved\n/);
    expect(readFileSync(configFile(), 'utf8')).toBe(before);
  });

  it('a key kept in the keychain, with no keychain answering, is exit 3 naming the way round; PROSPECT_API_KEY still works', async () => {
    mkdirSync(path.dirname(configFile()), { recursive: true, mode: 0o700 });
    const ref = { account: 'default/api_key/0123abcd', masked: 'svcapi_abc...wxyz' };
    writeFileSync(configFile(), JSON.stringify({ profiles: { default: { base_url: t.sb.url, keychain: { api_key: ref } } } }), {
      mode: 0o600,
    });
    const r = await prospect(['whoami'], { env: auto() });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(
      /^error: keychain_unavailable: the API key of profile "default" is in the keychain, and no keychain answered: /,
    );
    expect(r.stderr).toContain('give the API key in PROSPECT_API_KEY');

    const status = await prospect(['auth', 'status', '--json'], { env: auto() });
    expect(status.exitCode).toBe(3);
    expect(JSON.parse(status.stdout)).toMatchObject({ api_key: ref.masked, api_key_stored_in: 'keychain' });

    const env = await prospect(['whoami', '--json'], { env: auto({ PROSPECT_API_KEY: t.sb.demoKey }) });
    expect(env.exitCode, env.stderr).toBe(0);

    // logout still removes the profile's secrets, and names the entry the keychain could not delete.
    const out = await prospect(['auth', 'logout'], { env: auto() });
    expect(out.exitCode, out.stderr).toBe(0);
    expect(out.stderr).toContain(`this entry is left in it: prospect-cli / ${ref.account}`);
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.default).toEqual({ base_url: t.sb.url });
  });

  it('keys create --save-profile under required, with no keychain, stops before a key exists (the flag, or the setting of the profile saved into)', async () => {
    const keysNow = async () =>
      JSON.parse(
        (await prospect(['keys', 'ls', '--jwt-stdin', '--base-url', t.sb.url, '--json'], { env: auto(), input: t.sb.mintJwt() })).stdout,
      );
    const before = await keysNow();
    const r = await prospect(
      ['keys', 'create', '--jwt-stdin', '--base-url', t.sb.url, '--save-profile', 'ci', '--secure-storage', 'required'],
      { env: auto(), input: t.sb.mintJwt() },
    );
    expect(r.exitCode).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: keychain_unavailable: no keychain answered: .*, and secure storage is required: nothing was done\n/);

    expect((await prospect(['config', 'set', 'secure_storage', 'required', '--profile', 'ci'], { env: auto() })).exitCode).toBe(0);
    const bySetting = await prospect(['keys', 'create', '--jwt-stdin', '--base-url', t.sb.url, '--save-profile', 'ci'], {
      env: auto(),
      input: t.sb.mintJwt(),
    });
    expect(bySetting.exitCode).toBe(3);
    expect(bySetting.stderr).toContain('prospect config set secure_storage auto --profile ci');
    expect(await keysNow()).toEqual(before);
  });

  it('keys create --save-profile that cannot write the profile prints the new key rather than lose it (JSON with --json)', async () => {
    // A link planted at the config file: profiles are never written through one.
    mkdirSync(path.dirname(configFile()), { recursive: true, mode: 0o700 });
    symlinkSync(path.join(tempDir(), 'elsewhere.json'), configFile());
    const r = await prospect(['keys', 'create', '--jwt-stdin', '--base-url', t.sb.url, '--save-profile', 'ci', '--json'], {
      env: auto(),
      input: t.sb.mintJwt(),
    });
    expect(r.exitCode).not.toBe(0);
    expect(JSON.parse(r.stdout).api_key).toMatch(/^svcapi_[A-Za-z0-9_-]{64}$/);
    expect(r.stderr).toContain('store the key printed above now');
    expect(r.stderr).toContain('is a symbolic link');
  });

  it('keys revoke-all marks the key a keychain profile uses without asking the keychain: a keychain that does not answer never stands in the way', async () => {
    const masked = `${t.sb.demoKey.slice(0, 10)}...${t.sb.demoKey.slice(-4)}`;
    mkdirSync(path.dirname(configFile()), { recursive: true, mode: 0o700 });
    writeFileSync(
      configFile(),
      JSON.stringify({
        profiles: { default: { base_url: t.sb.url, keychain: { api_key: { account: 'default/api_key/0123abcd', masked } } } },
      }),
      { mode: 0o600 },
    );
    const asked: string[] = [];
    const prompter = { confirm: async () => false, secret: async () => '', text: async (q: string) => (asked.push(q), 'no') };
    const r = await runInProcess(['keys', 'revoke-all'], {
      env: { ...auto(), PROSPECT_JWT: t.sb.mintJwt(), NO_COLOR: '1' },
      tty: true,
      prompter,
    });
    expect(r.code, r.stderr).toBe(10);
    expect(r.stderr.split('\n').find((l) => l.includes(masked))).toContain("this CLI's key");
    expect(asked).toHaveLength(1);
  });

  it('a keychain value of the wrong type (a hand edit) names auth logout, which repairs the profile', async () => {
    mkdirSync(path.dirname(configFile()), { recursive: true, mode: 0o700 });
    writeFileSync(configFile(), JSON.stringify({ profiles: { 'x y': { base_url: t.sb.url, keychain: 'garbage' } } }), { mode: 0o600 });
    const r = await prospect(['whoami', '--profile', 'x y'], { env: auto() });
    expect(r.exitCode).toBe(2);
    const fix = printedCommands(r.stderr);
    expect(fix).toEqual(["prospect auth logout --profile 'x y'"]);
    expect((await runPrinted(fix[0]!, { env: auto(), cwd: tempDir() })).exitCode).toBe(0);
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles['x y']).toEqual({ base_url: t.sb.url });
  });

  it('a Secret Service that takes the connection and never answers: the command goes on after the timeout and exits', async () => {
    // A socket that accepts and never says a word: D-Bus waits for ever inside the binding, so only the helper process's kill ends it.
    const socket = path.join(tempDir(), 'bus');
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(socket, resolve));
    try {
      const env = auto({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${socket}` });
      const r = await spawnProspect(['auth', 'login', '--with-token', '--base-url', t.sb.url], { env, input: t.sb.demoKey });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stderr).toContain(
        'warning: no keychain answered (the keychain did not answer within 3 s; is it locked, or waiting at a prompt?)',
      );
      // The write may have been made before its answer was lost, and the entry could not be deleted either: it is named.
      expect(r.stderr).toMatch(
        /warning: the keychain did not answer, so this entry is left in it: prospect-cli \/ default\/api_key\/[0-9a-f]{8}; delete it/,
      );
      expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.default.api_key).toBe(t.sb.demoKey);
      const required = await spawnProspect(
        ['auth', 'login', '--with-token', '--base-url', t.sb.url, '--profile', 'strict', '--secure-storage', 'required'],
        { env, input: t.sb.demoKey },
      );
      expect(required.exitCode).toBe(3);
      expect(required.stderr).toMatch(
        /^error: keychain_unavailable: no keychain answered: the keychain did not answer within 3 s; .*the API key was not saved \(an entry may be left in the keychain: prospect-cli \/ strict\/api_key\/[0-9a-f]{8}\)/,
      );
    } finally {
      silent.close();
    }
  });

  it('Ctrl-C or SIGTERM while the keychain does not answer stops the command: nothing is saved after', async () => {
    const socket = path.join(tempDir(), 'bus');
    const silent = net.createServer();
    await new Promise<void>((resolve) => silent.listen(socket, resolve));
    const controller = new AbortController();
    // The helper reaching the bus is the moment the command waits on the keychain.
    silent.once('connection', () =>
      controller.abort(Object.assign(new Error('stopped by SIGTERM'), { name: 'AbortError', signal: 'SIGTERM' })),
    );
    // The helper finds the bus in this process's environment, as it would in the CLI's.
    process.env.DBUS_SESSION_BUS_ADDRESS = `unix:path=${socket}`;
    try {
      const r = await runInProcess(['auth', 'login', '--with-token', '--base-url', t.sb.url], {
        env: auto({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${socket}` }),
        stdin: t.sb.demoKey,
        signal: controller.signal,
      });
      expect(r.code).toBe(143);
      expect(r.stderr).toContain('stopped by SIGTERM');
      expect(r.stderr).not.toContain('Logged in');
      expect(existsSync(configFile())).toBe(false);
    } finally {
      process.env.DBUS_SESSION_BUS_ADDRESS = NO_SECRET_SERVICE;
      silent.close();
    }
  });

  it('bad values of the setting are usage errors naming the three', async () => {
    const flag = await prospect(['auth', 'login', '--secure-storage', 'always'], { env: auto() });
    expect(flag.exitCode).toBe(2);
    expect(flag.stderr).toMatch(/^error: usage: --secure-storage must be one of auto, required, off, got "always"\n/);
    const env = await prospect(['whoami'], { env: auto({ PROSPECT_SECURE_STORAGE: 'yes' }) });
    expect(env.exitCode).toBe(2);
    expect(env.stderr).toContain('PROSPECT_SECURE_STORAGE must be one of auto, required, off, got "yes"');
    const set = await prospect(['config', 'set', 'secure_storage', 'strict'], { env: auto() });
    expect(set.exitCode).toBe(2);
    expect(set.stderr).toContain('secure_storage must be one of auto, required, off, got "strict"');
  });
});
