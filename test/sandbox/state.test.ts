import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { openSandbox, raw, control, newKey } from './helpers.js';
import { SAVE_DEBOUNCE_MS, StateFileError } from '../../src/sandbox/state-file.js';
import { API_KEY_PATTERN } from '../../src/api/schemas/auth.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-state-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('--state snapshots', () => {
  test('a reload keeps the demo key valid, and keys, balances, plans, clock and log survive', async () => {
    const file = path.join(dir, 'nested', 'state.json');
    const first = await openSandbox({ statePath: file, seed: 7 });
    expect(first.demoKey).toMatch(API_KEY_PATTERN);
    await control(first, 'POST', '/balance', { credits: 1234 });
    await control(first, 'POST', '/plan', { plan: 'enterprise' });
    await control(first, 'POST', '/clock', { set_ms: Date.UTC(2032, 1, 2) });
    const extra = await newKey(first, { name: 'kept' });
    await raw(first, 'GET', '/api/v2/whoami', { token: first.demoKey });
    const before = await control(first, 'GET', '/state');
    await first.close();

    const second = await openSandbox({ statePath: file, seed: 99 });
    try {
      expect(second.demoKey).toBe(first.demoKey);
      expect(second.port).not.toBe(0);
      const who = await raw(second, 'GET', '/api/v2/whoami', { token: second.demoKey });
      expect(who.status).toBe(200);
      expect(who.json).toMatchObject({ organization_id: before.demo.organization_id, tier: 'enterprise' });
      expect((await raw(second, 'GET', '/api/v2/credits/balance', { token: extra.api_key })).json.credits).toBe(1234);
      const after = await control(second, 'GET', '/state');
      expect(after.seed).toBe(7);
      expect(after.now_ms).toBeGreaterThanOrEqual(Date.UTC(2032, 1, 2));
      // The row of the first run, plus whoami and balance of this one.
      expect(after.request_log_rows).toBe(before.request_log_rows + 2);
    } finally {
      await second.close();
    }
  });

  test('the file is written at start, mode 0600, and holds no key secret other than the demo key', async () => {
    const file = path.join(dir, 'state.json');
    const sb = await openSandbox({ statePath: file });
    const extra = await newKey(sb);
    await sb.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(sb.demoKey);
    expect(text).not.toContain(extra.api_key);
  });

  test('changes are saved shortly after a request, before close', async () => {
    const file = path.join(dir, 'state.json');
    const sb = await openSandbox({ statePath: file });
    try {
      await control(sb, 'POST', '/balance', { credits: 4321 });
      const savedCredits = () => {
        const saved = JSON.parse(readFileSync(file, 'utf8'));
        return saved.organizations[saved.demo.organization_id].credits;
      };
      // Debounced by 200 ms; a loaded machine may run the timer late, so poll rather than sleep a fixed time.
      await expect.poll(savedCredits, { timeout: 10_000, interval: 50 }).toBe(4321);
    } finally {
      await sb.close();
    }
  });

  test('a state file that cannot be written fails the start and leaves no server listening', async () => {
    // Listening servers only: a closed server stops listening at once (its handle may linger a moment).
    const servers = () => (process as any)._getActiveHandles().filter((h: unknown) => h instanceof net.Server && h.listening).length;
    const before = servers();
    const blocker = path.join(dir, 'not-a-dir');
    writeFileSync(blocker, '');
    await expect(openSandbox({ statePath: path.join(blocker, 'state.json') })).rejects.toThrow(/ENOTDIR|EEXIST/);
    expect(servers()).toBe(before);
  });

  test('nothing is written after close(), not even by a request that was still reading its body', async () => {
    const file = path.join(dir, 'state.json');
    // The sandbox's HTTP server, to know when it is done with the request cut off by close().
    const created = vi.spyOn(http, 'createServer');
    let server: http.Server | undefined;
    const sb = await openSandbox({ statePath: file }).finally(() => {
      server = created.mock.results[0]?.value;
      created.mockRestore();
    });
    // Settles once the server-side request has closed and its handler (a microtask chain) has run.
    const handled = new Promise<void>((resolve) =>
      server!.once('request', (req: http.IncomingMessage) => req.once('close', () => setImmediate(resolve))),
    );
    const stderr = vi.spyOn(process.stderr, 'write');
    // A later write can only come from the save debounce timer; close() saves synchronously.
    const set = vi.spyOn(globalThis, 'setTimeout');
    const saveTimers = (from = 0) => set.mock.calls.slice(from).filter((c) => c[1] === SAVE_DEBOUNCE_MS);
    try {
      // The timer looked for: a change schedules exactly one.
      await control(sb, 'POST', '/balance', { credits: 1234 });
      expect(saveTimers()).toHaveLength(1);
      const req = http.request(`${sb.url}/api/v2/whoami`, {
        method: 'GET',
        headers: { authorization: `Bearer ${sb.demoKey}`, 'content-type': 'application/json', 'content-length': '100' },
      });
      const gone = new Promise((r) => req.on('error', r));
      req.write('{"a":');
      // Authenticated and counted, now waiting for the rest of the body.
      await expect.poll(() => sb.store.apiKey(sb.store.demo.key_id)?.request_count).toBe(1);
      const atClose = set.mock.calls.length;
      await sb.close();
      await gone;
      await handled;
      rmSync(file);
      expect(saveTimers(atClose)).toEqual([]);
      expect(existsSync(file)).toBe(false);
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).not.toMatch(/sandbox: .*failed/);
    } finally {
      set.mockRestore();
      stderr.mockRestore();
    }
  });

  test('a file that is not a sandbox state is refused, not overwritten', async () => {
    const file = path.join(dir, 'state.json');
    writeFileSync(file, '{"hello": "world"}');
    await expect(openSandbox({ statePath: file })).rejects.toBeInstanceOf(StateFileError);
    expect(readFileSync(file, 'utf8')).toBe('{"hello": "world"}');
  });
});

