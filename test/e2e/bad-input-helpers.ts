import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { raw, type RunningSandbox } from '../sandbox/helpers.js';
import { fastClock, runInProcess } from '../helpers/in-process.js';

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** The lines an error may carry under its `error:` line (src/cli/main.ts print). */
const DETAIL_LINE = /^ {2}(cause|fix|credits|request id): /;
const STACK_LINE = /^\s+at .+(:\d+:\d+\)?|\(native\))$/;

/**
 * A failure as a user sees it: the exit code, nothing on stdout, and on stderr one `error: CODE: ...`
 * line (only cause, fix, credits and request id lines after it; no stack trace). Returns the error line.
 */
export function expectFailure(r: Outcome, exit: number, code: string, problem?: RegExp): string {
  const what = `${r.stderr.slice(0, 2000)}`;
  expect(r.code, what).toBe(exit);
  expect(r.stdout, what).toBe('');
  const lines = r.stderr.replace(/\n$/, '').split('\n');
  const at = lines.findIndex((l) => l.startsWith('error: '));
  expect(at, what).toBeGreaterThanOrEqual(0);
  expect(
    lines.filter((l) => l.startsWith('error: ')),
    what,
  ).toHaveLength(1);
  for (const l of lines.slice(at + 1)) expect(l, what).toMatch(DETAIL_LINE);
  expect(
    lines.some((l) => STACK_LINE.test(l)),
    what,
  ).toBe(false);
  const line = lines[at]!;
  expect(line, what).toMatch(new RegExp(`^error: ${code}: `));
  if (problem) expect(line).toMatch(problem);
  return line;
}

/** With --json: nothing on stdout, and the last stderr line is {"error": {...}} with the code and exit code. */
export function expectJsonFailure(r: Outcome, exit: number, code: string): Record<string, unknown> {
  expect(r.code, r.stderr).toBe(exit);
  expect(r.stdout).toBe('');
  const last = r.stderr.trimEnd().split('\n').at(-1) ?? '';
  const body = JSON.parse(last) as { error: Record<string, unknown> };
  expect(body.error).toMatchObject({ code, exit_code: exit });
  return body.error;
}

/** Runs the CLI in this process against the sandbox of the test file. */
export const cli = (env: Record<string, string | undefined>) => (args: string[], stdin?: string) =>
  runInProcess(args, { env, clock: fastClock, ...(stdin !== undefined ? { stdin } : {}) });

/** Writes a file into `dir` and returns its path. */
export const fileIn = (dir: string) => (name: string, data: string | Buffer) => {
  const p = path.join(dir, name);
  writeFileSync(p, data);
  return p;
};

/** A folder's entries, hidden ones included, sorted. */
export const listing = (dir: string) => readdirSync(dir).sort();

/** Reads as the demo user (the sandbox's own key), for what a user would check after a failure. */
export async function readAs(sb: RunningSandbox, apiPath: string): Promise<Record<string, any>> {
  const r = await raw(sb, 'GET', `/api/v2${apiPath}`, { token: sb.demoKey });
  expect(r.status, r.text).toBe(200);
  return r.json as Record<string, any>;
}

/** Bytes that are not a CSV: a PNG signature and header chunk, then NULs. */
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  Buffer.alloc(256, 0),
]);

/** A CSV saved as UTF-16 LE with its BOM (what some spreadsheet programs write). */
export const utf16 = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
