import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, importsIn, importsOf, type Import } from '../helpers/src-imports.js';

/**
 * The layers of src/ and what each may import. Data flows one way: commands -> cli -> api,
 * sandbox -> api; local/ (config and data dirs, files written whole, the lock) is shared by
 * the CLI and the sandbox and depends on api/ alone; the SDK (src/index.ts and src/sdk/) is api/ only;
 * the MCP server (src/mcp/) is api/ and the SDK's helpers, loaded by the mcp command (commands/mcp/,
 * the one noun that may import it).
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
  commands: ['commands', 'cli', 'workflows', 'local', 'api', 'sandbox'],
  // The MCP server: tools over api/ (and the SDK's helpers), handed its client by the mcp command.
  mcp: ['mcp', 'sdk', 'workflows', 'api'],
};

/** What a noun's folder may import beyond its layer: the mcp command serves the MCP server. */
const NOUN_MAY_IMPORT: Record<string, readonly Layer[]> = { mcp: ['mcp'] };

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

const mayImport = (file: string, to: string): boolean =>
  MAY_IMPORT[layerOf(file)].includes(layerOf(to)) || (NOUN_MAY_IMPORT[nounOf(file) ?? '']?.includes(layerOf(to)) ?? false);

/** An import of a file of src/: the edge the rules check, and where it is written. */
type Edge = Import & { to: string };
const where = (e: Import) => `src/${e.file}:${e.line} ${e.form} '${e.spec}'`;

describe('layers', () => {
  const files = sourceFiles(SRC);
  // Every form counts: static, type-only (a type names its layer too) and import().
  const edges = files.flatMap((file) => importsOf(file).imports.filter((i): i is Edge => i.to !== undefined));

  it('every import() names its module by a string literal, so the rules below see where it goes', () => {
    expect(
      files.flatMap((file) => importsOf(file).unreadable),
      'import() of a module computed at run time',
    ).toEqual([]);
  });

  it('each import goes where its layer may reach', () => {
    const broken = edges
      .filter(({ file, to }) => !mayImport(file, to) && !(`${file} -> ${to}` in KNOWN))
      .map((e) => `${where(e)}: ${layerOf(e.file)}${nounOf(e.file) ? ` (${nounOf(e.file)})` : ''} -> ${layerOf(e.to)}`);
    expect(broken, 'imports across the layers (see MAY_IMPORT and NOUN_MAY_IMPORT)').toEqual([]);
  });

  it('a file of a noun imports no other noun, nor the table: only the table imports every noun', () => {
    const crossing = edges
      .filter(({ file, to }) => nounOf(file) !== undefined && layerOf(to) === 'commands' && nounOf(to) !== nounOf(file))
      .filter(({ file, to }) => !(`${file} -> ${to}` in KNOWN))
      .map(where);
    expect(crossing, 'imports across nouns (move what both use to src/cli/cmdutil/)').toEqual([]);
  });

  it("a noun's folder holds the verbs the table loads and shared/ for the rest", () => {
    const inCommands = files.filter((f) => f.startsWith('commands/') && f !== TABLE);
    const verbs = inCommands.filter((f) => f.split('/').length === 3);
    const loaded = edges.filter((e) => e.file === TABLE && e.kind === 'dynamic' && e.to.startsWith('commands/')).map((e) => e.to);
    expect(verbs.sort(), 'files beside the verbs (move them to shared/) or verbs no row loads').toEqual([...new Set(loaded)].sort());
    const parts = (f: string) => f.split('/');
    expect(
      inCommands.filter((f) => parts(f).length === 2 || (parts(f).length > 3 && parts(f)[2] !== 'shared')),
      'files outside a verb or shared/',
    ).toEqual([]);
  });

  it('the table reaches each command by import() alone: building the tree for --help runs no command module', () => {
    const evaluated = importsOf(TABLE).imports.filter((i) => i.kind === 'static');
    expect(evaluated.map(where), 'the table may have `import type` and import() only').toEqual([]);
  });

  it('the known exceptions are all still there (remove one from KNOWN once it is gone)', () => {
    const present = new Set(edges.map(({ file, to }) => `${file} -> ${to}`));
    expect(Object.keys(KNOWN).filter((edge) => !present.has(edge))).toEqual([]);
  });

  it('reads every form of import, whatever its quotes (import attributes too)', () => {
    const text = [
      `import { a } from "./double.js";`,
      `import './side-effect.js';`,
      `import type { T } from './type-only.js';`,
      `import { type U } from './inline-type.js';`,
      `export { b } from './re-export.js';`,
      `export * from '../star.js';`,
      `export type { V } from './type-export.js';`,
      `import c = require('./require.js');`,
      'const d = () => import(`./template.js`, { with: { type: "json" } });',
      `let e: import('./type-import.js').W;`,
      `const f = (name: string) => import(name);`,
      `import { g } from 'node:path';`,
    ].join('\n');
    const found = importsIn('commands/lists/x.ts', text);
    expect(found.imports.map((i) => `${i.line} ${i.form} ${i.kind} ${i.to ?? i.spec}`)).toEqual([
      '1 import static commands/lists/double.ts',
      '2 side-effect import static commands/lists/side-effect.ts',
      '3 import type type commands/lists/type-only.ts',
      '4 import { type … } static commands/lists/inline-type.ts',
      '5 export from static commands/lists/re-export.ts',
      '6 export from static commands/star.ts',
      '7 export type from type commands/lists/type-export.ts',
      '8 import = require static commands/lists/require.ts',
      '9 import() dynamic commands/lists/template.ts',
      '10 type import type commands/lists/type-import.ts',
      '12 import static node:path',
    ]);
    expect(found.unreadable).toEqual([
      'src/commands/lists/x.ts:11: import(name): the module is not a string literal, so no rule can check it',
    ]);
  });

  it('finds the imports it checks: a file of every layer has some', () => {
    const layers = new Set(edges.map(({ file }) => layerOf(file)));
    expect([...layers].sort()).toEqual(['api', 'cli', 'commands', 'entry', 'local', 'mcp', 'sandbox', 'sdk', 'workflows']);
  });
});
