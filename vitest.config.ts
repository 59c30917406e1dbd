import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Commands run in process, so a test file is mostly waiting on its own sandbox over loopback:
    // one worker per core keeps both cores busy (vitest's default leaves one idle on 2 cores).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A worker keeps the modules it loaded for the next file (loading src/ again for each of
    // 113 files cost 60 s of a 150 s run). Files must not lean on module state: each starts its
    // own sandbox, and what a test changes in the process (spies, signal handlers, cwd) it restores.
    isolate: false,
    reporters: ['default', './test/summary-reporter.ts'],
  },
  define: { __PROSPECT_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0-test') },
});
