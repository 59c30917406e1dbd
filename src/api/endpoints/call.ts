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
  };
}

/** Sends one catalog operation; retried after a lost answer only when the entry says that does no harm. */
export function call<E extends Endpoint>(client: Client, e: E, opts: CallOptions<E> = {}): Promise<ResponseOf<E>> {
  return client.request<ResponseOf<E>>(requestOf(e, opts));
}
