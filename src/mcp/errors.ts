import { ConfigurationError, isApiError } from '../api/errors.js';
import { ToolArgError } from './args.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ToolError } from './result.js';
import { JournalUnwritable } from './journal.js';
import { JoinedRunUnknown } from '../workflows/journal/send-once.js';

const isMcpTimeout = (e: unknown): boolean => e instanceof McpError && e.code === (ErrorCode.RequestTimeout as number);

/** A failure the server itself answers (a quote it will not run, a budget it keeps): its fields as given. */
export class ToolFailure extends Error {
  constructor(readonly failure: ToolError) {
    super(failure.problem);
    this.name = 'ToolFailure';
  }
}

/** Any failure of a tool as its error result: the service's fields as it sent them, ours in the same shape. */
export function errorOf(e: unknown): ToolError {
  if (e instanceof ToolFailure) return e.failure;
  if (e instanceof JournalUnwritable)
    return {
      code: 'paid_log_unwritable',
      problem: `the paid request could not be written down before sending (${e.message}); nothing was sent`,
      fix: `Free disk space, or make ${e.dir} writable (or set PROSPECT_DATA_DIR to a folder that is), then call again with the same quote_id.`,
      retryable: true,
    };
  if (e instanceof JoinedRunUnknown)
    return {
      code: 'identical_run_unknown',
      problem: e.message,
      fix: 'Check run_status and credits_balance; call the tool again without quote_id for a new quote to pay for another run.',
      retryable: false,
    };
  if (isMcpTimeout(e))
    return {
      code: 'approval_timed_out',
      problem: 'the person did not answer the approval question before the quote expired; nothing was spent',
      fix: 'Call the tool again without quote_id when the person is there to answer.',
      retryable: true,
    };
  if (e instanceof ToolArgError)
    return { code: 'validation_error', problem: e.message, fix: e.fix, retryable: false, ...(e.details ? { details: e.details } : {}) };
  if (isApiError(e))
    return {
      code: e.code,
      problem: e.problem,
      ...(e.fix ? { fix: e.fix } : {}),
      retryable: e.retryable,
      ...(e.retryAfterMs !== undefined ? { retry_after_ms: e.retryAfterMs } : {}),
      ...(e.details ? { details: e.details } : {}),
    };
  if (e instanceof ConfigurationError) return { code: 'configuration_error', problem: e.message, fix: e.fix, retryable: false };
  return {
    code: 'internal_error',
    problem: e instanceof Error ? e.message : String(e),
    fix: 'Check the balance and run_status before calling a paid tool again; report the problem if it stays.',
    retryable: false,
  };
}
