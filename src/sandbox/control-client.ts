import type * as z from 'zod/mini';
import type { Client } from '../api/client.js';
import { call } from '../api/endpoints/call.js';
import type { Endpoint, QueryParam, ResponseOf } from '../api/endpoints/endpoint.js';
import { CONTROL, isEndpoint, type ControlEndpoint } from './control-endpoints.js';

/**
 * A typed client of the sandbox's test controls, derived from their catalog entries: each
 * entry becomes a method taking one object (the body's fields, the path's `:name` values and,
 * for reads, the query parameters) and answering the entry's response type.
 */

/** The `:name` segments of a path. */
type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;

type BodyInput<B> = B extends z.ZodMiniType ? z.input<B> : unknown;
type QueryInput<Q> = Q extends readonly QueryParam[] ? { [K in Q[number]['name']]?: string | number } : unknown;

/** What a control method takes: body fields, path values and query parameters in one object. */
export type ControlInput<E> =
  E extends ControlEndpoint<infer _M, infer P, infer B, infer _R, infer Q>
    ? BodyInput<B> & { [K in ParamNames<P>]: string } & QueryInput<Q>
    : never;

export interface ControlCallOptions {
  signal?: AbortSignal;
}

/** One control: the input may be left out when every field of it is optional. */
// `{} extends T` asks whether every field of T is optional.
/* eslint-disable @typescript-eslint/no-empty-object-type */
export type ControlMethod<E> =
  {} extends ControlInput<E>
    ? (input?: ControlInput<E>, opts?: ControlCallOptions) => Promise<ResponseOf<E>>
    : (input: ControlInput<E>, opts?: ControlCallOptions) => Promise<ResponseOf<E>>;
/* eslint-enable @typescript-eslint/no-empty-object-type */

/** The catalog tree with each entry turned into its method. */
export type ControlClient<T = typeof CONTROL> = {
  readonly [K in keyof T]: T[K] extends Endpoint ? ControlMethod<T[K]> : ControlClient<T[K]>;
};

/** The test controls of the sandbox `client` points at (no credentials needed: loopback only). */
export function controlClient(client: Client, tree: object = CONTROL): ControlClient {
  return Object.fromEntries(
    Object.entries(tree).map(([name, v]: [string, unknown]) => [
      name,
      isEndpoint(v) ? controlMethod(client, v) : controlClient(client, v as object),
    ]),
  ) as unknown as ControlClient;
}

function controlMethod(client: Client, e: Endpoint): (input?: Record<string, unknown>, opts?: ControlCallOptions) => Promise<unknown> {
  const paramNames = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  return (input = {}, opts = {}) => {
    const params: Record<string, string> = {};
    const rest: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(input)) {
      if (paramNames.includes(k)) params[k] = String(v);
      else rest[k] = v;
    }
    const signal = opts.signal ? { signal: opts.signal } : {};
    if (e.method === 'GET') return call(client, e, { params, query: rest as Record<string, string | number>, ...signal });
    // Controls take a JSON body on every POST ({} when there is nothing to say); a DELETE sends none.
    const body = e.method === 'DELETE' && Object.keys(rest).length === 0 ? {} : { body: rest as never };
    return call(client, e, { params, ...body, ...signal });
  };
}
