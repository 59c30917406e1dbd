import { describe, expect, it } from 'vitest';
import { errorFromResponse, parseRetryAfter, ApiError } from '../../src/api/errors.js';

describe('errorFromResponse', () => {
  it('reads the public envelope with its credit figures', () => {
    const e = errorFromResponse({
      status: 400,
      body: {
        error: {
          code: 'insufficient_credits',
          problem: 'Balance below cost',
          cause: 'The run needs 120 credits',
          fix: 'Buy credits on the plans page',
          retryable: false,
          request_id: 'req_1',
          estimated_cost_credits: 120,
          available_credits: 50,
          shortfall_credits: 70,
          docs_url: 'https://docs.example/errors',
        },
      },
    });
    expect(e.code).toBe('insufficient_credits');
    expect(e.problem).toBe('Balance below cost');
    expect(e.causeText).toBe('The run needs 120 credits');
    expect(e.fix).toBe('Buy credits on the plans page');
    expect([e.estimatedCostCredits, e.availableCredits, e.shortfallCredits]).toEqual([120, 50, 70]);
    expect(e.requestId).toBe('req_1');
    expect(e.retryable).toBe(false);
  });

  it('reads the 422 shape and turns details.errors[] into a cause', () => {
    const e = errorFromResponse({
      status: 422,
      body: {
        error: {
          code: 'validation_error',
          problem: 'Request body failed validation',
          retryable: false,
          details: { errors: [{ type: 'missing', loc: ['body', 'name'], msg: 'Field required' }] },
        },
      },
    });
    expect(e.code).toBe('validation_error');
    expect(e.status).toBe(422);
    expect(e.causeText).toBe('body.name: Field required');
    expect(e.details).toEqual({ errors: [{ type: 'missing', loc: ['body', 'name'], msg: 'Field required' }] });
  });

  it('reads the generic uppercase shape and lower-cases the code', () => {
    const e = errorFromResponse({
      status: 401,
      body: { error: { code: 'AUTHENTICATION_INVALID', message: 'Invalid or expired API key', trace_id: 't1' } },
    });
    expect(e.code).toBe('authentication_invalid');
    expect(e.problem).toBe('Invalid or expired API key');
    expect(e.traceId).toBe('t1');
    expect(e.is('AUTHENTICATION_INVALID')).toBe(true);
    expect(e.is('Authentication_Invalid')).toBe(true);
    expect(e.message).toBe('authentication_invalid: Invalid or expired API key');
  });

  it('takes Retry-After from the header of a 429 and marks it retryable', () => {
    const e = errorFromResponse({ status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Too many requests' } }, retryAfter: '7' });
    expect(e.retryAfterMs).toBe(7000);
    expect(e.retryable).toBe(true);
  });

  it('still gives a usable error for a body in no known shape', () => {
    const e = errorFromResponse({ status: 502, body: '<html>Bad gateway</html>' });
    expect(e.code).toBe('internal_error');
    expect(e.problem).toBe('Upstream error');
    expect(e.retryable).toBe(true);
    const e2 = errorFromResponse({ status: 404, body: null });
    expect(e2.code).toBe('http_404');
  });

  it('keeps the text of a {"detail": ...} body (proxies, frameworks)', () => {
    const e = errorFromResponse({ status: 404, body: { detail: 'Not Found: /api/v2/nope' } });
    expect(e.code).toBe('http_404');
    expect(e.causeText).toBe('Not Found: /api/v2/nope');
  });

  it('serializes for --json without empty fields', () => {
    const e = new ApiError({ status: 404, code: 'LIST_NOT_FOUND', problem: 'No such list' });
    expect(e.toJSON()).toEqual({ status: 404, code: 'list_not_found', problem: 'No such list', retryable: false });
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('0')).toBe(0);
    expect(parseRetryAfter('12')).toBe(12000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});
