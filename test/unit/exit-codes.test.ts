import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { ExitCode, exitCodeForApiError } from '../../src/cli/exit-codes.js';

const code = (status: number, c: string) => exitCodeForApiError(new ApiError({ status, code: c, problem: c }));

describe('exitCodeForApiError', () => {
  it.each([
    [401, 'AUTHENTICATION_INVALID', ExitCode.AUTH],
    [403, 'PERMISSION_DENIED', ExitCode.AUTH],
    [403, 'insufficient_scope', ExitCode.AUTH],
    [403, 'feature_gated', ExitCode.AUTH],
    [501, 'feature_not_available', ExitCode.AUTH],
    [404, 'list_not_found', ExitCode.NOT_FOUND],
    [404, 'task_not_found', ExitCode.NOT_FOUND],
    [400, 'insufficient_credits', ExitCode.CREDITS],
    [402, 'insufficient_credits', ExitCode.CREDITS],
    [400, 'quote_expired', ExitCode.CREDITS],
    [409, 'quote_already_redeemed', ExitCode.CREDITS],
    [400, 'spend_cap_exceeded', ExitCode.CREDITS],
    [503, 'quote_verification_unavailable', ExitCode.CREDITS],
    [429, 'RATE_LIMITED', ExitCode.RATE_LIMITED],
    [403, 'search_quota_exhausted', ExitCode.RATE_LIMITED],
    [429, 'crm_budget_exhausted', ExitCode.RATE_LIMITED],
    [409, 'conflict', ExitCode.CONFLICT],
    [409, 'idempotency_conflict', ExitCode.CONFLICT],
    [403, 'list_protected', ExitCode.CONFLICT],
    [400, 'approval_required', ExitCode.CONFLICT],
    [400, 'validation_error', ExitCode.USAGE],
    [422, 'validation_error', ExitCode.USAGE],
    [413, 'http_413', ExitCode.USAGE],
    [500, 'INTERNAL_ERROR', ExitCode.SERVER],
    [503, 'dispatch_outcome_unknown', ExitCode.SERVER],
    [0, 'connection_refused', ExitCode.SERVER],
  ])('%i %s exits %i', (status, c, expected) => {
    expect(code(status, c)).toBe(expected);
  });
});
