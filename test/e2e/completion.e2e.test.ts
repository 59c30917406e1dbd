import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/binary.js';
import { prospect } from '../helpers/in-process.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { tempDir } from '../helpers/temp-dir.js';
import { drives } from '../helpers/has-command.js';
import { DEPARTMENTS, HEADCOUNT_BANDS, SENIORITY_LEVELS } from '../../src/api/schemas/values/search.js';
import { AGENT_TYPES } from '../../src/api/schemas/values/agents.js';
import { FORMATS } from '../../src/cli/output/output.js';
import { COMPLETION_FILES, SHELLS } from '../../src/cli/completion/scripts.js';

const run = promisify(execFile);

/**
 * The completion scripts loaded into real shells: what a TAB offers after what is typed.
 * `prospect` is put on PATH (as an install does) for the list names the scripts ask it for:
 * the shells spawn the real binary, as they do for a user.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

const t = useSandboxEnv({ withKey: true });
const scripts: Record<string, string> = {};
let binDir: string;

beforeAll(async () => {
  for (const shell of SHELLS) {
    const file = path.join(tempDir(), COMPLETION_FILES[shell]);
    writeFileSync(file, (await prospect(['completion', shell])).stdout);
    scripts[shell] = file;
  }
  binDir = tempDir();
  symlinkSync(BIN, path.join(binDir, 'prospect'));
});

const shellEnv = (env: Record<string, string | undefined> = t.env) =>
  ({ ...env, PATH: `${binDir}:${process.env.PATH}` }) as NodeJS.ProcessEnv;

/**
 * What bash's TAB offers for the words typed (the last one is being completed; '' after a space).
 * Asynchronous: the sandbox answering the list names runs in this process.
 */
async function bashComplete(words: string[], env?: Record<string, string | undefined>): Promise<string[]> {
  const program = [
    `source ${JSON.stringify(scripts.bash)}`,
    'COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=()',
    '_prospect',
    `printf '%s\\n' "\${COMPREPLY[@]}"`,
  ].join('\n');
  const { stdout } = await run('bash', ['-c', program, 'bash', 'prospect', ...words], { env: shellEnv(env), encoding: 'utf8' });
  return stdout.split('\n').filter(Boolean);
}

/** bash as the user reads a candidate: the shell-quoted word unquoted. */
const unquote = (w: string) => execFileSync('bash', ['-c', `printf '%s' ${w}`], { encoding: 'utf8' });

