import { errorFamily, type ApiError, type ErrorFamily } from '../api/errors.js';

/** Exit codes scripts rely on (README and man pages document the same table). */
export const ExitCode = {
  OK: 0,
  UNEXPECTED: 1,
  USAGE: 2,
  AUTH: 3,
  NOT_FOUND: 4,
  CREDITS: 5,
  RATE_LIMITED: 6,
  CONFLICT: 7,
  JOB_FAILED: 8,
  SERVER: 9,
  DECLINED: 10,
  OUTPUT: 11,
  INTERRUPTED: 130,
  /** 128 + the signal's number, as a shell reports a process the signal ended. */
  HANGUP: 129,
  TERMINATED: 143,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export const EXIT_CODE_MEANINGS: ReadonlyArray<[ExitCode, string]> = [
  [ExitCode.OK, 'success (a bulk run that finished completed_with_errors is 0 with a warning, 8 with --strict)'],
  [ExitCode.UNEXPECTED, 'unexpected error'],
  [ExitCode.USAGE, 'usage: bad flag, argument or input, rejected before sending or by the service (400, 413, 422)'],
  [ExitCode.AUTH, 'authentication or permission (401; 403 for plan, trial, scope or feature)'],
  [ExitCode.NOT_FOUND, 'not found (any 404 code, or a name that matches nothing)'],
  [ExitCode.CREDITS, 'credits: insufficient, over --max-cost, spend cap, any quote error'],
  [ExitCode.RATE_LIMITED, 'rate limited or quota exhausted after retries'],
  [ExitCode.CONFLICT, 'conflict (409 codes), approval required, or a protected or capped resource refused the change'],
  [ExitCode.JOB_FAILED, 'a remote job ended failed, canceled or terminated'],
  [ExitCode.SERVER, 'server or network failure after retries'],
  [ExitCode.DECLINED, 'confirmation declined, or a paid command run without a TTY and without --yes or --max-cost'],
  [
    ExitCode.OUTPUT,
    'the output could not be written: stdout, an -o file, pipe or device failed (a full disk, an I/O error); a closed stdout pipe is not an error',
  ],
  [ExitCode.HANGUP, 'stopped by SIGHUP (the terminal closed), with the same cleanup as Ctrl-C'],
  [ExitCode.INTERRUPTED, 'interrupted (Ctrl-C or SIGINT): resumable state kept, the command to resume printed'],
  [ExitCode.TERMINATED, 'stopped by SIGTERM, with the same cleanup as Ctrl-C'],
];

/** The signals that stop a command cleanly, and the exit code each ends it with. */
export const STOP_SIGNALS = { SIGINT: ExitCode.INTERRUPTED, SIGTERM: ExitCode.TERMINATED, SIGHUP: ExitCode.HANGUP } as const;
export type StopSignal = keyof typeof STOP_SIGNALS;

/** The exit code of each family of service errors (the SDK's error classes). */
const EXIT_CODE_OF_FAMILY: Record<ErrorFamily, ExitCode> = {
  connection: ExitCode.SERVER,
  credits: ExitCode.CREDITS,
  rate_limit: ExitCode.RATE_LIMITED,
  conflict: ExitCode.CONFLICT,
  authentication: ExitCode.AUTH,
  permission: ExitCode.AUTH,
  not_found: ExitCode.NOT_FOUND,
  validation: ExitCode.USAGE,
  server: ExitCode.SERVER,
};

export function exitCodeForApiError(e: ApiError): ExitCode {
  return EXIT_CODE_OF_FAMILY[errorFamily(e.status, e.code)];
}
