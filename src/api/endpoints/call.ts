import type { AttemptHooks, Client } from '../client.js';
import { MOUNTS, pathOf, type BodyOf, type Endpoint, type ResponseOf } from './endpoint.js';

export interface CallOptions<E> {
  /** Values of the path's `:name` segments. */
  params?: Readonly<Record<string, string>>;
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>;
  body?: BodyOf<E>;
  signal?: AbortSignal | undefined;
  attempts?: AttemptHooks;
  /** One of the entry's mounts other than its first (a v2 operation under /api/v1/public). */
  mount?: string;
}

/** The path of an entry under its mount, from the host root. */
export function rootPathOf(e: Endpoint, params?: Readonly<Record<string, string>>, mount = MOUNTS[e.kind][0]!): string {
  const rest = pathOf(e, params);
  return `${mount}${rest === '/' ? '' : rest}`;
}

/** Sends one catalog operation; retried only when the entry says sending it twice does no harm. */
export function call<E extends Endpoint>(client: Client, e: E, opts: CallOptions<E> = {}): Promise<ResponseOf<E>> {
  if (opts.mount !== undefined && !MOUNTS[e.kind].includes(opts.mount)) throw new Error(`${e.id} does not answer under ${opts.mount}`);
  return client.request<ResponseOf<E>>({
    method: e.method,
    path: rootPathOf(e, opts.params, opts.mount),
    prefix: 'root',
    ...(opts.query ? { query: opts.query } : {}),
    ...(opts.body !== undefined ? { body: opts.body } : {}),
    idempotent: e.idempotent,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.attempts ? { attempts: opts.attempts } : {}),
  });
}