describe('seeding and reset', () => {
  test('the same seed gives the same ids; another seed other ids', async () => {
    const a = await openSandbox({ seed: 5 });
    const b = await openSandbox({ seed: 5 });
    const c = await openSandbox({ seed: 6 });
    try {
      const [sa, sb2, sc] = await Promise.all([a, b, c].map((s) => control(s, 'GET', '/state')));
      expect(sa.demo).toEqual(sb2.demo);
      expect(sa.demo.organization_id).toMatch(/^org_[0-9a-f]{24}$/);
      expect(sa.demo.user_id).toMatch(/^usr_[0-9a-f]{24}$/);
      expect(sc.demo.organization_id).not.toBe(sa.demo.organization_id);
      expect(a.demoKey).not.toBe(b.demoKey);
      const emails = sa.organizations.flatMap((o: { members: { email: string }[] }) => o.members.map((m) => m.email));
      expect(emails).toEqual(['dana@acme.example', 'theo@acme.example', 'gina@globex.example']);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  test('reset restores the seeded data, keeps the demo key and drops other keys', async () => {
    const sb = await openSandbox();
    try {
      const k = await newKey(sb);
      await control(sb, 'POST', '/balance', { credits: 1 });
      await control(sb, 'POST', '/clock', { advance_ms: 86_400_000 });
      const reset = await control(sb, 'POST', '/reset', { seed: 8 });
      expect(reset.seed).toBe(8);
      expect(Math.abs(reset.offset_ms)).toBe(0);
      expect((await raw(sb, 'GET', '/api/v2/credits/balance', { token: sb.demoKey })).json.credits).toBe(5000);
      expect((await raw(sb, 'GET', '/api/v2/whoami', { token: k.api_key })).status).toBe(401);
      const jwt = sb.mintJwt();
      expect((await raw(sb, 'GET', '/api/v2/whoami', { token: jwt })).status).toBe(200);
    } finally {
      await sb.close();
    }
  });
});

describe('controls', () => {
  test('organizations gives a working key in a new organization of the asked plan', async () => {
    const sb = await openSandbox();
    try {
      const o = await control(sb, 'POST', '/organizations', { name: 'Initech', plan: 'enterprise', credits: 77 });
      expect(o.api_key).toMatch(API_KEY_PATTERN);
      const who = await raw(sb, 'GET', '/api/v2/whoami', { token: o.api_key });
      expect(who.json).toMatchObject({
        organization_id: o.organization_id,
        organization_name: 'Initech',
        tier: 'enterprise',
        user_id: o.user_id,
      });
      expect((await raw(sb, 'GET', '/api/v2/credits/balance', { token: o.api_key })).json.credits).toBe(77);
    } finally {
      await sb.close();
    }
  });

  test('jwt mints a token for a user by email; bad bodies are 422', async () => {
    const sb = await openSandbox();
    try {
      const t = await control(sb, 'POST', '/jwt', { user: 'gina@globex.example', ttl_sec: 120 });
      expect((await raw(sb, 'GET', '/api/v2/whoami', { token: t.token })).json.organization_name).toBe('Globex');
      expect(Date.parse(t.expires_at)).toBeGreaterThan(Date.now());
      expect((await raw(sb, 'POST', '/__sandbox/plan', { body: { partner_tier: 9 } })).status).toBe(422);
      expect((await raw(sb, 'POST', '/__sandbox/balance', { body: { organization_id: 'org_nope', credits: 1 } })).status).toBe(404);
      expect((await raw(sb, 'POST', '/__sandbox/clock', { body: { advance_ms: -5 } })).status).toBe(422);
    } finally {
      await sb.close();
    }
  });
});
