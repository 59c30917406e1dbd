/**
 * One error class for every failure the SDK reports: HTTP errors in any of the spec's
 * three shapes, and network failures (status 0). Codes are lower-cased so callers
 * compare them without caring which shape the server used.
 */
export interface ApiErrorFields {
  status: number;
  code: string;
  problem: string;
  cause?: string | undefined;
  fix?: string | undefined;
  retryable?: boolean | undefined;
  retryAfterMs?: number | undefined;
  requestId?: string | undefined;
  traceId?: string | undefined;
  docsUrl?: string | undefined;
  details?: Record<string, unknown> | undefined;
  estimatedCostCredits?: number | undefined;
  availableCredits?: number | undefined;
  shortfallCredits?: number | undefined;
  suggestedActions?: string[] | undefined;
  method?: string | undefined;
  url?: string | undefined;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly problem: string;
  readonly causeText: string | undefined;
  readonly fix: string | undefined;
  readonly retryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly requestId: string | undefined;
  readonly traceId: string | undefined;
  readonly docsUrl: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  readonly estimatedCostCredits: number | undefined;
  readonly availableCredits: number | undefined;
  readonly shortfallCredits: number | undefined;
  readonly suggestedActions: string[] | undefined;
  readonly method: string | undefined;
  readonly url: string | undefined;

  constructor(f: ApiErrorFields) {
    super(`${f.code.toLowerCase()}: ${f.problem}`);
    this.name = 'ApiError';
    this.status = f.status;
    this.code = f.code.toLowerCase();
    this.problem = f.problem;
    this.causeText = f.cause;
    this.fix = f.fix;
    this.retryable = f.retryable ?? false;
    this.retryAfterMs = f.retryAfterMs;
    this.requestId = f.requestId;
    this.traceId = f.traceId;
    this.docsUrl = f.docsUrl;
    this.details = f.details;
    this.estimatedCostCredits = f.estimatedCostCredits;
    this.availableCredits = f.availableCredits;
    this.shortfallCredits = f.shortfallCredits;
    this.suggestedActions = f.suggestedActions;
    this.method = f.method;
    this.url = f.url;
  }

  /** Case-insensitive code comparison, as the spec asks of clients. */
  is(code: string): boolean {
    return this.code === code.toLowerCase();
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** The error as the CLI prints it under `{"error": ...}` (snake_case, empty fields left out). */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = {
      status: this.status,
      code: this.code,
      problem: this.problem,
      cause: this.causeText,
      fix: this.fix,
      retryable: this.retryable,
      retry_after_ms: this.retryAfterMs,
      request_id: this.requestId,
      trace_id: this.traceId,
      docs_url: this.docsUrl,
      estimated_cost_credits: this.estimatedCostCredits,
      available_credits: this.availableCredits,
      shortfall_credits: this.shortfallCredits,
      suggested_actions: this.suggestedActions,
      details: this.details,
    };
    for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
    return out;
  }
}

/** Recognizes an ApiError even across bundle chunks or realms. */
export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError || (e instanceof Error && e.name === 'ApiError' && 'code' in e && 'status' in e);
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Not authenticated',
  402: 'Insufficient credits',
  403: 'Permission denied',
  404: 'Not found',
  409: 'Conflict',
  413: 'Request body too large',
  422: 'Request body failed validation',
  429: 'Rate limited',
  500: 'Internal server error',
  501: 'Not implemented',
  502: 'Upstream error',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

