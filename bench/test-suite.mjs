// Times the whole `npm test` (build, typecheck, vitest) and lists the ten slowest test files.
// `node bench/test-suite.mjs [runs]`: each run is timed on its own; the tables are markdown
// for bench/README.md ("Test suite"). Run it on an otherwise idle machine.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const runs = Number(process.argv[2] ?? 1);
const seconds = (ms) => (ms / 1000).toFixed(1);

const rows = [];
let slowest;
for (let i = 1; i <= runs; i++) {
  const report = path.join(mkdtempSync(path.join(os.tmpdir(), 'prospect-suite-')), 'vitest.json');
  const load = os.loadavg()[0].toFixed(1);
  const started = performance.now();
  const r = spawnSync(
    'npm',
    ['test', '--', '--reporter=default', '--reporter=./test/summary-reporter.ts', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const wall = performance.now() - started;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const files = json.testResults.map((f) => ({
    file: path.relative(root, f.name),
    ms: f.endTime - f.startTime,
    tests: f.assertionResults.length,
  }));
  rows.push({
    run: i,
    exit: r.status,
    wall,
    vitest: Math.max(...json.testResults.map((f) => f.endTime)) - json.startTime,
    tests: json.numTotalTests,
    passed: json.numPassedTests,
    failed: json.numFailedTests,
    skipped: json.numPendingTests + json.numTodoTests,
    load,
  });
  slowest = files.sort((a, b) => b.ms - a.ms).slice(0, 10);
}

const lines = [
  '| run | npm test wall | vitest | tests | passed | failed | skipped + todo | load at start | exit |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (x) =>
      `| ${x.run} | ${seconds(x.wall)} s | ${seconds(x.vitest)} s | ${x.tests} | ${x.passed} | ${x.failed} | ${x.skipped} | ${x.load} | ${x.exit} |`,
  ),
  '\nSlowest files of the last run:\n',
  '| file | tests | time |',
  '|---|---|---|',
  ...slowest.map((f) => `| ${f.file} | ${f.tests} | ${seconds(f.ms)} s |`),
];
try {
  // Synchronous, so a full disk or a closed pipe is an error here rather than lost output.
  writeSync(1, `${lines.join('\n')}\n`);
} catch (e) {
  process.stderr.write(`test-suite: could not write the tables to stdout: ${e.code ?? e.message}\n`);
  process.exit(1);
}
process.exitCode = rows.some((x) => x.exit !== 0) ? 1 : 0;
