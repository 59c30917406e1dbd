import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { control, newKey, raw, type RawResponse } from '../sandbox/helpers.js';
import { answerWith, receiver } from '../sandbox/legacy-helpers.js';
import { usePaidSandbox } from './enrich-helpers.js';
import { prospect, runInProcess } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { json } from '../helpers/json.js';
import { writeRuntime } from '../../src/sandbox/runtime.js';

/**
 * The security guarantees in one place: secrets never shown whole, private files, https
 * except loopback, no credentials to signed links or webhooks, other organizations' things
 * answered 404, revoked and expired keys refused. Longer tests of each live beside their
 * commands (keys, profiles, export-csv, redact); here each guarantee is checked directly.
 */

const t = usePaidSandbox();
let jwt: string;
let listId: string;
beforeEach(async () => {
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

const output = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

const mode = (f: string) => statSync(f).mode & 0o777;

const demoKeyId = async (): Promise<string> => t.sb.store.demo.key_id;

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
      for (const flags of [['--debug'], ['--json', '--debug']]) {
        const r = await cli([...args, ...flags]);
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
        expectNoSecret(args.join(' '), output(r), secrets);
      }

    // keys create prints its own new secret once, by design; the key and JWT it used stay hidden.
    for (const flags of [['--debug'], ['--json', '--debug']]) {
      const r = await cli(['keys', 'create', '--name', 'shown-once', ...flags]);
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
      for (const flags of [['--debug'], ['--json', '--debug']]) {
        const r = await cli([...c.args, ...flags], c.env);
        const what = `${c.args.join(' ')} ${flags.join(' ')}`;
        expect(r.code, `${what}: ${r.stderr}`).toBe(c.exit);
        expect(r.stdout, what).toBe('');
        expectNoSecret(what, output(r), [...c.secrets, jwt, t.sb.demoKey]);
      }
    // Credentials a user adds with -H are traced without their values, whatever their shape.
    const extra = ['session=cookie-secret-2f9c; theme=dark', 'opaque-secret-7d1e4a'];
    const traced = await cli(['api', 'GET', '/whoami', '--debug', '-H', `Cookie: ${extra[0]}`, '-H', `X-Api-Key: ${extra[1]}`]);
    expect(traced.code, traced.stderr).toBe(0);
    for (const line of ['authorization: Bearer [REDACTED]\n', 'cookie: [REDACTED]\n', 'x-api-key: [REDACTED]\n'])
      expect(traced.stderr).toContain(line);
    for (const secret of ['cookie-secret-2f9c', 'opaque-secret-7d1e4a']) expect(output(traced)).not.toContain(secret);

    // The built binary too: the process's own error path.
    const bin = await prospect(['whoami', '--debug'], { env: { ...t.env, PROSPECT_API_KEY: bad } });
    expect(bin.exitCode).toBe(3);
    expectNoSecret('prospect whoami', output(bin), [bad]);
  });
});

describe('private files', () => {
  it('the config file is 0600 in a 0700 folder the CLI creates, and made 0600 again when found looser', async () => {
    const configDir = path.join(tempDir(), 'home', 'prospect');
    const login = await cli(
      ['auth', 'login', '--with-token', '--base-url', t.sb.url],
      { PROSPECT_CONFIG_DIR: configDir, PROSPECT_API_KEY: undefined },
      t.sb.demoKey,
    );
    expect(login.code, login.stderr).toBe(0);
    const file = path.join(configDir, 'config.json');
    expect(mode(file)).toBe(0o600);
    expect(mode(configDir)).toBe(0o700);
    chmodSync(file, 0o644);
    expect((await cli(['config', 'set', 'format', 'csv'], { PROSPECT_CONFIG_DIR: configDir })).code).toBe(0);
    expect(mode(file)).toBe(0o600);
  });

  it('the sandbox runtime file (it holds the demo key) and the completion cache are 0600 in 0700 folders', async () => {
    const dataDir = path.join(tempDir(), 'data', 'prospect');
    writeRuntime(
      { PROSPECT_DATA_DIR: dataDir },
      {
        pid: process.pid,
        port: 1,
        url: 'http://127.0.0.1:1',
        seed: 42,
        state_path: null,
        demo_key: t.sb.demoKey,
        started_at: new Date().toISOString(),
      },
    );
    expect(mode(path.join(dataDir, 'sandbox.json'))).toBe(0o600);
    expect(mode(dataDir)).toBe(0o700);

    const cacheData = path.join(tempDir(), 'data2');
    const names = await cli(['__complete', 'lists'], { PROSPECT_DATA_DIR: cacheData });
    expect(names.stdout).toBe('Security\n');
    const cacheDir = path.join(cacheData, 'completion');
    const [cache] = readdirSync(cacheDir);
    expect(mode(path.join(cacheDir, cache!))).toBe(0o600);
    expect(mode(cacheDir)).toBe(0o700);
  });
});

