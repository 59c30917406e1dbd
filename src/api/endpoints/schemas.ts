import type * as z from 'zod/mini';
import * as agents from '../schemas/agents.js';
import * as auth from '../schemas/auth.js';
import * as credits from '../schemas/credits.js';
import * as enrichment from '../schemas/enrichment.js';
import * as errors from '../schemas/errors.js';
import * as exportSchemas from '../schemas/export.js';
import * as identity from '../schemas/identity.js';
import * as keys from '../schemas/keys.js';
import * as legacy from '../schemas/legacy.js';
import * as lists from '../schemas/lists.js';
import * as search from '../schemas/search.js';
import * as sync from '../schemas/sync.js';
import type { SchemaSlot } from './endpoint.js';

/**
 * The exported zod schemas of src/api/schemas by export name: how the sandbox and the OpenAPI
 * documents turn an entry's named schema into the schema. Only they import this module.
 */

const SCHEMA_MODULES = [agents, auth, credits, enrichment, errors, exportSchemas, identity, keys, legacy, lists, search, sync] as const;

function isZodSchema(v: unknown): v is z.ZodMiniType {
  return typeof v === 'object' && v !== null && '_zod' in v;
}

let byName: Map<string, z.ZodMiniType> | undefined;

/** Export name -> schema (the first module exporting a name wins; modules re-export values only). */
export function schemasByName(): Map<string, z.ZodMiniType> {
  if (byName) return byName;
  byName = new Map();
  for (const mod of SCHEMA_MODULES)
    for (const [name, value] of Object.entries(mod).sort(([a], [b]) => a.localeCompare(b)))
      if (isZodSchema(value) && !byName.has(name)) byName.set(name, value);
  return byName;
}

/** The schema of an entry's slot; a name no module exports is a programming error. */
export function schemaOf(slot: SchemaSlot): z.ZodMiniType {
  if (!('schema' in slot) || typeof slot.schema !== 'string') return slot as z.ZodMiniType;
  const schema = schemasByName().get(slot.schema);
  if (!schema) throw new Error(`catalog: no schema named ${slot.schema} in src/api/schemas`);
  return schema;
}
