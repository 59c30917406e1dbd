import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { prospect } from '../helpers/in-process.js';
import { printedCommands } from '../helpers/printed-command.js';
import { json } from '../helpers/json.js';
import { tempDir } from '../helpers/temp-dir.js';
import { BIN } from '../helpers/binary.js';

/**
 * `mcp config` prints or merges an AI client's settings for a server entry that runs this
 * installation with the chosen profile, and never puts a secret in them. The MCP server itself
 * is not started here: the entry is checked word for word.
 */
const t = useSandboxEnv({ withKey: false });
let env: Record<string, string | undefined>;
let home: string;
let xdg: string;
let project: string;

beforeEach(() => {
  home = tempDir();
  xdg = tempDir();
  project = fs.realpathSync(tempDir());
  env = { ...t.env, HOME: home, XDG_CONFIG_HOME: xdg };
});

const mcpConfig = (...args: string[]) => prospect(['mcp', 'config', ...args], { env, cwd: project });
const mode = (file: string) => fs.statSync(file).mode & 0o777;
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, any>;
const desktopFile = () => path.join(xdg, 'Claude', 'claude_desktop_config.json');
const cursorFile = () => path.join(home, '.cursor', 'mcp.json');

/** The one error line of a refused command, with no stack trace after it. */
function expectOneErrorLine(stderr: string, pattern: RegExp): void {
  expect(stderr.split('\n').filter((l) => l.startsWith('error:'))).toEqual([expect.stringMatching(pattern)]);
  expect(stderr).not.toMatch(/\n\s+at /);
}

/** Runs a printed command as a shell reads it (its words split by sh), in this process. */
async function runPrintedInProcess(line: string) {
  const split = await execa('sh', ['-c', `printf '%s\\0' ${line}`]);
  const words = split.stdout.split('\0').filter((w, i, all) => i < all.length - 1 || w !== '');
  expect(words[0]).toBe('prospect');
  return prospect(words.slice(1), { env, cwd: project });
}

