import type * as z from 'zod/mini';
import type { ValidationIssue } from '../api/schemas/errors.js';
import { validationError } from './engine/errors.js';

/**
 * Fields of a body that its schema does not name, at any depth (objects within arrays,
 * records and optional fields included): a test control refuses them instead of quietly
 * dropping them, so `{"kind":"latency","ms":4000}` is a 400 naming `ms`, not a rule that does nothing.
 * Loose objects (a catchall) take any field; the options of a union are not walked.
 */

type Path = (string | number)[];

/** The zod definition parts walked here: objects, the wrappers around them, arrays and records. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  valueType?: z.ZodMiniType;
  in?: z.ZodMiniType;
  catchall?: z.ZodMiniType;
}

const defOf = (s: z.ZodMiniType): Def => s._zod.def;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function unknownFields(schema: z.ZodMiniType, value: unknown, at: Path = []): Path[] {
  const def = defOf(schema);
  const inner = def.innerType ?? def.in;
  if (inner) return unknownFields(inner, value, at);
  if (def.type === 'array' && def.element && Array.isArray(value))
    return value.flatMap((v, i) => unknownFields(def.element!, v, [...at, i]));
  if (!isRecord(value)) return [];
  if (def.type === 'record' && def.valueType)
    return Object.entries(value).flatMap(([k, v]) => unknownFields(def.valueType!, v, [...at, k]));
  if (def.type !== 'object' || !def.shape) return [];
  const shape = def.shape;
  const loose = def.catchall !== undefined && defOf(def.catchall).type !== 'never';
  return Object.entries(value).flatMap(([k, v]) =>
    Object.hasOwn(shape, k) ? unknownFields(shape[k]!, v, [...at, k]) : loose ? [] : [[...at, k]],
  );
}

/** Throws the 400 validation_error naming every unknown field of a body, if it has any. */
export function refuseUnknownFields(schema: z.ZodMiniType, body: unknown): void {
  const found = unknownFields(schema, body);
  if (found.length === 0) return;
  const names = found.map((p) => p.join('.'));
  const issues: ValidationIssue[] = found.map((p) => ({
    type: 'unrecognized_keys',
    loc: ['body', ...p],
    msg: `Unknown field ${p.at(-1)}`,
  }));
  throw validationError(issues, 400, `Unknown field${names.length === 1 ? '' : 's'}: ${names.join(', ')}`);
}
