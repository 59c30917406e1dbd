import path from 'node:path';
import { execa } from 'execa';
import { BIN } from './binary.js';
import { tempDir } from './temp-dir.js';

const SESSION = path.join(import.meta.dirname, 'pty-session.py');

export interface TerminalStep {
  /** Text to wait for on the screen (after the previous step's). */
  when: string;
  /** What to type then: '\x03' is Ctrl-C. */
  type: string;
}

export interface TerminalResult {
  /** What the terminal showed, escape sequences included. */
  screen: string;
  /** The screen without colour, cursor and line-clearing sequences. */
  text: string;
  exitCode: number | null;
  signal: number | null;
  timedOut: boolean;
  stepsDone: number;
}

// eslint-disable-next-line no-control-regex
const ESCAPES = /\u001b\[[0-9;?]*[A-Za-z]|\u001b\][^\u0007]*\u0007|\r/g;

/**
 * Runs the built binary at a real terminal: a pseudo-terminal with a window size and a TERM
 * like a person's (a 0-column one keeps the spinner off), typing keys as a person would.
 */
export async function atTerminal(
  args: string[],
  opts: { env: Record<string, string | undefined>; steps: TerminalStep[]; cwd?: string; cols?: number; timeoutS?: number },
): Promise<TerminalResult> {
  const env = { ...opts.env, TERM: 'xterm-256color' };
  const spec = {
    argv: [process.execPath, BIN, ...args],
    env,
    cwd: opts.cwd ?? tempDir(),
    cols: opts.cols ?? 100,
    rows: 30,
    steps: opts.steps,
    timeout_s: opts.timeoutS ?? 20,
  };
  const r = await execa('python3', [SESSION, JSON.stringify(spec)], { reject: false });
  if (r.exitCode !== 0) throw new Error(`pty-session.py failed: ${r.stderr}`);
  const out = JSON.parse(r.stdout) as { output: string; exit_code: number | null; signal: number | null; timed_out: boolean; steps_done: number };
  return {
    screen: out.output,
    text: out.output.replace(ESCAPES, ''),
    exitCode: out.exit_code,
    signal: out.signal,
    timedOut: out.timed_out,
    stepsDone: out.steps_done,
  };
}
