import { fstatSync, readlinkSync, realpathSync, writeSync } from 'node:fs';
import { isatty } from 'node:tty';
import { run } from './main.js';
import type { CommandSet } from './command-set.js';
import { ExitCode, STOP_SIGNALS, type StopSignal } from './exit-codes.js';
import { writeFailureText } from '../api/write-errors.js';

/** Wires the real process into a context: streams, TTY flags, Ctrl-C, exit; `commands` is the command set its entry hands in (src/core.ts). */
export async function runProcess(argv: string[], commands: CommandSet): Promise<void> {
  const controller = new AbortController();
  // Ctrl-C, SIGTERM and SIGHUP stop the work the same way: the signal aborts, each command
  // keeps its resumable state and prints how to resume. A second signal ends the process at once.
  let stoppedBy: StopSignal | undefined;
  let hungUp = false;
  const onSignal = (signal: StopSignal) => {
    if (stoppedBy) process.exit(STOP_SIGNALS[stoppedBy]);
    // The terminal hung up: it is gone, and writing to it would fail (or bring the process down)
    // before the cleanup ran. The cleanup runs without output.
    if (signal === 'SIGHUP') for (const s of [process.stdout, process.stderr]) if (s.isTTY) hungUp = muted(s);
    stoppedBy = signal;
    controller.abort(
      Object.assign(new Error(signal === 'SIGINT' ? 'interrupted' : `stopped by ${signal}`), { name: 'AbortError', signal }),
    );
  };
  for (const signal of Object.keys(STOP_SIGNALS) as StopSignal[]) process.on(signal, onSignal);
  // A closed pipe (`prospect ... | head`) is not an error; any other failed write (a full
  // disk, an I/O error) ends the command at once: what follows would be lost too.
  const writeFailed = (e: NodeJS.ErrnoException): never => {
    if (e.code === 'EPIPE') process.exit(ExitCode.OK);
    process.stderr.write(`error: output: ${writeFailureText('to stdout', e)}\n`);
    process.exit(ExitCode.OUTPUT);
  };
  process.stdout.on('error', writeFailed);
  const stdoutIsSync = writeWhole(process.stdout);
  // The launcher that started us, to start the sandbox in the background with the same code.
  const binPath = realpathSync(process.argv[1] ?? 'prospect');
  const code = await run(
    argv,
    {
      io: {
        // Opened when read: process.stdin on a file or pipe loads fs streams and readline, a few ms of every start.
        get stdin() {
          return process.stdin;
        },
        stdout: process.stdout,
        stderr: process.stderr,
        stdinIsTTY: isatty(0),
        stdoutIsTTY: process.stdout.isTTY === true,
        stderrIsTTY: process.stderr.isTTY === true,
        columns: process.stdout.columns || Number(process.env.COLUMNS) || 100,
        stdoutPath: () => redirectedFile(1),
      },
      env: process.env,
      binPath,
      signal: controller.signal,
    },
    commands,
  );
  const exitCode = stoppedBy ? STOP_SIGNALS[stoppedBy] : code;
  // Exit as soon as stdout and stderr are flushed; nothing left running should delay it.
  // An empty write calls back once every write before it is done: with the error of a failed
  // one, which may come after the command has returned (a full disk behind a redirect).
  // A synchronous stdout (a file, a device) reported every failed write as it happened; an empty
  // write there would fail on /dev/full even when the command printed nothing (a usage error).
  const flush = (s: NodeJS.WriteStream) =>
    new Promise<Error | null | undefined>((r) => (s === process.stdout && stdoutIsSync ? r(null) : s.write('', r)));
  const [stdoutError] = await Promise.all([flush(process.stdout), flush(process.stderr)]);
  if (stdoutError) writeFailed(stdoutError);
  if (hungUp) {
    // Ended by the signal itself, as a shell reports it (129): exiting normally would reset the
    // modes of a terminal that is gone, which Node cannot do without crashing.
    process.removeAllListeners('SIGHUP');
    process.kill(process.pid, 'SIGHUP');
  }
  process.exit(exitCode);
}

/**
 * stdout redirected to a file (or /dev/null) is Node's SyncWriteStream, whose write ignores a
 * short count: on a disk that fills up (or past `ulimit -f`) the first write stores part of
 * the text and the rest is lost with no error. Written here until every byte is stored, so
 * the next attempt's ENOSPC or EFBIG reaches the stream's error handler. True when it is such a stream.
 */
function writeWhole(stream: NodeJS.WriteStream): boolean {
  const s = stream as unknown as { fd?: unknown; _write?: unknown };
  if (stream.constructor.name !== 'SyncWriteStream' || typeof s.fd !== 'number' || typeof s._write !== 'function') return false;
  const fd = s.fd;
  s._write = (chunk: Buffer, _encoding: string, done: (e?: Error | null) => void) => {
    try {
      for (let at = 0; at < chunk.length;) at += writeSync(fd, chunk, at, chunk.length - at);
      done();
    } catch (e) {
      done(e as Error);
    }
  };
  return true;
}

/**
 * Writes to a stream that can no longer take them succeed without writing. The property is
 * fixed: a spinner that restores the write it replaced (ora, on stop) must not bring it back.
 */
function muted(stream: NodeJS.WriteStream): true {
  const nothing = (_chunk: unknown, ...rest: unknown[]) => {
    const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    if (done) queueMicrotask(done);
    return true;
  };
  Object.defineProperty(stream, 'write', { configurable: true, get: () => nothing, set: () => {} });
  stream.on('error', () => {});
  return true;
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
