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

/** Imports the rules forbid that are still there, each with why; the test fails when one is gone too (take it off the list). */
const KNOWN: Record<string, string> = {};

function layerOf(file: string): Layer {
  if (file === 'index.ts' || file.startsWith('sdk/')) return 'sdk';
  if (file === 'core.ts' || file === 'generate.ts') return 'entry';
  const top = file.split('/')[0]!;
  if (top === 'config') return 'cli';
  if (top === 'api' || top === 'local' || top === 'sandbox' || top === 'cli' || top === 'commands' || top === 'mcp' || top === 'workflows') return top;
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

  it('the known exceptions are all still there (remove one from KNOWN once it is gone)', () => {
    const present = new Set(edges.map(({ file, to }) => `${file} -> ${to}`));
    expect(Object.keys(KNOWN).filter((edge) => !present.has(edge))).toEqual([]);
  });

  it('finds the imports it checks: a file of every layer has some', () => {
    const layers = new Set(edges.map(({ file }) => layerOf(file)));
    expect([...layers].sort()).toEqual(['api', 'cli', 'commands', 'entry', 'local', 'mcp', 'sandbox', 'sdk', 'workflows']);
  });
});
