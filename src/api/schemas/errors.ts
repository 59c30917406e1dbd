import * as z from 'zod/mini';
import { described } from './described.js';

/** One entry of details.errors[] in a 422 body-validation error. */
export const ValidationIssue = described(
  z.looseObject({
    type: described(z.string(), 'Kind of problem, e.g. missing, string_type, value_error.'),
    loc: described(z.array(z.union([z.string(), z.number()])), 'Where: body, query or path, then field names and array indexes.'),
    msg: described(z.string(), 'What is wrong, in words.'),
  }),
  'One problem of a request that failed validation.',
);
export type ValidationIssue = z.infer<typeof ValidationIssue>;

const credits = (what: string) => z.optional(described(z.number(), what));

/** Shape 1 (and 2): the public envelope, lowercase code. */
export const PublicErrorBody = described(
  z.looseObject({
    code: described(z.string(), 'What went wrong, lowercase (e.g. list_not_found); compare case-insensitively.'),
    problem: described(z.string(), 'What went wrong, in words.'),
    cause: z.optional(described(z.string(), 'Why it happened.')),
    fix: z.optional(described(z.string(), 'What to do about it.')),
    retryable: described(z.boolean(), 'Whether sending the same request again may succeed.'),
    retry_after_ms: z.optional(described(z.number(), 'How long to wait before retrying, in milliseconds.')),
    docs_url: z.optional(described(z.string(), 'Documentation of the error.')),
    request_id: z.optional(described(z.string(), 'Id of the request, for support.')),
    estimated_cost_credits: credits('Credits errors: what the operation costs.'),
    available_credits: credits('Credits errors: the balance.'),
    shortfall_credits: credits('Credits errors: what is missing.'),
    suggested_actions: z.optional(described(z.array(z.string()), 'Things to try.')),
    details: z.optional(
      described(z.record(z.string(), z.unknown()), 'More about the error; a 422 lists its problems in errors[] of {type, loc, msg}.'),
    ),
  }),
  'The public error envelope (lowercase code); empty fields are omitted.',
);
export type PublicErrorBody = z.infer<typeof PublicErrorBody>;

/** Shape 3: the generic shape, uppercase code (401, plan and trial 403, 429, legacy v1). */
export const GenericErrorBody = described(
  z.looseObject({
    code: described(z.string(), 'What went wrong, uppercase (e.g. AUTHENTICATION_INVALID); compare case-insensitively.'),
    message: described(z.string(), 'What went wrong, in words.'),
    details: z.optional(described(z.record(z.string(), z.unknown()), 'More about the error.')),
    trace_id: z.optional(described(z.string(), 'Id of the request, for support.')),
  }),
  'The generic error shape (uppercase code): 401, plan and trial 403, 429 and legacy v1 errors.',
);
export type GenericErrorBody = z.infer<typeof GenericErrorBody>;

export const ErrorResponse = described(
  z.looseObject({
    error: described(z.union([PublicErrorBody, GenericErrorBody]), 'The error, in the public or the generic shape; branch on code.'),
  }),
  'An error answer.',
);

export * from './values/errors.js';
