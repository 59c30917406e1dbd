import { run } from '../../src/cli/main.js';
import type { Clock } from '../../src/cli/context.js';
import type { Prompter } from '../../src/cli/prompt.js';
import { Capture, stdinOf } from './streams.js';
import { tempDir } from './temp-dir.js';
import { BIN, NO_KEYCHAIN, isolatedEnv, type BinaryResult } from './binary.js';
import { sleep } from '../../src/api/sleep.js';
import type { RunningSandbox } from '../../src/sandbox/server.js';
import { commandSet } from '../../src/commands/command-table.js';

/** Real time with every wait (retry backoff, Retry-After, polling) cut to a few milliseconds. */
export const fastClock: Clock = { now: () => Date.now(), sleep: (ms, signal) => sleep(Math.min(ms, 5), signal) };

/**
 * The CLI on the sandbox's clock: a wait moves the sandbox clock on by the time asked for and
 * returns at once. Retries, Retry-After, polling and pacing take no real time, and the service
 * sees exactly the time the CLI waited (runs progress, rate windows roll over, quotes age).
 */
export function sandboxClock(sb: RunningSandbox): Clock {
  const clock = sb.services.clock;
  return {
    now: () => clock.now(),
    async sleep(ms, signal) {
      signal?.throwIfAborted();
      clock.advance(Math.max(0, ms));
      await new Promise((r) => setImmediate(r));
      signal?.throwIfAborted();
    },
  };
}

export interface InProcessOptions {
  env?: Record<string, string | undefined>;
  stdin?: string;
  tty?: boolean;
  clock?: Clock;
  prompter?: Prompter;
  /** The working directory relative paths resolve against (a fresh folder by default, as for a spawned binary). */
  cwd?: string;
  signal?: AbortSignal;
}

export interface InProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The working directory of the runs in flight. A process has one, so runs that overlap share it;
 * overlapping runs that ask for different folders are a mistake in the test, not a race to lose.
 */
const cwdInUse = { dir: '', runs: new Set<symbol>(), home: process.cwd() };

async function inDirectory<T>(dir: string | undefined, work: () => Promise<T>): Promise<T> {
  if (cwdInUse.runs.size > 0 && dir !== undefined && dir !== cwdInUse.dir)
    throw new Error(`overlapping in-process runs asked for two working directories (${cwdInUse.dir}, ${dir})`);
  if (cwdInUse.runs.size === 0) {
    cwdInUse.dir = dir ?? tempDir();
    process.chdir(cwdInUse.dir);
  }
  const run = Symbol('run');
  cwdInUse.runs.add(run);
  try {
    return await work();
  } finally {
    if (cwdInUse.runs.delete(run) && cwdInUse.runs.size === 0) process.chdir(cwdInUse.home);
  }
}

/**
 * After each test (test/setup.ts): the worker back in its own folder for the next test and file.
 * A run still in flight (its test timed out) fails that test rather than the ones after it.
 */
export function leaveWorkingFolder(): void {
  const left = cwdInUse.runs.size;
  cwdInUse.runs.clear();
  process.chdir(cwdInUse.home);
  if (left > 0) throw new Error(`${left} command run(s) in process still running when the test ended`);
}

/**
 * Runs a command in this process, through the same `run` and Context a user's process gets, with
 * its streams captured: the same bytes a user would see on stdout and stderr, and the exit code.
 */
export async function runInProcess(argv: string[], o: InProcessOptions = {}): Promise<InProcessResult> {
  const stdout = new Capture();
  const stderr = new Capture();
  const env: Record<string, string | undefined> = {
    PROSPECT_CONFIG_DIR: tempDir(),
    PROSPECT_DATA_DIR: tempDir(),
    ...NO_KEYCHAIN,
    ...o.env,
  };
  const tty = o.tty ?? false;
  const code = await inDirectory(o.cwd, () =>
    run(
      argv,
      {
        io: {
          stdin: stdinOf(o.stdin),
          stdout,
          stderr,
          stdinIsTTY: tty,
          stdoutIsTTY: tty,
          stderrIsTTY: tty,
          // What src/cli/process.ts finds: a terminal's width (COLUMNS here, else 120), or COLUMNS, or 100 in a pipe.
          columns: tty ? Number(env.COLUMNS) || 120 : Number(env.COLUMNS) || 100,
        },
        env,
        binPath: BIN,
        ...(o.clock ? { clock: o.clock } : {}),
        ...(o.prompter ? { prompter: o.prompter } : {}),
        ...(o.signal ? { signal: o.signal } : {}),
      },
      commandSet,
    ),
  );
  await new Promise((r) => setImmediate(r));
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/**
 * A command run the way most tests run one: in this process, as a script would run the binary
 * (no terminal, stdin closed unless `input` is given, a fresh working folder unless `cwd` is,
 * the test's environment without PROSPECT_ variables unless `env` is).
 */
export async function prospect(
  args: string[],
  opts: { env?: Record<string, string | undefined>; input?: string; cwd?: string; clock?: Clock } = {},
): Promise<BinaryResult> {
  const r = await runInProcess(args, {
    env: opts.env ?? isolatedEnv(),
    ...(opts.input !== undefined ? { stdin: opts.input } : {}),
    ...(opts.cwd ? { cwd: opts.cwd } : {}),
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  return { exitCode: r.code, stdout: r.stdout, stderr: r.stderr };
}
