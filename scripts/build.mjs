// Builds the CLI, the sandbox server and the SDK with esbuild, then the SDK's declarations.
//
// Start-up is what shapes the CLI build: Node's ESM loader costs about a millisecond per
// module, so the CLI is CommonJS (bin/ holds a package.json saying so) in two files: a tiny
// entry that answers --version, and one core with all of the CLI's own code. Heavy
// dependencies (cli-table3, ora, csv-stringify, csv-parse), the sandbox server and the MCP
// server are separate bundles that core requires only on the paths that use them. zod is in
// neither the entry nor the core (the endpoint catalog names its schemas instead of holding
// them; test/e2e/startup.e2e checks): the sandbox and MCP bundles carry it.
import { build } from 'esbuild';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const skipTypes = process.argv.includes('--no-types');
// Only the declarations, beside a build made with --no-types (the package test packs them).
const typesOnly = process.argv.includes('--types-only');

/**
 * Packages loaded on demand, each bundled once into dist/vendor/. core loads them with
 * import(), so they export what Node gives `import` of CommonJS: module.exports as the
 * default, and named exports that Node can see in `exports.name =` assignments.
 */
const VENDOR = {
  'cli-table3': { file: 'cli-table3', source: "module.exports = require('cli-table3');" },
  ora: { file: 'ora', source: "module.exports = require('ora').default;" },
  'csv-stringify/sync': { file: 'csv-stringify', source: "exports.stringify = require('csv-stringify/sync').stringify;" },
  'csv-parse': { file: 'csv-parse', source: "exports.parse = require('csv-parse').parse;" },
};

const vendorPlugin = {
  name: 'vendor',
  setup(b) {
    const filter = new RegExp(
      `^(${Object.keys(VENDOR)
        .map((k) => k.replace('/', '\\/'))
        .join('|')})$`,
    );
    b.onResolve({ filter }, (a) => ({ path: `./vendor/${VENDOR[a.path].file}.cjs`, external: true }));
    // The sandbox server is its own bundle; runtime.ts loads it only to serve.
    b.onResolve({ filter: /^\.\/server\.js$/ }, (a) =>
      a.importer.endsWith(path.join('sandbox', 'runtime.ts')) ? { path: './sandbox-server.cjs', external: true } : undefined,
    );
    // So is the MCP server (the MCP SDK and the tools): only `prospect mcp` loads it.
    b.onResolve({ filter: /^\.\.\/\.\.\/mcp\/server\.js$/ }, (a) =>
      a.importer.endsWith(path.join('commands', 'mcp', 'mcp.ts'))
        ? { path: path.join(root, 'src', 'cli', 'built-mcp-server.ts') }
        : undefined,
    );
    // The server passes its own validator of elicitation answers (src/mcp/form-validator.ts): the SDK's default, Ajv, is left out.
    b.onResolve({ filter: /\/validation\/ajv-provider\.js$/ }, (a) =>
      a.importer.includes(`${path.sep}@modelcontextprotocol${path.sep}sdk${path.sep}`)
        ? { path: path.join(root, 'scripts', 'no-ajv.cjs') }
        : undefined,
    );
  },
};

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  define: { __PROSPECT_VERSION__: JSON.stringify(pkg.version) },
  legalComments: 'none',
  logLevel: 'warning',
};

// `npx prospect` in a checkout installs the checkout into npx's cache, which runs `prepare`
// here again: after `npm ci` (which built) that is a second build of ~10 s, and it removes
// dist/ under any prospect already running. A build that is there is kept.
if (process.env.npm_command === 'exec' && process.env.npm_lifecycle_event === 'prepare' && existsSync(path.join(root, 'dist', 'cli.cjs')))
  process.exit(0);

if (typesOnly) {
  declarations();
  process.exit(0);
}

rmSync(path.join(root, 'dist'), { recursive: true, force: true });