describe('bash', () => {
  it('prospect li<TAB> completes to lists; every top-level command is offered on an empty word', async () => {
    expect(await bashComplete(['li'])).toEqual(['lists']);
    // exactly as the README says to load it
    const direct = await run(
      'bash',
      ['-c', 'source <(prospect completion bash); COMP_WORDS=(prospect li); COMP_CWORD=1; _prospect; echo "${COMPREPLY[*]}"'],
      { env: shellEnv(), encoding: 'utf8' },
    );
    expect(direct.stdout).toBe('lists\n');
    const top = await bashComplete(['']);
    for (const c of ['whoami', 'search', 'lists', 'import', 'enrich', 'agents', 'sync', 'export', 'keys', 'usage', 'completion'])
      expect(top).toContain(c);
  });

  it('search people --seniority <TAB> offers the fixed values, quoted for the shell', async () => {
    expect((await bashComplete(['search', 'people', '--seniority', ''])).map(unquote)).toEqual([...SENIORITY_LEVELS]);
    expect(await bashComplete(['search', 'people', '--seniority', 'Vi'])).toEqual(['Vice\\ President']);
    // bash splits --seniority=V into three words
    expect((await bashComplete(['search', 'people', '--seniority', '=', 'Di'])).map(unquote)).toEqual(['Director']);
    // the last item of a comma list
    expect((await bashComplete(['search', 'people', '--departments', 'Sales,Eng'])).map(unquote)).toEqual(['Sales,Engineering']);
    expect((await bashComplete(['search', 'people', '--company-headcount', ''])).map(unquote)).toEqual([...HEADCOUNT_BANDS]);
    expect((await bashComplete(['search', 'people', '--departments', ''])).map(unquote)).toEqual([...DEPARTMENTS]);
  });

  it('subcommands through aliases, flags of the command and the global ones, enum values of flags and arguments', async () => {
    expect(await bashComplete(['search', ''])).toEqual(['people', 'companies']);
    expect(await bashComplete(['search', 'people', ''])).toEqual(['compile', 'filters', 'at-companies']);
    expect(await bashComplete(['lists', 'ls', '--f'])).toEqual(['--folder', '--format', '--fields']);
    expect(await bashComplete(['--format', ''])).toEqual([...FORMATS]);
    // a command that narrows --format offers its own values, and --format once
    expect(await bashComplete(['export', 'json', 'Q3', '--format', ''])).toEqual(['ndjson', 'csv', 'json']);
    expect((await bashComplete(['export', 'json', 'Q3', '--form'])).filter((w) => w === '--format')).toHaveLength(1);
    expect(await bashComplete(['agents', 'run', 'Q3', '--type', ''])).toEqual([...AGENT_TYPES]);
    expect(await bashComplete(['sync', 'crm', 'Q3', '--provider', ''])).toEqual(['crm_one', 'crm_two']);
    expect(await bashComplete(['completion', ''])).toEqual(['bash', 'zsh', 'fish']);
    // help takes command names; after -- come arguments only
    expect(await bashComplete(['he'])).toEqual(['help']);
    expect(await bashComplete(['help', 'li'])).toEqual(['lists']);
    expect(await bashComplete(['help', 'lists', 'l'])).toEqual(['ls', 'leads']);
    expect(await bashComplete(['search', 'people', '--', ''])).toEqual([]);
    expect(await bashComplete(['search', 'people', '--', '--f'])).toEqual([]);
    // global flags with values are skipped over when finding the command
    expect(await bashComplete(['--profile', 'work', 'lists', 'ls', '--lim'])).toEqual(['--limit']);
  });

  it('file arguments complete file names', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'leads.csv'), 'email\n');
    expect(await bashComplete(['import', 'Q3', path.join(dir, 'le')])).toEqual([path.join(dir, 'leads.csv')]);
  });

  it('list arguments complete list names of the profile from a short-lived cache, written 0600', async () => {
    expect((await prospect(['lists', 'create', 'Q3 CTOs'], { env: t.env })).exitCode).toBe(0);
    expect((await prospect(['lists', 'create', "it's $(touch pwned)"], { env: t.env })).exitCode).toBe(0);
    const offered = (await bashComplete(['lists', 'get', ''])).map(unquote);
    expect(offered).toEqual(expect.arrayContaining(['Q3 CTOs', "it's $(touch pwned)"]));
    expect((await bashComplete(['export', 'csv', 'Q3'])).map(unquote)).toEqual(['Q3 CTOs']);

    const cacheDir = path.join(t.env.PROSPECT_DATA_DIR!, 'completion');
    const [file] = readdirSync(cacheDir);
    expect(statSync(path.join(cacheDir, file!)).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(cacheDir, file!), 'utf8')).not.toContain(t.env.PROSPECT_API_KEY!);

    // Within the minute the cache answers; once it is older, the service is asked again.
    expect((await prospect(['lists', 'create', 'Q4 VPs'], { env: t.env })).exitCode).toBe(0);
    expect((await bashComplete(['lists', 'get', 'Q4'])).map(unquote)).toEqual([]);
    const cache = JSON.parse(readFileSync(path.join(cacheDir, file!), 'utf8'));
    writeFileSync(path.join(cacheDir, file!), JSON.stringify({ ...cache, fetched_at: cache.fetched_at - 61_000 }));
    expect((await bashComplete(['lists', 'get', 'Q4'])).map(unquote)).toEqual(['Q4 VPs']);
  });

  it('with no profile or key configured, list names are not asked for and nothing is printed', async () => {
    const env = { ...t.env, PROSPECT_API_KEY: undefined, PROSPECT_BASE_URL: undefined };
    expect(await bashComplete(['lists', 'get', ''], env)).toEqual([]);
    const r = await prospect(['__complete', 'lists'], { env });
    expect(r).toMatchObject({ exitCode: 0, stdout: '', stderr: '' });
  });

  const shellcheck = drives('shellcheck');
  it.runIf(shellcheck.run)('shellcheck passes on the bash script', () => {
    shellcheck.check();
    const r = spawnSync('shellcheck', ['-s', 'bash', scripts.bash!], { encoding: 'utf8' });
    expect(r.stdout).toBe('');
    expect(r.status).toBe(0);
  });
});

