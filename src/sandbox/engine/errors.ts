import type { ValidationIssue, PublicCode, GenericCode } from '../../api/schemas/errors.js';

/**
 * The three error shapes of the spec. Handlers throw a SandboxError built by one of the
 * helpers below; the server renders it with the request id and the docs URL.
 */
export interface PublicErrorFields {
  code: PublicCode;
  problem: string;
  cause?: string;
  fix?: string;
  retryable?: boolean;
  retry_after_ms?: number;
  estimated_cost_credits?: number;
  available_credits?: number;
  shortfall_credits?: number;
  suggested_actions?: string[];
  details?: Record<string, unknown>;
}

export interface GenericErrorFields {
  code: GenericCode;
  message: string;
  details?: Record<string, unknown>;
}

export type ErrorBody = { shape: 'public'; fields: PublicErrorFields } | { shape: 'generic'; fields: GenericErrorFields };

export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.shape === 'public' ? body.fields.problem : body.fields.message);
    this.name = 'SandboxError';
  }

  get code(): string {
    return this.body.fields.code;
  }
}

export function publicError(status: number, fields: PublicErrorFields, headers?: Record<string, string>): SandboxError {
  return new SandboxError(status, { shape: 'public', fields }, headers);
}

export function genericError(
  status: number,
  code: GenericCode,
  message: string,
  details?: Record<string, unknown>,
  headers?: Record<string, string>,
): SandboxError {
  return new SandboxError(status, { shape: 'generic', fields: { code, message, ...(details ? { details } : {}) } }, headers);
}

/** Shape 2: body validation (422, or 400 for handler-level checks). */
export function validationError(errors: ValidationIssue[], status = 422, problem = 'The request body failed validation'): SandboxError {
  return publicError(status, {
    code: 'validation_error',
    problem,
    cause: errors.map((e) => `${e.loc.join('.')}: ${e.msg}`).join('; '),
    fix: 'Correct the fields listed in details.errors and send the request again.',
    retryable: false,
    details: { errors },
  });
}

export const notAuthenticated = (): SandboxError => genericError(401, 'AUTHENTICATION_INVALID', 'Not authenticated');
export const invalidCredential = (): SandboxError => genericError(401, 'AUTHENTICATION_INVALID', 'Invalid or expired API key');
export const notFound = (message = 'Not found'): SandboxError => genericError(404, 'RESOURCE_NOT_FOUND', message);

/** Leaves out undefined, null, empty strings, empty arrays and empty objects. */
export function omitEmpty(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v) && v.length === 0) continue;
    if (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) continue;
    out[k] = v;
  }
  return out;
}

export interface RenderContext {
  requestId: string;
  docsBaseUrl: string;
}

/** The JSON body `{"error": {...}}` of an error, in its shape. */
export function renderError(err: SandboxError, ctx: RenderContext): { error: Record<string, unknown> } {
  if (err.body.shape === 'public') {
    const f = err.body.fields;
    return {
      error: omitEmpty({
        code: f.code,
        problem: f.problem,
        cause: f.cause,
        fix: f.fix,
        retryable: f.retryable ?? false,
        retry_after_ms: f.retry_after_ms,
        docs_url: `${ctx.docsBaseUrl}/docs#error-${f.code}`,
        request_id: ctx.requestId,
        estimated_cost_credits: f.estimated_cost_credits,
        available_credits: f.available_credits,
        shortfall_credits: f.shortfall_credits,
        suggested_actions: f.suggested_actions,
        details: f.details,
      }),
    };
  }
  const f = err.body.fields;
  // Server-side failures carry a trace id to quote to support; the rest need none.
  return {
    error: omitEmpty({ code: f.code, message: f.message, details: f.details, trace_id: err.status >= 500 ? ctx.requestId : undefined }),
  };
}