const cli = await build({
  ...common,
  format: 'cjs',
  entryPoints: {
    cli: 'src/cli/entry.ts',
    core: 'src/core.ts',
    'sandbox-server': 'src/sandbox/server.ts',
    'mcp-server': 'src/mcp/server.ts',
  },
  // Every start reads the core whole: without its whitespace it is a quarter smaller (785 to 581 KB, about 1 ms).
  minifyWhitespace: true,
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  plugins: [vendorPlugin],
  // The keychain's native binding is installed beside the CLI (a dependency with a prebuilt
  // package per platform) and loaded only when a secret is read from or written to it.
  external: ['@napi-rs/keyring'],
  // import() becomes require(), so a command's lazy import is a lazy initializer in the same
  // bundle. The core runs as a vm.Script (for its V8 code cache), where import() would need an
  // importModuleDynamically callback: Node's default one is experimental and warns at every run.
  supported: { 'dynamic-import': false },
  metafile: true,
});

for (const { file, source } of Object.values(VENDOR)) {
  await build({
    ...common,
    format: 'cjs',
    stdin: { contents: source, resolveDir: root, sourcefile: `${file}.vendor.cjs` },
    outfile: `dist/vendor/${file}.cjs`,
  });
}

// The SDK for `import { Client } from 'prospect-cli'`: ESM, dependencies left to npm.
await build({ ...common, format: 'esm', entryPoints: { sdk: 'src/index.ts' }, outdir: 'dist', packages: 'external' });

// The sandbox for other people's test suites, `import { startSandbox } from 'prospect-cli/sandbox'`:
// ESM like the SDK, the whole sandbox in one file with the libraries it uses (csv-parse, a
// devDependency), zod left to npm.
await build({ ...common, format: 'esm', entryPoints: { sandbox: 'src/sandbox/public.ts' }, outdir: 'dist', external: ['zod'] });

// completions/ and man/ are committed; `npm run generate` (scripts/generate.mjs) rewrites them
// from the command tree, and a test fails when they differ from what it would write.

// The core and the MCP server end with a hash of themselves: their V8 code caches are named by it (src/local/cached-require.ts).
for (const [file, name] of [
  ['core.cjs', 'core'],
  ['mcp-server.cjs', 'mcp'],
]) {
  const bundle = path.join(root, 'dist', file);
  const code = readFileSync(bundle, 'utf8');
  writeFileSync(bundle, `${code}//# prospect-${name} ${createHash('sha256').update(code).digest('hex').slice(0, 16)}\n`);
}

// The MCP tools' schemas, rendered once here instead of at every server start (src/mcp/tool-schemas.ts).
execFileSync(process.execPath, [
  '-e',
  `require(${JSON.stringify(path.join(root, 'dist', 'mcp-server.cjs'))}).writeToolSchemas(${JSON.stringify(path.join(root, 'dist', 'mcp-tool-schemas.json'))})`,
]);

// Which sources went into which file: the start-up tests read it.
writeFileSync(path.join(root, 'dist', 'meta.json'), JSON.stringify(cli.metafile));

if (!skipTypes) declarations();

/** The declarations of the public entries (the SDK, the sandbox) in dist/types. */
function declarations() {
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
  keepPublicDeclarations(path.join(root, 'dist', 'types'), ['index.d.ts', 'sandbox/public.d.ts']);
}

/**
 * tsc declares every module the entries import; only those the entries' declarations reach
 * (their types name them) ship. The rest (the sandbox's engines, the server) are removed.
 */
function keepPublicDeclarations(dir, entries) {
  const reached = new Set();
  const visit = (file) => {
    if (reached.has(file) || !existsSync(file)) return;
    reached.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g))
      visit(path.resolve(path.dirname(file), spec.replace(/\.js$/, '.d.ts')));
  };
  for (const e of entries) visit(path.join(dir, e));
  const listed = readdirSync(dir, { recursive: true, withFileTypes: true });
  for (const entry of listed) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && file.endsWith('.d.ts') && !reached.has(file)) rmSync(file);
  }
  // Deepest first, so a folder whose subfolders were all emptied goes too.
  for (const entry of listed.reverse())
    if (entry.isDirectory() && readdirSync(path.join(entry.parentPath, entry.name)).length === 0)
      rmSync(path.join(entry.parentPath, entry.name), { recursive: true });
}
