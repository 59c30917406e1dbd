import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers of src/ and what each may import. Data flows one way: commands -> cli -> api,
 * sandbox -> api; local/ (config and data dirs, files written whole, the lock) is shared by
 * the CLI and the sandbox and depends on api/ alone; the SDK (src/index.ts and src/sdk/) is api/ only;
 * the MCP server (src/mcp/) is api/ and the SDK's helpers, loaded by the mcp command.
 * workflows/ holds the rules of paid and long work once, under the three faces (commands and cli,
 * the SDK, the MCP server), over api/ and local/.
 * config/ is the CLI's own settings and goes with cli/. The CLI core gets its commands
 * handed in by the entries at the top of src/ (core.ts, generate.ts), the one place that
 * joins the two.
 * Within commands/, a noun's folder (commands/lists/) holds its verbs, the modules the command
 * table loads, and shared/ for the code of that noun alone; a file there imports its own noun,
 * cli/ and the layers below, never another noun: what nouns share is in cli/cmdutil/ (as gh's
 * pkg/cmd/<noun>/shared and pkg/cmdutil). Only the command table imports every noun.
 */
const SRC = path.resolve(import.meta.dirname, '..', '..', 'src');

type Layer = 'entry' | 'sdk' | 'api' | 'local' | 'sandbox' | 'cli' | 'commands' | 'mcp' | 'workflows';

const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  entry: ['cli', 'commands', 'local', 'api', 'sandbox'],
  sdk: ['sdk', 'workflows', 'api'],
  api: ['api'],
  // The rules of paid and long work, once under the three faces: what to pay for, runs going, the spend verdict, the journal.
  workflows: ['workflows', 'local', 'api'],
  local: ['local', 'api'],
  sandbox: ['sandbox', 'local', 'api'],
  cli: ['cli', 'workflows', 'local', 'api', 'sandbox'],
  commands: ['commands', 'cli', 'workflows', 'local', 'api', 'sandbox', 'mcp'],
  // The MCP server: tools over api/ (and the SDK's helpers), handed its client by the mcp command.
  mcp: ['mcp', 'sdk', 'workflows', 'api'],
};

/** The command table (src/commands/command-table.ts): the one file of commands/ outside a noun's folder. */
const TABLE = 'commands/command-table.ts';

/** The noun of a file under commands/ (`lists` for commands/lists/shared/list-views.ts); undefined for the table and files elsewhere. */
const nounOf = (file: string): string | undefined => (file.startsWith('commands/') && file !== TABLE ? file.split('/')[1] : undefined);

/** Imports the rules forbid that are still there, each with why; the test fails when one is gone too (take it off the list). */
const KNOWN: Record<string, string> = {};

function layerOf(file: string): Layer {
  if (file === 'index.ts' || file.startsWith('sdk/')) return 'sdk';
  if (file === 'core.ts' || file === 'generate.ts') return 'entry';
  const top = file.split('/')[0]!;
  if (top === 'config') return 'cli';
  if (top === 'api' || top === 'local' || top === 'sandbox' || top === 'cli' || top === 'commands' || top === 'mcp' || top === 'workflows')
    return top;
  throw new Error(`src/${file} is in no layer: add its folder to test/unit/layers.test.ts`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => path.relative(SRC, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** The files of src/ that `file` imports, statically or with import(), types included. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.[^']+)'/g)].map((m) => m[1]!);
  return specs.map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(file), s)).replace(/\.js$/, '.ts'));
}

describe('layers', () => {
  const edges = sourceFiles(SRC).flatMap((file) => importsOf(file).map((to) => ({ file, to })));

  it('each import goes where its layer may reach', () => {
    const broken = edges
      .filter(({ file, to }) => !MAY_IMPORT[layerOf(file)].includes(layerOf(to)))
      .map(({ file, to }) => `${file} -> ${to}`)
      .filter((edge) => !(edge in KNOWN));
    expect(broken, 'imports across the layers (see MAY_IMPORT)').toEqual([]);
  });

  it('a file of a noun imports no other noun, nor the table: only the table imports every noun', () => {
    const crossing = edges
      .filter(({ file, to }) => nounOf(file) !== undefined && layerOf(to) === 'commands' && nounOf(to) !== nounOf(file))
      .map(({ file, to }) => `${file} -> ${to}`)
      .filter((edge) => !(edge in KNOWN));
    expect(crossing, 'imports across nouns (move what both use to src/cli/cmdutil/)').toEqual([]);
  });

  it("a noun's folder holds the verbs the table loads and shared/ for the rest", () => {
    const files = sourceFiles(path.join(SRC, 'commands')).filter((f) => f !== TABLE);
    const verbs = files.filter((f) => f.split('/').length === 3);
    const loaded = importsOf(TABLE).filter((to) => to.startsWith('commands/'));
    expect(verbs.sort(), 'files beside the verbs (move them to shared/) or verbs no row loads').toEqual([...new Set(loaded)].sort());
    const parts = (f: string) => f.split('/');
    expect(
      files.filter((f) => parts(f).length === 2 || (parts(f).length > 3 && parts(f)[2] !== 'shared')),
      'files outside a verb or shared/',
    ).toEqual([]);
  });

  it('the table reaches each command by import() alone: building the tree for --help runs no command module', () => {
    const text = readFileSync(path.join(SRC, TABLE), 'utf8');
    expect([...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1])).toEqual([]);
  });

  it('the known exceptions are all still there (remove one from KNOWN once it is gone)', () => {
    const present = new Set(edges.map(({ file, to }) => `${file} -> ${to}`));
    expect(Object.keys(KNOWN).filter((edge) => !present.has(edge))).toEqual([]);
  });

  it('finds the imports it checks: a file of every layer has some', () => {
    const layers = new Set(edges.map(({ file }) => layerOf(file)));
    expect([...layers].sort()).toEqual(['api', 'cli', 'commands', 'entry', 'local', 'mcp', 'sandbox', 'sdk', 'workflows']);
  });
});
