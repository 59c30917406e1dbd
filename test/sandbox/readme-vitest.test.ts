import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { fences } from '../helpers/readme-blocks.js';
import { tempDir } from '../helpers/temp-dir.js';
import { linkPackages, typeCheck } from '../helpers/user-project.js';

/**
 * The README's vitest example ("The sandbox in your tests"), as a reader copies it into a
 * project: it type-checks under strict settings and its tests pass under vitest. Spawns
 * vitest: the example is a test file of its own, with its own hooks. The package names point
 * at the sources the built package is made from.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ENTRIES = {
  'prospect-cli': path.join(ROOT, 'src', 'index.ts'),
  'prospect-cli/sandbox': path.join(ROOT, 'src', 'sandbox', 'public.ts'),
};

function example(): string {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## The sandbox in your tests\n'));
  const blocks = fences(section.slice(0, section.indexOf('\n## ', 1))).filter((f) => f.body.some((l) => l.includes("from 'vitest'")));
  expect(
    blocks.map((b) => b.lang),
    'one vitest file in the section',
  ).toEqual(['typescript']);
  return blocks[0]!.body.join('\n');
}

describe("the README's vitest example", () => {
  const project = tempDir('prospect-readme-vitest-');
  writeFileSync(path.join(project, 'sandbox.test.ts'), example());
  linkPackages(project, ['vitest']);

  it('type-checks in a strict project', async () => {
    expect(await typeCheck(project, ['sandbox.test.ts'], { paths: ENTRIES, skipLibCheck: true })).toBe('');
  }, 60_000);

  it('passes under vitest: fixtures, a reset before each test, balance, faults and clock controls', async () => {
    const alias = Object.entries(ENTRIES).map(([name, to]) => ({ find: new RegExp(`^${name}$`), replacement: to }));
    writeFileSync(
      path.join(project, 'vitest.config.mjs'),
      `export default { resolve: { alias: [${alias.map((a) => `{ find: ${a.find}, replacement: ${JSON.stringify(a.replacement)} }`).join(', ')}] }, define: { __PROSPECT_VERSION__: '"0.0.0-readme"' }, test: { include: ['sandbox.test.ts'] } };\n`,
    );
    const r = await execa(
      process.execPath,
      [path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'vitest.config.mjs', '--reporter', 'json'],
      {
        cwd: project,
        reject: false,
        env: { ...process.env, CI: '1' },
      },
    );
    const report = JSON.parse(r.stdout) as {
      numPassedTests: number;
      numFailedTests: number;
      testResults: Array<{ assertionResults: Array<{ title: string; status: string; failureMessages: string[] }> }>;
    };
    const results = report.testResults.flatMap((f) => f.assertionResults);
    expect(
      results.filter((t) => t.status !== 'passed').map((t) => `${t.title}: ${t.failureMessages.join('\n')}`),
      r.stderr,
    ).toEqual([]);
    expect(results.map((t) => t.title)).toEqual([
      'starts from the fixtures',
      'spends nothing when the balance is short',
      'gets through a 503',
      'moves the clock instead of waiting',
    ]);
    expect(r.exitCode).toBe(0);
  }, 60_000);
});
