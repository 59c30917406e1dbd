import type { IncomingMessage, ServerResponse } from 'node:http';
import { RequestContext, Reply, type SandboxServices } from './context.js';
import { PREFIX, prefixOf, type Router, type RouteMatch } from './router.js';
import { authenticate, checkApiAccess, requireScope, type Principal } from './engine/auth.js';
import { SandboxError, genericError, notFound, publicError, renderError } from './engine/errors.js';
import { faultResponse } from './engine/faults.js';
import { guardControlRequest } from './engine/control-guard.js';
import { settleRuns } from './engine/settle.js';
import { clientIp } from './engine/request-log.js';
import { answerMismatch } from './engine/answer-check.js';
import { applicableRows, rateRequestOf, type RateRejection } from './engine/rate-limits.js';
import { schemaOf } from '../api/endpoints/schemas.js';
import { refuseUnknownFields } from './unknown-fields.js';
import { ClientGoneError, newRequestId, parseJsonBody, readBody, sendBytes, sendJson, sleep } from './http.js';

/**
 * One request, in order: the local-caller checks of /__sandbox, faults (outside it), route
 * match, authentication (API prefixes), plan gate, scope, rate limits (a rejected request
 * consumes nothing), body, handler. Errors render in their spec shape; identified requests
 * leave a request log row.
 */
export function createRequestHandler(
  services: SandboxServices,
  router: Router,
  onRequestDone: (mutating: boolean) => void,
  /** Aborted when the server closes. */
  closing?: AbortSignal,
  /** Every 2xx JSON answer parsed with its entry's response schema; a mismatch is a 500 naming both (the test suite's sandboxes). */
  checkAnswers = false,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(services, router, req, res, closing, checkAnswers).then(onRequestDone, (e: unknown) => {
      process.stderr.write(`sandbox: unhandled error ${(e as Error)?.stack ?? String(e)}\n`);
      if (!res.headersSent) sendJson(res, 500, { error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } });
    });
  };
}

