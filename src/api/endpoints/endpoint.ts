import type * as z from 'zod/mini';
import type { Scope } from '../schemas/auth.js';
import type { GenericCode, PublicCode } from '../schemas/errors.js';
import type { Tool } from '../schemas/values/credits.js';
import { PREFIXES } from '../prefixes.js';

/**
 * One operation of the service (or of the sandbox's test controls), described once. The SDK's
 * methods, the sandbox's router, the published OpenAPI documents and the `api` help all read
 * these entries; a test fails when any of them has an operation that no entry describes.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Where an operation answers: v2 operations under /api/v2 and /api/v1/public alike; v1-only
 * ones under /api/v1/public alone (no scope checks); key management under /api/v1/api-keys
 * (session JWT only); the sandbox's test controls under /__sandbox; root ones at the host root.
 */
export type EndpointKind = 'v2' | 'v1only' | 'keys' | 'control' | 'root';

export const MOUNTS: Record<EndpointKind, readonly string[]> = {
  v2: [PREFIXES.v2, PREFIXES.v1],
  v1only: [PREFIXES.v1],
  keys: [PREFIXES.keys],
  control: [PREFIXES.control],
  root: [PREFIXES.root],
};

/** Search counters beyond plain requests: the people search daily cap, the partner monthly quota. */
export type SearchCounter = 'people_search' | 'company_search';

export type ErrorCode = PublicCode | GenericCode;

export interface QueryParam {
  name: string;
  description: string;
  required?: boolean;
  /**
   * The parameter's JSON Schema (type, enum, minimum, maximum, default), or the named schema
   * the handler validates it with (the documents render that one, so the two cannot drift).
   */
  schema: Record<string, unknown> | SchemaRef;
  /** Repeated once per value (?columns=a&columns=b). */
  repeated?: boolean;
}

/**
 * A `:name` segment of a path: what it names, where a client gets it, and the JSON Schema
 * keywords beyond type string that the handler checks (format uuid where anything else is a 422).
 */
export interface PathParam {
  description: string;
  schema?: { format?: string; pattern?: string };
}

/** The exports of src/api/schemas, by name (types only: the catalog loads no zod). */
type SchemaExports = typeof import('../schemas/agents.js') &
  typeof import('../schemas/auth.js') &
  typeof import('../schemas/credits.js') &
  typeof import('../schemas/enrichment.js') &
  typeof import('../schemas/errors.js') &
  typeof import('../schemas/export.js') &
  typeof import('../schemas/identity.js') &
  typeof import('../schemas/keys.js') &
  typeof import('../schemas/legacy.js') &
  typeof import('../schemas/lists.js') &
  typeof import('../schemas/search.js') &
  typeof import('../schemas/sync.js');

/** The export name of every zod schema of src/api/schemas. */
export type SchemaName = { [K in keyof SchemaExports]: SchemaExports[K] extends z.ZodMiniType ? K : never }[keyof SchemaExports];

/**
 * A schema of src/api/schemas named by its export name. Entries name their schemas instead of
 * holding them, so the catalog costs the CLI no zod at start-up; the sandbox and the OpenAPI
 * documents look the schema up by name (schemas.ts). The type is the named schema's: name and
 * type cannot disagree.
 */
export interface SchemaRef<S extends z.ZodMiniType = z.ZodMiniType> {
  readonly schema: string;
  /** Never set: carries the schema's type. */
  readonly type?: S;
}

/** `ref('ListDetail')`: the schema exported as ListDetail, typed as it. */
export function ref<N extends SchemaName>(schema: N): SchemaRef<Extract<SchemaExports[N], z.ZodMiniType>> {
  return { schema };
}

/**
 * What an entry's body or answer is: a named schema (service entries: the CLI loads them) or
 * the schema itself (the sandbox's control entries, which only the sandbox loads).
 */
export type SchemaSlot = SchemaRef | z.ZodMiniType;

type SchemaIn<S> = S extends SchemaRef<infer Z> ? Z : S extends z.ZodMiniType ? S : never;
/** What a client sends for a body slot, and what the service answers for a response slot. */
type InputOf<S> = S extends SchemaSlot ? z.input<SchemaIn<S>> : never;
type OutputOf<S> = S extends SchemaSlot ? z.output<SchemaIn<S>> : never;

/** A sample request and answer, as the published documents show them. */
export interface Example<Body, Response> {
  body?: InputOf<Body>;
  response?: OutputOf<Response>;
}

/**
 * How an operation's pages are read beside their rows (the entry's `rows`): where the cursor and
 * the page size go (the query of a GET, the body of a search), and the page size a client asks
 * for unless told (none: the service's default). Each page's `cursor` leads to the next.
 */
