import { ConfigurationError, isApiError } from '../api/errors.js';
import { ToolArgError } from './args.js';
import type { ToolError } from './result.js';

/** Any failure of a tool as its error result: the service's fields as it sent them, ours in the same shape. */
export function errorOf(e: unknown): ToolError {
  if (e instanceof ToolArgError) return { code: 'validation_error', problem: e.message, fix: e.fix, retryable: false, ...(e.details ? { details: e.details } : {}) };
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
  return { code: 'internal_error', problem: e instanceof Error ? e.message : String(e), retryable: false };
}
