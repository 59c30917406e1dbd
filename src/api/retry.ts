import type { ApiError } from './errors.js';

/**
 * When to try a request again:
 * - 429: wait the Retry-After the server gave (any method: a rate-limited call did nothing);
 * - 503 with retryable true: back off with jitter (the server says nothing was done);
 * - other 5xx and network failures: back off, but only when repeating cannot charge twice
 *   (idempotent requests, or a connection that never reached the server).
 */
export interface RetryPolicy {
  /** Retries after the first attempt for 5xx and network failures. */
  maxRetries: number;
  /** Retries after the first attempt for 429. */
  maxRateLimitRetries: number;
  /** A Retry-After longer than this is not waited out: the error goes to the caller. */
  maxRetryAfterMs: number;
  /** The most one request waits out Retry-After in all; a wait past it gives the error to the caller. */
  maxRetryAfterTotalMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  maxRateLimitRetries: 5,
  maxRetryAfterMs: 65_000,
  maxRetryAfterTotalMs: 130_000,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
};

export interface RetryInput {
  attempt: number;
  error: ApiError;
  idempotent: boolean;
  random: () => number;
}

export type RetryDecision = { retry: true; waitMs: number } | { retry: false };

/** Exponential backoff with jitter: between half and all of base * 2^attempt, capped. */
export function backoffMs(p: RetryPolicy, attempt: number, random: () => number): number {
  const ceiling = Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Waits out a delay the server asked for, unless it is too long to wait. */
function waitOut(p: RetryPolicy, waitMs: number, random: () => number): RetryDecision {
  if (waitMs > p.maxRetryAfterMs) return { retry: false };
  // A little past the window edge, so the retry lands in the new window.
  return { retry: true, waitMs: waitMs + Math.round(random() * 250) };
}

export function decideRetry(p: RetryPolicy, { attempt, error, idempotent, random }: RetryInput): RetryDecision {
  if (error.status === 429) {
    if (!error.retryable || attempt >= p.maxRateLimitRetries) return { retry: false };
    return waitOut(p, error.retryAfterMs ?? backoffMs(p, attempt, random), random);
  }
  if (attempt >= p.maxRetries) return { retry: false };
  if (error.status === 0) return idempotent && error.retryable ? { retry: true, waitMs: backoffMs(p, attempt, random) } : { retry: false };
  if (error.status === 503 && error.retryable) {
    if (error.retryAfterMs === undefined) return { retry: true, waitMs: backoffMs(p, attempt, random) };
    return waitOut(p, error.retryAfterMs, random);
  }
  if ([500, 502, 503, 504].includes(error.status) && error.retryable && idempotent)
    return { retry: true, waitMs: backoffMs(p, attempt, random) };
  return { retry: false };
}
