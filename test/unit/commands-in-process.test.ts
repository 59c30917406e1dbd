import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import type { Prompter } from '../../src/cli/prompt.js';

const KEY = `svcapi_${'p'.repeat(64)}`;
let server: http.Server;
let base: string;
const seenAuth: string[] = [];

/** A fake service: whoami, a three-page list at /pages, and an answer with a hint at /hinted. */
beforeAll(async () => {
  server = http.createServer((req, res) => {
    seenAuth.push(req.headers.authorization ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'application/json');
    if (req.headers.authorization !== `Bearer ${KEY}`) {
      res.statusCode = 401;
      return res.end(JSON.stringify({ error: { code: 'AUTHENTICATION_INVALID', message: 'Invalid or expired API key' } }));
    }
    if (url.pathname === '/api/v2/whoami')
      return res.end(
        JSON.stringify({
          user_email: 'a***@x.example',
          user_id: 'u1',
          organization_id: 'org_1',
          organization_name: 'X',
          auth_type: 'api_key',
          scopes: [],
          tier: 'pro',
          partner_tier: null,
          features: [],
          user_name: null,
        }),
      );
    if (url.pathname === '/api/v2/pages') {
      const c = url.searchParams.get('cursor');
      const page =
        c === null
          ? { rows: [{ id: 1 }, { id: 2 }], cursor: 'p2' }
          : c === 'p2'
            ? { rows: [{ id: 3 }], cursor: 'p3' }
            : { rows: [{ id: 4 }], cursor: null };
      return res.end(JSON.stringify({ ...page, total: 4 }));
    }
    if (url.pathname === '/api/v2/hinted') return res.end(JSON.stringify({ credits: 5, agent_instructions: '5 credits left' }));
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { code: 'RESOURCE_NOT_FOUND', message: 'no route' } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const env = () => ({ PROSPECT_BASE_URL: base, PROSPECT_API_KEY: KEY, PROSPECT_CONFIG_DIR: tempDir() });

describe('commands run in-process with injected streams', () => {
  it('on a TTY, one object prints as a key/value view', async () => {
    const r = await runInProcess(['whoami'], { env: { ...env(), NO_COLOR: '1' }, tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^user_email\s+a\*\*\*@x\.example$/m);
    expect(r.stdout).toMatch(/^organization_id\s+org_1$/m);
  });

  it('NO_COLOR keeps ANSI codes out even on a TTY', async () => {
    const r = await runInProcess(['whoami'], { env: { ...env(), NO_COLOR: '1' }, tty: true });
    expect(r.stdout).not.toMatch(/\u001b\[/);
    const colored = await runInProcess(['whoami'], { env: env(), tty: true });
    expect(colored.stdout).toMatch(/\u001b\[1m/);
    const flag = await runInProcess(['whoami', '--no-color'], { env: env(), tty: true });
    expect(flag.stdout).not.toMatch(/\u001b\[/);
  });

  it('--no-color also keeps the error line plain on a TTY', async () => {
    const plain = await runInProcess(['whoami', '--no-such-flag', '--no-color'], { env: env(), tty: true });
    expect(plain.stderr).toMatch(/^error: usage: /);
    const colored = await runInProcess(['whoami', '--no-such-flag'], { env: env(), tty: true });
    expect(colored.stderr).toMatch(/^\u001b\[31merror:\u001b\[39m usage: /);
  });

  it('api --paginate follows cursors: one JSON array, or ndjson, or one tsv header', async () => {
    const json = await runInProcess(['api', 'GET', '/pages', '--paginate'], { env: env() });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
    const nd = await runInProcess(['api', 'GET', '/pages', '--paginate', '--format', 'ndjson'], { env: env() });
    expect(nd.stdout).toBe('{"id":1}\n{"id":2}\n{"id":3}\n{"id":4}\n');
    const tsv = await runInProcess(['api', 'GET', '/pages', '--paginate', '--format', 'tsv'], { env: env() });
    expect(tsv.stdout).toBe('id\n1\n2\n3\n4\n');
  });

  it('api prints the service hint on stderr only under --debug, once, whatever the format', async () => {
    for (const format of ['json', 'tsv']) {
      const r = await runInProcess(['api', 'GET', '/hinted', '--format', format], { env: env() });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      const debug = await runInProcess(['api', 'GET', '/hinted', '--format', format, '--debug'], { env: env() });
      expect(debug.code, debug.stderr).toBe(0);
      expect(debug.stderr.split('\n').filter((l) => l.includes('5 credits left'))).toEqual(['[debug] agent_instructions: 5 credits left']);
    }
  });

  it('auth login prompts for the key without a flag on a TTY and saves it', async () => {
    const asked: string[] = [];
    const prompter: Prompter = {
      async secret(q) {
        asked.push(q);
        return KEY;
      },
      async confirm() {
        return false;
      },
      async text() {
        return '';
      },
    };
    const e = env();
    delete (e as Record<string, string | undefined>).PROSPECT_API_KEY;
    const r = await runInProcess(['auth', 'login', '--base-url', base], { env: e, tty: true, prompter });
    expect(r.code, r.stderr).toBe(0);
    expect(asked).toEqual(['Paste your API key: ']);
    const who = await runInProcess(['whoami', '--json'], { env: e });
    expect(JSON.parse(who.stdout).organization_id).toBe('org_1');
  });

  it('api refuses --input with a method that sends no body', async () => {
    const r = await runInProcess(['api', 'GET', '/pages', '--input', '-'], { env: env(), stdin: '{"a":1}' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: usage: --input sends a body, and GET has none/);
  });

  it('a group without a subcommand shows its help and exits 2', async () => {
    const r = await runInProcess(['credits'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('balance');
  });

  it('--help of a command lists its flags and at least one example', async () => {
    const r = await runInProcess(['api', '--help'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--paginate');
    expect(r.stdout).toContain('Examples:');
    expect(r.stdout).toContain('$ prospect api GET /whoami');
  });
});

describe('the command tree', () => {
  it('every command loads, has at least one example, and answers --help with exit 0', async () => {
    const { commandSet } = await import('../../src/commands/command-table.js');
    const { loadDefinition } = await import('../../src/cli/program.js');
    for (const entry of commandSet.entries) {
      const def = await loadDefinition(entry);
      expect(def.examples.length, entry.path.join(' ')).toBeGreaterThan(0);
      for (const ex of def.examples)
        expect(ex.startsWith('prospect ') || ex.includes('| prospect ') || ex.includes('$(prospect '), ex).toBe(true);
      const r = await runInProcess([...entry.path, '--help'], { env: env() });
      expect(r.code, entry.path.join(' ')).toBe(0);
      expect(r.stdout).toContain(entry.summary);
      const viaHelp = await runInProcess(['help', ...entry.path], { env: env() });
      expect(viaHelp.stdout).toBe(r.stdout);
    }
  });
});

describe('failures nobody expected', () => {
  it('exit 1 with one line and a hint; the stack only with --debug', async () => {
    const { run } = await import('../../src/cli/main.js');
    const { Capture, stdinOf } = await import('../helpers/streams.js');
    const go = async (argv: string[]) => {
      const stdout = new Capture();
      const stderr = new Capture();
      const code = await run(
        argv,
        {
          io: { stdin: stdinOf(undefined), stdout, stderr, stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false, columns: 80 },
          env: env(),
          binPath: 'bin/prospect.js',
          makeClient: () => {
            throw new TypeError('boom in a bug');
          },
        },
        (await import('../../src/commands/command-table.js')).commandSet,
      );
      return { code, stderr: stderr.text };
    };
    const plain = await go(['whoami']);
    expect(plain.code).toBe(1);
    expect(plain.stderr).toBe('error: unexpected: boom in a bug\n  fix: Run again with --debug for details.\n');
    const debug = await go(['whoami', '--debug']);
    expect(debug.code).toBe(1);
    expect(debug.stderr).toMatch(/TypeError: boom in a bug\n\s+at /);
  });

  it('an unreadable config file is a configuration error (exit 2), not a crash', async () => {
    const dir = tempDir();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${dir}/config.json`, '{ not json');
    const r = await runInProcess(['whoami'], { env: { ...env(), PROSPECT_CONFIG_DIR: dir } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: configuration: cannot read .*config\.json/);
  });
});

describe('firstCommandWord', () => {
  it('skips global flags and their values', async () => {
    const { firstCommandWord } = await import('../../src/cli/program.js');
    expect(firstCommandWord(['--profile', 'ci', '--json', 'whoami'])).toBe('whoami');
    expect(firstCommandWord(['--format', 'tsv', '--sandbox', 'credits', 'balance'])).toBe('credits');
    expect(firstCommandWord(['--format=tsv', 'api', 'GET', '/x'])).toBe('api');
    expect(firstCommandWord(['--debug'])).toBeUndefined();
  });
});
