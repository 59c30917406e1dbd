import { ApiError, ConfigurationError, errorFromResponse, invalidResponseError, isApiError } from './errors.js';
import { checkBaseUrl } from './base-url.js';
import { Transport, isTransportFailure, redactUrl, type RawResponse } from './transport.js';
import { decideRetry, type RetryPolicy, DEFAULT_RETRY_POLICY } from './retry.js';
import { sleep } from './sleep.js';
import { SDK_VERSION } from './version.js';
import { RatePacer } from './pacer.js';
import { PREFIXES, type Prefix } from './prefixes.js';

/** Milliseconds on a monotonic clock (the global `performance` loads perf_hooks, a few ms of every start). */
const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

export { PREFIXES, type Prefix };

export type TraceEvent =
  | { type: 'request'; method: string; url: string; headers: Record<string, string>; attempt: number }
  | { type: 'response'; method: string; url: string; status: number; ms: number; requestId?: string | undefined }
  | { type: 'retry'; method: string; url: string; reason: string; waitMs: number; attempt: number; limit?: RateLimitInfo | undefined }
  | { type: 'network-error'; method: string; url: string; code: string; ms: number }
  | { type: 'pace'; method: string; url: string; waitMs: number; limit: RateLimitInfo }
  /** A successful answer: the route as it was asked for (path without prefix and query), what was sent, and the parsed body. */
  | {
      type: 'answer';
      endpoint?: string | undefined;
      method: string;
      prefix: Prefix;
      path: string;
      query: RequestOptions['query'];
      body: unknown;
      data: unknown;
    };

/** The rate limit a wait is for: requests per window, and whom they count (when the service says). */
export interface RateLimitInfo {
  limit: number;
  windowMs: number;
  scope?: string | undefined;
}

export interface ClientOptions {
  baseUrl: string;
  /** An API key (svcapi_...) or a session JWT; sent as `Authorization: Bearer`. */
  token?: string | undefined;
  connectTimeoutMs?: number;
  readTimeoutMs?: number;
  /**
   * The most one request takes over all its attempts and the backoff between them (the time it
   * waits out a Retry-After aside: retry.maxRetryAfterTotalMs bounds that); no attempt starts
   * after it. Twice the read timeout unless given.
   */
  deadlineMs?: number;
  /** The most of one answer read (MAX_ANSWER_BYTES unless given). */
  maxAnswerBytes?: number;
  maxSockets?: number;
  retry?: Partial<RetryPolicy>;
  userAgent?: string;
  /** Receives every request, response and retry, with credentials already redacted. */
  onTrace?: (e: TraceEvent) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Milliseconds now (tests pass a fake clock with their fake sleep). */
  now?: () => number;
  random?: () => number;
}

export interface RequestOptions {
  method: string;
  path: string;
  prefix?: Prefix;
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>;
  body?: unknown;
  /**
   * Whether the request can be repeated without effect (nothing charged twice). Network
   * errors after the request may have reached the server are retried only then.
   * Default: true for GET, HEAD, PUT, DELETE, OPTIONS; false otherwise.
   */
  idempotent?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send no Authorization header (signed download URLs carry their own proof); required for another host. */
  anonymous?: boolean;
  /** Told of each attempt (a paid request's journal writes it down only when it goes out). */
  attempts?: AttemptHooks;
  /** The id of the catalog entry sent (`lists.create`), told to trace listeners with the answer. */
  endpoint?: string;
  /** The answer is a JSON object or array: a 2xx with anything else is refused as invalid_response. */
  answersJson?: boolean;
}

/**
 * What a caller hears of each attempt of a request. A request that is not idempotent is sent
 * again only after an answer that says nothing was done (a 429, a retryable 503) or a failure
 * to connect, so for it `retrying` means the attempt did nothing.
 */
export interface AttemptHooks {
  /** Right before an attempt goes out, after pacing and any wait; throwing stops it unsent. */
  sending(attempt: number): void | Promise<void>;
  /** The attempt failed and the request waits to be sent again. */
  retrying(error: ApiError, attempt: number): void | Promise<void>;
  /** The attempt was handed to the network whole (before that, an abort stops it unsent). */
  sent?(attempt: number): void;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  data: T;
}

export class Client {
  readonly baseUrl: URL;
  private readonly token: string | undefined;
  private readonly transport: Transport;
  private readonly retry: RetryPolicy;
  private readonly userAgent: string;
  private readonly onTrace: ((e: TraceEvent) => void) | undefined;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;
  private readonly pacer: RatePacer;
  private readonly deadlineMs: number;