/** A loopback front for the sandbox that records every request, and rewrites the sandbox's own URL in answers so links it hands out come through here too. */
async function recordingFront(host: string): Promise<{
  port: number;
  seen: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }>;
  close(): Promise<void>;
}> {
  const seen: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: body.toString('utf8') });
      const { host: _host, ...headers } = req.headers;
      const up = http.request(`${t.sb.url}${req.url}`, { method: req.method, headers, agent: false }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (c: Buffer) => parts.push(c));
        answer.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8').split(t.sb.url).join(`http://${req.headers.host}`);
          const { 'content-length': _len, 'transfer-encoding': _te, connection: _c, ...rest } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': Buffer.byteLength(text) });
          res.end(text);
        });
      });
      up.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('https required except for loopback hosts', () => {
  it('plain http to another host is refused before anything is sent (exit 2, saying why)', async () => {
    for (const env of [{}, { PROSPECT_BASE_URL: 'http://example.com' }]) {
      const args = 'PROSPECT_BASE_URL' in env ? ['whoami', '--debug'] : ['--base-url', 'http://example.com', 'whoami', '--debug'];
      const r = await cli(args, env);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('refusing plain http to example.com: credentials would travel unencrypted');
      expect(r.stderr).not.toContain('[debug] >');
    }
    const login = await cli(['auth', 'login', '--with-token', '--base-url', 'http://api.example.com'], {}, t.sb.demoKey);
    expect(login.code).toBe(2);
    expect(login.stderr).toContain('refusing plain http to api.example.com');
    expect(() => statSync(path.join(t.env.PROSPECT_CONFIG_DIR!, 'config.json'))).toThrow();
  });

  it('a base URL with a user or password in it is refused (exit 2), never printed, stored or sent', async () => {
    const secretUrl = `${t.sb.url.replace('://', '://ops:s3cret-pass@')}`;
    const attempts = [
      await cli(['--base-url', secretUrl, 'whoami', '--debug']),
      await cli(['whoami'], { PROSPECT_BASE_URL: secretUrl }),
      // Without any key: the URL is what to fix first, not the missing key (exit 3).
      await cli(['whoami'], { PROSPECT_BASE_URL: secretUrl, PROSPECT_API_KEY: undefined }),
      await cli(['config', 'set', 'base_url', secretUrl]),
      await cli(['auth', 'login', '--with-token', '--base-url', secretUrl], {}, t.sb.demoKey),
    ];
    for (const r of attempts) {
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain('refusing a base URL with credentials in it');
      expect(r.stdout + r.stderr).not.toContain('s3cret-pass');
      expect(r.stderr).not.toContain('[debug] >');
    }
    expect(() => statSync(path.join(t.env.PROSPECT_CONFIG_DIR!, 'config.json'))).toThrow();
  });

  it('http to 127.0.0.1, localhost and [::1] is accepted', async () => {
    const front = await recordingFront('::');
    try {
      for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
        const r = await cli(['--base-url', `http://${host}:${front.port}`, 'whoami', '--json']);
        expect(r.code, `${host}: ${r.stderr}`).toBe(0);
        expect(json(r.stdout).organization_id).toBe(t.sb.store.demo.organization_id);
      }
      expect(front.seen.filter((s) => s.url === '/api/v2/whoami')).toHaveLength(3);
    } finally {
      await front.close();
    }
  });
});

