import * as z from 'zod/mini';
import { schemasByName } from './schemas.js';
import { documentedSchemaOf } from '../schemas/described.js';

/**
 * The exported zod schemas of src/api/schemas, named by their export names, and their JSON
 * Schema (2020-12) renderings as OpenAPI components. A schema nested in another named one
 * becomes a $ref to it.
 */

export type JsonSchema = Record<string, unknown>;
/** Request bodies render as what a client may send, responses as what the service answers. */
export type SchemaIo = 'input' | 'output';

export const REF_PREFIX = '#/components/schemas/';

let names: Map<z.ZodMiniType, string> | undefined;

/** Schema object -> its export name (a schema exported under two names keeps the first). */
export function schemaNames(): Map<z.ZodMiniType, string> {
  if (names) return names;
  names = new Map();
  for (const [name, schema] of schemasByName()) if (!names.has(schema)) names.set(schema, name);
  return names;
}

/** The name a schema is registered under; a schema the modules do not export is a programming error. */
export function nameOf(schema: z.ZodMiniType): string {
  const name = schemaNames().get(schema);
  if (name === undefined) throw new Error('openapi: schema is not exported by src/api/schemas');
  return name;
}

const rendered = new Map<SchemaIo, Record<string, JsonSchema>>();

/** Every named schema rendered for one side, its $refs pointing at components. */
export function renderedSchemas(io: SchemaIo): Record<string, JsonSchema> {
  const cached = rendered.get(io);
  if (cached) return cached;
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of schemaNames()) registry.add(schema, { id });
  const out = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    // Refinements and transforms have no JSON Schema form: the schemas state their rules with described() keywords.
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    uri: (id) => `${REF_PREFIX}${id}`,
    override: ({ zodSchema, jsonSchema }) => showDocumented(zodSchema, jsonSchema),
  });
  const schemas: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(out.schemas)) schemas[id] = tidy(schema) as JsonSchema;
  rendered.set(io, schemas);
  return schemas;
}

/** A value the handler checks itself is shown as the named schema that states its rules (documentedAs). */
function showDocumented(schema: object, json: JsonSchema): void {
  const documented = documentedSchemaOf(schema);
  if (!documented) return;
  const { description } = json;
  for (const key of Object.keys(json)) delete json[key];
  Object.assign(json, { $ref: `${REF_PREFIX}${nameOf(documented)}`, description });
}

/**
 * Without $schema and $id (the document gives both) and without the safe-integer bounds every
 * z.int() carries; a nullable integer, bare once those bounds are gone, reads type [integer, null].
 */
function tidy(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidy);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$schema' || k === '$id') continue;
    if (k === 'maximum' && v === Number.MAX_SAFE_INTEGER) continue;
    if (k === 'minimum' && v === Number.MIN_SAFE_INTEGER) continue;
    out[k] = tidy(v);
  }
  const types = bareTypes(out.anyOf);
  if (types && out.type === undefined) {
    delete out.anyOf;
    out.type = types;
  }
  return out;
}

/** The types of anyOf branches that say nothing but their type, or undefined. */
function bareTypes(branches: unknown): string[] | undefined {
  if (!Array.isArray(branches)) return undefined;
  const types: unknown[] = branches.map((b: unknown) =>
    typeof b === 'object' && b !== null && Object.keys(b).length === 1 ? (b as JsonSchema).type : undefined,
  );
  return types.every((t): t is string => typeof t === 'string') ? types : undefined;
}

/** Calls visit with every $ref string under node. */
export function eachRef(node: unknown, visit: (ref: string) => void): void {
  if (Array.isArray(node)) for (const v of node) eachRef(v, visit);
  else if (typeof node === 'object' && node !== null) {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') visit(v);
      else eachRef(v, visit);
    }
  }
}

/** A copy of node with $refs renamed. */
export function renameRefs(node: unknown, rename: (ref: string) => string): unknown {
  if (Array.isArray(node)) return node.map((v) => renameRefs(v, rename));
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === '$ref' && typeof v === 'string' ? rename(v) : renameRefs(v, rename);
  return out;
}

export const refTo = (name: string): JsonSchema => ({ $ref: `${REF_PREFIX}${name}` });
