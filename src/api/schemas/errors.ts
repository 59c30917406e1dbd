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

/** Generic uppercase codes and their HTTP statuses. */
export const GENERIC_CODES = {
  AUTHENTICATION_INVALID: 401,
  PERMISSION_DENIED: 403,
  RATE_LIMITED: 429,
  RESOURCE_NOT_FOUND: 404,
  BAD_REQUEST: 400,
  INSUFFICIENT_CREDITS: 402,
  INTERNAL_ERROR: 500,
  UPSTREAM_ERROR: 502,
} as const;
export type GenericCode = keyof typeof GENERIC_CODES;

/** Public envelope codes of the spec's error table (HTTP status as the table gives it). */
export const PUBLIC_CODES = [
  'validation_error',
  'invalid_cursor',
  'invalid_criteria',
  'empty_criteria',
  'unsupported_exclusions',
  'crm_not_connected',
  'approval_required',
  'quote_required',
  'quote_expired',
  'quote_invalid',
  'quote_mismatch',
  'quote_already_redeemed',
  'spend_cap_exceeded',
  'quote_verification_unavailable',
  'insufficient_credits',
  'insufficient_scope',
  'search_quota_exhausted',
  'feature_gated',
  'list_protected',
  'list_not_editable',
  'list_cap_reached',
  'lead_cap_reached',
  'not_found',
  'list_not_found',
  'task_not_found',
  'folder_not_found',
  'conflict',
  'search_result_conflict',
  'provider_not_connected',
  'provider_error',
  'filters_unavailable',
  'dispatch_outcome_unknown',
  'not_enabled',
  'feature_not_available',
  'not_supported',
  'internal_error',
  'rate_limited',
  'crm_budget_exhausted',
  'run_not_found',
  'unknown_section',
  'folder_not_empty',
  'idempotency_conflict',
  'forbidden',
  'prompt_too_long',
  'query_required',
  'unknown_field',
  'unknown_object_type',
] as const;
export type PublicCode = (typeof PUBLIC_CODES)[number];

/** Codes the service removed and never returns. */
export const REMOVED_CODES = [
  'invalid_token',
  'workflow_timeout',
  'version_deprecated',
  'invalid_filter_id',
  'estimate_token_mismatch',
  'field_mapping_required',
] as const;
