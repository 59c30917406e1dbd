import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { control, newKey, raw, type RawResponse } from '../sandbox/helpers.js';
import { answerWith, eventually, receiver } from '../sandbox/legacy-helpers.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { runInProcess, type InProcessResult } from '../helpers/in-process.js';
import { prospect } from '../helpers/binary.js';
import { tempDir } from '../helpers/temp-dir.js';
import { json } from '../helpers/json.js';
import { writeRuntime } from '../../src/sandbox/runtime.js';

/**
 * The security guarantees in one place: secrets never shown whole, private files, https
 * except loopback, no credentials to signed links or webhooks, other organizations' things
 * answered 404, revoked and expired keys refused. Longer tests of each live beside their
 * commands (keys, profiles, export-csv, redact); here each guarantee is checked directly.
 */

const t = useSandboxEnv({ withKey: true });
let jwt: string;
let listId: string;
beforeEach(async () => {
  await control(t.sb, 'POST', '/rate-limits', { enabled: false });
  await control(t.sb, 'POST', '/enrichment', { pace: { pending_ms: 0, min_run_ms: 50, row_ms: 0 } });
  jwt = t.sb.mintJwt();
  listId = (await control(t.sb, 'POST', '/lists', { name: 'Security', people: 3 })).list_id;
});

const cli = (args: string[], env: Record<string, string | undefined> = {}, stdin?: string) =>
  runInProcess(args, { env: { ...t.env, PROSPECT_JWT: jwt, NO_COLOR: '1', ...env }, ...(stdin !== undefined ? { stdin } : {}) });

const MASK_PREFIX = 10;
const MASK_SUFFIX = 4;
const WINDOW = 8;

/**
 * The part of a credential no output may show: a key's characters after its first 10 and
 * before its last 4; a JWT's signature before its last 4 (its header and payload are only
 * base64 of JSON, which other signed ids may share).
 */
function hiddenSpan(secret: string): [number, number] {
  const start = secret.startsWith('svcapi_') ? MASK_PREFIX : secret.lastIndexOf('.') + 1;
  return [start, secret.length - MASK_SUFFIX];
}

/** Every 8-character piece of `secret` that reaches into its hidden part and appears in `text`. */
function exposedParts(text: string, secret: string): string[] {
  const [start, end] = hiddenSpan(secret);
  const parts: string[] = [];
  for (let i = Math.max(0, start - WINDOW + 1); i < end; i++) {
    const part = secret.slice(i, i + WINDOW);
    if (part.length === WINDOW && text.includes(part)) parts.push(part);
  }
  return parts;
}

function expectNoSecret(where: string, text: string, secrets: readonly string[]): void {
  for (const s of secrets) expect(exposedParts(text, s), `${where} shows more of ${s.slice(0, 10)}... than its mask`).toEqual([]);
}

