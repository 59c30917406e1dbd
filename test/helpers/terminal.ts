import path from 'node:path';
import { execa } from 'execa';
import { BIN } from './binary.js';
import { tempDir } from './temp-dir.js';

const SESSION = path.join(import.meta.dirname, 'pty-session.py');

export interface TerminalStep {
  /** Text to wait for on the screen (after the previous step's). */
  when: string;
  /** What to type then: '\x03' is Ctrl-C. */
  type?: string;
  /** Close the window instead: the terminal hangs up on the command. */
  hangup?: boolean;
}

export interface TerminalResult {
  /** What the terminal showed, escape sequences included. */
  screen: string;
  /** The screen without colour, cursor and line-clearing sequences. */
  text: string;
  /** The lines as the terminal shows them at the end (cursor moves and line clearing applied). */
  lines: string[];
  exitCode: number | null;
  signal: number | null;
  timedOut: boolean;
  stepsDone: number;
}

const ESCAPES = /\u001b\[[0-9;?]*[A-Za-z]|\u001b\][^\u0007]*\u0007|\r/g;

/**
 * Runs the built binary at a real terminal: a pseudo-terminal with a window size and a TERM
 * like a person's (a 0-column one keeps the spinner off), typing keys as a person would.
 */
export async function atTerminal(
  args: string[],
  opts: {
    env: Record<string, string | undefined>;
    steps: TerminalStep[];
    cwd?: string;
    cols?: number;
    timeoutS?: number;
    /** Redirects stdout to this file, as `> FILE` at a shell prompt does; stderr stays the terminal. */
    stdoutFile?: string;
  },
): Promise<TerminalResult> {
  const env = { ...opts.env, TERM: 'xterm-256color', ...(opts.stdoutFile ? { PROSPECT_TEST_STDOUT: opts.stdoutFile } : {}) };
  const command = [process.execPath, BIN, ...args];
  const spec = {
    argv: opts.stdoutFile ? ['sh', '-c', 'exec "$@" > "$PROSPECT_TEST_STDOUT"', 'sh', ...command] : command,
    env,
    cwd: opts.cwd ?? tempDir(),
    cols: opts.cols ?? 100,
    rows: 30,
    steps: opts.steps,
    timeout_s: opts.timeoutS ?? 20,
  };
  const r = await execa('python3', [SESSION, JSON.stringify(spec)], { reject: false });
  if (r.exitCode !== 0) throw new Error(`pty-session.py failed: ${r.stderr}`);
  const out = JSON.parse(r.stdout) as {
    output: string;
    exit_code: number | null;
    signal: number | null;
    timed_out: boolean;
    steps_done: number;
  };
  return {
    screen: out.output,
    text: out.output.replace(ESCAPES, ''),
    lines: render(out.output, spec.cols),
    exitCode: out.exit_code,
    signal: out.signal,
    timedOut: out.timed_out,
    stepsDone: out.steps_done,
  };
}

/**
 * What a terminal of `cols` columns shows after `raw`: text, newlines, carriage returns, and the
 * cursor and erase sequences a spinner uses (up, down, column, erase line); others are ignored.
 */
export function render(raw: string, cols: number): string[] {
  const rows: string[][] = [[]];
  let row = 0;
  let col = 0;
  const line = () => (rows[row] ??= []);

  const token = /\u001b\[([0-9;?]*)([A-Za-z])|\u001b\][^\u0007]*\u0007|([\s\S])/gu;
  for (const m of raw.matchAll(token)) {
    const [, params, command, ch] = m;
    if (ch !== undefined) {
      if (ch === '\n') {
        row += 1;
        col = 0;
        line();
      } else if (ch === '\r') col = 0;
      else if (ch >= ' ') {
        if (col >= cols) {
          row += 1;
          col = 0;
        }
        line()[col++] = ch;
      }
      continue;
    }
    const n = Number((params ?? '').split(';')[0]) || 1;
    if (command === 'A') row = Math.max(0, row - n);
    else if (command === 'B') row += n;
    else if (command === 'G') col = n - 1;
    else if (command === 'K') {
      const mode = Number(params) || 0;
      if (mode === 2) rows[row] = [];
      else if (mode === 0) line().length = Math.min(line().length, col);
    }
  }
  return rows.map((r) =>
    Array.from(r, (c) => c ?? ' ')
      .join('')
      .trimEnd(),
  );
}
