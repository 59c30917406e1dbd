import type { FilterProblem } from '../../api/search-check.js';
import type { RequestContext } from '../context.js';
import type { OrganizationRecord } from '../store.js';
import { pageWindow } from './cursors.js';
import { publicError, type SandboxError } from './errors.js';
import { requireFeature } from './features.js';
import { applicableRows, rateRequestOf, type RateScope, type SearchCounter } from './rate-limits.js';

/** What the search routes share: the criteria feature gate, the 400 of a refused filter set, paging, quota hints. */

/** 403 feature_gated unless the organization's plan has criteria search (never partner-license-only workspaces). */
export function requireCriteriaSearch(org: OrganizationRecord): void {
  requireFeature(org, 'criteria_search', {
    label: 'Criteria search',
    problem: 'The criteria form is not available to this workspace',
    fix: 'Search with flat filters instead, or upgrade to Pro or Enterprise on the plans page.',
  });
}

/** 400 validation_error for flat filters a check refused, with its keys, suggestions and bad values. */
export function filterProblemError(p: FilterProblem, endpoint: string): SandboxError {
  const unknownKeys = p.unsupported_keys.length > 0;
  return publicError(400, {
    code: 'validation_error',
    problem: `The filters were refused: ${p.message}`,
    cause: unknownKeys
      ? `${endpoint} accepts only these filter keys: ${p.allowed_keys.join(', ')}.`
      : Object.keys(p.invalid_values).length > 0
        ? `Some values are outside the key's fixed list or of the wrong type: ${JSON.stringify(p.invalid_values)}.`
        : p.message,
    fix: Object.keys(p.suggested_replacements).length
      ? `Replace as suggested: ${Object.entries(p.suggested_replacements)
          .map(([from, to]) => `${from} -> ${to}`)
          .join(', ')}.`
      : 'Use the keys in details.allowed_keys with non-empty arrays of allowed values.',
    retryable: false,
    details: {
      unsupported_keys: p.unsupported_keys,
      suggested_replacements: p.suggested_replacements,
      allowed_keys: p.allowed_keys,
      invalid_values: p.invalid_values,
    },
  });
}

/** One page of a result list: the rows from the cursor's offset, and the cursor for the next page (null at the end). */
export interface Page {
  rows: Int32Array;
  offset: number;
  /** How many rows the search delivers over all pages (the result size, or less when capped). */
  deliverable: number;
  cursor: string | null;
}

export interface PageRequest {
  /** The request's cursor, if any. */
  cursor: string | undefined;
  /** cursorBinding of the request. */
  binding: string;
  pageSize: number;
  /** At most this many rows over all pages. */
  cap?: number | null | undefined;
}

export function pageOf(ctx: RequestContext, all: Int32Array, r: PageRequest): Page {
  const deliverable = Math.min(all.length, r.cap ?? Infinity);
  const { offset, end, cursor } = pageWindow(ctx.store.state.jwt_secret, r, deliverable);
  const rows = offset < end ? all.subarray(offset, end) : new Int32Array(0);
  return { rows, offset, deliverable, cursor };
}

/** The truncation warning of a page: a limit above the per-response maximum, or a maxResults cap. */
export function truncationWarning(limit: number, perResponse: number, capped?: { maxResults: number; total: number }): string | null {
  const parts: string[] = [];
  if (limit > perResponse)
    parts.push(
      `limit ${limit} is above the ${perResponse} rows one response returns: this page holds at most ${perResponse}; follow cursor for the rest.`,
    );
  if (capped && capped.total > capped.maxResults)
    parts.push(
      `maxResults ${capped.maxResults} caps this search: ${capped.maxResults} of ${capped.total} matches are delivered over all pages.`,
    );
  return parts.length ? parts.join(' ') : null;
}

const QUOTA_TEXT: Partial<Record<RateScope, (used: number, limit: number) => string>> = {
  organization_people_search: (used, limit) =>
    `${used} of ${limit} daily people searches used today by this organization with API keys (each page counts; resets 00:00 UTC).`,
  connector_people_search: (used, limit) => `${used} of ${limit} people searches used this minute by the connector client.`,
  partner_search_quota: (used, limit) =>
    `${used} of ${limit} monthly searches of this partner-license workspace used (people and company search combined).`,
};

/** The search allowances this request counted toward, as a sentence each ('' when none applies, e.g. a signed-in session). */
export function searchQuotaText(ctx: RequestContext, counts: SearchCounter): string {
  const now = ctx.clock.now();
  const rows = applicableRows(rateRequestOf(ctx.caller, 'v2', counts, now));
  const limiter = ctx.services.limiter;
  return rows
    .map((row) => QUOTA_TEXT[row.scope]?.(limiter.used(row, now), row.limit))
    .filter((t): t is string => t !== undefined)
    .join(' ');
}
