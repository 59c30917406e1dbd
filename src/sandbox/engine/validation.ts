import type * as z from 'zod/mini';
import type { ValidationIssue } from '../../api/schemas/errors.js';
import { validationError } from './errors.js';

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
  return r.data as z.infer<S>;
}

/** The 422 for a body that is not JSON. */
export function invalidJson(detail: string): ReturnType<typeof validationError> {
  return validationError([{ type: 'json_invalid', loc: ['body'], msg: `JSON decode error: ${detail}` }]);
}
