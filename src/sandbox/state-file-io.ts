import { readFileSync } from 'node:fs';
import { writePrivateFile } from '../local/private-file.js';
import type { SandboxState } from './store.js';

/**
 * Reading and writing a state file as text, without checking its outline (state-file.ts does,
 * with zod): what the CLI's `sandbox snapshot` commands load, so zod stays out of the CLI core;
 * the sandbox checks what it is sent.
 */

export class StateFileError extends Error {
  override name = 'StateFileError';
}

/** The JSON at `file`, which must exist. */
export function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new StateFileError(code === 'ENOENT' ? `${file} does not exist` : `${file} cannot be read: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new StateFileError(`${file} is not valid JSON: ${(e as Error).message}`);
  }
}

/** Writes the snapshot atomically (temporary file, then rename), readable by the owner only. */
export function saveStateFile(file: string, state: SandboxState): void {
  writePrivateFile(file, JSON.stringify(state));
}
