// Runs the cross-version test set under each Node version users run (22, 24 and 26; `npm test`
// runs everything on the machine's node): `node scripts/cross-version.mjs [major...]`. .ci/run
// runs it after `npm test`, whose build it tests. Each version's binary comes from
// scripts/node-versions.mjs (installed from the npm registry on first use). vitest runs under
// that binary, and so does every process the tests start: they spawn process.execPath, and the
// binary's folder leads PATH for what runs `node` by name (the installed package's bin, npm).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { USERS_NODE_MAJORS, nodeBinary, versionOf } from './node-versions.mjs';

/**
 * The cross-version set: the tests of what a Node version can change. The rest of the suite
 * runs commands in process, where the version under them matters little.
 */
export const CROSS_VERSION_TESTS = [
  // Start-up and loading: which files each path loads, the V8 code cache, the real process.
  'test/e2e/startup.e2e.test.ts',
  // The installed tarball: npm pack, a global install, its bin, MCP, the SDK and sandbox entries.
  'test/e2e/package.e2e.test.ts',
  // The keychain helper process and its native binding (@napi-rs/keyring, N-API), on a real Secret Service.
  'test/e2e/keychain.e2e.test.ts',
  'test/e2e/keychain-fallback.e2e.test.ts',
  // MCP over stdio, as a client starts the server.
  'test/mcp/stdio.e2e.test.ts',
  // An SDK script: the README's, run; and the built SDK imported.
  'test/sdk/readme-script.test.ts',
  'test/e2e/sdk.e2e.test.ts',
];

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // vitest takes the paths as filters: a file renamed away would leave the set without a word.
  const missing = CROSS_VERSION_TESTS.filter((f) => !existsSync(path.join(root, f)));
  if (missing.length) throw new Error(`cross-version: no such test file: ${missing.join(', ')}`);
  const majors = process.argv.length > 2 ? process.argv.slice(2).map(Number) : USERS_NODE_MAJORS;
  const outcomes = [];
  for (const major of majors) {
    const bin = nodeBinary(major);
    const version = versionOf(bin);
    console.log(`\ncross-version: the set of ${CROSS_VERSION_TESTS.length} files on Node ${version} (${bin})`);
    const t0 = performance.now();
    const run = spawnSync(bin, [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...CROSS_VERSION_TESTS], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH ?? ''}` },
    });
    outcomes.push({ version, passed: run.status === 0, seconds: (performance.now() - t0) / 1000 });
  }
  console.log('\ncross-version:');
  for (const o of outcomes) console.log(`  Node ${o.version}: ${o.passed ? 'passed' : 'FAILED'} in ${o.seconds.toFixed(0)} s`);
  process.exitCode = outcomes.every((o) => o.passed) ? 0 : 1;
}
