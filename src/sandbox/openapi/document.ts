import type * as z from 'zod/mini';
import { API_KEY_PREFIX } from '../../api/schemas/auth.js';
import { ErrorResponse } from '../../api/schemas/errors.js';
import { MOUNTS, resolveRoute, type ResolvedRoute, type RouteDef } from '../router.js';
import { eachRef, nameOf, refTo, REF_PREFIX, renameRefs, renderedSchemas, type JsonSchema, type SchemaIo } from './components.js';
import { V1_SPEC, V2_SPEC, type DocumentSpec, type ErrorCode, type OperationDoc } from './operations.js';

/**
 * The two published OpenAPI 3.1 documents, built once per process from the operation table,
 * the sandbox routes (path, method, scope) and the zod schemas; only the servers entry
 * depends on the request (its host).
 */

export type DocumentName = 'v2' | 'v1';
export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
};

export const DOCUMENT_PATHS: Record<DocumentName, string> = { v2: '/openapi-public-v2.json', v1: '/openapi-public.json' };
const SPECS: Record<DocumentName, DocumentSpec> = { v2: V2_SPEC, v1: V1_SPEC };
const VERSIONS: Record<DocumentName, string> = { v2: '2', v1: '1' };
const SECURITY_SCHEME = 'bearerAuth';

const cache = new Map<DocumentName, OpenApiDocument>();

/** The document, its server at `baseUrl` (scheme and host, no path). */
/** `routes` is read only the first time a document is built (it is cached per process). */
export function openApiDocument(name: DocumentName, routes: () => readonly RouteDef[], baseUrl: string): OpenApiDocument {
  let core = cache.get(name);
  if (!core) {
    core = buildDocument(name, routes());
    cache.set(name, core);
  }
  const { openapi, info, ...rest } = core;
  const prefix = MOUNTS[SPECS[name].kind][0];
  return { openapi, info, servers: [{ url: `${baseUrl}${prefix}` }], ...rest } as OpenApiDocument;
}

function buildDocument(name: DocumentName, routes: readonly RouteDef[]): OpenApiDocument {
  const spec = SPECS[name];
  const components = componentsFor(spec);
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of spec.operations) {
    const route = routes.map(resolveRoute).find((r) => r.kind === spec.kind && r.method === op.method && r.path === op.path);
    if (!route) throw new Error(`openapi: no ${spec.kind} route ${op.method} ${op.path}`);
    const path = op.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [op.method.toLowerCase()]: operation(op, route, components.inputName) };
  }
  return {
    openapi: '3.1.0',
    info: { title: spec.title, version: VERSIONS[name], description: spec.description },
    tags: spec.tags,
    paths,
    ...(spec.webhooks ? { webhooks: webhooks(spec) } : {}),
    components: {
      schemas: components.schemas,
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: `An API key (${API_KEY_PREFIX}...) or a session JWT, as Authorization: Bearer <token>.`,
        },
      },
    },
  };
}

function operation(op: OperationDoc, route: ResolvedRoute, inputName: (n: string) => string): JsonSchema {
  const scope = route.scope;
  const pathParams = [...op.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  const queryParams = (op.query ?? []).map((q) => ({
    name: q.name,
    in: 'query',
    description: q.description,
    ...(q.required ? { required: true } : {}),
    ...(q.repeated ? { style: 'form', explode: true } : {}),
    schema: q.schema,
  }));
  const parameters = [...pathParams, ...queryParams];
  const scopeText = scope ? `Scope: ${scope}.` : route.kind === 'v2' ? 'Any valid credential (no scope).' : 'Checks no scope.';
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: op.description ? `${op.description}\n\n${scopeText}` : scopeText,
    tags: [op.tag],
    security: [{ [SECURITY_SCHEME]: scope ? [scope] : [] }],
    ...(scope ? { 'x-scope': scope } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: refTo(inputName(nameOf(op.body))) } } } }
      : {}),
    responses: {
      ...(op.also200 ? { '200': { ...success(op), description: op.also200 } } : {}),
      [String(op.status ?? 200)]: success(op),
      ...errorResponses(op, route, parameters.length > pathParams.length),
    },
  };
}

