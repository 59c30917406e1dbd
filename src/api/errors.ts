/**
 * One error class, ApiError, for every failure the SDK reports: HTTP errors in any of the
 * spec's three shapes, and network failures (status 0). Codes are lower-cased so callers
 * compare them without caring which shape the server used. Each error is an instance of the
 * subclass of its family (AuthenticationError, CreditsError, ...; see errorFamily), so a
 * caller can branch with instanceof and still catch everything as ApiError.
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

/** Marks an ApiError (and its subclasses) across bundle copies and realms, where instanceof fails. */
const API_ERROR = Symbol.for('prospect-cli.ApiError');

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
    Object.defineProperty(this, API_ERROR, { value: true });
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

/** Recognizes an ApiError (of any family) even across bundle chunks or realms. */
export function isApiError(e: unknown): e is ApiError {
  if (e instanceof ApiError) return true;
  if (!(e instanceof Error) || !('code' in e) || !('status' in e)) return false;
  return (e as unknown as Record<symbol, unknown>)[API_ERROR] === true || e.name === 'ApiError';
}

/**
 * The families of errors, as the CLI's exit codes group them (README, Exit codes): each has
 * its subclass of ApiError.
 */
export type ErrorFamily =
  'connection' | 'credits' | 'rate_limit' | 'conflict' | 'authentication' | 'permission' | 'not_found' | 'validation' | 'server';

/** Codes about paying: the balance, the spend cap and every quote error. */
const CREDIT_CODES = [
  'insufficient_credits',
  'spend_cap_exceeded',
  // Found by the client, before anything is spent or after a run took more than approved.
  'quote_malformed',
  'charge_above_quote',
  'quote_required',
  'quote_expired',
  'quote_invalid',
  'quote_mismatch',
  'quote_already_redeemed',
  'quote_verification_unavailable',
];
/** Limits of time or quantity that pass: rate limits and quotas. */
const QUOTA_CODES = ['search_quota_exhausted', 'rate_limited', 'crm_budget_exhausted'];
/** Refusals by the state of a resource (403s among them): protected, view-only or full lists, a selection needing approval. */
const REFUSAL_CODES = ['list_protected', 'list_not_editable', 'list_cap_reached', 'lead_cap_reached', 'approval_required'];
/** A feature the workspace or the provider does not offer (501s). */
const FEATURE_CODES = ['feature_not_available', 'not_supported'];

/** Which family an error of this status and (lower-case) code belongs to. */
export function errorFamily(status: number, code: string): ErrorFamily {
  if (CREDIT_CODES.includes(code) || status === 402) return 'credits';
  if (status === 0) return 'connection';
  if (QUOTA_CODES.includes(code) || status === 429) return 'rate_limit';
  if (REFUSAL_CODES.includes(code) || status === 409) return 'conflict';
  if (status === 401) return 'authentication';
  if (FEATURE_CODES.includes(code) || status === 403) return 'permission';
  if (status === 404) return 'not_found';
  if (status >= 400 && status < 500) return 'validation';
  return 'server';
}

/** 401: the key or session JWT is missing, malformed, expired or revoked. */
export class AuthenticationError extends ApiError {
  override readonly name = 'AuthenticationError';
}

/**
 * 403 (a missing scope, a plan or trial without API access, a gated feature) and 501 (a feature
 * not enabled). A missing scope names the scope needed and those granted.
 */
export class PermissionError extends ApiError {
  override readonly name = 'PermissionError';

  /** insufficient_scope: the scope the call needs. */
  get requiredScope(): string | undefined {
    return str(this.details?.required_scope);
  }

  /** insufficient_scope: the scopes the credential has. */
  get grantedScopes(): string[] | undefined {
    return strings(this.details?.granted_scopes);
  }
}

/** 404: the list, run, cohort, folder or key does not exist or is another organization's. */
export class NotFoundError extends ApiError {
  override readonly name = 'NotFoundError';
}

/**
 * Credits and quotes: insufficient_credits (with estimatedCostCredits, availableCredits,
 * shortfallCredits), spend_cap_exceeded and every quote error (quote_required, quote_expired,
 * quote_invalid, quote_mismatch, quote_already_redeemed, quote_verification_unavailable), and any 402.
 */
export class CreditsError extends ApiError {
  override readonly name = 'CreditsError';
}

/**
 * 429 and quotas (rate_limited, search_quota_exhausted, crm_budget_exhausted), after the
 * retries the client makes. retryAfterMs says when to try again; details the limit hit.
 */
export class RateLimitError extends ApiError {
  override readonly name = 'RateLimitError';
}

/**
 * 409 (a selection changed after its quote, an import still processing, an idempotency key
 * reused for another request) and refusals by a resource's state: list_protected,
 * list_not_editable, list_cap_reached, lead_cap_reached, approval_required.
 */
