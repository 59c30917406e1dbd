import type { ErrorCode, QueryParam } from './endpoint.js';

/** Path and query parameters and error-code groups that several entries share. */

/** The `:list_id` of the list operations. */
export const LIST_PARAM = { list_id: 'The list: the list_id that creating a list, or listing lists, answers.' } as const;

export const limitParam = (name: string, l: { min: number; max: number; default: number }, what: string): QueryParam => ({
  name,
  description: `${what} (${l.min} to ${l.max}, default ${l.default}).`,
  schema: { type: 'integer', minimum: l.min, maximum: l.max, default: l.default },
});

/** A text query parameter; a required one is never empty (the service refuses `name=` as missing). */
export const textParam = (name: string, description: string, required = false): QueryParam => ({
  name,
  description,
  ...(required ? { required } : {}),
  schema: { type: 'string', ...(required ? { minLength: 1 } : {}) },
});

export const cursorParam = textParam('cursor', 'Opaque cursor from the previous page; omit for the first page.');

/** Refusals of a paid call's quote and balance. */
export const QUOTE_ERRORS = [
  'quote_required',
  'quote_invalid',
  'quote_expired',
  'quote_mismatch',
  'spend_cap_exceeded',
  'insufficient_credits',
] as const satisfies readonly ErrorCode[];

/** A paid call whose quote could not be checked, or whose dispatch is not known to have happened. */
export const QUOTE_UNCONFIRMED = ['quote_verification_unavailable', 'dispatch_outcome_unknown'] as const satisfies readonly ErrorCode[];

/** Tags of the published documents. */
export const TAGS = {
  identity: 'Identity and credits',
  search: 'Search',
  lists: 'Lead lists',
  enrichment: 'Enrichment',
  agents: 'Smart agents',
  export: 'Export',
  auth: 'Authentication',
  legacyEnrich: 'Enrichment',
  webhooks: 'Webhooks',
  folders: 'Folders',
} as const;
