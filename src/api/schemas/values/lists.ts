/**
 * Lead lists, folders, CSV import and find-people jobs: the values and limits of the spec,
 * free of zod so the CLI's input checks and the sandbox share them without loading it.
 */

export const LIST_VISIBILITIES = ['private', 'organization', 'shared'] as const;
export type ListVisibility = (typeof LIST_VISIBILITIES)[number];

/** A share gives another member view or edit rights on a list (view-only: list_not_editable). */
export const SHARE_PERMISSIONS = ['view', 'edit'] as const;
export type SharePermission = (typeof SHARE_PERMISSIONS)[number];

/** System lists that cannot be renamed or deleted (403 list_protected). */
export const PROTECTED_LIST_NAMES = ['Extension Leads', 'MCP Results'] as const;

export const LIST_LIMITS = {
  name: { min: 1, max: 200 },
  /** GET /lead-lists page size. */
  listsPage: { min: 1, max: 100, default: 50 },
  /** GET /lead-lists/{id}/leads page size. */
  leadsPage: { min: 1, max: 500, default: 100 },
  addLeadIds: { min: 1, max: 1000 },
  addEntityIds: { max: 2000 },
  removeLeadIds: { min: 1, max: 100 },
} as const;

/**
 * Plan caps (the spec names list_cap_reached and lead_cap_reached but gives no figures; these
 * are the sandbox's documented choice, changeable per organization through a control).
 */
export const PLAN_LIST_CAPS = {
  free: { lists: 10, leadsPerList: 1_000 },
  starter: { lists: 50, leadsPerList: 10_000 },
  pro: { lists: 1_000, leadsPerList: 250_000 },
  enterprise: { lists: 10_000, leadsPerList: 1_000_000 },
} as const;

// CSV import.

/** The 14 canonical fields a CSV column maps onto. */
export const CANONICAL_FIELDS = [
  'first_name',
  'last_name',
  'full_name',
  'email',
  'phone',
  'mobile_phone',
  'work_phone',
  'linkedin_url',
  'company_name',
  'company_domain',
  'job_title',
  'city',
  'state',
  'country',
] as const;
export type CanonicalField = (typeof CANONICAL_FIELDS)[number];

/** Whether a CSV row's values identify a lead, as the import judges (else missing_required): a LinkedIn URL, an email, or a name with a company. */
export function identifiesLead(has: (f: CanonicalField) => boolean): boolean {
  const name = has('full_name') || (has('first_name') && has('last_name'));
  const company = has('company_name') || has('company_domain');
  return has('linkedin_url') || has('email') || (name && company);
}

export const CSV_IMPORT_LIMITS = {
  /**
   * The spec's "about 150 KB" per request; larger is 413. The sandbox counts the decoded CSV
   * against 150 KiB.
   */
  maxBytes: 150 * 1024,
  /**
   * What the CLI fills a request body up to (the CSV base64-encoded, with the other fields):
   * "about 150 KB" read as 150,000 bytes, the smaller reading, so no body is over the limit
   * whichever one the service means, and whether it counts the body or the decoded CSV.
   */
  requestBytes: 150_000,
  /** Most data rows (after the header) one request takes; more is 413. */
  maxRows: 600,
  /** How long an idempotency_key replays its first response. */
  idempotencyReplayMs: 86_400_000,
  /** Row numbers listed in sample_skip_rows at most. */
  sampleSkipRows: 10,
} as const;

/**
 * Why a row was not imported (skip_reasons keys). missing_required: no linkedin_url, no
 * email, and not a name (full, or first and last) with a company (name or domain).
 * row_too_large: a row bigger than one import request carries (the CLI skips it).
 */
export const SKIP_REASONS = [
  'missing_required',
  'duplicate_email',
  'duplicate_linkedin_url',
  'invalid_email',
  'invalid_encoding',
  'malformed_row',
  'row_too_large',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** enrichment_type of a dispatching import (the person enrichment types). */
export { ENRICHMENT_TYPES as IMPORT_ENRICHMENT_TYPES, type EnrichmentType as ImportEnrichmentType } from './credits.js';

// Find-people jobs.

export const FIND_PEOPLE_LIMITS = {
  companyIds: { min: 1, max: 100 },
  limitPerCompany: { min: 1, max: 25, default: 5 },
} as const;

/** Job states; cancelled is spelled with two l here (enrichment uses canceled). */
export const FIND_PEOPLE_STATUSES = ['pending', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type FindPeopleStatus = (typeof FIND_PEOPLE_STATUSES)[number];

// Folders (v1 POST /folders).

export const FOLDER_LIMITS = { name: { min: 1, max: 200 } } as const;
/** Folder ids (and parent_id) are UUIDs. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
