import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { BIN } from '../helpers/binary.js';
import { tempDir } from '../helpers/temp-dir.js';
import { prospect as runCli, sandboxClock } from '../helpers/in-process.js';

const t = useSandboxEnv({ withKey: true });

/** The CLI on the sandbox's clock: its retries and Retry-After waits move the sandbox's time, not the test's. */
const prospect = (args: string[], o: { env: Record<string, string | undefined> }) => runCli(args, { ...o, clock: sandboxClock(t.sb) });

const noStackTrace = (text: string) => expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);

/** The exit code of a spawned process and all it wrote on stderr. */
function ended(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

describe('exit codes and error output', () => {
  it('a wrong key exits 3 with the service message', async () => {
    const r = await prospect(['whoami'], { env: { ...t.env, PROSPECT_API_KEY: `svcapi_${'x'.repeat(64)}` } });
    expect(r.exitCode).toBe(3);
    expect(r.stderr.split('\n')[0]).toBe('error: authentication_invalid: Invalid or expired API key');
    expect(r.stdout).toBe('');
    noStackTrace(r.stderr);
  });

  it('a key lacking credits:read exits 3 naming the missing scope', async () => {
    await control(t.sb, 'POST', '/scopes', { scopes: ['people:read', 'lists:read'] });
    const r = await prospect(['credits', 'balance'], { env: t.env });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/^error: insufficient_scope: /);
    expect(r.stderr).toContain('credits:read');
    expect(r.stderr).toContain('people:read, lists:read');
  });

  it('a trial organization exits 3 with the plan message', async () => {
    await control(t.sb, 'POST', '/plan', { trial: true });
    const r = await prospect(['whoami'], { env: t.env });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/^error: permission_denied: .*trial/i);
  });

  it('a plan without API access exits 3', async () => {
    await control(t.sb, 'POST', '/plan', { plan: 'starter' });
    const r = await prospect(['whoami'], { env: t.env });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/^error: permission_denied: /);
  });

  it('a 429 is waited out (Retry-After) and the command succeeds', async () => {
    await control(t.sb, 'POST', '/faults', { rules: [{ kind: 'rate_limit', path: '/whoami', retry_after_sec: 1, count: 1 }] });
    const started = t.sb.services.clock.now();
    const r = await prospect(['whoami', '--json', '--debug'], { env: t.env });
    expect(r.exitCode).toBe(0);
    expect(t.sb.services.clock.now() - started).toBeGreaterThanOrEqual(1000);
    expect(JSON.parse(r.stdout).organization_id).toBe(t.sb.store.demo.organization_id);
    expect(r.stderr).toMatch(/retrying GET .*whoami after 429/);
  });

  it('a real per-key limit: the CLI waits for the next window and succeeds', async () => {
    const minute = Date.UTC(2031, 0, 15, 10, 0, 0);
    await control(t.sb, 'POST', '/clock', { set_ms: minute + 59_000, freeze: true });
    const { Client } = await import('../../src/api/client.js');
    const sdk = new Client({ baseUrl: t.sb.url, token: t.sb.demoKey, retry: { maxRateLimitRetries: 0 } });
    for (let i = 0; i < 30; i++) await sdk.get('/whoami');
    sdk.close();
    // The clock stands still but for the CLI's own wait, which moves it into the next window.
    const r = await prospect(['whoami', '--json', '--debug'], { env: t.env });
    expect(r.exitCode, r.stderr).toBe(0);
    const { requests } = await control<{ requests: { status_code: number }[] }>(t.sb, 'GET', '/requests');
    expect(requests.filter((x) => x.status_code === 429)).toHaveLength(1);
    expect(t.sb.services.clock.now()).toBeGreaterThanOrEqual(minute + 60_000);
    expect(r.stderr).toMatch(/retrying GET .*\/whoami after 429 rate_limited in 1\d{3} ms/);
    expect(JSON.parse(r.stdout).organization_id).toBe(t.sb.store.demo.organization_id);
  });

  it('a Retry-After longer than the wait budget exits 6 at once', async () => {
    await control(t.sb, 'POST', '/faults', { rules: [{ kind: 'rate_limit', path: '/whoami', retry_after_sec: 3600 }] });
    const r = await prospect(['whoami'], { env: t.env });
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toMatch(/^error: rate_limited: /);
  });

  it('a burst of 5xx on a GET is retried and the command succeeds', async () => {
    await control(t.sb, 'POST', '/faults', { rules: [{ kind: 'status', status: 502, path: '/credits/balance', count: 2 }] });
    const r = await prospect(['credits', 'balance', '--json'], { env: t.env });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).credits).toBeTypeOf('number');
  });

  it('dropped connections on a GET are retried', async () => {
    await control(t.sb, 'POST', '/faults', { rules: [{ kind: 'drop', path: '/whoami', count: 2 }] });
    const r = await prospect(['whoami', '--json'], { env: t.env });
    expect(r.exitCode).toBe(0);
  });

  it('a lasting 5xx exits 9 after retries', async () => {
    await control(t.sb, 'POST', '/faults', { rules: [{ kind: 'status', status: 500, path: '/whoami' }] });
    const r = await prospect(['whoami'], { env: t.env });
    expect(r.exitCode).toBe(9);
    expect(r.stderr).toMatch(/^error: internal_error: /);
    noStackTrace(r.stderr);
  });

  it('no service listening exits 9', async () => {
    const r = await prospect(['whoami'], { env: { ...t.env, PROSPECT_BASE_URL: 'http://127.0.0.1:1' } });
    expect(r.exitCode).toBe(9);
    expect(r.stderr).toMatch(/^error: connection_refused: /);
  });

  it('an unknown path exits 4', async () => {
    const r = await prospect(['api', 'GET', '/no/such/thing'], { env: t.env });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toMatch(/^error: resource_not_found: /);
  });

  it('bad flags and values exit 2 with one line naming the problem', async () => {
    const cases: string[][] = [
      ['whoami', '--frobnicate'],
      ['whoami', '--format', 'yaml'],
      ['whoami', '--fields'],
      ['whoami', 'extra-arg'],
      ['sandbox', 'serve', '--port', 'http'],
      ['config', 'set', 'colour', 'red'],
      ['config', 'set', 'api_key', 'svcapi_x'],
      ['api', 'FETCH', '/whoami'],
      ['nosuchcommand'],
    ];
    for (const args of cases) {
      const r = await prospect(args, { env: t.env });
      expect(r.exitCode, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/^error: (usage|configuration): /);
      expect(r.stdout, args.join(' ')).toBe('');
      noStackTrace(r.stderr);
    }
  });

  it('plain http to a remote host is refused before anything is sent', async () => {
    const r = await prospect(['whoami'], { env: { ...t.env, PROSPECT_BASE_URL: 'http://api.example.com' } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^error: configuration: refusing plain http to api\.example\.com/);
  });

  it('with --json, errors are a JSON object on stderr and stdout stays empty', async () => {
    const r = await prospect(['whoami', '--json'], { env: { ...t.env, PROSPECT_API_KEY: `svcapi_${'x'.repeat(64)}` } });
    expect(r.exitCode).toBe(3);
    expect(r.stdout).toBe('');
    const body = JSON.parse(r.stderr);
    expect(body.error).toMatchObject({ status: 401, code: 'authentication_invalid', problem: 'Invalid or expired API key', exit_code: 3 });
  });

  it('a key typed as a flag is refused and never echoed whole', async () => {
    const key = t.sb.demoKey;
    for (const args of [
      ['whoami', `--api-key=${key}`],
      ['whoami', '--json', `--token=${key}`],
    ]) {
      const r = await prospect(args, { env: t.env });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).not.toContain(key);
      expect(r.stderr).toContain('PROSPECT_API_KEY');
    }
  });

  it('errors are JSON whenever the output is, also when PROSPECT_FORMAT chose it', async () => {
    const r = await prospect(['whoami'], { env: { ...t.env, PROSPECT_FORMAT: 'json', PROSPECT_API_KEY: `svcapi_${'x'.repeat(64)}` } });
    expect(r.exitCode).toBe(3);
    expect(JSON.parse(r.stderr).error.code).toBe('authentication_invalid');
  });

  // Spawns the binary: a signal reaches a real process only.
  it('Ctrl-C while waiting exits 130', async () => {
    await control(t.sb, 'POST', '/faults', { rules: [{ kind: 'latency', path: '/whoami', latency_ms: 30_000 }] });
    const child = spawn(process.execPath, [BIN, 'whoami'], { env: t.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const done = ended(child);
    // Interrupted while its request is held by the sandbox.
    await expect.poll(async () => (await control(t.sb, 'GET', '/faults')).rules[0].applied, { timeout: 20_000 }).toBe(1);
    child.kill('SIGINT');
    const { code, stderr } = await done;
    expect(code).toBe(130);
    expect(stderr).toContain('interrupted');
  });

  // Spawns the binary: a file size limit (`ulimit -f`, as a disk that fills up) holds for a real process only.
  it.each([
    ['completion', 'bash'],
    ['search', 'people', '--seniority', 'C-Suite', '--limit', '100', '--format', 'json'],
  ])('stdout to a file that fills up part way (%s %s): exit 11, one line, no hint of success', async (...args) => {
    const file = path.join(tempDir(), 'out');
    const out = fs.openSync(file, 'w');
    // A few KiB fit; the first write of more stores part of it, the next is refused (EFBIG).
    const child = spawn('sh', ['-c', 'ulimit -f 4; exec "$0" "$@"', process.execPath, BIN, ...args], {
      env: t.env,
      stdio: ['ignore', out, 'pipe'],
    });
    fs.closeSync(out);
    const { code, stderr } = await ended(child);
    expect(code, stderr).toBe(11);
    expect(stderr).toBe('error: output: could not write to stdout: EFBIG (the file grew past what the file system allows)\n');
    // Part of the text was stored: the short write, not a refused first write, is what this covers.
    expect(fs.statSync(file).size).toBeGreaterThan(0);
  });

  // Spawns the binary: only a real process writes to a real file descriptor; --version is answered before the core loads.
  it('--version to a full disk exits 11 with one line, no stack trace', async () => {
    const out = fs.openSync('/dev/full', 'w');
    const child = spawn(process.execPath, [BIN, '--version'], { env: t.env, stdio: ['ignore', out, 'pipe'] });
    fs.closeSync(out);
    const { code, stderr } = await ended(child);
    expect(code, stderr).toBe(11);
    expect(stderr).toBe('error: output: could not write to stdout: ENOSPC (no space left on the device)\n');
  });

  // Spawns the binary: only a real process writes to a real file descriptor.
  it.each([
    ['a full disk (/dev/full)', 'full', 11],
    ['a closed pipe', 'pipe', 0],
  ] as const)('a write to stdout that fails on %s (%s) exits %i', async (_what, target, exit) => {
    for (const name of ['A', 'B', 'C']) expect((await runCli(['lists', 'create', name], { env: t.env })).exitCode).toBe(0);
    const out = target === 'full' ? fs.openSync('/dev/full', 'w') : 'pipe';
    // One page of three: a run that wrote its rows says how to get the next; one whose rows were lost must not.
    const child = spawn(process.execPath, [BIN, 'lists', 'ls', '--limit', '1', '--format', 'ndjson'], {
      env: t.env,
      stdio: ['ignore', out, 'pipe'],
    });
    if (typeof out === 'number') fs.closeSync(out);
    else child.stdout!.destroy();
    const { code, stderr } = await ended(child);
    expect(code, stderr).toBe(exit);
    if (exit) expect(stderr).toBe('error: output: could not write to stdout: ENOSPC (no space left on the device)\n');
    else expect(stderr).not.toContain('error:');
  });
});
