import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Commands run in process, so a test file keeps a core busy with the CLI and its sandbox:
    // at least two workers (vitest's default, cores - 1, leaves one of 2 cores idle).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A worker keeps the modules it loaded for the next file (loading src/ again for each of
    // 114 files cost 60 s of a 150 s run). Files must not lean on module state: each starts its
    // own sandbox, and what a test changes in the process (spies, signal handlers, cwd) it restores.
    isolate: false,
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
  },
  define: { __PROSPECT_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0-test') },
});
