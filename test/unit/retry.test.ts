import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { DEFAULT_RETRY_POLICY, backoffMs, decideRetry } from '../../src/api/retry.js';

const p = DEFAULT_RETRY_POLICY;
const err = (status: number, code: string, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ status, code, problem: code, retryable: status === 429 || status >= 500, ...extra });
const half = () => 0.5;

describe('decideRetry', () => {
  it('waits out a 429 for the Retry-After the server gave, for any method', () => {
    const d = decideRetry(p, { attempt: 0, error: err(429, 'RATE_LIMITED', { retryAfterMs: 3000 }), idempotent: false, random: () => 0 });
    expect(d).toEqual({ retry: true, waitMs: 3000 });
  });

  it('does not wait a Retry-After longer than the cap, nor past the retry budget', () => {
    expect(
      decideRetry(p, { attempt: 0, error: err(429, 'crm_budget_exhausted', { retryAfterMs: 3_600_000 }), idempotent: true, random: half }),
    ).toEqual({ retry: false });
    expect(
      decideRetry(p, {
        attempt: p.maxRateLimitRetries,
        error: err(429, 'RATE_LIMITED', { retryAfterMs: 1000 }),
        idempotent: true,
        random: half,
      }),
    ).toEqual({ retry: false });
  });

  it('backs off on a retryable 503 even for a POST, but not on dispatch_outcome_unknown', () => {
    const d = decideRetry(p, {
      attempt: 1,
      error: err(503, 'quote_verification_unavailable', { retryable: true }),
      idempotent: false,
      random: half,
    });
    expect(d.retry).toBe(true);
    expect(
      decideRetry(p, { attempt: 0, error: err(503, 'dispatch_outcome_unknown', { retryable: false }), idempotent: false, random: half }),
    ).toEqual({ retry: false });
  });

  it('a retryable 503 waits its Retry-After with jitter, but not past the cap', () => {
    const e = err(503, 'filters_unavailable', { retryable: true, retryAfterMs: 2000 });
    expect(decideRetry(p, { attempt: 0, error: e, idempotent: true, random: () => 1 })).toEqual({ retry: true, waitMs: 2250 });
    const long = err(503, 'filters_unavailable', { retryable: true, retryAfterMs: 3_600_000 });
    expect(decideRetry(p, { attempt: 0, error: long, idempotent: true, random: half })).toEqual({ retry: false });
  });

  it('retries 500/502/504 only for idempotent requests', () => {
    expect(decideRetry(p, { attempt: 0, error: err(502, 'UPSTREAM_ERROR'), idempotent: true, random: half }).retry).toBe(true);
    expect(decideRetry(p, { attempt: 0, error: err(500, 'INTERNAL_ERROR'), idempotent: false, random: half }).retry).toBe(false);
    expect(decideRetry(p, { attempt: 0, error: err(503, 'not_enabled', { retryable: false }), idempotent: true, random: half }).retry).toBe(
      false,
    );
  });

  it('retries network errors only where nothing can be charged twice', () => {
    const net = new ApiError({ status: 0, code: 'connection_reset', problem: 'reset', retryable: true });
    expect(decideRetry(p, { attempt: 0, error: net, idempotent: true, random: half }).retry).toBe(true);
    expect(decideRetry(p, { attempt: 0, error: net, idempotent: false, random: half }).retry).toBe(false);
    expect(decideRetry(p, { attempt: p.maxRetries, error: net, idempotent: true, random: half }).retry).toBe(false);
  });

  it('never retries client errors', () => {
    for (const [s, c] of [
      [400, 'validation_error'],
      [401, 'AUTHENTICATION_INVALID'],
      [403, 'insufficient_scope'],
      [404, 'not_found'],
      [409, 'conflict'],
    ] as const)
      expect(decideRetry(p, { attempt: 0, error: err(s, c), idempotent: true, random: half }).retry).toBe(false);
  });
});

describe('backoffMs', () => {
  it('grows exponentially with jitter between half and all of the ceiling, capped', () => {
    expect(backoffMs(p, 0, () => 0)).toBe(250);
    expect(backoffMs(p, 0, () => 1)).toBe(500);
    expect(backoffMs(p, 2, () => 1)).toBe(2000);
    expect(backoffMs(p, 10, () => 1)).toBe(p.maxDelayMs);
  });
});
