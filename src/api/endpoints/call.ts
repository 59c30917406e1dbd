import { ConfigurationError } from '../errors.js';
import type { AttemptHooks, Client, RequestOptions } from '../client.js';
import type { Prefix } from '../prefixes.js';
import { pathOf, type BodyOf, type Endpoint, type EndpointKind, type ResponseOf } from './endpoint.js';

export interface CallOptions<E> {
  /** Values of the path's `:name` segments. */
  params?: Readonly<Record<string, string>>;
  query?: RequestOptions['query'];
  body?: BodyOf<E>;
  signal?: AbortSignal | undefined;
  attempts?: AttemptHooks;
  /** Send a v2 operation under /api/v1/public, where it also answers. */
  v1?: boolean;
}

const PREFIX_OF: Record<EndpointKind, Prefix> = { v2: 'v2', v1only: 'v1', keys: 'keys', control: 'control', root: 'root' };

/** The client request that sends an entry. */
export function requestOf<E extends Endpoint>(e: E, opts: CallOptions<E> = {}): RequestOptions {
  const body = opts.body as { idempotency_key?: unknown } | undefined;
  return {
    endpoint: e.id,
    method: e.method,
    path: pathOf(e, opts.params),
    prefix: opts.v1 && e.kind === 'v2' ? 'v1' : PREFIX_OF[e.kind],
    ...(opts.query ? { query: opts.query } : {}),
    ...(body !== undefined ? { body } : {}),
    idempotent: e.idempotent === 'idempotency_key' ? body?.idempotency_key !== undefined : e.idempotent,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.attempts ? { attempts: opts.attempts } : {}),
    ...(e.response !== undefined ? { answersJson: true } : {}),
  };
}

/**
 * Whether an entry as sent may go without the paid path: it spends nothing as asked (a CSV import
 * that dispatches no enrichment), a resend replays its first answer (a CSV import with an
 * idempotency_key: the service answers a repeat from its cache for 24 hours, with no re-charge),
 * or it takes no quote to resolve a lost answer with (v1 bulk: never resent, see paid-call.ts).
 */
export function sendableWithoutPaidPath(e: Endpoint, body: unknown): boolean {
  if (!e.paid) return true;
  if (e.paid.tools.length === 0) return true;
  if (e.idempotent !== 'idempotency_key') return false;
  const b = (body ?? {}) as { dispatch_enrichment?: unknown; idempotency_key?: unknown };
  return b.dispatch_enrichment === false || (typeof b.idempotency_key === 'string' && b.idempotency_key !== '');
}

/**
 * Sends one catalog operation; retried after a lost answer only when the entry says that does no
 * harm. A paid entry is refused here: it goes through sendPaid (paid-call.ts), whose journal and
 * quote make a lost answer resolvable, never paid twice.
 */
export function call<E extends Endpoint>(client: Client, e: E, opts: CallOptions<E> = {}): Promise<ResponseOf<E>> {
  if (!sendableWithoutPaidPath(e, opts.body))
    return Promise.reject(
      new ConfigurationError(
        `${e.id} spends credits: it is sent through the paid path (sendPaid), never call()`,
        "Send it with its area's send method (sendQuoted).",
      ),
    );
  return client.request<ResponseOf<E>>(requestOf(e, opts));
}