export interface Paging {
  in: 'query' | 'body';
  size?: number;
}

export interface Endpoint<
  Body extends SchemaSlot | undefined = SchemaSlot | undefined,
  Response extends SchemaSlot | undefined = SchemaSlot | undefined,
  Rows extends string | undefined = string | undefined,
> {
  /** Area and verb, e.g. `lists.create`: unique, stable, what tests and the `api` help name. */
  id: string;
  method: HttpMethod;
  /** Relative to the mount prefix; `:name` is one path segment. */
  path: string;
  /** Every `:name` of the path, described (a string is the description alone); a test holds each entry to it. */
  params?: Readonly<Record<string, string | PathParam>>;
  kind: EndpointKind;
  /** The one scope checked (v2 only); null for whoami, v1-only, key-management and control operations. */
  scope: Scope | null;
  /** One paragraph, in our words: what it does and what it costs. */
  description: string;
  /** A short title (OpenAPI summary). */
  summary: string;
  query?: readonly QueryParam[];
  body?: Body;
  /** The answer; `oneOf` lists the schemas the answer is one of (the first is `response`). */
  response?: Response;
  oneOf?: readonly SchemaSlot[];
  /** The key of the answer that holds its rows (a list, paged or not): what a face lists and keeps to the fields asked. */
  rows?: Rows;
  /** A paged operation (its rows a page of them): how its pages are read (one paging helper reads every one). */
  pages?: Paging;
  /**
   * A sample body and answer, typed by the entry's schemas; a test parses each with them and
   * sends each body to the sandbox. Every published operation with a body has one.
   */
  example?: Example<Body, Response>;
  /** 200 unless given. */
  status?: 200 | 201 | 202;
  /** When a 201 operation may also answer 200 (same schema): why. */
  also200?: string;
  /** Error codes this operation answers beyond those every call may get (401, 403, 429, 500). */
  errors?: Partial<Record<number, readonly ErrorCode[]>>;
  /**
   * Whether sending it twice has the effect of once (so a lost answer may be retried);
   * 'idempotency_key' when that holds only for a body carrying one.
   */
  idempotent: boolean | 'idempotency_key';
  /**
   * A paid operation and the estimate tools that quote it (POST /credits/estimate, then the
   * quote_id in the body); no tools when it is charged without a quote (the v1 bulk run).
   */
  paid?: { tools: readonly Tool[] };
  /** Counted toward a search cap beyond plain requests. */
  counts?: SearchCounter;
  /**
   * Plan gating (403 when the plan has no API access): 'keys' gates API-key calls only (default
   * for v2 and v1-only), 'always' sessions too, 'never' none (default for key management).
   */
  planGate?: 'keys' | 'always' | 'never';
  /** The published OpenAPI document that lists it, and its operationId and tag there. */
  published?: { document: 'v2' | 'v1'; operationId: string; tag: string };
}

/** Declares an entry, keeping its literal types (so `request` knows the body and answer). */
export function endpoint<
  const B extends SchemaSlot | undefined = undefined,
  const R extends SchemaSlot | undefined = undefined,
  const K extends string | undefined = undefined,
>(e: Endpoint<B, R, K>): Endpoint<B, R, K> {
  return e;
}

/** The body type an entry takes, or never. */
export type BodyOf<E> = E extends Endpoint<infer B, SchemaSlot | undefined, string | undefined> ? InputOf<B> : never;
/** The body of an entry as its schema leaves it after parsing (defaults filled in). */
export type ParsedBodyOf<E> = E extends Endpoint<infer B, SchemaSlot | undefined, string | undefined> ? OutputOf<B> : never;
/** The answer type of an entry, or unknown. */
export type ResponseOf<E> =
  E extends Endpoint<SchemaSlot | undefined, infer R, string | undefined>
    ? R extends SchemaSlot
      ? z.output<SchemaIn<R>>
      : unknown
    : unknown;

/** An entry whose answer holds rows (paged ones say `pages` too). */
export type RowsEndpoint = Endpoint<SchemaSlot | undefined, SchemaSlot | undefined, string>;
/** The type of one row of an entry's rows. */
export type RowOf<E> =
  E extends Endpoint<SchemaSlot | undefined, SchemaSlot | undefined, infer K>
    ? K extends keyof ResponseOf<E>
      ? ResponseOf<E>[K] extends ReadonlyArray<infer T>
        ? T
        : never
      : never
    : never;

/** The path with its `:name` segments filled in (each value URI-encoded); '' is the mount itself. */
export function pathOf(e: Pick<Endpoint, 'path'>, params: Readonly<Record<string, string>> = {}): string {
  return e.path.replace(/:(\w+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`${e.path}: no value for :${name}`);
    return encodeURIComponent(v);
  });
}
