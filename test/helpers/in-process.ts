import path from 'node:path';
import { run } from '../../src/cli/main.js';
import type { Clock } from '../../src/cli/context.js';
import type { Prompter } from '../../src/cli/prompt.js';
import { Capture, stdinOf } from './streams.js';
import { tempDir } from './temp-dir.js';
import { sleep } from '../../src/api/sleep.js';

/** Real time with every wait (retry backoff, Retry-After, polling) cut to a few milliseconds. */
export const fastClock: Clock = { now: () => Date.now(), sleep: (ms, signal) => sleep(Math.min(ms, 5), signal) };

export interface InProcessOptions {
  env?: Record<string, string | undefined>;
  stdin?: string;
  tty?: boolean;
  clock?: Clock;
  prompter?: Prompter;
}

export interface InProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command in this process with fake streams: the same text a user would see. */
export async function runInProcess(argv: string[], o: InProcessOptions = {}): Promise<InProcessResult> {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await run(argv, {
    io: {
      stdin: stdinOf(o.stdin),
      stdout,
      stderr,
      stdinIsTTY: o.tty ?? false,
      stdoutIsTTY: o.tty ?? false,
      stderrIsTTY: o.tty ?? false,
      columns: 120,
    },
    env: { PROSPECT_CONFIG_DIR: tempDir(), PROSPECT_DATA_DIR: tempDir(), ...o.env },
    binPath: path.resolve('bin/prospect.js'),
    ...(o.clock ? { clock: o.clock } : {}),
    ...(o.prompter ? { prompter: o.prompter } : {}),
  });
  await new Promise((r) => setImmediate(r));
  return { code, stdout: stdout.text, stderr: stderr.text };
}
