import { describe, expect, it } from 'vitest';
import { control, raw } from '../sandbox/helpers.js';
import { pointRuntimeAt, useSandboxEnv } from '../helpers/sandbox-env.js';
import { runInProcess, type InProcessOptions } from '../helpers/in-process.js';
import { json } from '../helpers/json.js';
import type { Prompter } from '../../src/cli/prompt.js';

const t = useSandboxEnv();

/** The session env a key administrator has: the service URL and a session JWT. */
const admin = () => ({ ...t.env, PROSPECT_BASE_URL: t.sb.url, PROSPECT_JWT: t.sb.mintJwt(), NO_COLOR: '1' });
const keys = (args: string[], o: InProcessOptions = {}) => runInProcess(['keys', ...args], { env: admin(), ...o });
const masked = (secret: string) => `${secret.slice(0, 10)}...${secret.slice(-4)}`;

async function created(name: string): Promise<{ secret: string; id: string }> {
  const r = await keys(['create', '--name', name, '--json']);
  expect(r.code, r.stderr).toBe(0);
  const body = json(r.stdout);
  return { secret: body.api_key, id: body.id };
}

/** A call with a key, seen from `ip` (X-Forwarded-For from loopback sets the logged address). */
const callFrom = (secret: string, ip: string, path = '/api/v2/credits/balance') =>
  raw(t.sb, 'GET', path, { token: secret, headers: { 'x-forwarded-for': ip, 'user-agent': `agent-from-${ip}` } });

function person(answers: { confirm?: boolean; text?: string }) {
  const asked: string[] = [];
  const prompter: Prompter = {
    async confirm(q) {
      asked.push(q);
      return answers.confirm ?? false;
    },
    secret: async () => '',
    async text(q) {
      asked.push(q);
      return answers.text ?? '';
    },
  };
  return { prompter, asked };
}

describe('keys: the ops flow', () => {
  it('lists keys, finds the one used from an unexpected IP in its request log, revokes it; that key then exits 3', async () => {
    const good = await created('laptop');
    const leaked = await created('ci');
    for (const [secret, ip] of [
      [good.secret, '10.0.0.5'],
      [leaked.secret, '10.0.0.5'],
      [leaked.secret, '203.0.113.66'],
    ] as const)
      expect((await callFrom(secret, ip)).status).toBe(200);

    const ls = await keys(['ls']);
    expect(ls.code, ls.stderr).toBe(0);
    expect(ls.stdout.split('\n')[0]).toBe('id\tname\tkey\tstate\tcreated_at\texpires_at\tlast_used_at\trequest_count\tis_active');
    const ciRow = ls.stdout.split('\n').find((l) => l.includes('\tci\t'))!;
    expect(ciRow).toContain(`\t${masked(leaked.secret)}\t`);
    expect(ciRow).toMatch(/\t2\ttrue$/);
    for (const s of [good.secret, leaked.secret]) expect(ls.stdout + ls.stderr).not.toContain(s);

    // Each key's log, by last 4 characters: only the ci key was used from 203.0.113.66.
    const log = await keys(['requests', leaked.secret.slice(-4), '--json']);
    expect(log.code, log.stderr).toBe(0);
    const rows = JSON.parse(log.stdout) as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.ip_address)).toEqual(['203.0.113.66', '10.0.0.5']);
    expect(rows[0]).toMatchObject({
      method: 'GET',
      path: '/api/v2/credits/balance',
      status_code: 200,
      user_agent: 'agent-from-203.0.113.66',
    });
    const goodLog = await keys(['requests', good.id, '--format', 'tsv']);
    expect(goodLog.stdout.split('\n')[0]).toBe('created_at\tmethod\tpath\tstatus_code\tduration_ms\tip_address\tuser_agent');
    expect(goodLog.stdout).not.toContain('203.0.113.66');

    const revoke = await keys(['revoke', masked(leaked.secret), '--yes']);
    expect(revoke.code, revoke.stderr).toBe(0);
    expect(revoke.stderr).toContain(`Revoked key ${masked(leaked.secret)} "ci"`);

    const after = await runInProcess(['credits', 'balance'], {
      env: { ...t.env, PROSPECT_BASE_URL: t.sb.url, PROSPECT_API_KEY: leaked.secret },
    });
    expect(after.code).toBe(3);
    expect(after.stderr).toContain('authentication_invalid');
    expect(after.stderr).not.toContain(leaked.secret);
    expect((await callFrom(good.secret, '10.0.0.5')).status).toBe(200);

    const table = await keys(['ls'], { tty: true });
    // The masked key and the id are never cut; the other columns give way to them.
    expect(table.stdout.split('\n')[0]).toMatch(/^KEY +NAME +STATE +REQUEST_\S* +LAST_\S* +EXPIRES\S* +CREATED\S* +ID$/);
    expect(table.stdout).toContain(leaked.id);
    expect(table.stdout).toMatch(new RegExp(`${masked(leaked.secret).replace(/[.]/g, '\\.')} +ci +revoked +2 `));
    expect(table.stdout).not.toContain(leaked.secret);

    const again = await keys(['ls', '--json']);
    expect(JSON.parse(again.stdout).find((k: { id: string }) => k.id === leaked.id).is_active).toBe(false);
  });

  it('requests --limit is 1-500 (exit 2 before sending) and limits the rows', async () => {
    const k = await created('busy');
    for (let i = 0; i < 3; i++) await callFrom(k.secret, '10.0.0.9');
    const two = await keys(['requests', k.id, '--limit', '2', '--json']);
    expect(JSON.parse(two.stdout)).toHaveLength(2);
    for (const bad of ['0', '501', 'ten']) {
      const r = await keys(['requests', k.id, '--limit', bad]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--limit');
    }
  });
});