  constructor(opts: ClientOptions) {
    this.baseUrl = checkBaseUrl(opts.baseUrl);
    this.token = opts.token;
    const readTimeoutMs = opts.readTimeoutMs ?? 60_000;
    this.transport = new Transport({
      connectTimeoutMs: opts.connectTimeoutMs ?? 10_000,
      readTimeoutMs,
      maxSockets: opts.maxSockets ?? 8,
      ...(opts.maxAnswerBytes !== undefined ? { maxAnswerBytes: opts.maxAnswerBytes } : {}),
    });
    this.deadlineMs = opts.deadlineMs ?? 2 * readTimeoutMs;
    this.retry = { ...DEFAULT_RETRY_POLICY, ...opts.retry };
    this.userAgent = opts.userAgent ?? `prospect-cli/${SDK_VERSION} node/${process.version}`;
    this.onTrace = opts.onTrace;
    this.sleep = opts.sleep ?? sleep;
    this.random = opts.random ?? Math.random;
    this.pacer = new RatePacer(opts.now ?? Date.now, this.sleep);
  }

  url(path: string, prefix: Prefix = 'v2', query?: RequestOptions['query']): URL {
    const base = this.baseUrl.href.replace(/\/+$/, '');
    const p = /^https?:\/\//.test(path) ? path : `${base}${PREFIXES[prefix]}${path === '' || path.startsWith('/') ? path : `/${path}`}`;
    const url = new URL(p);
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v === undefined || v === null) continue;
      if (Array.isArray(v)) for (const item of v) url.searchParams.append(k, String(item));
      else url.searchParams.set(k, String(v));
    }
    return url;
  }

  /** Sends a request with retries and returns the parsed body; throws ApiError otherwise. */
  async request<T = unknown>(opts: RequestOptions): Promise<T> {
    return (await this.requestWithResponse<T>(opts)).data;
  }

  async requestWithResponse<T = unknown>(opts: RequestOptions): Promise<ApiResponse<T>> {
    const method = opts.method.toUpperCase();
    const url = this.url(opts.path, opts.prefix, opts.query);
    if (url.origin !== this.baseUrl.origin) {
      // Credentials go to the service only; another host (a signed download URL) is asked anonymously.
      if (!opts.anonymous)
        throw new ConfigurationError(
          `refusing to send credentials to ${url.origin}, which is not the service (${this.baseUrl.origin})`,
          'Give a path on the service, or fetch the URL without credentials.',
        );
      checkBaseUrl(url.href);
    }
    const idempotent = opts.idempotent ?? ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'].includes(method);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.userAgent,
      ...opts.headers,
    };
    let body: Buffer | undefined;
    if (opts.body !== undefined) {
      body = Buffer.from(JSON.stringify(opts.body));
      headers['content-type'] = 'application/json';
    }
    if (this.token && !opts.anonymous) headers.authorization = `Bearer ${this.token}`;
    const printable = redactUrl(url);
    // Requests to the service are paced under the limits it announces; a download host is not.
    const paced = !opts.anonymous;
    const bound = new RequestBound(this.deadlineMs, this.retry.maxRetryAfterTotalMs);

    for (let attempt = 0; ; attempt++) {
      if (paced) await this.pacer.take(opts.signal, (waitMs, limit) => this.trace({ type: 'pace', method, url: printable, waitMs, limit }));
      await opts.attempts?.sending(attempt);
      this.trace({ type: 'request', method, url: printable, headers: redactHeaders(headers), attempt });
      const started = monotonicMs();
      let res: RawResponse;
      try {
        res = await this.transport.send({
          method,
          url,
          headers,
          body,
          signal: opts.signal,
          onSent: () => opts.attempts?.sent?.(attempt),
          deadlineMs: bound.leftMs(),
        });
      } catch (e) {
        if (!isTransportFailure(e)) throw e;
        const ms = Math.round(monotonicMs() - started);
        this.trace({ type: 'network-error', method, url: printable, code: e.error.code, ms });
        const d = decideRetry(this.retry, {
          attempt,
          error: e.error,
          idempotent: idempotent || !e.mayHaveBeenProcessed,
          random: this.random,
        });
        if (!d.retry || !bound.allows(e.error, d.waitMs)) throw e.error;
        this.trace({ type: 'retry', method, url: printable, reason: e.error.code, waitMs: d.waitMs, attempt });
        await opts.attempts?.retrying(e.error, attempt);
        await this.sleep(d.waitMs, opts.signal);
        continue;
      }
      const ms = Math.round(monotonicMs() - started);
      if (paced) this.pacer.learn(headerValue(res.headers['ratelimit-policy']));
      const requestId = headerValue(res.headers['x-request-id']);
      this.trace({ type: 'response', method, url: printable, status: res.status, ms, requestId });
      const data = parseBody(res);
      if (res.status >= 200 && res.status < 300) {
        if (opts.answersJson && (typeof data !== 'object' || data === null))
          throw invalidResponseError({ status: res.status, body: res.body, requestId, method, url: printable });
        this.trace({
          type: 'answer',
          endpoint: opts.endpoint,
          method,
          prefix: opts.prefix ?? 'v2',
          path: opts.path,
          query: opts.query,
          body: opts.body,
          data,
        });
        return { status: res.status, headers: res.headers, data: data as T };
      }
      const error = errorFromResponse({
        status: res.status,
        body: data,
        retryAfter: headerValue(res.headers['retry-after']),
        requestId,
        method,
        url: printable,
      });
      const d = decideRetry(this.retry, { attempt, error, idempotent, random: this.random });
      if (!d.retry || !bound.allows(error, d.waitMs)) throw error;
      this.trace({
        type: 'retry',
        method,
        url: printable,
        reason: `${res.status} ${error.code}`,
        waitMs: d.waitMs,
        attempt,
        limit: rateLimitOf(error),
      });
      await opts.attempts?.retrying(error, attempt);
      await this.sleep(d.waitMs, opts.signal);
    }
  }

  /** About how long `requests` more requests take under the rate limits the service announced (for an ETA). */
  paceEstimate(requests: number): { ms: number; limit: RateLimitInfo } | undefined {
    const t = this.pacer.timeFor(requests);
    return t && { ms: t.ms, limit: t.policy };
  }

  get<T = unknown>(path: string, query?: RequestOptions['query'], prefix: Prefix = 'v2'): Promise<T> {
    return this.request<T>({ method: 'GET', path, query, prefix });
  }

  post<T = unknown>(path: string, body?: unknown, opts: Partial<RequestOptions> = {}): Promise<T> {
    return this.request<T>({ method: 'POST', path, body, ...opts });
  }

  /** Frees pooled connections so the process can exit at once. */
  close(): void {
    this.transport.close();
  }

  private trace(e: TraceEvent): void {
    this.onTrace?.(e);
  }
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function parseBody(res: RawResponse): unknown {
  if (res.body.length === 0) return null;
  const text = res.body.toString('utf8');
  const type = headerValue(res.headers['content-type']) ?? '';
  if (type.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Authorization and cookies are never traced, not even in part: only an Authorization scheme (Bearer) shows. */
export function redactHeaders(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (!/^(authorization|cookie|set-cookie|x-api-key)$/i.test(k)) out[k] = v;
    else out[k] = /^authorization$/i.test(k) && /^\S+ \S/.test(v) ? `${v.split(' ')[0]} [REDACTED]` : '[REDACTED]';
  }
  return out;
}

export { ApiError, ConfigurationError, isApiError, checkBaseUrl };

/** What a 429 says about the limit it hit (the generic shape's details: limit, window, scope). */
function rateLimitOf(e: ApiError): RateLimitInfo | undefined {
  const d = e.details;
  if (e.status !== 429 || !d || typeof d.limit !== 'number') return undefined;
  const windowMs = d.window === 'minute' ? 60_000 : d.window === 'day' ? 86_400_000 : undefined;
  if (windowMs === undefined) return undefined;
  return { limit: d.limit, windowMs, scope: typeof d.scope === 'string' ? d.scope : undefined };
}

/**
 * The bounds of one request over its attempts: a deadline for the attempts and the backoff
 * between them, and a total for the Retry-After waits (which move the deadline on by what they
 * wait, so a rate-limited request is not cut for waiting as asked).
 */
class RequestBound {
  private deadline: number;
  private waitedOut = 0;

  constructor(
    deadlineMs: number,
    private readonly maxRetryAfterTotalMs: number,
  ) {
    this.deadline = monotonicMs() + deadlineMs;
  }

  leftMs(): number {
    return this.deadline - monotonicMs();
  }

  /** Whether a retry after waiting `waitMs` stays within the bounds; counts the wait if it does. */
  allows(error: ApiError, waitMs: number): boolean {
    if (error.retryAfterMs !== undefined) {
      if (this.waitedOut + waitMs > this.maxRetryAfterTotalMs) return false;
      this.waitedOut += waitMs;
      this.deadline += waitMs;
      return true;
    }
    return this.leftMs() > waitMs;
  }
}
