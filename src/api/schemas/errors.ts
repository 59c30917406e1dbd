import * as z from 'zod/mini';

/** One entry of details.errors[] in a 422 body-validation error. */
export const ValidationIssue = z.object({
  type: z.string(),
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/** Shape 1 (and 2): the public envelope, lowercase code. */
export const PublicErrorBody = z.looseObject({
  code: z.string(),
  problem: z.string(),
  cause: z.optional(z.string()),
  fix: z.optional(z.string()),
  retryable: z.boolean(),
  retry_after_ms: z.optional(z.number()),
  docs_url: z.optional(z.string()),
  request_id: z.optional(z.string()),
  estimated_cost_credits: z.optional(z.number()),
  available_credits: z.optional(z.number()),
  shortfall_credits: z.optional(z.number()),
  suggested_actions: z.optional(z.array(z.string())),
  details: z.optional(z.record(z.string(), z.unknown())),
});
export type PublicErrorBody = z.infer<typeof PublicErrorBody>;

/** Shape 3: the generic shape, uppercase code (401, plan and trial 403, 429, legacy v1). */
export const GenericErrorBody = z.looseObject({
  code: z.string(),
  message: z.string(),
  details: z.optional(z.record(z.string(), z.unknown())),
  trace_id: z.optional(z.string()),
});
export type GenericErrorBody = z.infer<typeof GenericErrorBody>;

export const ErrorResponse = z.object({ error: z.union([PublicErrorBody, GenericErrorBody]) });

export * from './values/errors.js';
