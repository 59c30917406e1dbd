import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isolatedEnv } from '../helpers/binary.js';
import { drives } from '../helpers/has-command.js';
import { openSandbox, type RunningSandbox } from '../sandbox/helpers.js';
import { tempDir } from '../helpers/temp-dir.js';
import { typeCheck } from '../helpers/user-project.js';
import { startSecretService } from '../helpers/secret-service.js';

/**
 * The package as users get it: `npm pack` of the built checkout, installed globally into a
 * folder of its own. Spawns npm and the installed binary: what ships is only seen installed.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const man = drives('man');
const keyring = drives('gnome-keyring-daemon');

let prefix: string;
let shipped: string[];
let installed: string;
let sb: RunningSandbox;

beforeAll(async () => {
  const out = tempDir('prospect-pack-');
  // npm test builds without declarations; the package ships them, so they are made here when missing.
  if (!existsSync(path.join(ROOT, 'dist', 'types', 'index.d.ts')))
    await execa(process.execPath, ['scripts/build.mjs', '--types-only'], { cwd: ROOT });
  // The build is the test run's own (npm test builds first); packing again would only rebuild it.
  const packed = await execa('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', out], { cwd: ROOT });
  const { filename, files } = (JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>)[0]!;
  shipped = files.map((f) => f.path);
  prefix = tempDir('prospect-prefix-');
  await execa(
    'npm',
    [
      'install',
      '--global',
      '--prefix',
      prefix,
      '--prefer-offline',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      path.join(out, filename),
    ],
    {
      cwd: out,
    },
  );
  installed = path.join(prefix, 'lib', 'node_modules', pkg.name);
  sb = await openSandbox();
}, 120_000);
afterAll(() => sb?.close());

const installedBin = () => path.join(prefix, 'bin', 'prospect');

describe('the installed package', () => {
  it('puts prospect on the prefix PATH: --version, and a command against a service', async () => {
    expect((await execa(installedBin(), ['--version'])).stdout).toBe(pkg.version);
    const env = isolatedEnv({ PROSPECT_BASE_URL: sb.url, PROSPECT_API_KEY: sb.demoKey });
    const who = await execa(installedBin(), ['whoami', '--json'], { env, extendEnv: false });
    expect(JSON.parse(who.stdout)).toMatchObject({ organization_name: 'Acme Demo', organization_id: sb.store.demo.organization_id });
  });

  it('serves MCP from the installed files: the server bundle (the MCP SDK inside it, not installed) and its prebuilt tool schemas', async () => {
    expect(shipped).toEqual(expect.arrayContaining(['dist/mcp-server.cjs', 'dist/mcp-tool-schemas.json']));
    const env = isolatedEnv({ PROSPECT_BASE_URL: sb.url, PROSPECT_API_KEY: sb.demoKey });
    const requests = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'installed', version: '1.0.0' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'credits_balance', arguments: {} } },
    ];
    const r = await execa(installedBin(), ['mcp'], {
      env,
      extendEnv: false,
      input: requests.map((m) => JSON.stringify(m)).join('\n') + '\n',
      reject: false,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const answers = new Map(
      r.stdout
        .trim()
        .split('\n')
        .map((line) => {
          const m = JSON.parse(line) as { id: number; result: any };
          return [m.id, m.result];
        }),
    );
    expect(answers.get(2).tools.map((t: { name: string }) => t.name)).toContain('enrich_list');
    expect(answers.get(3).structuredContent.credits).toBe(5000);
  });

  it.runIf(keyring.run)('keeps a key in the keychain from the installed files: the binding is found beside the bundle', async () => {
    keyring.check();
    const service = await startSecretService();
    try {
      const env = isolatedEnv({ PROSPECT_SECURE_STORAGE: undefined, DBUS_SESSION_BUS_ADDRESS: service.address });
      const login = await execa(installedBin(), ['auth', 'login', '--with-token', '--base-url', sb.url, '--secure-storage', 'required'], {
        env,
        extendEnv: false,
        input: sb.demoKey,
        reject: false,
      });
      expect(login.exitCode, login.stderr).toBe(0);
      expect(readFileSync(path.join(env.PROSPECT_CONFIG_DIR!, 'config.json'), 'utf8')).not.toContain(sb.demoKey);
      const who = await execa(installedBin(), ['whoami', '--fields', 'organization_name'], { env, extendEnv: false, reject: false });
      expect(who.exitCode, who.stderr).toBe(0);
      expect(who.stdout).toBe('organization_name\nAcme Demo');
    } finally {
      await service.close();
    }
  });

  it('starts its own sandbox in the background from the installed files', async () => {
    const env = isolatedEnv();
    try {
      const r = await execa(installedBin(), ['--sandbox', 'credits', 'balance', '--json'], { env, extendEnv: false, reject: false });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).credits).toBe(5000);
    } finally {
      await execa(installedBin(), ['sandbox', 'stop'], { env, extendEnv: false, reject: false });
    }
  });

  it('ships the completions and installs the man pages', async () => {
    for (const f of ['prospect.bash', '_prospect', 'prospect.fish'])
      expect(existsSync(path.join(installed, 'completions', f)), f).toBe(true);
    expect(existsSync(path.join(prefix, 'share', 'man', 'man1', 'prospect-lists.1'))).toBe(true);
  });

  it.runIf(man.run)('man finds an installed page by its name', async () => {
    man.check();
    const r = await execa('man', ['-M', path.join(prefix, 'share', 'man'), 'prospect-lists'], {
      env: { MANPAGER: 'cat', PAGER: 'cat', MANWIDTH: '80' },
    });
    expect(r.stdout).toMatch(/^NAME$/m);
    expect(r.stdout).toContain('prospect-lists');
  });

  it("installs only what runs: the CLI and SDK are bundled; zod and the keychain binding (its package for this platform) are the packages beside them; no code cache and no declarations of the CLI's internals ship", async () => {
    expect(readdirSync(path.join(installed, 'node_modules')).filter((n) => !n.startsWith('.'))).toEqual(['@napi-rs', 'zod']);
    expect(readdirSync(path.join(installed, 'node_modules', '@napi-rs'))).toEqual([
      'keyring',
      `keyring-${process.platform}-${process.arch}-gnu`,
    ]);
    expect(shipped.filter((f) => f.endsWith('.v8cache'))).toEqual([]);
    // The SDK's declarations name the workflow layer's (its errors, the plan of a list enrichment): they ship with it.
    expect(shipped.filter((f) => f.endsWith('.d.ts') && !/^dist\/types\/(index\.d\.ts|api\/|sdk\/|sandbox\/|workflows\/)/.test(f))).toEqual(
      [],
    );
    // The sandbox's declarations are its public entry and what its types name, never its engines or server.
    expect(shipped.filter((f) => f.startsWith('dist/types/sandbox/')).sort()).toEqual(
      ['control-client', 'control-endpoints', 'fixtures-error', 'fixtures', 'public', 'scenario-catalog'].map(
        (f) => `dist/types/sandbox/${f}.d.ts`,
      ),
    );
  });

  it('exports the SDK: new Prospect() from "prospect-cli" reads the service, defaults from the environment', async () => {
    const sdk = await import(pathToFileURL(path.join(installed, 'dist', 'sdk.js')).href);
    const client = new sdk.Prospect({ baseUrl: sb.url, apiKey: sb.demoKey });
    vi.stubEnv('PROSPECT_BASE_URL', sb.url);
    vi.stubEnv('PROSPECT_API_KEY', sb.demoKey);
    const fromEnv = new sdk.Prospect();
    vi.unstubAllEnvs();
    try {
      expect((await client.credits.balance()).credits).toBe(5000);
      expect((await fromEnv.whoami()).organization_name).toBe('Acme Demo');
    } finally {
      client.close();
      fromEnv.close();
    }
  });

  it('exports the sandbox: startSandbox from "prospect-cli/sandbox" runs with fixtures and typed controls, and its types check', async () => {
    // A user's project beside the global install: node_modules/prospect-cli resolves through the package's exports.
    const project = path.join(prefix, 'lib');
    const secret = `svcapi_${'f'.repeat(64)}`;
    writeFileSync(
      path.join(project, 'use-sandbox.mjs'),
      `import { startSandbox } from 'prospect-cli/sandbox';
const sb = await startSandbox({ dataset: { people: 500, companies: 50 }, fixtures: { version: 1, organizations: [{ name: 'Packed', credits: 9, users: [{ email: 'ci@packed.example', api_keys: [{ secret: '${secret}' }] }] }] } });
const who = async (key) => (await fetch(sb.url + '/api/v2/whoami', { headers: { authorization: 'Bearer ' + key } })).json();
await sb.control.balance.set({ credits: 7 });
const balance = await (await fetch(sb.url + '/api/v2/credits/balance', { headers: { authorization: 'Bearer ' + sb.apiKey } })).json();
const out = { demo: (await who(sb.apiKey)).organization_name, fixture: (await who('${secret}')).organization_name, credits: balance.credits, jwt: sb.jwt.split('.').length };
await sb.stop();
console.log(JSON.stringify(out));
`,
    );
    const r = await execa(process.execPath, ['use-sandbox.mjs'], { cwd: project, reject: false });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ demo: 'Acme Demo', fixture: 'Packed', credits: 7, jwt: 3 });

    writeFileSync(
      path.join(project, 'typed.ts'),
      `import { startSandbox, type Sandbox } from 'prospect-cli/sandbox';
export async function typed(): Promise<number> {
  const sb: Sandbox = await startSandbox({ fixtures: { version: 1, organizations: [{ name: 'T', plan: 'pro' }] } });
  const clock = await sb.control.clock.set({ advance_ms: 1000 });
  // @ts-expect-error credits is a number
  await sb.control.balance.set({ credits: 'many' });
  // @ts-expect-error the fixtures format has a version
  await startSandbox({ fixtures: { organizations: [] } });
  await sb.stop();
  return clock.now_ms;
}
`,
    );
    expect(await typeCheck(project, ['typed.ts'])).toBe('');
  }, 60_000);
});
