import * as z from 'zod/mini';
import { RATE_LIMITS } from '../../api/schemas/limits.js';
import { genericError, publicError, validationError, type SandboxError } from './errors.js';
import type { PublicCode, GenericCode, ValidationIssue } from '../../api/schemas/errors.js';
import { GENERIC_CODES, PUBLIC_CODES, RETRYABLE_CODES } from '../../api/schemas/errors.js';

/**
 * Injected faults, applied before authentication to every request outside /__sandbox/:
 * latency (delay, then go on), status (answer a 5xx in the spec's shape), drop (close the
 * socket without answering), rate_limit (a 429 burst with Retry-After). With phase "after"
 * the request is handled first (its effects stay) and then the answer is delayed, replaced
 * by the error, or lost: what a client sees when a response goes missing on the way back.
 */
/** Longest path pattern accepted: a request path is matched against it in time linear in both. */
export const PATH_PATTERN_MAX = 500;

export const FaultRuleInput = z.object({
  method: z.optional(z.string()),
  /** Text the request path (with its query) must hold; `*` stands for any run of characters. Never a regular expression. */
  path: z.optional(z.string().check(z.minLength(1), z.maxLength(PATH_PATTERN_MAX))),
  kind: z.enum(['latency', 'status', 'drop', 'rate_limit']),
  /** before (default): instead of handling the request; after: once it has been handled. */
  phase: z.optional(z.enum(['before', 'after'])),
  latency_ms: z.optional(z.int().check(z.minimum(0), z.maximum(120_000))),
  status: z.optional(z.int().check(z.minimum(400), z.maximum(599))),
  code: z.optional(z.string()),
  retryable: z.optional(z.boolean()),
  retry_after_sec: z.optional(z.int().check(z.minimum(0), z.maximum(86_400))),
  /** How many times the rule applies; unlimited when absent. */
  count: z.optional(z.int().check(z.minimum(1))),
  /** Matching requests to let through untouched before the rule starts applying. */
  after: z.optional(z.int().check(z.minimum(0))),
});
export type FaultRuleInput = z.infer<typeof FaultRuleInput>;

export const FaultsBody = z.object({ rules: z.array(FaultRuleInput) });

export interface FaultRule extends FaultRuleInput {
  id: number;
  /** Matching requests seen so far. */
  matched: number;
  /** Times the rule was applied. */
  applied: number;
}

export class Faults {
  private rules: FaultRule[] = [];
  private nextId = 1;

  add(inputs: FaultRuleInput[]): FaultRule[] {
    const issues: ValidationIssue[] = [];
    inputs.forEach((r, i) => {
      if (r.path !== undefined && looksLikeRegex(r.path))
        issues.push({
          type: 'value_error',
          loc: ['body', 'rules', i, 'path'],
          msg: `${r.path} looks like a regular expression; path is text the request path holds, with * for any characters (e.g. /lead-lists/*/leads)`,
        });
      if (r.code !== undefined && !isPublic(r.code) && !isGeneric(r.code))
        issues.push({ type: 'value_error', loc: ['body', 'rules', i, 'code'], msg: `unknown error code ${r.code}` });
    });
    if (issues.length > 0) throw validationError(issues);
    for (const r of inputs) this.rules.push({ ...r, id: this.nextId++, matched: 0, applied: 0 });
    return this.list();
  }

  clear(): void {
    this.rules = [];
  }

  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  /** The rules to apply to a request, in order: latencies first, then at most one answer. */
  match(method: string, path: string): FaultRule[] {
    const out: FaultRule[] = [];
    for (const r of this.rules) {
      if (r.method && r.method.toUpperCase() !== method.toUpperCase()) continue;
      if (r.path !== undefined && !globIncludes(path, r.path)) continue;
      r.matched += 1;
      if (r.after !== undefined && r.matched <= r.after) continue;
      if (r.count !== undefined && r.applied >= r.count) continue;
      r.applied += 1;
      out.push(r);
      if (r.kind !== 'latency') break;
    }
    return out;
  }
}

/**
 * Whether `text` holds `pattern`, where `*` in the pattern stands for any run of characters.
 * Each literal piece is found after the previous one (the leftmost place is always the best
 * one), so the cost is linear: no pattern can hang the server, as a nested-quantifier
 * regular expression like /(a+)+$/ against a long path did.
 */
export function globIncludes(text: string, pattern: string): boolean {
  let from = 0;
  for (const piece of pattern.split('*')) {
    if (piece === '') continue;
    const at = text.indexOf(piece, from);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return true;
}

/**
 * The /regex/flags form paths took before, with characters no request path holds bare: such
 * a rule would silently never match, so it is refused with the glob form to use instead.
 */
const looksLikeRegex = (p: string): boolean => /^\/.*\/[dgimsuy]*$/.test(p) && /[\\^$()[\]{}|+]/.test(p);

const isPublic = (c: string): c is PublicCode => (PUBLIC_CODES as readonly string[]).includes(c);
const isGeneric = (c: string): c is GenericCode => c in GENERIC_CODES;

/** Generic codes for a status rule without a code, in the shape the spec gives those statuses. */
const GENERIC_FOR_STATUS: Partial<Record<number, [GenericCode, string]>> = {
  400: ['BAD_REQUEST', 'Bad request'],
  401: ['AUTHENTICATION_INVALID', 'Invalid or expired API key'],
  402: ['INSUFFICIENT_CREDITS', 'Insufficient credits'],
  403: ['PERMISSION_DENIED', 'Permission denied'],
  404: ['RESOURCE_NOT_FOUND', 'Not found'],
  500: ['INTERNAL_ERROR', 'Internal server error'],
  502: ['UPSTREAM_ERROR', 'An upstream service failed'],
};

/** The answer of a status or rate_limit rule. Every 429 carries Retry-After, as the spec says. */
export function faultResponse(r: FaultRule): SandboxError {
  const status = r.kind === 'rate_limit' ? 429 : (r.status ?? 503);
  const retryAfterSec = r.retry_after_sec ?? (status === 429 ? 1 : undefined);
  const headers: Record<string, string> = retryAfterSec !== undefined ? { 'retry-after': String(retryAfterSec) } : {};
  const code = r.code;
  if (status === 429 && (code === undefined || code === 'RATE_LIMITED')) {
    return genericError(
      429,
      'RATE_LIMITED',
      `Rate limit exceeded: ${RATE_LIMITS.organizationPerMinute} requests per minute per organization. Retry after ${retryAfterSec} seconds.`,
      { limit: RATE_LIMITS.organizationPerMinute, window: 'minute', scope: 'organization' },
      headers,
    );
  }
  if (code !== undefined && isGeneric(code)) return genericError(status, code, `Injected ${status} ${code}`, undefined, headers);
  const generic = code === undefined ? GENERIC_FOR_STATUS[status] : undefined;
  if (generic) return genericError(status, generic[0], generic[1], undefined, headers);
  const publicCode: PublicCode = code !== undefined && isPublic(code) ? code : 'internal_error';
  const retryable =
    r.retryable ??
    ((RETRYABLE_CODES as readonly string[]).includes(publicCode) ||
      (publicCode === 'internal_error' && (status === 503 || status === 429)));
  return publicError(
    status,
    {
      code: publicCode,
      problem: status === 503 ? 'The service is temporarily unavailable' : 'The service failed to handle the request',
      cause: 'A fault injected through /__sandbox/faults.',
      fix: retryable ? 'Retry after a short wait.' : 'Check the status of the operation before running it again.',
      retryable,
      ...(retryAfterSec !== undefined ? { retry_after_ms: retryAfterSec * 1000 } : {}),
    },
    headers,
  );
}
