import { fstatSync, readlinkSync, realpathSync } from 'node:fs';
import { run } from './main.js';
import { ExitCode, STOP_SIGNALS, type StopSignal } from './exit-codes.js';

/** Wires the real process into a context: streams, TTY flags, Ctrl-C, exit. */
export async function runProcess(argv: string[]): Promise<void> {
  const controller = new AbortController();
  // Ctrl-C, SIGTERM and SIGHUP stop the work the same way: the signal aborts, each command
  // keeps its resumable state and prints how to resume. A second signal ends the process at once.
  let stoppedBy: StopSignal | undefined;
  const onSignal = (signal: StopSignal) => {
    if (stoppedBy) process.exit(STOP_SIGNALS[stoppedBy]);
    stoppedBy = signal;
    controller.abort(Object.assign(new Error(signal === 'SIGINT' ? 'interrupted' : `stopped by ${signal}`), { name: 'AbortError', signal }));
  };
  for (const signal of Object.keys(STOP_SIGNALS) as StopSignal[]) process.on(signal, onSignal);
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
      stdoutPath: redirectedFile(1),
    },
    env: process.env,
    binPath,
    signal: controller.signal,
  });
  const exitCode = stoppedBy ? STOP_SIGNALS[stoppedBy] : code;
  // Exit as soon as stdout and stderr are flushed; nothing left running should delay it.
  const flush = (s: NodeJS.WriteStream) => new Promise<void>((r) => (s.writableLength === 0 ? r() : s.write('', () => r())));
  await Promise.all([flush(process.stdout), flush(process.stderr)]);
  process.exit(exitCode);
}

/** The regular file a descriptor is redirected to, where /proc tells (Linux); undefined otherwise. */
function redirectedFile(fd: number): string | undefined {
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    const target = readlinkSync(`/proc/self/fd/${fd}`);
    return target.startsWith('/') && !target.endsWith(' (deleted)') ? target : undefined;
  } catch {
    return undefined;
  }
}