export class ConflictError extends ApiError {
  override readonly name = 'ConflictError';
}

/**
 * Any other 4xx (400, 413, 422): a body, filter or parameter the service refused. `issues`
 * locates each field of a body that failed validation; a refused search filter names the
 * unsupported keys and what to use instead.
 */
export class ValidationError extends ApiError {
  override readonly name = 'ValidationError';

  /** The fields that failed validation (details.errors[]), each with why. */
  get issues(): ValidationIssue[] {
    return validationIssues(this);
  }

  /** A search filter: the keys the service does not know. */
  get unsupportedKeys(): string[] | undefined {
    return strings(this.details?.unsupported_keys);
  }

  /** A search filter: bad key or value -> the one it most likely means. */
  get suggestedReplacements(): Record<string, string> | undefined {
    const o = obj(this.details?.suggested_replacements);
    return o && (Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === 'string')) as Record<string, string>);
  }

  /** A search filter: every key the service accepts there. */
  get allowedKeys(): string[] | undefined {
    return strings(this.details?.allowed_keys);
  }
}

/** 5xx after the client's retries: the service failed, or could not confirm what it did. */
export class ServerError extends ApiError {
  override readonly name = 'ServerError';
}

/** No HTTP answer (status 0): refused, reset or timed-out connections, after the client's retries. */
export class ConnectionError extends ApiError {
  override readonly name = 'ConnectionError';
}

const FAMILY_CLASSES: Record<ErrorFamily, new (f: ApiErrorFields) => ApiError> = {
  connection: ConnectionError,
  credits: CreditsError,
  rate_limit: RateLimitError,
  conflict: ConflictError,
  authentication: AuthenticationError,
  permission: PermissionError,
  not_found: NotFoundError,
  validation: ValidationError,
  server: ServerError,
};

/** The ApiError of its family's class for these fields. */
export function typedApiError(f: ApiErrorFields): ApiError {
  return new FAMILY_CLASSES[errorFamily(f.status, f.code.toLowerCase())](f);
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
const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined);

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
    return typedApiError({
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
  return typedApiError({
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
  const shown = validationIssues(e)
    .map((i) => (i.field ? `${i.field}: ${i.msg}` : i.msg))
    .join('; ');
  return text === errors.map(formatIssue).join('; ') || text === shown;
}

export type NetworkErrorKind =
  | 'connect_timeout'
  | 'read_timeout'
  | 'connection_refused'
  | 'connection_reset'
  | 'network_error'
  | 'response_too_large'
  | 'deadline_exceeded';

/** A failure before any HTTP status arrived (status 0). Whether the request may have reached the server is the transport's to say. */
export function networkError(kind: NetworkErrorKind, detail: string, method: string, url: string): ApiError {
  const text: Record<NetworkErrorKind, [string, string]> = {
    connect_timeout: ['Timed out connecting to the service', 'Check the base URL and your network, then retry.'],
    read_timeout: ['Timed out waiting for the service to answer', 'Retry; for paid work check its status before running it again.'],
    connection_refused: ['Could not connect to the service', 'Check the base URL (prospect config get base_url) or start the sandbox.'],
    connection_reset: [
      'The connection closed before the service answered',
      'Retry; for paid work check its status before running it again.',
    ],
    network_error: ['Network failure', 'Check your network and the base URL, then retry.'],
    response_too_large: [
      'The answer was larger than any the service sends',
      'Check the base URL: it may lead to a server that is not the service (a proxy, a misconfigured gateway).',
    ],
    deadline_exceeded: [
      'The service did not finish answering in time',
      'Retry later; for paid work check its status before running it again.',
    ],
  };
  const [problem, fix] = text[kind];
  // Sending again gets the same endless or dripping answer: these two end the request.
  const retryable = kind !== 'response_too_large' && kind !== 'deadline_exceeded';
  return new ConnectionError({ status: 0, code: kind, problem, cause: detail, fix, retryable, method, url });
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

/**
 * A 2xx whose body is not the JSON its operation answers: a proxy's or a login page, a captive
 * portal, a server that is not the service. Never believed, never sent again by the client (a
 * paid request's answer is then lost, and resolved through its quote).
 */
export function invalidResponseError(a: {
  status: number;
  body: Buffer;
  requestId?: string | undefined;
  method: string;
  url: string;
}): ApiError {
  const type = a.body.length === 0 ? 'an empty answer' : `${a.body.length} bytes that are not JSON`;
  return new ServerError({
    status: a.status,
    code: 'invalid_response',
    problem: 'The service answered something that is not JSON: a proxy or login page?',
    cause: `HTTP ${a.status} with ${type}`,
    fix: 'Check the base URL (prospect config get base_url) and any proxy between you and the service, then retry.',
    retryable: false,
    method: a.method,
    url: a.url,
    ...(a.requestId ? { requestId: a.requestId } : {}),
  });
}
