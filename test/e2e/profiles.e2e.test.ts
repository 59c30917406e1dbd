import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { prospect } from '../helpers/in-process.js';

const t = useSandboxEnv({ withKey: false });

const configFile = () => path.join(t.env.PROSPECT_CONFIG_DIR!, 'config.json');
const mode = (f: string) => statSync(f).mode & 0o777;

describe('auth login, status, logout and config', () => {
  it('login --with-token checks the key, saves it 0600 and says where', async () => {
    const r = await prospect(['auth', 'login', '--with-token', '--base-url', t.sb.url], { env: t.env, input: `${t.sb.demoKey}\n` });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('Logged in to Acme Demo');
    expect(r.stderr).toContain(configFile());
    expect(r.stderr).toContain('mode 0600');
    expect(r.stderr).toContain(`${t.sb.demoKey.slice(0, 10)}...${t.sb.demoKey.slice(-4)}`);
    expect(r.stderr + r.stdout).not.toContain(t.sb.demoKey);
    expect(mode(configFile())).toBe(0o600);
    expect(mode(path.dirname(configFile()))).toBe(0o700);
    const saved = JSON.parse(readFileSync(configFile(), 'utf8'));
    expect(saved.profiles.default).toEqual({ base_url: t.sb.url, api_key: t.sb.demoKey });

    const who = await prospect(['whoami', '--json'], { env: t.env });
    expect(JSON.parse(who.stdout).organization_id).toBe(t.sb.store.demo.organization_id);
  });

  it('a rejected key is not saved', async () => {
    const r = await prospect(['auth', 'login', '--with-token', '--base-url', t.sb.url], { env: t.env, input: `svcapi_${'z'.repeat(64)}` });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/^error: authentication_invalid: Invalid or expired API key/);
    expect(() => statSync(configFile())).toThrow();
  });

  it('without a terminal and without --with-token, login fails at once naming the flag', async () => {
    const r = await prospect(['auth', 'login', '--base-url', t.sb.url], { env: t.env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--with-token');
  });

  it('something that is not a key is refused before sending, without echoing it', async () => {
    const secret = 'hunter2-my-password-123';
    const r = await prospect(['auth', 'login', '--with-token', '--base-url', t.sb.url], { env: t.env, input: secret });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).not.toContain(secret);
  });

  it('status shows profile, base URL, masked key, sources and identity; logout removes the key', async () => {
    await prospect(['auth', 'login', '--with-token', '--base-url', t.sb.url, '--profile', 'work'], { env: t.env, input: t.sb.demoKey });
    const s = await prospect(['auth', 'status', '--profile', 'work', '--json'], { env: t.env });
    expect(s.exitCode, s.stderr).toBe(0);
    const st = JSON.parse(s.stdout);
    expect(st).toMatchObject({
      profile: 'work',
      profile_source: 'flag',
      base_url: t.sb.url,
      base_url_source: 'profile',
      api_key: `${t.sb.demoKey.slice(0, 10)}...${t.sb.demoKey.slice(-4)}`,
      api_key_source: 'profile',
      organization_id: t.sb.store.demo.organization_id,
    });
    expect(s.stdout).not.toContain(t.sb.demoKey);

    const ls = await prospect(['config', 'ls'], { env: t.env });
    expect(ls.stdout).toContain('work');
    expect(ls.stdout).not.toContain(t.sb.demoKey);

    const out = await prospect(['auth', 'logout', '--profile', 'work'], { env: t.env });
    expect(out.exitCode).toBe(0);
    const after = await prospect(['auth', 'status', '--profile', 'work'], { env: t.env });
    expect(after.exitCode).toBe(3);
    expect(after.stderr).toMatch(/not logged in/);
  });

  it('the environment beats the profile: a bad PROSPECT_API_KEY is used and rejected', async () => {
    await prospect(['auth', 'login', '--with-token', '--base-url', t.sb.url], { env: t.env, input: t.sb.demoKey });
    const r = await prospect(['whoami'], { env: { ...t.env, PROSPECT_API_KEY: `svcapi_${'q'.repeat(64)}` } });
    expect(r.exitCode).toBe(3);
    const ok = await prospect(['whoami'], { env: t.env });
    expect(ok.exitCode).toBe(0);
  });

  it('config set checks values; get prints the resolved value; the file stays 0600', async () => {
    expect((await prospect(['config', 'set', 'format', 'csv'], { env: t.env })).exitCode).toBe(0);
    expect(mode(configFile())).toBe(0o600);
    expect((await prospect(['config', 'get', 'format'], { env: t.env })).stdout).toBe('csv\n');
    expect((await prospect(['config', 'get', 'format'], { env: { ...t.env, PROSPECT_FORMAT: 'tsv' } })).stdout).toBe('tsv\n');
    expect((await prospect(['config', 'set', 'base_url', 'https://api.example.com/'], { env: t.env })).exitCode).toBe(0);
    const asJson = JSON.parse((await prospect(['config', 'get', 'base_url', '--json'], { env: t.env })).stdout);
    expect(asJson).toEqual({ key: 'base_url', value: 'https://api.example.com', source: 'profile' });
    const bad = await prospect(['config', 'set', 'base_url', 'http://api.example.com'], { env: t.env });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('refusing plain http');
    const missing = await prospect(['config', 'get', 'max_cost'], { env: t.env });
    expect(missing.exitCode).toBe(4);
  });
});

