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

/** Codes the spec's error table marks retryable (internal_error varies: retryable when 503). */
export const RETRYABLE_CODES = ['quote_verification_unavailable', 'filters_unavailable', 'rate_limited', 'crm_budget_exhausted'] as const;

/** Codes the service removed and never returns. */
export const REMOVED_CODES = [
  'invalid_token',
  'workflow_timeout',
  'version_deprecated',
  'invalid_filter_id',
  'estimate_token_mismatch',
  'field_mapping_required',
] as const;