describe('no credentials to signed links or webhooks', () => {
  it('export csv fetches the signed download URL without Authorization', async () => {
    const front = await recordingFront('127.0.0.1');
    try {
      const r = await cli(['--base-url', `http://127.0.0.1:${front.port}`, 'export', 'csv', 'Security', '-o', '-']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.split('\n')).toHaveLength(5); // header, 3 rows, final newline
      const api = front.seen.find((s) => s.url.endsWith('/export/csv/signed-url'))!;
      expect(api.headers.authorization).toBe(`Bearer ${t.sb.demoKey}`);
      const download = front.seen.find((s) => s.url.startsWith('/downloads/'))!;
      expect(download).toBeDefined();
      expect(download.headers.authorization).toBeUndefined();
      expect(download.headers.cookie).toBeUndefined();
      expectNoSecret('the download request', JSON.stringify(download), [t.sb.demoKey, jwt]);
    } finally {
      await front.close();
    }
  });

  it('a v1 bulk run posts its webhook without Authorization and with no credential in the URL or body', async () => {
    const hook = await receiver(answerWith(200));
    try {
      const contacts = [0, 1, 2].map((i) => ({ linkedin_url: t.sb.services.dataset.person(i).linkedin_url }));
      const file = path.join(tempDir(), 'contacts.json');
      writeFileSync(file, JSON.stringify({ contacts }));
      const r = await cli(['enrich', 'legacy-bulk', file, '--type', 'partial', '--webhook-url', hook.url, '--yes', '--json']);
      expect(r.code, r.stderr).toBe(0);
      await hook.arrived(1);
      const hit = hook.hits[0]!;
      expect(hit.headers.authorization).toBeUndefined();
      expect(JSON.parse(hit.body)).toMatchObject({ event: 'enrichment.completed', workflow_id: json(r.stdout).workflow.workflow_id });
      expectNoSecret('the webhook delivery', JSON.stringify(hit), [t.sb.demoKey, jwt]);
    } finally {
      await hook.close();
    }
  });
});