// The commands run in process; `sandbox start` and `--sandbox` spawn the background sandbox, as for a user.
describe('the sandbox lifecycle', () => {
  it('start, status --json, jwt, reset and stop', async () => {
    const start = await prospect(['sandbox', 'start', '--json'], { env: t.env });
    expect(start.exitCode, start.stderr).toBe(0);
    const started = JSON.parse(start.stdout);
    try {
      expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const runtimeFile = path.join(t.env.PROSPECT_DATA_DIR!, 'sandbox.json');
      expect(mode(runtimeFile)).toBe(0o600);
      const status = JSON.parse((await prospect(['sandbox', 'status', '--json'], { env: t.env })).stdout);
      expect(status).toMatchObject({ running: true, url: started.url, pid: started.pid });

      const who = await prospect(['--sandbox', 'whoami', '--json'], { env: t.env });
      expect(JSON.parse(who.stdout).auth_type).toBe('api_key');

      const jwt = await prospect(['sandbox', 'jwt'], { env: t.env });
      expect(jwt.exitCode).toBe(0);
      const token = jwt.stdout.trim();
      expect(token.split('.')).toHaveLength(3);
      const asSession = await prospect(['whoami', '--json'], {
        env: { ...t.env, PROSPECT_BASE_URL: started.url, PROSPECT_API_KEY: token },
      });
      expect(JSON.parse(asSession.stdout)).toMatchObject({ auth_type: 'session', user_email: 'dana@acme.example' });

      expect((await prospect(['sandbox', 'reset'], { env: t.env })).exitCode).toBe(0);
    } finally {
      const stop = await prospect(['sandbox', 'stop'], { env: t.env });
      expect(stop.exitCode).toBe(0);
    }
    const status = JSON.parse((await prospect(['sandbox', 'status', '--json'], { env: t.env })).stdout);
    expect(status).toMatchObject({ running: false, url: null, pid: null });
    expect(() => process.kill(started.pid, 0)).toThrow();
  });

  it('a runtime file left by a sandbox that is gone (its pid now another process) is replaced', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(t.env.PROSPECT_DATA_DIR!, { recursive: true, mode: 0o700 });
    const stale = {
      pid: process.pid,
      port: 1,
      url: 'http://127.0.0.1:1',
      seed: 42,
      state_path: null,
      demo_key: `svcapi_${'s'.repeat(64)}`,
      started_at: new Date().toISOString(),
    };
    writeFileSync(path.join(t.env.PROSPECT_DATA_DIR!, 'sandbox.json'), JSON.stringify(stale), { mode: 0o600 });
    const status = JSON.parse((await prospect(['sandbox', 'status', '--json'], { env: t.env })).stdout);
    expect(status.running).toBe(false);
    writeFileSync(path.join(t.env.PROSPECT_DATA_DIR!, 'sandbox.json'), JSON.stringify(stale), { mode: 0o600 });
    try {
      const r = await prospect(['--sandbox', 'whoami', '--json'], { env: t.env });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).organization_name).toBe('Acme Demo');
    } finally {
      await prospect(['sandbox', 'stop'], { env: t.env });
    }
    expect(() => process.kill(process.pid, 0)).not.toThrow();
  });

  it('--sandbox starts the sandbox when none runs, from any folder', async () => {
    try {
      const r = await prospect(['--sandbox', 'whoami', '--json'], { env: t.env, cwd: path.dirname(t.env.PROSPECT_CONFIG_DIR!) });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).organization_name).toBe('Acme Demo');
      const again = await prospect(['--sandbox', 'credits', 'balance'], { env: t.env });
      expect(again.exitCode, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/organization_id\tcredits\norg_\w+\t5000\n/);
      expect(again.stderr).not.toContain('Starting the local sandbox');
    } finally {
      await prospect(['sandbox', 'stop'], { env: t.env });
    }
  });
});
