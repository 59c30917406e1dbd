import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeExclusiveSync } from './exclusive-file.js';

/**
 * Writes a file only its owner can read (0600, in a 0700 folder), atomically and never
 * through a planted link (see exclusive-file.ts).
 */
export function writePrivateFile(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeExclusiveSync(file, text);
}
