// Bundles the CLI and the SDK with esbuild (ESM, code splitting so every command's
// heavy dependencies load only on the path that needs them), then emits the SDK's
// type declarations with tsc.
import { build } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const skipTypes = process.argv.includes('--no-types');

rmSync(path.join(root, 'dist'), { recursive: true, force: true });

const common = {
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // commander and other CommonJS dependencies call require(); ESM output needs a real one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  define: { __PROSPECT_VERSION__: JSON.stringify(pkg.version) },
  legalComments: 'none',
  logLevel: 'warning',
};

// The CLI: the ESM loader pays per module, so chunks are few and a command's path loads
// only what it uses. Built apart from the SDK so the two share no chunks.
const result = await build({
  ...common,
  entryPoints: { cli: 'src/cli/entry.ts' },
  outdir: 'dist',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
});

await build({ ...common, entryPoints: { sdk: 'src/index.ts' }, outdir: 'dist', splitting: false });

// Which sources went into which chunk: the start-up tests read it to check what --help loads.
writeFileSync(path.join(root, 'dist', 'meta.json'), JSON.stringify(result.metafile));

if (!skipTypes) {
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });
}