describe('the generated files', () => {
  it('completions/ holds what `prospect completion SHELL` prints', async () => {
    for (const shell of SHELLS) {
      const built = readFileSync(path.join(ROOT, 'completions', COMPLETION_FILES[shell]), 'utf8');
      expect(built, shell).toBe(readFileSync(scripts[shell]!, 'utf8'));
    }
  });

  it('an unknown shell is a usage error naming the choices', async () => {
    const r = await prospect(['completion', 'tcsh']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/tcsh/);
    expect(r.stderr).toMatch(/bash, zsh, fish|"bash", "zsh", "fish"/);
  });
});

/** zsh: the script run by zsh itself, with the completion system's builtins recording what they are given. */
async function zshComplete(words: string[]): Promise<string[]> {
  const program = [
    'compdef() { :; }',
    'compset() { [[ $1 == -P ]] && [[ $cur == ${~2}* ]] && cur=${cur#${~2}}; return 0; }',
    'compadd() { local a; [[ $1 == -a ]] && for a in "${(@P)2}"; do [[ $a == ${cur}* ]] && print -r -- "$a"; done; }',
    '_describe() { local i; for i in "${(@P)4}"; do i=${i%%:*}; [[ ${i//\\\\/} == ${cur}* ]] && print -r -- ${i//\\\\/}; done; }',
    '_files() { print -r -- "<files $*>"; }',
    `source ${JSON.stringify(scripts.zsh)}`,
    'words=(prospect "$@"); CURRENT=${#words}',
    '_prospect; true',
  ].join('\n');
  const { stdout } = await run('zsh', ['-f', '-c', program, 'zsh', ...words], { env: shellEnv(), encoding: 'utf8' });
  return stdout.split('\n').filter(Boolean);
}

const zsh = drives('zsh');
describe.runIf(zsh.run)('zsh', () => {
  beforeAll(zsh.check);
  it('prospect li<TAB> completes to lists; --seniority offers the fixed values; list names and files', async () => {
    expect(await zshComplete(['li'])).toEqual(['lists']);
    expect(await zshComplete(['help', 'li'])).toEqual(['lists']);
    expect(await zshComplete(['search', 'people', '--seniority', ''])).toEqual([...SENIORITY_LEVELS]);
    expect(await zshComplete(['search', 'people', '--seniority=Vi'])).toEqual(['Vice President']);
    expect(await zshComplete(['lists', 'ls', '--f'])).toEqual(['--folder', '--format', '--fields']);
    expect(await zshComplete(['import', 'Q3', ''])).toEqual(['<files >']);
    expect((await prospect(['lists', 'create', 'Q3 CTOs'], { env: t.env })).exitCode).toBe(0);
    expect(await zshComplete(['lists', 'get', 'Q'])).toEqual(['Q3 CTOs']);
  });
});

/** fish: its own completion engine asked what it offers for a command line. */
async function fishComplete(line: string): Promise<string[]> {
  const program = `source ${JSON.stringify(scripts.fish)}; complete -C ${JSON.stringify(line)}`;
  const { stdout } = await run('fish', ['--no-config', '-c', program], { env: shellEnv(), encoding: 'utf8' });
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split('\t')[0]!);
}

const fish = drives('fish');
describe.runIf(fish.run)('fish', () => {
  beforeAll(fish.check);
  it('prospect li<TAB> completes to lists; --seniority offers the fixed values; list names', async () => {
    expect(await fishComplete('prospect li')).toEqual(['lists']);
    expect(await fishComplete('prospect help li')).toEqual(['lists']);
    expect(await fishComplete('prospect he')).toEqual(['help']);
    expect(await fishComplete('prospect search people --seniority ')).toEqual(expect.arrayContaining([...SENIORITY_LEVELS]));
    expect(await fishComplete('prospect search people --seniority ')).toHaveLength(SENIORITY_LEVELS.length);
    expect(await fishComplete('prospect search people --seniority=Vi')).toEqual(['--seniority=Vice President']);
    expect(await fishComplete('prospect lists ls --fo')).toEqual(expect.arrayContaining(['--folder', '--format']));
    expect((await prospect(['lists', 'create', 'Q3 CTOs'], { env: t.env })).exitCode).toBe(0);
    expect(await fishComplete('prospect lists get Q')).toEqual(['Q3 CTOs']);
  });
});

it('man pages are listed under "man" in package.json, one entry per generated page', () => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { man: string[] };
  const pages = readdirSync(path.join(ROOT, 'man')).filter((f) => f.endsWith('.1'));
  expect([...pkg.man].sort()).toEqual(pages.map((f) => `./man/${f}`).sort());
});
