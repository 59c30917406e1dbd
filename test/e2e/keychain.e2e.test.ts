import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AsyncEntry } from '@napi-rs/keyring';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { prospect } from '../helpers/in-process.js';
import { spawnProspect } from '../helpers/binary.js';
import { drives } from '../helpers/has-command.js';
import { startSecretService, type TestSecretService } from '../helpers/secret-service.js';
import { printedCommands, runPrinted } from '../helpers/printed-command.js';
import { newKey } from '../sandbox/helpers.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * Secrets in a real Secret Service: GNOME Keyring on a D-Bus session bus of this file's own
 * (dbus-run-session). The keychain binding connects to the bus named by this process's
 * DBUS_SESSION_BUS_ADDRESS, so the file points it there and puts it back after.
 */
const keyring = drives('gnome-keyring-daemon');
const t = useSandboxEnv({ withKey: false });
let service: TestSecretService;
const busBefore = process.env.DBUS_SESSION_BUS_ADDRESS;

const configFile = () => path.join(t.env.PROSPECT_CONFIG_DIR!, 'config.json');
const config = () => JSON.parse(readFileSync(configFile(), 'utf8'));
/** The default setting, auto: the keychain (test helpers turn it off for every other test). */
const withKeychain = () => ({ ...t.env, PROSPECT_SECURE_STORAGE: undefined, DBUS_SESSION_BUS_ADDRESS: service.address });
const entry = (account: string) => new AsyncEntry('prospect-cli', account, { linux: { store: 'secret-service' } });

async function login(args: string[] = [], input = t.sb.demoKey) {
  return prospect(['auth', 'login', '--with-token', '--base-url', t.sb.url, ...args], { env: withKeychain(), input });
}

