/**
 * The process entry (dist/cli.cjs). `--version` is answered before anything else loads;
 * everything else is in the core bundle, loaded with a V8 code cache (local/cached-require.ts:
 * 17 to 23 ms of a sandbox whoami on Node 20, 22, 24 and 26; see bench/README.md).
 */
import path from 'node:path';
import { writeFailureText } from '../api/write-errors.js';
import { requireCached } from '../local/cached-require.js';

declare const __PROSPECT_VERSION__: string;

/** What dist/core.cjs (src/core.ts) exports. */
type Core = { runProcess(argv: string[]): Promise<void> };

export function main(): void {
  const argv = process.argv.slice(2);
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    // As every command: a failed write (a full disk) is exit 11 with one line, a closed pipe is not an error.
    process.stdout.on('error', () => {});
    process.stdout.write(`${__PROSPECT_VERSION__}\n`, (e) => {
      if (!e || (e as NodeJS.ErrnoException).code === 'EPIPE') return;
      process.stderr.write(`error: output: ${writeFailureText('to stdout', e)}\n`);
      process.exitCode = 11; // ExitCode.OUTPUT: exit-codes.ts is left to the core, to keep this entry small
    });
    return;
  }
  void loadCore().runProcess(argv);
}

function loadCore(): Core {
  return requireCached(path.join(__dirname, 'core.cjs'), __PROSPECT_VERSION__) as Core;
}
