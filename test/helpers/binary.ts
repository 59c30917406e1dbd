import path from 'node:path';
import { execa } from 'execa';
import { tempDir } from './temp-dir.js';

/**
 * The real binary. Most tests run commands in process (`prospect` in in-process.ts); a test
 * spawns this only for what a real process alone shows, and says why in one line.
 */
export const BIN = path.resolve(import.meta.dirname, '..', '..', 'bin', 'prospect.js');

export interface BinaryResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Secrets a test saves go to its own config file, never into the developer's keychain; the
 * keychain's own tests (test/e2e/keychain*.e2e.test.ts) unset this and bring a Secret Service of their own.
 */
export const NO_KEYCHAIN = { PROSPECT_SECURE_STORAGE: 'off' } as const;

/** An environment with nothing of the developer's own: fresh config and data dirs, and no keychain. */
export function isolatedEnv(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('PROSPECT_') && k !== 'NO_COLOR') env[k] = v;
  return { ...env, PROSPECT_CONFIG_DIR: tempDir(), PROSPECT_DATA_DIR: tempDir(), ...NO_KEYCHAIN, ...extra };
}

/** Spawns the built binary as a user's shell would (stdin closed unless given, stdout piped). */
export async function spawnProspect(
  args: string[],
  opts: { env?: Record<string, string | undefined>; input?: string; cwd?: string } = {},
): Promise<BinaryResult> {
  const r = await execa(process.execPath, [BIN, ...args], {
    env: opts.env ?? isolatedEnv(),
    extendEnv: false,
    reject: false,
    input: opts.input ?? '',
    cwd: opts.cwd ?? tempDir(),
    timeout: 60_000,
    stripFinalNewline: false,
  });
  return { exitCode: r.exitCode ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
}