/** Statuses that are worth another try when the body does not say otherwise. */
const TRANSIENT_STATUSES = [429, 500, 502, 503, 504];

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const obj = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** Seconds of a Retry-After header (delta-seconds or HTTP date) in milliseconds. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const secs = Number(value);
  if (Number.isFinite(secs) && secs >= 0) return Math.round(secs * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

export interface ErrorResponseInfo {
  status: number;
  body: unknown;
  retryAfter?: string | undefined;
  requestId?: string | undefined;
  method?: string | undefined;
  url?: string | undefined;
}

/**
 * Builds the ApiError for a non-2xx response from whichever of the three shapes the body
 * holds: the public envelope (problem), the 422 envelope (details.errors[]), or the generic
 * uppercase shape (message). A body in none of them still gives a usable error.
 */
export function errorFromResponse(r: ErrorResponseInfo): ApiError {
  const root = obj(r.body);
  const e = obj(root?.error) ?? (root && str(root.code) ? root : undefined);
  const retryAfterMs = parseRetryAfter(r.retryAfter) ?? num(e?.retry_after_ms);
  const base = {
    status: r.status,
    method: r.method,
    url: r.url,
    retryAfterMs,
    requestId: str(e?.request_id) ?? r.requestId,
  };
  if (!e) {
    const text = typeof r.body === 'string' ? r.body : typeof root?.detail === 'string' ? root.detail : '';
    const detail = text.trim() ? text.trim().slice(0, 200) : undefined;
    return new ApiError({
      ...base,
      code: r.status >= 500 ? 'internal_error' : `http_${r.status}`,
      problem: STATUS_TEXT[r.status] ?? `HTTP ${r.status}`,
      cause: detail,
      retryable: TRANSIENT_STATUSES.includes(r.status),
    });
  }
  const details = obj(e.details);
  // `{"detail": "..."}` is what proxies and some frameworks answer with.
  let problem = str(e.problem) ?? str(e.message) ?? str(e.detail) ?? STATUS_TEXT[r.status] ?? `HTTP ${r.status}`;
  const issues = Array.isArray(details?.errors) ? (details.errors as unknown[]) : undefined;
  let cause = str(e.cause);
  if (issues && issues.length > 0 && !cause) cause = issues.map(formatIssue).join('; ');
  if (!str(e.problem) && !str(e.message) && r.status === 429) problem = 'Rate limited';
  return new ApiError({
    ...base,
    code: str(e.code) ?? `http_${r.status}`,
    problem,
    cause,
    fix: str(e.fix),
    retryable: typeof e.retryable === 'boolean' ? e.retryable : TRANSIENT_STATUSES.includes(r.status),
    traceId: str(e.trace_id),
    docsUrl: str(e.docs_url),
    details,
    estimatedCostCredits: num(e.estimated_cost_credits),
    availableCredits: num(e.available_credits),
    shortfallCredits: num(e.shortfall_credits),
    suggestedActions: Array.isArray(e.suggested_actions)
      ? e.suggested_actions.filter((s): s is string => typeof s === 'string')
      : undefined,
  });
}

function formatIssue(i: unknown): string {
  const o = obj(i);
  if (!o) return String(i);
  const loc = Array.isArray(o.loc) ? o.loc.join('.') : '';
  const msg = str(o.msg) ?? str(o.type) ?? 'invalid';
  return loc ? `${loc}: ${msg}` : msg;
}

/** One entry of a validation answer's details.errors[], its field as the person wrote it. */
export interface ValidationIssue {
  /** Dotted, without the leading "body", "query" or "path" (`leads.3.email`); empty when the issue is about the whole body. */
  field: string;
  msg: string;
}

const LOC_ROOTS = ['body', 'query', 'path'];

/** The details.errors[] ({type, loc, msg}) of a 400 or 422 answer; empty for any other error. */
export function validationIssues(e: ApiError): ValidationIssue[] {
  if (e.status !== 400 && e.status !== 422) return [];
  const errors = e.details?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((i): ValidationIssue[] => {
    const o = obj(i);
    if (!o) return [];
    const loc = Array.isArray(o.loc) ? o.loc.map(String) : [];
    const field = (LOC_ROOTS.includes(loc[0] ?? '') ? loc.slice(1) : loc).join('.');
    return [{ field, msg: str(o.msg) ?? str(o.type) ?? 'invalid' }];
  });
}

/** True when `text` only restates the details.errors[] (joined as the service's cause, or ours, joins them, with or without the leading "body"). */
export function restatesIssues(e: ApiError, text: string): boolean {
  const errors = e.details?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return false;
  const shown = validationIssues(e).map((i) => (i.field ? `${i.field}: ${i.msg}` : i.msg)).join('; ');
  return text === errors.map(formatIssue).join('; ') || text === shown;
}

export type NetworkErrorKind = 'connect_timeout' | 'read_timeout' | 'connection_refused' | 'connection_reset' | 'network_error';

/** A failure before any HTTP status arrived (status 0). Whether the request may have reached the server is the transport's to say. */
export function networkError(kind: NetworkErrorKind, detail: string, method: string, url: string): ApiError {
  const text: Record<NetworkErrorKind, [string, string]> = {
    connect_timeout: ['Timed out connecting to the service', 'Check the base URL and your network, then retry.'],
    read_timeout: ['Timed out waiting for the service to answer', 'Retry; for paid work check its status before running it again.'],
    connection_refused: ['Could not connect to the service', 'Check the base URL (prospect config get base_url) or start the sandbox.'],
    connection_reset: ['The connection closed before the service answered', 'Retry; for paid work check its status before running it again.'],
    network_error: ['Network failure', 'Check your network and the base URL, then retry.'],
  };
  const [problem, fix] = text[kind];
  return new ApiError({ status: 0, code: kind, problem, cause: detail, fix, retryable: true, method, url });
}

/** A setting that makes a request impossible or unsafe (e.g. plain http to a remote host). */
export class ConfigurationError extends Error {
  constructor(
    message: string,
    readonly fix?: string,
  ) {
    super(message);
    this.name = 'ConfigurationError';
  }
}
