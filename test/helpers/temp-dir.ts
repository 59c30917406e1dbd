import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Set by test/global-setup.ts: one folder per test run, removed when the run ends. */
export const TEST_TMP_ENV = 'PROSPECT_TEST_TMPDIR';

/** A fresh folder under the run's own temporary folder (the system's, outside a vitest run). */
export function tempDir(prefix = 'prospect-test-'): string {
  return mkdtempSync(path.join(process.env[TEST_TMP_ENV] ?? os.tmpdir(), prefix));
}