describe('keys create', () => {
  it('prints the secret once on stdout with a warning on stderr; the key works', async () => {
    const r = await keys(['create', '--name', 'script']);
    expect(r.code, r.stderr).toBe(0);
    const secret = r.stdout.trim();
    expect(secret).toMatch(/^svcapi_[A-Za-z0-9_-]{64}$/);
    expect(r.stderr).toContain('Store this key now: it is not shown again');
    expect(r.stderr).toContain(masked(secret));
    expect(r.stderr).not.toContain(secret);
    expect((await callFrom(secret, '10.0.0.1')).status).toBe(200);
  });

  it('--save-profile stores the key 0600 without printing it; the profile then works', async () => {
    const r = await keys(['create', '--name', 'work', '--save-profile', 'work']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('saved it to profile "work"');
    expect(r.stderr).toMatch(/in .*config\.json, in plaintext \(mode 0600, readable only by you\), as secure storage is off/);
    expect(r.stderr).not.toMatch(/svcapi_[A-Za-z0-9_-]{12,}/);
    const who = await runInProcess(['whoami', '--profile', 'work', '--json'], { env: { ...t.env, NO_COLOR: '1' } });
    expect(who.code, who.stderr).toBe(0);
    expect(json(who.stdout).organization_id).toBe(t.sb.store.demo.organization_id);
    // A second key saved to the same profile warns that the first stays active; --json gives its id, masked.
    const again = await keys(['create', '--name', 'work2', '--save-profile', 'work', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/held key svcapi_\S+\.\.\.\S{4}; it is replaced there but stays active/);
    const out = json(again.stdout);
    expect(out.api_key).toMatch(/^svcapi_.{3}\.\.\..{4}$/);
    expect(out.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('--expires must be an ISO date in the future: exit 2 naming the value, nothing created', async () => {
    for (const bad of ['tomorrow', '2001-01-01', '31/12/2099']) {
      const r = await keys(['create', '--expires', bad]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`"${bad}"`);
    }
    expect(JSON.parse((await keys(['ls', '--json'])).stdout).map((k: { name: string }) => k.name)).toEqual(['Demo key']);
  });

  it('--expires sends the instant; ls shows it', async () => {
    const r = await keys(['create', '--name', 'temp', '--expires', '2099-06-30T12:00:00Z', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json(r.stdout).expires_at).toBe('2099-06-30T12:00:00.000Z');
  });
  it('a plan without API access exits 3; the 11th active key of a user exits 2 with the service message', async () => {
    for (let i = 0; i < 9; i++) await created(`k${i}`); // 10 with the demo key
    const full = await keys(['create', '--name', 'one-too-many']);
    expect(full.code).toBe(2);
    expect(full.stderr).toMatch(/Maximum active keys reached/);
    expect(full.stdout).toBe('');
    await control(t.sb, 'POST', '/plan', { plan: 'starter' });
    const gated = await keys(['create', '--name', 'x']);
    expect(gated.code).toBe(3);
    expect(gated.stdout).toBe('');
  });
});

describe('keys revoke on a plan without API access', () => {
  it('revokes by id (revoking is not plan-gated); a prefix or last4 there exits 3 saying to give the id', async () => {
    const k = await created('lapsed');
    await control(t.sb, 'POST', '/plan', { plan: 'starter' });
    const byLast4 = await keys(['revoke', k.secret.slice(-4), '--yes']);
    expect(byLast4.code, byLast4.stderr + byLast4.stdout).toBe(3);
    expect(byLast4.stderr).toContain('give the key id (a UUID)');
    const byId = await keys(['revoke', k.id, '--yes']);
    expect(byId.code, byId.stderr).toBe(0);
    expect(byId.stderr).toContain(`Revoked key ${masked(k.secret)}`);
    expect((await callFrom(k.secret, '198.51.100.7')).status).toBe(401);
  });

  it('reads a key log by id, and revoke-all asks without a count at a terminal', async () => {
    const k = await created('lapsed');
    await callFrom(k.secret, '203.0.113.9');
    await control(t.sb, 'POST', '/plan', { plan: 'starter' });
    const log = await keys(['requests', k.id, '--json']);
    expect(log.code, log.stderr).toBe(0);
    expect(json(log.stdout).map((row: { ip_address: string }) => row.ip_address)).toContain('203.0.113.9');
    const p = person({ text: 'revoke all' });
    const all = await keys(['revoke-all'], { tty: true, prompter: p.prompter });
    expect(all.code, all.stderr).toBe(0);
    expect(p.asked[0]).toContain('This revokes every active key of yours for good');
    expect((await callFrom(k.secret, '203.0.113.9')).status).toBe(401);
  });
});

describe('keys: session JWT only', () => {
  it('an API key given as the JWT gets a clear error (exit 3) that never shows the key', async () => {
    const k = await created('x');
    for (const o of [{ env: { ...admin(), PROSPECT_JWT: k.secret } }, { env: { ...admin(), PROSPECT_JWT: undefined }, stdin: k.secret }]) {
      const r = await runInProcess(['keys', 'ls', ...(o.stdin ? ['--jwt-stdin'] : [])], o);
      expect(r.code).toBe(3);
      expect(r.stderr).toContain('key management needs a session JWT');
      expect(r.stderr).not.toContain(k.secret);
    }
  });

  it('no JWT at all: exit 3 naming PROSPECT_JWT and --jwt-stdin; --jwt-stdin takes one from stdin', async () => {
    const none = await keys(['ls'], { env: { ...admin(), PROSPECT_JWT: undefined } });
    expect(none.code).toBe(3);
    expect(none.stderr).toMatch(/PROSPECT_JWT.*--jwt-stdin/);
    const piped = await keys(['ls', '--jwt-stdin', '--json'], { env: { ...admin(), PROSPECT_JWT: undefined }, stdin: t.sb.mintJwt() });
    expect(piped.code, piped.stderr).toBe(0);
    expect(JSON.parse(piped.stdout).map((k: { name: string }) => k.name)).toEqual(['Demo key']);
  });

  it('--sandbox mints the JWT itself', async () => {
    // This file's sandbox stands in for the background one: --sandbox finds it by its runtime file.
    pointRuntimeAt(t.env, t.sb);
    const r = await runInProcess(['--sandbox', 'keys', 'create', '--name', 'sbx', '--json'], { env: t.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('Starting the local sandbox');
    const ls = await runInProcess(['--sandbox', 'keys', 'ls', '--json'], { env: t.env });
    expect(JSON.parse(ls.stdout).map((k: { name: string }) => k.name)).toContain('sbx');
  });

  it('--debug traces the calls with the Authorization header and the created secret redacted', async () => {
    const r = await keys(['create', '--name', 'dbg', '--debug', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const secret = json(r.stdout).api_key as string;
    expect(r.stderr).toContain('POST');
    expect(r.stderr).not.toContain(secret);
    expect(r.stderr).not.toContain(admin().PROSPECT_JWT);
    const ls = await keys(['ls', '--debug']);
    expect(ls.stderr + ls.stdout).not.toContain(secret);
  });
});

describe('keys revoke and revoke-all: which key, and confirmation', () => {
  it('no match exits 4; several matches exit 2 listing them', async () => {
    const a = await created('a');
    await created('b');
    const none = await keys(['revoke', 'zzzz', '--yes']);
    expect(none.code).toBe(4);
    expect(none.stderr).toContain('no API key matches "zzzz"');
    const several = await keys(['revoke', a.secret.slice(0, 7), '--yes']);
    expect(several.code).toBe(2);
    expect(several.stderr).toMatch(/"svcapi_" matches 3 keys: .*"b".*"a".*"Demo key"/);
  });

  it('without a terminal and without --yes: exit 10, nothing revoked; at a terminal it asks [y/N]', async () => {
    const k = await created('ask');
    const off = await keys(['revoke', k.id]);
    expect(off.code).toBe(10);
    expect(off.stderr).toContain('--yes');
    const no = person({ confirm: false });
    const declined = await keys(['revoke', k.id], { tty: true, prompter: no.prompter });
    expect(declined.code).toBe(10);
    expect(no.asked[0]).toContain(`Revoke key ${masked(k.secret)} "ask"`);
    expect((await callFrom(k.secret, '10.0.0.1')).status).toBe(200);
    const yes = person({ confirm: true });
    expect((await keys(['revoke', k.id], { tty: true, prompter: yes.prompter })).code).toBe(0);
    expect((await callFrom(k.secret, '10.0.0.1')).status).toBe(401);
    const twice = await keys(['revoke', k.id, '--yes']);
    expect(twice.code).toBe(0);
    expect(twice.stderr).toContain('already revoked');
  });

  it('revoke-all: exit 10 without a terminal or --yes; at a terminal only the typed phrase goes ahead', async () => {
    const a = await created('one');
    const b = await created('two');
    expect((await keys(['revoke-all'])).code).toBe(10);
    const wrong = person({ text: 'y' });
    const declined = await keys(['revoke-all'], { tty: true, prompter: wrong.prompter });
    expect(declined.code).toBe(10);
    expect(wrong.asked[0]).toContain('revokes 3 active keys'); // with the demo key
    expect((await callFrom(a.secret, '10.0.0.1')).status).toBe(200);
    const typed = person({ text: 'revoke all' });
    const done = await keys(['revoke-all', '--json'], { tty: true, prompter: typed.prompter });
    expect(done.code, done.stderr).toBe(0);
    expect(json(done.stdout)).toMatchObject({ success: true });
    for (const s of [a.secret, b.secret]) expect((await callFrom(s, '10.0.0.1')).status).toBe(401);
    expect((await keys(['revoke-all', '--yes'])).code).toBe(0);
  });
});

describe('keys revoke-all: what it revokes, said once', () => {
  it('lists the active keys before asking (id, name, prefix...last4, last used) and marks the one this CLI uses', async () => {
    const mine = await created('mine');
    const other = await created('other');
    await callFrom(other.secret, '10.0.0.2');
    const p = person({ text: 'no' });
    const r = await keys(['revoke-all'], { tty: true, prompter: p.prompter, env: { ...admin(), PROSPECT_API_KEY: mine.secret } });
    expect(r.code).toBe(10);
    expect(r.stderr).toContain('3 active keys will be revoked:');
    const lines = r.stderr.split('\n');
    const mineLine = lines.find((l) => l.includes(masked(mine.secret)))!;
    const otherLine = lines.find((l) => l.includes(masked(other.secret)))!;
    expect(mineLine).toContain(mine.id);
    expect(mineLine).toContain('"mine"');
    expect(mineLine).toContain('last used never');
    expect(mineLine).toContain("this CLI's key: revoking it stops this profile working");
    expect(otherLine).toMatch(/"other" +svcapi_\S+ +last used \d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(otherLine).not.toContain("this CLI's key");
    expect(r.stderr).not.toContain(mine.secret);
    expect(r.stdout).toBe('');
    expect((await callFrom(mine.secret, '10.0.0.1')).status).toBe(200);
  });

  it('the result is printed once: the message at a terminal, one JSON object with --json', async () => {
    await created('a');
    const p = person({ text: 'revoke all' });
    const tty = await keys(['revoke-all'], { tty: true, prompter: p.prompter });
    expect(tty.code, tty.stderr).toBe(0);
    expect(tty.stdout).toBe('');
    expect(tty.stderr.match(/Revoked \d+ active API key/g)).toHaveLength(1);
    await created('b');
    const j = await keys(['revoke-all', '--yes', '--json']);
    expect(j.code, j.stderr).toBe(0);
    expect(JSON.parse(j.stdout)).toEqual({ success: true, message: 'Revoked 1 active API key', revoked_count: 1 });
    expect(j.stderr).not.toContain('Revoked');
  });
});
