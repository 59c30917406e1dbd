import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_TMP_ENV } from './helpers/temp-dir.js';

/**
 * Every folder a test makes (config and data dirs, working folders, an installed package) goes
 * under one folder of this run, removed at its end: a run of the suite makes thousands.
 * Workers are started after this and inherit the variable.
 */
export default function setup(): () => void {
  const root = mkdtempSync(path.join(os.tmpdir(), 'prospect-tests-'));
  process.env[TEST_TMP_ENV] = root;
  return () => rmSync(root, { recursive: true, force: true, maxRetries: 3 });
}
