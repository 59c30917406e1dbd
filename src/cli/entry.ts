/**
 * The process entry. `--version` is answered before anything else loads; everything else
 * is in the core bundle, required on demand. The process exits as soon as output is flushed.
 */
declare const __PROSPECT_VERSION__: string;

export function main(): void {
  const argv = process.argv.slice(2);
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    process.stdout.write(`${__PROSPECT_VERSION__}\n`);
    return;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const core = require('./core.cjs') as typeof import('./process.js');
  void core.runProcess(argv);
}