describe('what each client gets', () => {
  it.runIf(process.platform === 'linux')(
    'claude-desktop: mcpServers with command and args, for $XDG_CONFIG_HOME/Claude (or ~/.config/Claude)',
    async () => {
      const r = await mcpConfig('--client', 'claude-desktop');
      expect(r.exitCode, r.stderr).toBe(0);
      expect(json(r.stdout)).toEqual({
        mcpServers: { prospect: { command: process.execPath, args: [BIN, 'mcp', '--profile', 'default'] } },
      });
      expect(r.stdout).toBe(`${JSON.stringify(json(r.stdout), null, 2)}\n`);
      expect(r.stderr).toContain(desktopFile());
      // No profile is saved here: the server the client starts would have no service URL and no key.
      expect(printedCommands(r.stderr)).toEqual(['prospect mcp config --client claude-desktop --write', 'prospect auth login']);
      expect(r.stderr).toContain(
        `Profile "default" has no service URL and no API key of its own, and the client starts the server without this shell's environment`,
      );

      env = { ...env, XDG_CONFIG_HOME: undefined };
      const plain = await mcpConfig('--client', 'claude-desktop');
      expect(plain.stderr).toContain(path.join(home, '.config', 'Claude', 'claude_desktop_config.json'));
    },
  );

  it('claude-code: a stdio entry with an empty env in ./.mcp.json, and the `claude mcp add` line for every project', async () => {
    const r = await mcpConfig('--client', 'claude-code');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(json(r.stdout)).toEqual({
      mcpServers: { prospect: { type: 'stdio', command: process.execPath, args: [BIN, 'mcp', '--profile', 'default'], env: {} } },
    });
    expect(r.stderr).toContain(path.join(project, '.mcp.json'));
    const add = r.stderr.split('\n').find((l) => l.includes('claude mcp add'));
    expect(add).toMatch(/: claude mcp add --scope user prospect -- \S+ \S+ mcp --profile default$/);
    // The words a shell reads back from it are exactly the entry's.
    const words = (await execa('sh', ['-c', `printf '%s\\n' ${add!.slice(add!.indexOf('claude mcp add'))}`])).stdout.split('\n');
    expect(words).toEqual([
      'claude',
      'mcp',
      'add',
      '--scope',
      'user',
      'prospect',
      '--',
      process.execPath,
      BIN,
      'mcp',
      '--profile',
      'default',
    ]);
  });

  it('cursor: mcpServers in ~/.cursor/mcp.json', async () => {
    const r = await mcpConfig('--client', 'cursor');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(json(r.stdout)).toEqual({ mcpServers: { prospect: { command: process.execPath, args: [BIN, 'mcp', '--profile', 'default'] } } });
    expect(r.stderr).toContain(cursorFile());
  });

  it('vscode: servers with a stdio entry in ./.vscode/mcp.json', async () => {
    const r = await mcpConfig('--client', 'vscode');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(json(r.stdout)).toEqual({
      servers: { prospect: { type: 'stdio', command: process.execPath, args: [BIN, 'mcp', '--profile', 'default'] } },
    });
    expect(r.stderr).toContain(path.join(project, '.vscode', 'mcp.json'));
  });

  it('--json prints {client, file, name, entry}', async () => {
    const r = await mcpConfig('--client', 'cursor', '--name', 'prospect-work', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(json(r.stdout)).toEqual({
      client: 'cursor',
      file: cursorFile(),
      name: 'prospect-work',
      entry: { command: process.execPath, args: [BIN, 'mcp', '--profile', 'default'] },
    });
  });
});

describe('the entry runs this installation with this profile', () => {
  it('node and the launcher by absolute path, then mcp and the resolved profile', async () => {
    const r = await mcpConfig('--client', 'cursor', '--json');
    const { command, args } = json(r.stdout).entry;
    expect(command).toBe(process.execPath);
    expect(path.isAbsolute(args[0])).toBe(true);
    expect(args[0]).toBe(BIN);
    expect(fs.existsSync(args[0])).toBe(true);
    expect(args[1]).toBe('mcp');

    const work = json((await mcpConfig('--client', 'cursor', '--json', '--profile', 'work')).stdout).entry.args;
    expect(work).toEqual([BIN, 'mcp', '--profile', 'work']);
    // PROSPECT_PROFILE and current_profile decide too: the entry names the profile itself, as the client has neither.
    env = { ...env, PROSPECT_PROFILE: 'ci' };
    expect(json((await mcpConfig('--client', 'cursor', '--json')).stdout).entry.args).toEqual([BIN, 'mcp', '--profile', 'ci']);
  });

  it('--sandbox is carried in place of a profile', async () => {
    const r = await prospect(['--sandbox', 'mcp', 'config', '--client', 'claude-desktop'], { env, cwd: project });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(json(r.stdout).mcpServers.prospect.args).toEqual([BIN, 'mcp', '--sandbox']);
    expect(printedCommands(r.stderr)).toEqual(['prospect --sandbox mcp config --client claude-desktop --write']);
  });

  it('--toolset, --max-credits and --read-only are passed on; without them prospect mcp keeps its defaults', async () => {
    const r = await mcpConfig('--client', 'vscode', '--toolset', 'read', '--max-credits', '25', '--read-only', '--profile', 'work');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(json(r.stdout).servers.prospect.args).toEqual([
      BIN,
      'mcp',
      '--profile',
      'work',
      '--toolset',
      'read',
      '--max-credits',
      '25',
      '--read-only',
    ]);
  });

  it.each([
    [['--client', 'cursor', '--name', 'my server'], /--name takes letters, digits, - and _, got "my server"/],
    [['--client', 'cursor', '--max-credits', '-1'], /--max-credits must be from 0/],
    [['--client', 'cursor', '--max-credits', '1.5'], /--max-credits must be a whole number, got "1.5"/],
    [['--client', 'cursor', '--toolset', 'every'], /--toolset/],
    [['--client', 'zed'], /--client/],
    [[], /--client is required/],
    [['--client', 'cursor', '--format', 'csv'], /--format csv does not apply/],
  ])('bad input %j is refused with exit 2', async (args, pattern) => {
    const r = await mcpConfig(...args);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expectOneErrorLine(r.stderr, pattern);
  });
});

describe('--write', () => {
  it.runIf(process.platform === 'linux')(
    'the printed --write command creates the file (0600, folders 0700) holding exactly the printed settings',
    async () => {
      const shown = await mcpConfig('--client', 'claude-desktop', '--profile', 'work', '--name', 'prospect-work', '--toolset', 'standard');
      const [write] = printedCommands(shown.stderr);
      expect(write).toBe('prospect --profile work mcp config --client claude-desktop --name prospect-work --toolset standard --write');
      const r = await runPrintedInProcess(write!);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toBe('');
      expect(readJson(desktopFile())).toEqual(json(shown.stdout));
      expect(mode(desktopFile())).toBe(0o600);
      expect(mode(path.dirname(desktopFile()))).toBe(0o700);
      expect(r.stderr).toContain(`Added the "prospect-work" server entry in ${desktopFile()}`);
      expect(r.stderr).toContain('Quit and reopen Claude Desktop');
      expect(fs.readdirSync(path.dirname(desktopFile()))).toEqual(['claude_desktop_config.json']);
    },
  );

  it('merges into an existing file: other servers and keys kept, its mode kept; a second write replaces the entry', async () => {
    const file = cursorFile();
    fs.mkdirSync(path.dirname(file));
    const other = { command: 'npx', args: ['-y', 'other-server'], env: { OTHER_TOKEN: 'theirs' } };
    fs.writeFileSync(file, JSON.stringify({ theme: 'dark', mcpServers: { other } }), { mode: 0o644 });
    fs.chmodSync(file, 0o644);

    const added = await mcpConfig('--client', 'cursor', '--write');
    expect(added.exitCode, added.stderr).toBe(0);
    expect(added.stderr).toContain(`Added the "prospect" server entry in ${file}`);
    expect(added.stderr).toContain('Restart Cursor');
    expect(readJson(file)).toEqual({
      theme: 'dark',
      mcpServers: { other, prospect: { command: process.execPath, args: [BIN, 'mcp', '--profile', 'default'] } },
    });
    expect(mode(file)).toBe(0o644);

    const replaced = await mcpConfig('--client', 'cursor', '--write', '--read-only', '--json');
    expect(replaced.exitCode, replaced.stderr).toBe(0);
    expect(json(replaced.stdout)).toMatchObject({ client: 'cursor', file, name: 'prospect', written: 'replaced' });
    expect(replaced.stderr).toContain(`Replaced the "prospect" server entry in ${file}`);
    const after = readJson(file);
    expect(after.theme).toBe('dark');
    expect(after.mcpServers.other).toEqual(other);
    expect(after.mcpServers.prospect.args).toEqual([BIN, 'mcp', '--profile', 'default', '--read-only']);
    expect(Object.keys(after.mcpServers)).toEqual(['other', 'prospect']);
    expect(mode(file)).toBe(0o644);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['mcp.json']);
  });

  it('a second profile gets its own entry beside the first (vscode, project file, other keys kept)', async () => {
    const file = path.join(project, '.vscode', 'mcp.json');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, JSON.stringify({ inputs: [{ id: 'x', type: 'promptString' }], servers: {} }));
    expect((await mcpConfig('--client', 'vscode', '--write')).exitCode).toBe(0);
    const r = await mcpConfig('--client', 'vscode', '--write', '--profile', 'work', '--name', 'prospect-work');
    expect(r.exitCode, r.stderr).toBe(0);
    const saved = readJson(file);
    expect(saved.inputs).toEqual([{ id: 'x', type: 'promptString' }]);
    expect(saved.servers.prospect.args).toEqual([BIN, 'mcp', '--profile', 'default']);
    expect(saved.servers['prospect-work']).toEqual({ type: 'stdio', command: process.execPath, args: [BIN, 'mcp', '--profile', 'work'] });
  });

  it('--file names the file, relative to the current folder', async () => {
    const r = await mcpConfig('--client', 'claude-code', '--write', '--file', 'sub/settings.json');
    expect(r.exitCode, r.stderr).toBe(0);
    const file = path.join(project, 'sub', 'settings.json');
    expect(readJson(file).mcpServers.prospect).toMatchObject({ type: 'stdio', env: {} });
    expect(r.stderr).toContain(`in ${file}`);
    expect(fs.existsSync(path.join(project, '.mcp.json'))).toBe(false);
  });

  it.each([
    [
      'vscode',
      '.vscode/mcp.json',
      '{\n  // my servers\n  "servers": {}\n}\n',
      /\.vscode\/mcp\.json is not valid JSON \(VS Code accepts comments/,
    ],
    ['claude-code', '.mcp.json', '{"mcpServers": {', /\.mcp\.json is not valid JSON/],
    ['claude-code', '.mcp.json', '[1, 2]', /\.mcp\.json does not hold a JSON object at the top level/],
    ['vscode', '.vscode/mcp.json', '{"servers": ["a"]}', /"servers" in \S+\.vscode\/mcp\.json is not an object of servers/],
  ])('%s: a file that cannot be merged (%s holding %j) is refused and left as it is', async (client, name, text, pattern) => {
    const file = path.join(project, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    const r = await mcpConfig('--client', client, '--write');
    expect(r.exitCode).toBe(2);
    expectOneErrorLine(r.stderr, pattern);
    expect(r.stderr).toMatch(/fix: .*by hand/);
    expect(fs.readFileSync(file, 'utf8')).toBe(text);
    expect(fs.readdirSync(path.dirname(file)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a symbolic link is refused: neither written through nor replaced', async () => {
    const target = path.join(tempDir(), 'dotfiles-mcp.json');
    fs.writeFileSync(target, '{"mcpServers": {}}');
    const file = cursorFile();
    fs.mkdirSync(path.dirname(file));
    fs.symlinkSync(target, file);
    const r = await mcpConfig('--client', 'cursor', '--write');
    expect(r.exitCode).toBe(2);
    expectOneErrorLine(r.stderr, new RegExp(`${file.replaceAll('.', '\\.')} is a symbolic link`));
    expect(r.stderr).toContain(`--file ${target}`);
    expect(fs.lstatSync(file).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(target, 'utf8')).toBe('{"mcpServers": {}}');

    const dangling = path.join(project, '.mcp.json');
    fs.symlinkSync(path.join(project, 'nowhere.json'), dangling);
    const d = await mcpConfig('--client', 'claude-code', '--write');
    expect(d.exitCode).toBe(2);
    expectOneErrorLine(d.stderr, /\.mcp\.json is a symbolic link/);
    expect(fs.existsSync(path.join(project, 'nowhere.json'))).toBe(false);
  });
});

describe('no secret in the settings', () => {
  it("a profile's key, PROSPECT_API_KEY and PROSPECT_JWT appear nowhere in the output or the file", async () => {
    const login = await prospect(['auth', 'login', '--with-token', '--base-url', t.sb.url, '--profile', 'work'], {
      env,
      input: t.sb.demoKey,
    });
    expect(login.exitCode, login.stderr).toBe(0);
    const envKey = `svcapi_${'e'.repeat(64)}`;
    const envJwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJlLXNlY3JldA';
    env = { ...env, PROSPECT_API_KEY: envKey, PROSPECT_JWT: envJwt };
    const secrets = [t.sb.demoKey, envKey, envJwt];

    for (const client of ['claude-desktop', 'claude-code', 'cursor', 'vscode']) {
      const shown = await mcpConfig('--client', client, '--profile', 'work');
      const asJson = await mcpConfig('--client', client, '--profile', 'work', '--json');
      const written = await mcpConfig('--client', client, '--profile', 'work', '--write', '--file', `${client}.json`);
      for (const r of [shown, asJson, written]) {
        expect(r.exitCode, r.stderr).toBe(0);
        for (const s of secrets) expect(r.stdout + r.stderr).not.toContain(s);
      }
      const text = fs.readFileSync(path.join(project, `${client}.json`), 'utf8');
      for (const s of secrets) expect(text).not.toContain(s);
      for (const s of secrets) expect(text).not.toContain(s.slice(0, 12));
      expect(JSON.stringify(JSON.parse(text))).not.toMatch(/"env":\{"/);
    }
  });
});
