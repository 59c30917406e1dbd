import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { BIN } from './binary.js';
import { tempDir } from './temp-dir.js';

/** The lines of some output that are commands for a person to run (`  prospect ...`). */
export function printedCommands(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .map((l) => /(?:^|: |`)(prospect [^`]*?)`?\.?$/.exec(l)?.[1] ?? (l.startsWith('prospect ') ? l : undefined))
    .filter((l): l is string => l !== undefined);
}

/** A folder holding `prospect`, the built binary, for a shell's PATH. */
export function binFolder(): string {
  const dir = tempDir();
  const shim = path.join(dir, 'prospect');
  fs.writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, { mode: 0o755 });
  return dir;
}

/**
 * Runs a printed command exactly as printed: through a POSIX shell, with `prospect` on the
 * PATH, so its quoting and flags are what a person pasting it gets.
 */
export async function runPrinted(line: string, opts: { env: Record<string, string | undefined>; cwd: string; input?: string }) {
  const env = { ...opts.env, PATH: `${binFolder()}${path.delimiter}${opts.env.PATH ?? process.env.PATH ?? ''}` };
  const r = await execa('sh', ['-c', line], {
    env,
    extendEnv: false,
    cwd: opts.cwd,
    reject: false,
    input: opts.input ?? '',
    timeout: 60_000,
  });
  return { exitCode: r.exitCode ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
}
