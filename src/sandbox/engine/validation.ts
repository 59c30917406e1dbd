import * as z from 'zod/mini';
import type { ValidationIssue } from '../../api/schemas/errors.js';
import { validationError, type SandboxError } from './errors.js';
import type { Endpoint, ParsedBodyOf } from '../../api/endpoints/endpoint.js';
import { schemaOf } from '../../api/endpoints/schemas.js';

// zod/mini says only "Invalid input" until a locale is loaded: 422s name the expected values and types.
z.config(z.locales.en());

/** Zod issues as the spec's details.errors[] entries ({type, loc, msg}), located under `where`. */
export function toValidationIssues(issues: readonly z.core.$ZodIssue[], where: 'body' | 'query' | 'path' = 'body'): ValidationIssue[] {
  return issues.map((i) => ({
    type: i.code,
    loc: [where, ...i.path.map((p) => (typeof p === 'number' ? p : String(p)))],
    msg: i.message,
  }));
}

/** Parses a request body with a zod schema, or throws the 422 validation_error. */
export function parseBody<S extends z.ZodMiniType>(schema: S, body: unknown): z.infer<S> {
  const r = schema.safeParse(body === undefined ? {} : body);
  if (!r.success) throw validationError(toValidationIssues(r.error.issues));
  return r.data;
}

/** A request's body parsed with the schema its catalog entry names (422 listing every problem otherwise). */
export function entryBody<E extends Endpoint>(entry: E, body: unknown): ParsedBodyOf<E> {
  if (!entry.body) throw new Error(`${entry.id} takes no body`);
  return parseBody(schemaOf(entry.body), body) as ParsedBodyOf<E>;
}

/** The 422 for a body that is not JSON. */
export function invalidJson(detail: string): ReturnType<typeof validationError> {
  return validationError([{ type: 'json_invalid', loc: ['body'], msg: `JSON decode error: ${detail}` }]);
}

/**
 * An integer query parameter within bounds, its default when absent; anything else (not an
 * integer, out of range, sent twice) is the 422 validation_error located at ["query", name].
 */
export function queryInt(query: URLSearchParams, name: string, l: { min: number; max: number; default: number }): number {
  const raw = singleQueryValue(query, name);
  if (raw === undefined) return l.default;
  const fail = (type: string, msg: string) => queryError(name, type, msg);
  if (!/^[+-]?\d+$/.test(raw)) throw fail('int_parsing', 'Input should be a valid integer, unable to parse string as an integer');
  const n = Number(raw);
  if (n < l.min) throw fail('greater_than_equal', `Input should be greater than or equal to ${l.min}`);
  if (n > l.max) throw fail('less_than_equal', `Input should be less than or equal to ${l.max}`);
  return n;
}

/** A query parameter taking one of fixed values, its default when absent; else the 422 located at ["query", name]. */
export function queryEnum<T extends string>(query: URLSearchParams, name: string, values: readonly T[], fallback: T): T {
  const raw = singleQueryValue(query, name);
  if (raw === undefined) return fallback;
  if ((values as readonly string[]).includes(raw)) return raw as T;
  throw queryError(name, 'enum', `Input should be ${values.map((v) => `'${v}'`).join(', ')}`);
}

function singleQueryValue(query: URLSearchParams, name: string): string | undefined {
  const values = query.getAll(name);
  if (values.length === 0) return undefined;
  if (values.length > 1) throw queryError(name, 'too_many', `Send ${name} once`);
  return values[0]!.trim();
}

const QUERY_PROBLEM = 'The query parameters failed validation';

/** 422 validation_error at one query parameter. */
export function queryError(name: string, type: string, msg: string): ReturnType<typeof validationError> {
  return queryIssuesError([{ type, loc: ['query', name], msg }]);
}

/** 422 validation_error for the query's issues. */
export function queryIssuesError(issues: Parameters<typeof validationError>[0]): ReturnType<typeof validationError> {
  return validationError(issues, 422, QUERY_PROBLEM);
}

/** A handler-level 400 validation_error located at the body field. */
export function badField(field: string, msg: string): SandboxError {
  return validationError([{ type: 'value_error', loc: ['body', ...field.split('.')], msg }], 400, msg);
}
