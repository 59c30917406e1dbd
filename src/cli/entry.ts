/**
 * The process entry. `--version` is answered before anything else loads; everything else
 * goes through main.ts, loaded on demand. The process exits as soon as output is flushed.
 */
declare const __PROSPECT_VERSION__: string;

export async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    process.stdout.write(`${__PROSPECT_VERSION__}\n`);
    return;
  }
  const { runProcess } = await import('./process.js');
  await runProcess(argv);
}