const output = (r: InProcessResult | { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

const mode = (f: string) => statSync(f).mode & 0o777;

const demoKeyId = async (): Promise<string> =>
  ((await control(t.sb, 'GET', '/state')).api_keys as Array<{ id: string; name: string }>).find((k) => k.name === 'Demo key')!.id;

describe('no whole API key or JWT in any output or file', () => {
  it('commands with --debug, and with --json --debug, show the key and the JWT masked at most', async () => {
    const keyId = await demoKeyId();
    const commands: string[][] = [
      ['config', 'set', 'base_url', t.sb.url],
      ['whoami'],
      ['search', 'people', '--seniority', 'Manager', '--limit', '3'],
      ['lists', 'ls'],
      ['lists', 'get', 'Security'],
      ['enrich', 'list', 'Security', '--dry-run'],
      ['keys', 'ls'],
      ['keys', 'requests', keyId],
      ['auth', 'status'],
      ['config', 'ls'],
      ['usage'],
      ['api', 'GET', '/whoami'],
      ['api', 'GET', '/api/v1/api-keys'],
      ['credits', 'balance'],
    ];
    const secrets = [t.sb.demoKey, jwt];
    // The check itself: a whole credential is caught, its masked form is not.
    for (const s of secrets) expect(exposedParts(`x ${s} y`, s)).not.toEqual([]);
    expect(exposedParts(`${t.sb.demoKey.slice(0, MASK_PREFIX)}...${t.sb.demoKey.slice(-MASK_SUFFIX)}`, t.sb.demoKey)).toEqual([]);
    for (const args of commands)
      for (const mode of [['--debug'], ['--json', '--debug']]) {
        const r = await cli([...args, ...mode]);
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
        expectNoSecret(args.join(' '), output(r), secrets);
      }

    // keys create prints its own new secret once, by design; the key and JWT it used stay hidden.
    for (const mode of [['--debug'], ['--json', '--debug']]) {
      const r = await cli(['keys', 'create', '--name', 'shown-once', ...mode]);
      expect(r.code, r.stderr).toBe(0);
      expectNoSecret('keys create', output(r), secrets);
      expect(r.stderr).toContain('[debug] > POST');
      expect(r.stderr).toContain('authorization: Bearer [REDACTED]');
    }

    // The masked forms shown are the key's first 10 and last 4 characters, nothing more.
    const status = json((await cli(['auth', 'status', '--json'])).stdout);
    expect(status.api_key).toBe(`${t.sb.demoKey.slice(0, MASK_PREFIX)}...${t.sb.demoKey.slice(-MASK_SUFFIX)}`);

    // A completion fills its list-name cache; neither it nor the config file holds a credential.
    await cli(['__complete', 'lists']);
    const files = [...filesUnder(t.env.PROSPECT_CONFIG_DIR!), ...filesUnder(t.env.PROSPECT_DATA_DIR!)];
    expect(files.map((f) => path.basename(f))).toEqual(expect.arrayContaining(['config.json', expect.stringMatching(/^lists-\w+\.json$/)]));
    for (const f of files) expectNoSecret(f, readFileSync(f, 'utf8'), secrets);
  });

  it('failing commands (a bad key, 401, 403, a key given as the JWT) do not show the credentials either', async () => {
    const bad = `svcapi_${'Zq9_'.repeat(16)}`;
    await control(t.sb, 'POST', '/scopes', { scopes: ['people:read', 'lists:read'] });
    const cases: Array<{ args: string[]; env?: Record<string, string>; exit: number; secrets: string[] }> = [
      { args: ['whoami'], env: { PROSPECT_API_KEY: bad }, exit: 3, secrets: [bad] },
      { args: ['api', 'GET', '/whoami'], env: { PROSPECT_API_KEY: bad }, exit: 3, secrets: [bad] },
      { args: ['lists', 'get', 'Security'], env: { PROSPECT_API_KEY: bad }, exit: 3, secrets: [bad] },
      { args: ['keys', 'ls'], env: { PROSPECT_JWT: t.sb.demoKey }, exit: 3, secrets: [t.sb.demoKey] },
      { args: ['keys', 'ls'], env: { PROSPECT_JWT: `${jwt.slice(0, -6)}AAAAAA` }, exit: 3, secrets: [`${jwt.slice(0, -6)}AAAAAA`] },
      { args: ['usage'], exit: 3, secrets: [t.sb.demoKey] }, // 403 insufficient_scope
      { args: ['credits', 'balance'], exit: 3, secrets: [t.sb.demoKey] },
    ];
    for (const c of cases)
      for (const mode of [['--debug'], ['--json', '--debug']]) {
        const r = await cli([...c.args, ...mode], c.env);
        const what = `${c.args.join(' ')} ${mode.join(' ')}`;
        expect(r.code, `${what}: ${r.stderr}`).toBe(c.exit);
        expect(r.stdout, what).toBe('');
        expectNoSecret(what, output(r), [...c.secrets, jwt, t.sb.demoKey]);
      }
    // The built binary too: the process's own error path.
    const bin = await prospect(['whoami', '--debug'], { env: { ...t.env, PROSPECT_API_KEY: bad } });
    expect(bin.exitCode).toBe(3);
    expectNoSecret('prospect whoami', output(bin), [bad]);
  });
});