describe("another organization's resources answer 404, as unknown ones do", () => {
  /** An error answer with its id and request id taken out: what tells one resource from another. */
  const anonymous = (r: RawResponse, id: string) => {
    const { request_id: _r, ...error } = JSON.parse(r.text.split(id).join('<id>')).error;
    return { status: r.status, error };
  };
  const unknownLike = (id: string) => id.replace(/[0-9a-f](?=[0-9a-f-]*$)/g, '0');

  it('a list, an enrichment run, an export and an API key of the demo organization, asked for by Globex', async () => {
    const demo = (await control(t.sb, 'GET', '/state')).demo;
    const otherKey = (await newKey(t.sb, { user_id: demo.other_user_id })).api_key;
    const otherJwt = t.sb.mintJwt(demo.other_user_id);
    const run = await cli(['enrich', 'list', 'Security', '--yes', '--no-wait', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const workflowId = json(run.stdout).workflow_id as string;
    const keyId = await demoKeyId();

    const asks = [
      { id: listId, code: 'list_not_found', call: (id: string) => raw(t.sb, 'GET', `/api/v2/lead-lists/${id}`, { token: otherKey }) },
      {
        id: listId,
        code: 'list_not_found',
        call: (id: string) => raw(t.sb, 'GET', `/api/v1/public/lead-lists/${id}/leads`, { token: otherKey }),
      },
      { id: workflowId, code: 'not_found', call: (id: string) => raw(t.sb, 'GET', `/api/v2/enrichment/status/${id}`, { token: otherKey }) },
      {
        id: listId,
        code: 'list_not_found',
        call: (id: string) => raw(t.sb, 'POST', '/api/v2/export/csv/signed-url', { token: otherKey, body: { list_id: id } }),
      },
      {
        id: listId,
        code: 'list_not_found',
        call: (id: string) => raw(t.sb, 'GET', `/api/v2/export/json?list_id=${id}`, { token: otherKey }),
      },
      {
        id: keyId,
        code: 'RESOURCE_NOT_FOUND',
        call: (id: string) => raw(t.sb, 'GET', `/api/v1/api-keys/${id}/requests`, { token: otherJwt }),
      },
      {
        id: keyId,
        code: 'RESOURCE_NOT_FOUND',
        call: (id: string) => raw(t.sb, 'POST', `/api/v1/api-keys/${id}/revoke`, { token: otherJwt }),
      },
    ];
    for (const a of asks) {
      const foreign = await a.call(a.id);
      expect(foreign.status, foreign.text).toBe(404);
      expect(foreign.json.error.code).toBe(a.code);
      if (a.code === a.code.toLowerCase())
        expect(foreign.json.error).toMatchObject({
          problem: expect.any(String),
          retryable: false,
          request_id: foreign.headers['x-request-id'],
        });
      else expect(foreign.json.error.message).toEqual(expect.any(String));
      // Nothing in the answer tells that the resource exists: it reads as an unknown id's.
      const unknown = unknownLike(a.id);
      expect(unknown).not.toBe(a.id);
      expect(anonymous(foreign, a.id)).toEqual(anonymous(await a.call(unknown), unknown));
    }

    // Still there and untouched for its owner: the list, the run, and the key Globex tried to revoke.
    expect((await raw(t.sb, 'GET', `/api/v2/lead-lists/${listId}`, { token: t.sb.demoKey })).status).toBe(200);
    expect((await raw(t.sb, 'GET', `/api/v2/enrichment/status/${workflowId}`, { token: t.sb.demoKey })).status).toBe(200);
    expect((await cli(['whoami'])).code).toBe(0);

    // The CLI reports them as not found (exit 4).
    for (const args of [
      ['lists', 'get', listId],
      ['enrich', 'status', workflowId],
      ['export', 'json', listId],
    ]) {
      const r = await cli(args, { PROSPECT_API_KEY: otherKey });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(4);
    }
  });
});

describe('revoked and expired keys', () => {
  it('are refused with 401: the CLI exits 3 saying the key is invalid or expired, without printing it', async () => {
    const nowMs = (await control(t.sb, 'GET', '/clock')).now_ms as number;
    const expiring = await newKey(t.sb, { name: 'expiring', expires_at: new Date(nowMs + 60_000).toISOString() });
    const revoked = await newKey(t.sb, { name: 'revoked' });
    for (const k of [expiring, revoked]) expect((await cli(['whoami'], { PROSPECT_API_KEY: k.api_key })).code).toBe(0);

    await control(t.sb, 'POST', `/keys/${revoked.id}/revoke`);
    await control(t.sb, 'POST', '/clock', { advance_ms: 120_000 });
    for (const k of [expiring, revoked]) {
      const raw401 = await raw(t.sb, 'GET', '/api/v2/whoami', { token: k.api_key });
      expect(raw401.status).toBe(401);
      expect(raw401.json.error).toMatchObject({ code: 'AUTHENTICATION_INVALID', message: 'Invalid or expired API key' });

      const r = await cli(['whoami'], { PROSPECT_API_KEY: k.api_key });
      expect(r.code).toBe(3);
      expect(r.stderr).toMatch(/^error: authentication_invalid: Invalid or expired API key/);
      expectNoSecret('whoami', output(r), [k.api_key]);
      const asJson = await cli(['credits', 'balance', '--json'], { PROSPECT_API_KEY: k.api_key });
      expect(asJson.code).toBe(3);
      expect(json(asJson.stderr).error).toMatchObject({ code: 'authentication_invalid', exit_code: 3 });
      expectNoSecret('credits balance --json', output(asJson), [k.api_key]);
    }
  });
});
