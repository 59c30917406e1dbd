import { realpathSync } from 'node:fs';
import { run } from './main.js';
import { ExitCode } from './exit-codes.js';

/** Wires the real process into a context: streams, TTY flags, Ctrl-C, exit. */
export async function runProcess(argv: string[]): Promise<void> {
  const controller = new AbortController();
  let interrupted = false;
  const onSigint = () => {
    if (interrupted) process.exit(ExitCode.INTERRUPTED);
    interrupted = true;
    controller.abort(Object.assign(new Error('interrupted'), { name: 'AbortError' }));
  };
  process.on('SIGINT', onSigint);
  // A closed pipe (`prospect ... | head`) is not an error.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(ExitCode.OK);
  });
  // The launcher that started us, to start the sandbox in the background with the same code.
  const binPath = realpathSync(process.argv[1] ?? 'prospect');
  const code = await run(argv, {
    io: {
      stdin: process.stdin,
      stdout: process.stdout,
      stderr: process.stderr,
      stdinIsTTY: process.stdin.isTTY === true,
      stdoutIsTTY: process.stdout.isTTY === true,
      stderrIsTTY: process.stderr.isTTY === true,
      columns: process.stdout.columns || Number(process.env.COLUMNS) || 100,
    },
    env: process.env,
    binPath,
    signal: controller.signal,
  });
  const exitCode = interrupted ? ExitCode.INTERRUPTED : code;
  // Exit as soon as stdout and stderr are flushed; nothing left running should delay it.
  const flush = (s: NodeJS.WriteStream) => new Promise<void>((r) => (s.writableLength === 0 ? r() : s.write('', () => r())));
  await Promise.all([flush(process.stdout), flush(process.stderr)]);
  process.exit(exitCode);
}