function success(op: OperationDoc): JsonSchema {
  const { response } = op;
  const schema = Array.isArray(response)
    ? { anyOf: response.map((s) => refTo(nameOf(s))) }
    : response
      ? refTo(nameOf(response))
      : { type: 'object', description: 'The spec leaves this body open.' };
  return { description: op.status === 201 ? 'Created' : 'OK', content: { 'application/json': { schema } } };
}

/** Every operation may meet authentication, plan, rate-limit and server errors; bodies and query parameters a 422. */
function errorResponses(op: OperationDoc, route: ResolvedRoute, hasQuery: boolean): Record<string, JsonSchema> {
  const codes = new Map<number, ErrorCode[]>();
  const add = (status: number, ...more: readonly ErrorCode[]) => codes.set(status, [...new Set([...(codes.get(status) ?? []), ...more])]);
  add(401, 'AUTHENTICATION_INVALID');
  add(403, 'PERMISSION_DENIED');
  if (route.scope) add(403, 'insufficient_scope');
  if (op.body || hasQuery) add(422, 'validation_error');
  add(429, 'RATE_LIMITED');
  add(500, 'INTERNAL_ERROR');
  for (const [status, list] of Object.entries(op.errors ?? {})) add(Number(status), ...(list ?? []));
  const out: Record<string, JsonSchema> = {};
  for (const status of [...codes.keys()].sort((a, b) => a - b)) {
    const list = codes.get(status)!;
    out[String(status)] = {
      description: `Error codes: ${list.join(', ')}.`,
      'x-error-codes': list,
      ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } } : {}),
      content: { 'application/json': { schema: refTo(nameOf(ErrorResponse)) } },
    };
  }
  return out;
}

function webhooks(spec: DocumentSpec): JsonSchema {
  const out: JsonSchema = {};
  for (const w of spec.webhooks ?? []) {
    out[w.name] = {
      post: {
        summary: w.summary,
        description: w.description,
        requestBody: { required: true, content: { 'application/json': { schema: refTo(nameOf(w.payload)) } } },
        responses: { '2XX': { description: 'Delivered (any 2xx); anything else is a failed attempt.' } },
      },
    };
  }
  return out;
}

/**
 * The named schemas an operation set reaches: bodies rendered as input, answers as output.
 * A schema reached from both sides whose renderings differ keeps its name for the answer and
 * is `<name>Input` for requests.
 */
function componentsFor(spec: DocumentSpec): { schemas: Record<string, JsonSchema>; inputName: (n: string) => string } {
  const roots = (list: (z.ZodMiniType | undefined)[]) => list.filter((s): s is z.ZodMiniType => s !== undefined).map(nameOf);
  const inputRoots = roots(spec.operations.map((o) => o.body));
  const outputRoots = roots([
    ...spec.operations.flatMap((o) => (Array.isArray(o.response) ? o.response : [o.response])),
    ...(spec.webhooks ?? []).map((w) => w.payload),
    ErrorResponse,
  ]);
  const input = reach('input', inputRoots);
  const output = reach('output', outputRoots);
  const renamed = new Set([...input.keys()].filter((n) => output.has(n) && JSON.stringify(input.get(n)) !== JSON.stringify(output.get(n))));
  const inputName = (n: string) => (renamed.has(n) ? `${n}Input` : n);
  const all = new Map(output);
  for (const [n, schema] of input) {
    all.set(inputName(n), renameRefs(schema, (ref) => refTo(inputName(ref.slice(REF_PREFIX.length))).$ref as string) as JsonSchema);
  }
  const schemas: Record<string, JsonSchema> = {};
  for (const n of [...all.keys()].sort()) schemas[n] = all.get(n)!;
  return { schemas, inputName };
}

function reach(io: SchemaIo, roots: string[]): Map<string, JsonSchema> {
  const rendered = renderedSchemas(io);
  const found = new Map<string, JsonSchema>();
  const todo = [...roots];
  while (todo.length) {
    const n = todo.pop()!;
    if (found.has(n)) continue;
    const schema = rendered[n];
    if (!schema) throw new Error(`openapi: no rendered schema ${n}`);
    found.set(n, schema);
    eachRef(schema, (ref) => {
      if (ref.startsWith(REF_PREFIX)) todo.push(ref.slice(REF_PREFIX.length));
    });
  }
  return found;
}
