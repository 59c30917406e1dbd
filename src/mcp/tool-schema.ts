import { eachRef, REF_PREFIX, renameRefs, renderedSchemas, type JsonSchema, type SchemaIo } from '../api/endpoints/json-schema.js';
import type { PathParam, SchemaSlot } from '../api/endpoints/endpoint.js';
import { schemaOf } from '../api/endpoints/schemas.js';
import { nameOf } from '../api/endpoints/json-schema.js';
import { PAGE_MAX, type ToolSpec } from './tool.js';

/**
 * A tool's input and output JSON Schemas, derived from its catalog entry: the same renderings
 * the published OpenAPI documents hold, made self-contained (the components they refer to
 * under $defs), since an MCP client gets each tool's schemas on their own.
 */

const DEFS = '#/$defs/';

/** A named schema on its own: its rendering, and what it refers to under $defs. */
export function standalone(slot: SchemaSlot, io: SchemaIo): JsonSchema {
  const all = renderedSchemas(io);
  const name = nameOf(schemaOf(slot));
  const defs: Record<string, JsonSchema> = {};
  const visit = (ref: string) => {
    const n = ref.slice(REF_PREFIX.length);
    if (n in defs) return;
    defs[n] = all[n]!;
    eachRef(all[n], visit);
  };
  eachRef(all[name], visit);
  const rename = (ref: string) => `${DEFS}${ref.slice(REF_PREFIX.length)}`;
  const root = renameRefs(all[name], rename) as JsonSchema;
  if (Object.keys(defs).length === 0) return root;
  return { ...root, $defs: Object.fromEntries(Object.entries(defs).map(([k, v]) => [k, renameRefs(v, rename)])) };
}

/** Arguments every paid tool takes: the quote to run. */
export const QUOTE_ARG: JsonSchema = {
  type: 'string',
  description:
    'The quote_id this tool answered when called without one: runs exactly that priced request (same arguments), once. Leave it out to get the price first; nothing is spent then.',
};

export const PAY_AGAIN_ARG: JsonSchema = {
  type: 'boolean',
  description:
    'Only after an earlier_run_unknown error: true prices a new run although an identical earlier one got no answer (check run_status and credits_balance first).',
};

export const CONFIRM_ARG: JsonSchema = {
  type: 'boolean',
  const: true,
  description: 'Must be true: this deletes or removes, and cannot be undone. Without it nothing is done.',
};

export const FIELDS_ARG: JsonSchema = {
  type: 'array',
  items: { type: 'string' },
  minItems: 1,
  description: 'Only these fields of each row (e.g. ["lead_id","full_name","title"]), to keep the answer small.',
};

function pathParamSchema(p: string | PathParam): JsonSchema {
  if (typeof p === 'string') return { type: 'string', minLength: 1, description: p };
  return { type: 'string', minLength: 1, description: p.description, ...(p.schema ?? {}) };
}

/** The tool's arguments: path parameters, query parameters and body fields side by side, and what the tool adds. */
export function inputSchema(spec: ToolSpec): JsonSchema {
  const e = spec.entry;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const take = (name: string, schema: JsonSchema, isRequired: boolean) => {
    if (spec.args?.omit?.includes(name)) return;
    if (name in properties) throw new Error(`mcp: ${spec.name}: argument ${name} comes twice from ${e.id}`);
    properties[name] = schema;
    if (isRequired) required.push(name);
  };
  for (const [name, p] of Object.entries(e.params ?? {})) take(name, pathParamSchema(p), true);
  for (const q of e.query ?? []) {
    const s =
      'schema' in q.schema && typeof q.schema.schema === 'string' ? standalone(q.schema as SchemaSlot, 'input') : (q.schema as JsonSchema);
    const many = q.repeated && s.type !== 'array';
    take(
      q.name,
      many ? { type: 'array', items: s, description: q.description } : { ...s, description: q.description },
      q.required === true,
    );
  }
  let defs: JsonSchema | undefined;
  if (e.body) {
    const body = standalone(e.body, 'input');
    defs = body.$defs as JsonSchema | undefined;
    const { fields, required: bodyRequired } = bodyFields(body);
    for (const [name, s] of Object.entries(fields)) if (name !== 'quote_id') take(name, s, bodyRequired.has(name));
  }
  for (const [name, s] of Object.entries(spec.args?.add ?? {})) take(name, s, spec.args?.required?.includes(name) ?? false);
  const limit = properties.limit;
  if (spec.entry.rows && limit)
    properties.limit = { ...limit, maximum: Math.min(PAGE_MAX, typeof limit.maximum === 'number' ? limit.maximum : PAGE_MAX) };
  if (spec.entry.rows) take('fields', FIELDS_ARG, false);
  if (spec.paid) take('quote_id', QUOTE_ARG, false);
  if (spec.paid) take('pay_again', PAY_AGAIN_ARG, false);
  if (spec.destructive) take('confirm', CONFIRM_ARG, true);
  return { type: 'object', properties, ...(required.length ? { required } : {}), ...(defs ? { $defs: defs } : {}) };
}