async function handle(
  services: SandboxServices,
  router: Router,
  req: IncomingMessage,
  res: ServerResponse,
  closing: AbortSignal | undefined,
  checkAnswers: boolean,
): Promise<boolean> {
  const started = performance.now();
  const requestId = newRequestId();
  res.setHeader('x-request-id', requestId);
  res.setHeader('content-type', 'application/json');
  const method = (req.method ?? 'GET').toUpperCase();
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const prefix = prefixOf(pathname);
  const isApi = prefix === PREFIX.v2 || prefix === PREFIX.v1 || prefix === PREFIX.keys;
  let principal: Principal | null = null;
  let match: RouteMatch | undefined;
  let status: number;
  let errorCode: string | null = null;
  let ctx: RequestContext | undefined;

  const faults = prefix === PREFIX.control ? [] : services.faults.match(method, pathname + url.search);
  /** Applies the faults of a phase: false when the connection was dropped or the server is closing. */
  const applyFaults = async (phase: 'before' | 'after'): Promise<boolean> => {
    for (const rule of faults) {
      if ((rule.phase ?? 'before') !== phase) continue;
      if (rule.kind === 'latency') {
        await sleep(rule.latency_ms ?? 0, closing);
        if (closing?.aborted) return false;
      } else if (rule.kind === 'drop') {
        req.socket.destroy();
        return false;
      } else throw faultResponse(rule);
    }
    return true;
  };

  try {
    if (prefix === PREFIX.control) guardControlRequest(method, req.headers, services.url);
    if (!(await applyFaults('before'))) return false;
    match = router.match(method, pathname);
    // Key management authenticates before routing, so a key is refused there whatever the path.
    if (!match && prefix !== PREFIX.keys) throw notFound(`No route for ${method} ${pathname}`);
    const nowMs = services.clock.now();
    if (isApi) {
      principal = authenticate(req.headers, services.store, { acceptKeys: prefix !== PREFIX.keys, nowMs });
      if (principal.key) {
        principal.key.last_used_at = services.clock.iso();
        principal.key.request_count += 1;
      }
      if (!match) throw notFound(`No route for ${method} ${pathname}`);
      const def = match.route.def.endpoint;
      const gate = def.planGate ?? (def.kind === 'keys' ? 'never' : 'keys');
      if (gate === 'always' || (gate === 'keys' && principal.authType === 'api_key')) checkApiAccess(principal.organization);
      if (def.scope) requireScope(principal, def.scope);
      const routeKind = def.kind === 'v2' ? 'v2' : def.kind === 'v1only' ? 'v1only' : 'keys';
      const limiter = services.limiter;
      const rateRequest = rateRequestOf(principal, routeKind, def.counts, nowMs);
      const rows = applicableRows(rateRequest);
      const policy = limiter.policy(rows);
      if (policy) res.setHeader('ratelimit-policy', policy);
      const decision = limiter.consume(rateRequest, rows);
      if (!decision.ok) throw rateLimitError(decision.rejection);
    }
    const raw = await readBody(req);
    // Runs that are due end first, so what the request reads (leads, balance, status) is current.
    if (isApi) settleRuns(services);
    const body = parseJsonBody(raw, req.headers['content-type']);
    const route = match!;
    const entry = route.route.def.endpoint;
    // Test controls name what they do not take: a misspelled field would otherwise do nothing.
    if (entry.kind === 'control' && entry.body) refuseUnknownFields(schemaOf(entry.body), body);
    ctx = new RequestContext(services, requestId, method, pathname, route.params, url.searchParams, req.headers, body, raw, principal);
    const result = await route.route.def.handler(ctx);
    const r = result instanceof Reply ? result : new Reply(200, result);
    status = r.status;
    // A handled request whose answer is lost still leaves its request log row.
    if (await applyFaults('after')) {
      let out = r.body;
      // A file (a signed export download) goes out as its bytes, with the content type its route set.
      if (Buffer.isBuffer(out)) sendBytes(res, status, out, r.headers);
      else {
        if ((entry.kind === 'v2' || entry.kind === 'v1only') && isPlainObject(out) && !('timestamp_ms' in out))
          out = { ...out, timestamp_ms: services.clock.now() };
        const mismatch = checkAnswers && status < 300 ? answerMismatch(entry, out) : undefined;
        if (mismatch) throw answerError(mismatch);
        sendJson(res, status, out, r.headers);
      }
    }
  } catch (e) {
    // A client that hung up mid-body (or a server closing under it) gets no answer and leaves no row.
    if (e instanceof ClientGoneError) return false;
    const err = e instanceof SandboxError ? e : internalError(e, requestId);
    status = err.status;
    errorCode = err.code;
    sendJson(res, err.status, renderError(err, { requestId, docsBaseUrl: services.url }), err.headers);
  }

  if (principal) {
    const row = {
      id: requestId,
      organization_id: principal.organization.id,
      user_id: principal.user.id,
      key_id: principal.key?.id ?? null,
      auth_type: principal.authType,
      method,
      path: pathname,
      prefix,
      route: match?.route.template ?? (pathname.slice(prefix.length) || '/'),
      status_code: status,
      duration_ms: Math.round(performance.now() - started),
      ip_address: clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for']),
      user_agent: req.headers['user-agent'] ?? null,
      created_at: services.clock.iso(),
      credits_spent: ctx?.creditsSpent ?? 0,
      error_code: errorCode,
    };
    services.requestLog.record(row);
  }
  return principal !== null || (prefix === PREFIX.control && method !== 'GET' && method !== 'HEAD');
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function answerError(mismatch: string): SandboxError {
  process.stderr.write(`sandbox: ${mismatch}\n`);
  return genericError(500, 'INTERNAL_ERROR', mismatch);
}

function internalError(e: unknown, requestId: string): SandboxError {
  process.stderr.write(`sandbox: ${requestId} failed: ${(e as Error)?.stack ?? String(e)}\n`);
  return genericError(500, 'INTERNAL_ERROR', 'Internal server error');
}

const LIMIT_TEXT: Record<RateRejection['scope'], string> = {
  organization: 'requests per minute per organization',
  api_key: 'requests per minute per API key',
  organization_people_search: 'people searches per UTC day per organization with API keys',
  connector_people_search: 'people searches per minute per organization for the connector client',
  partner_search_quota: 'searches per month for a partner-license workspace',
};

/** 429 RATE_LIMITED with Retry-After, or 403 search_quota_exhausted for the partner monthly allowance. */
export function rateLimitError(r: RateRejection): SandboxError {
  if (r.kind === 'search_quota_exhausted') {
    const resets = new Date(r.resetAtMs).toISOString();
    return publicError(403, {
      code: 'search_quota_exhausted',
      problem: 'The monthly search allowance of this partner-license workspace is used up',
      cause: `${r.used} of ${r.limit} searches used this month (people and company search combined).`,
      fix: `Wait until ${resets}, or upgrade to a paid plan with API access (Pro or Enterprise) on the plans page.`,
      retryable: false,
      details: { limit: r.limit, used: r.used, window: 'month', resets_at: resets },
    });
  }
  return genericError(
    429,
    'RATE_LIMITED',
    `Rate limit exceeded: ${r.limit} ${LIMIT_TEXT[r.scope]}. Retry after ${r.retryAfterSec} seconds.`,
    { limit: r.limit, window: r.window, scope: r.scope },
    { 'retry-after': String(r.retryAfterSec) },
  );
}