describe.runIf(keyring.run)('on a Secret Service', () => {
  beforeAll(async () => {
    keyring.check();
    service = await startSecretService();
    process.env.DBUS_SESSION_BUS_ADDRESS = service.address;
  });
  afterAll(async () => {
    if (busBefore === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
    else process.env.DBUS_SESSION_BUS_ADDRESS = busBefore;
    await service?.close();
  });

  it('auth login leaves no secret in the config file, and later commands authenticate from the keychain', async () => {
    const r = await login();
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('the API key in the OS keychain');
    expect(r.stderr).not.toMatch(/warning|plaintext/);
    const text = readFileSync(configFile(), 'utf8');
    expect(text).not.toContain(t.sb.demoKey);
    expect(text).not.toContain(t.sb.demoKey.slice(7, 40));
    const ref = config().profiles.default.keychain.api_key;
    expect(ref.masked).toBe(`${t.sb.demoKey.slice(0, 10)}...${t.sb.demoKey.slice(-4)}`);
    expect(await entry(ref.account).getPassword()).toBe(t.sb.demoKey);

    const who = await prospect(['whoami', '--json'], { env: withKeychain() });
    expect(who.exitCode, who.stderr).toBe(0);
    expect(JSON.parse(who.stdout).organization_id).toBe(t.sb.store.demo.organization_id);
    expect(who.stderr).toBe('');

    const status = await prospect(['auth', 'status', '--json'], { env: withKeychain() });
    expect(status.exitCode, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      api_key: ref.masked,
      api_key_source: 'profile',
      api_key_stored_in: 'keychain',
      organization_name: 'Acme Demo',
    });
    expect(status.stderr).not.toContain('plaintext');

    const ls = await prospect(['config', 'ls', '--json'], { env: withKeychain() });
    expect(JSON.parse(ls.stdout).profiles).toEqual([
      expect.objectContaining({ profile: 'default', api_key: ref.masked, api_key_stored_in: 'keychain', stored_in: 'keychain' }),
    ]);
    expect(ls.stderr).toBe('');
  });

  it('the real binary saves to and reads from the keychain (the binding installed beside the bundle)', async () => {
    const env = withKeychain();
    const saved = await spawnProspect(['auth', 'login', '--with-token', '--base-url', t.sb.url, '--profile', 'bin'], {
      env,
      input: t.sb.demoKey,
    });
    expect(saved.exitCode, saved.stderr).toBe(0);
    expect(readFileSync(configFile(), 'utf8')).not.toContain(t.sb.demoKey);
    const who = await spawnProspect(['whoami', '--profile', 'bin', '--fields', 'organization_name'], { env });
    expect(who.exitCode, who.stderr).toBe(0);
    expect(who.stdout).toBe('organization_name\nAcme Demo\n');
  });

  it('a second login replaces the entry, and logout deletes it', async () => {
    await login();
    const first = config().profiles.default.keychain.api_key.account as string;
    const again = await login([], (await newKey(t.sb)).api_key);
    expect(again.exitCode, again.stderr).toBe(0);
    const second = config().profiles.default.keychain.api_key.account as string;
    expect(second).not.toBe(first);
    expect(await entry(first).getPassword()).toBeNull();

    const out = await prospect(['auth', 'logout'], { env: withKeychain() });
    expect(out.exitCode, out.stderr).toBe(0);
    expect(out.stderr).toContain('from the OS keychain');
    expect(await entry(second).getPassword()).toBeNull();
    expect(config().profiles.default).toEqual({ base_url: t.sb.url });
  });

  it('a login over a profile holding both a plaintext key and a keychain entry (an older version wrote the first) deletes that entry', async () => {
    const stale = 'both/api_key/0badf00d';
    await entry(stale).setPassword(t.sb.demoKey);
    mkdirSync(path.dirname(configFile()), { recursive: true, mode: 0o700 });
    writeFileSync(
      configFile(),
      JSON.stringify({
        profiles: {
          both: { base_url: t.sb.url, api_key: t.sb.demoKey, keychain: { api_key: { account: stale, masked: 'svcapi_abc...wxyz' } } },
        },
      }),
      { mode: 0o600 },
    );
    const r = await login(['--profile', 'both']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(await entry(stale).getPassword()).toBeNull();
    expect(config().profiles.both.api_key).toBeUndefined();
    expect(config().profiles.both.keychain.api_key.account).not.toBe(stale);
  });

  it('a session JWT goes to the keychain too, and key management reads it from there', async () => {
    const jwt = t.sb.mintJwt();
    expect(jwt.split('.')).toHaveLength(3);
    const r = await prospect(['auth', 'login', '--jwt', '--with-token', '--base-url', t.sb.url, '--profile', 'admin'], {
      env: withKeychain(),
      input: jwt,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(readFileSync(configFile(), 'utf8')).not.toContain(jwt);
    const keys = await prospect(['keys', 'ls', '--profile', 'admin', '--json'], { env: withKeychain() });
    expect(keys.exitCode, keys.stderr).toBe(0);
    expect(keys.stdout).toContain('"key_prefix"');
  });

  it('keys create --save-profile saves the new key in the keychain, never printing it', async () => {
    const jwt = t.sb.mintJwt();
    const r = await prospect(['keys', 'create', '--jwt-stdin', '--base-url', t.sb.url, '--name', 'laptop', '--save-profile', 'laptop'], {
      env: withKeychain(),
      input: jwt,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    const ref = config().profiles.laptop.keychain.api_key;
    const key = await entry(ref.account).getPassword();
    expect(key).toMatch(/^svcapi_/);
    expect(readFileSync(configFile(), 'utf8')).not.toContain(key!);
    const who = await prospect(['whoami', '--profile', 'laptop', '--fields', 'organization_name'], { env: withKeychain() });
    expect(who.exitCode, who.stderr).toBe(0);
  });

  it('auth migrate moves plaintext secrets into the keychain; commands go on working; a second run finds nothing', async () => {
    const plain = await login(['--profile', 'plain', '--secure-storage', 'off']);
    expect(plain.exitCode, plain.stderr).toBe(0);
    expect(config().profiles.plain.api_key).toBe(t.sb.demoKey);
    const ls = await prospect(['config', 'ls'], { env: withKeychain() });
    expect(ls.stderr).toContain('profile "plain" keeps its secrets in plaintext');
    const warned = await prospect(['auth', 'status', '--profile', 'plain'], { env: withKeychain() });
    expect(warned.stderr).toContain('is stored in plaintext');
    expect(printedCommands(warned.stderr)).toEqual(['prospect auth migrate']);

    const m = await prospect(['auth', 'migrate', '--json'], { env: withKeychain() });
    expect(m.exitCode, m.stderr).toBe(0);
    const moved = JSON.parse(m.stdout).moved;
    expect(moved).toEqual([
      { profile: 'plain', secret: 'api_key', keychain_entry: expect.stringMatching(/^prospect-cli \/ plain\/api_key\//) },
    ]);
    expect(readFileSync(configFile(), 'utf8')).not.toContain(t.sb.demoKey);
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);

    const who = await prospect(['whoami', '--profile', 'plain', '--fields', 'organization_name'], { env: withKeychain() });
    expect(who.exitCode, who.stderr).toBe(0);
    const again = await prospect(['auth', 'migrate'], { env: withKeychain() });
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain('nothing to move');
  });

  it('an entry deleted from the keychain is exit 3 naming the login that restores it, and that command runs as printed', async () => {
    await login(['--profile', 'gone']);
    await entry(config().profiles.gone.keychain.api_key.account).deletePassword();
    const r = await prospect(['whoami', '--profile', 'gone'], { env: withKeychain() });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(
      /^error: keychain_entry_missing: the API key of profile "gone" is no longer in the keychain \(entry prospect-cli \/ gone\/api_key\//,
    );
    expect(printedCommands(r.stderr)).toEqual(['prospect auth login --profile gone']);
    // As printed, on a terminal it prompts for the key; here the key comes on stdin.
    const redo = await runPrinted('prospect auth login --profile gone --with-token', {
      env: withKeychain(),
      cwd: tempDir(),
      input: t.sb.demoKey,
    });
    expect(redo.exitCode, redo.stderr).toBe(0);
    expect((await prospect(['whoami', '--profile', 'gone'], { env: withKeychain() })).exitCode).toBe(0);
  });

  it('list names complete from the cache without asking the keychain; it is read only to fetch them', async () => {
    await login(['--profile', 'tab']);
    await prospect(['lists', 'create', 'Tab leads', '--profile', 'tab'], { env: withKeychain() });
    const first = await prospect(['__complete', 'lists', '--profile', 'tab'], { env: withKeychain() });
    expect(first.stdout).toContain('Tab leads\n');
    // Gone from the keychain: a TAB within the cache's minute still answers, so it never read the key.
    await entry(config().profiles.tab.keychain.api_key.account).deletePassword();
    const again = await prospect(['__complete', 'lists', '--profile', 'tab'], { env: withKeychain() });
    expect(again.stdout).toContain('Tab leads\n');
  });

  it('a NODE_OPTIONS preload that writes on stdout does not reach the keychain helper', async () => {
    const preload = path.join(tempDir(), 'noisy.cjs');
    writeFileSync(preload, "process.stdout.write('noise from a preload\\n');\n");
    const env = { ...withKeychain(), NODE_OPTIONS: `--require ${preload}` };
    const r = await spawnProspect(['auth', 'login', '--with-token', '--base-url', t.sb.url, '--profile', 'noisy'], {
      env,
      input: t.sb.demoKey,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('the API key in the OS keychain');
    expect(config().profiles.noisy.keychain.api_key.account).toMatch(/^noisy\/api_key\//);
    expect((await spawnProspect(['whoami', '--profile', 'noisy', '--fields', 'organization_name'], { env })).exitCode).toBe(0);
  });

  it('PROSPECT_API_KEY still wins over a key in the keychain', async () => {
    await login();
    const { api_key } = await newKey(t.sb);
    const r = await prospect(['auth', 'status', '--json'], { env: { ...withKeychain(), PROSPECT_API_KEY: api_key } });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      api_key: `${api_key.slice(0, 10)}...${api_key.slice(-4)}`,
      api_key_source: 'env',
      api_key_stored_in: 'environment',
    });
  });

  it("config rm-profile deletes the profile's keychain entries", async () => {
    await login(['--profile', 'temp']);
    const account = config().profiles.temp.keychain.api_key.account as string;
    const r = await prospect(['config', 'rm-profile', 'temp', '--yes'], { env: withKeychain() });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('and its secrets from the keychain');
    expect(await entry(account).getPassword()).toBeNull();
  });
});