/**
 * A body's fields side by side: an object's properties, or for a body that is one of several
 * objects (a sync preview: CRM or sequencer), every branch's fields, a field that differs
 * between branches as any of its forms, required when every branch requires it. The service
 * checks which combination is valid; the description of the entry says it.
 */
function bodyFields(body: JsonSchema): { fields: Record<string, JsonSchema>; required: Set<string> } {
  const objects = ((body.oneOf ?? body.anyOf) as JsonSchema[] | undefined)?.filter((b) => b.type === 'object' && b.properties) ?? [];
  const branches = objects.length ? objects : [body];
  const forms = new Map<string, JsonSchema[]>();
  for (const b of branches)
    for (const [name, s] of Object.entries((b.properties ?? {}) as Record<string, JsonSchema>)) {
      const seen = forms.get(name) ?? [];
      if (!seen.some((x) => JSON.stringify(x) === JSON.stringify(s))) seen.push(s);
      forms.set(name, seen);
    }
  const fields = Object.fromEntries([...forms].map(([name, f]) => [name, f.length === 1 ? f[0]! : { anyOf: f }]));
  const requiredBy = branches.map((b) => new Set((b.required ?? []) as string[]));
  return { fields, required: new Set([...forms.keys()].filter((n) => requiredBy.every((r) => r.has(n)))) };
}

/**
 * The tool's answer: the entry's answer schema, open to keys a newer service adds (clients must
 * ignore unknown keys), and with rows that may hold only the `fields` asked for.
 */
export function outputSchema(spec: ToolSpec): JsonSchema | undefined {
  const base = spec.output ?? (spec.entry.response ? standalone(spec.entry.response, 'output') : undefined);
  if (!base || base.type !== 'object') return undefined;
  const open = openObjects(base) as JsonSchema;
  return spec.entry.rows ? partialRows(open, spec.entry.rows) : open;
}

function openObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openObjects);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (!(k === 'additionalProperties' && v === false)) out[k] = openObjects(v);
  return out;
}

/** The rows' item schema (inline or under $defs) without required fields. */
function partialRows(schema: JsonSchema, key: string): JsonSchema {
  const props = schema.properties as Record<string, JsonSchema> | undefined;
  const rows = props?.[key];
  const items = rows?.items as JsonSchema | undefined;
  if (!props || !rows || !items) throw new Error(`mcp: answer has no array ${key}`);
  const loosen = (s: JsonSchema): JsonSchema => {
    const { required: _r, ...rest } = s;
    return rest;
  };
  const ref = typeof items.$ref === 'string' && items.$ref.startsWith(DEFS) ? items.$ref.slice(DEFS.length) : undefined;
  if (ref) {
    const defs = schema.$defs as Record<string, JsonSchema>;
    return { ...schema, $defs: { ...defs, [ref]: loosen(defs[ref]!) } };
  }
  return { ...schema, properties: { ...props, [key]: { ...rows, items: loosen(items) } } };
}
