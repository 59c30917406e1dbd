import { isWriteError, writeFailureText } from '../api/write-errors.js';
import { ExitCode } from './exit-codes.js';

/**
 * An expected failure raised by the CLI itself (bad input, nothing found by name, a declined
 * prompt). Printed like a service error: `error: <code>: <problem>` plus cause and fix.
 */
export class CliError extends Error {
  readonly code: string;
  readonly exitCode: ExitCode;
  readonly fix: string | undefined;
  readonly causeText: string | undefined;
  constructor(opts: { code: string; message: string; exitCode: ExitCode; fix?: string; cause?: string }) {
    super(opts.message);
    this.name = 'CliError';
    this.code = opts.code;
    this.exitCode = opts.exitCode;
    this.fix = opts.fix;
    this.causeText = opts.cause;
  }
}

export const usageError = (message: string, fix?: string) =>
  new CliError({ code: 'usage', message, exitCode: ExitCode.USAGE, ...(fix ? { fix } : {}) });

export const notFoundError = (message: string, fix?: string) =>
  new CliError({ code: 'not_found', message, exitCode: ExitCode.NOT_FOUND, ...(fix ? { fix } : {}) });

export const authError = (code: string, message: string, fix?: string) =>
  new CliError({ code, message, exitCode: ExitCode.AUTH, ...(fix ? { fix } : {}) });

export const declinedError = (message: string, fix?: string) =>
  new CliError({ code: 'declined', message, exitCode: ExitCode.DECLINED, ...(fix ? { fix } : {}) });

export function isCliError(e: unknown): e is CliError {
  return e instanceof CliError || (e instanceof Error && e.name === 'CliError' && 'exitCode' in e);
}

export const jobFailedError = (message: string, fix?: string) =>
  new CliError({ code: 'job_failed', message, exitCode: ExitCode.JOB_FAILED, ...(fix ? { fix } : {}) });

export const creditsError = (message: string, fix?: string, cause?: string) =>
  new CliError({ code: 'credits', message, exitCode: ExitCode.CREDITS, ...(fix ? { fix } : {}), ...(cause ? { cause } : {}) });

/** A failed write to an output file or device as an error of exit code 11; any other error as it is. */
export function writeFailure(where: string, e: unknown): unknown {
  if (!isWriteError(e)) return e;
  const fix =
    e.code === 'EPIPE'
      ? 'Keep the reader of the pipe open until the command ends.'
      : 'Free some space or choose another file with -o, then run the command again.';
  return new CliError({ code: 'output', message: writeFailureText(where, e), exitCode: ExitCode.OUTPUT, fix });
}
