// Rewrites completions/ and man/ from the command tree (src/generate.ts, bundled to a
// temporary file and run). Both are committed: run this after changing a command, and commit
// what it changed; test/unit/generated-files.test.ts fails while they differ.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const generator = path.join(root, 'node_modules', '.cache', 'prospect-build', 'generate.cjs');
await build({
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  format: 'cjs',
  define: { __PROSPECT_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
  entryPoints: ['src/generate.ts'],
  // The keychain's native binding, never loaded here: left to node_modules as in the CLI's build.
  external: ['@napi-rs/keyring'],
  outfile: generator,
});
try {
  execFileSync(process.execPath, [generator, root], { cwd: root, stdio: 'inherit' });
} finally {
  rmSync(generator, { force: true });
}
