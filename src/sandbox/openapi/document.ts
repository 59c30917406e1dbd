import type * as z from 'zod/mini';
import { API_KEY_PREFIX } from '../../api/schemas/auth.js';
import { ErrorResponse } from '../../api/schemas/errors.js';
import { MOUNTS, type Endpoint, type ErrorCode, type PathParam, type QueryParam, type SchemaRef } from '../../api/endpoints/endpoint.js';
import { API, CATALOG } from '../../api/endpoints/index.js';
import { schemaOf } from '../../api/endpoints/schemas.js';
import {
  eachRef,
  nameOf,
  refTo,
  REF_PREFIX,
  renameRefs,
  renderedSchemas,
  type JsonSchema,
  type SchemaIo,
} from '../../api/endpoints/json-schema.js';
import { DOCUMENT_SPECS, type DocumentName, type DocumentSpec } from './documents.js';

/**
 * The two published OpenAPI 3.1 documents, built once per process from the catalog entries
 * published in them and their zod schemas; only the servers entry depends on the request (its host).
 */

export type { DocumentName };
export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
};

export const DOCUMENT_PATHS: Record<DocumentName, string> = { v2: API.site.openapiV2.path, v1: API.site.openapiV1.path };
const SECURITY_SCHEME = 'bearerAuth';
const CONTACT = { name: 'prospect-cli', url: 'https://www.npmjs.com/package/prospect-cli' };
const LICENSE = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };

const cache = new Map<DocumentName, OpenApiDocument>();

/** The document, its server at `baseUrl` (scheme and host, no path). */
export function openApiDocument(name: DocumentName, baseUrl: string): OpenApiDocument {
  let core = cache.get(name);
  if (!core) {
    core = buildDocument(name);
    cache.set(name, core);
  }
  const { openapi, info, ...rest } = core;
  const prefix = MOUNTS[DOCUMENT_SPECS[name].kind][0];
  return { openapi, info, servers: [{ url: `${baseUrl}${prefix}` }], ...rest };
}

/** The catalog entries a document publishes, in catalog order. */
export function publishedIn(name: DocumentName): Endpoint[] {
  return CATALOG.filter((e) => e.published?.document === name);
}

function buildDocument(name: DocumentName): OpenApiDocument {
  const spec = DOCUMENT_SPECS[name];
  const operations = publishedIn(name);
  const components = componentsFor(spec, operations);
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operations) {
    const path = op.path.replace(/:(\w+)/g, '{$1}');
    paths[path] = { ...paths[path], [op.method.toLowerCase()]: operation(op, components.inputName) };
  }
  return {
    openapi: '3.1.0',
    info: { title: spec.title, version: spec.version, description: spec.description, contact: CONTACT, license: LICENSE },
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

/** The `:name` segments of an entry's path. */
export function pathParamNames(op: Pick<Endpoint, 'path'>): string[] {
  return [...op.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}

function pathParameter(op: Endpoint, name: string): JsonSchema {
  const given: string | PathParam | undefined = op.params?.[name];
  if (given === undefined) throw new Error(`openapi: ${op.id} does not describe its path parameter ${name}`);
  const p = typeof given === 'string' ? { description: given } : given;
  return { name, in: 'path', required: true, description: p.description, schema: { type: 'string', minLength: 1, ...p.schema } };
}

/** A query parameter's schema: its JSON Schema, or the named schema the handler validates it with. */
function queryParamSchema(q: QueryParam, inputName: (n: string) => string): JsonSchema {
  return isSchemaRef(q.schema) ? refTo(inputName(nameOf(schemaOf(q.schema)))) : q.schema;
}

const isSchemaRef = (s: QueryParam['schema']): s is SchemaRef => typeof s.schema === 'string';

function operation(op: Endpoint, inputName: (n: string) => string): JsonSchema {
  const scope = op.scope;
  const pathParams = pathParamNames(op).map((name) => pathParameter(op, name));
  const queryParams = (op.query ?? []).map((q) => ({
    name: q.name,
    in: 'query',
    description: q.description,
    ...(q.required ? { required: true } : {}),
    ...(q.repeated ? { style: 'form', explode: true } : {}),
    schema: queryParamSchema(q, inputName),
  }));
  const parameters = [...pathParams, ...queryParams];
  const scopeText = scope ? `Scope: ${scope}.` : op.kind === 'v2' ? 'Any valid credential (no scope).' : 'Checks no scope.';
  return {
    operationId: op.published!.operationId,
    summary: op.summary,
    description: `${op.description}\n\n${scopeText}`,
    tags: [op.published!.tag],
    // A bearer scheme lists no scopes in a requirement (only OAuth schemes do); x-scope names it.
    security: [{ [SECURITY_SCHEME]: [] }],
    ...(scope ? { 'x-scope': scope } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': withExample(refTo(inputName(nameOf(schemaOf(op.body)))), op.example?.body) },
          },
        }
      : {}),
    responses: {
      ...(op.also200 ? { '200': { ...success(op), description: op.also200 } } : {}),
      [String(op.status ?? 200)]: success(op, op.example?.response),
      ...errorResponses(op, parameters.length > pathParams.length),
    },
  };
}

const withExample = (schema: JsonSchema, example: unknown): JsonSchema => ({ schema, ...(example !== undefined ? { example } : {}) });

/** The success answer, with the entry's example (a 201 operation's also-200 answer shows none: it differs). */
function success(op: Endpoint, example?: unknown): JsonSchema {
  const { response } = op;
  if (!response) throw new Error(`openapi: ${op.id} is published without a response schema`);
  // The answer is exactly one of the shapes (which one, the request says).
  const schema = op.oneOf ? { oneOf: op.oneOf.map((s) => refTo(nameOf(schemaOf(s)))) } : refTo(nameOf(schemaOf(response)));
  return { description: op.status === 201 ? 'Created' : 'OK', content: { 'application/json': withExample(schema, example) } };
}

/** Every operation may meet authentication, plan, rate-limit and server errors; bodies and query parameters a 422. */
function errorResponses(op: Endpoint, hasQuery: boolean): Record<string, JsonSchema> {
  const codes = new Map<number, ErrorCode[]>();
  const add = (status: number, ...more: readonly ErrorCode[]) => codes.set(status, [...new Set([...(codes.get(status) ?? []), ...more])]);
  add(401, 'AUTHENTICATION_INVALID');
  add(403, 'PERMISSION_DENIED');
  if (op.scope) add(403, 'insufficient_scope');
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
        operationId: w.operationId,
        // Sent by the service to the run's webhook_url: no credential of ours.
        security: [],
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
function componentsFor(
  spec: DocumentSpec,
  operations: readonly Endpoint[],
): { schemas: Record<string, JsonSchema>; inputName: (n: string) => string } {
  const roots = (list: (z.ZodMiniType | undefined)[]) => list.filter((s): s is z.ZodMiniType => s !== undefined).map(nameOf);
  const inputRoots = roots([
    ...operations.map((o) => o.body && schemaOf(o.body)),
    ...operations.flatMap((o) => (o.query ?? []).map((q) => (isSchemaRef(q.schema) ? schemaOf(q.schema) : undefined))),
  ]);
  const outputRoots = roots([
    ...operations.flatMap((o): (z.ZodMiniType | undefined)[] => (o.oneOf ?? [o.response]).map((r) => r && schemaOf(r))),
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
