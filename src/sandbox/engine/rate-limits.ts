import { RATE_LIMITS, MINUTE_MS, DAY_MS } from '../../api/schemas/limits.js';
import { isPartnerLicenseOnly, type Plan } from '../../api/schemas/auth.js';
import type { SearchCounter } from '../../api/endpoints/endpoint.js';

/**
 * The spec's rate-limit table as a pure engine over fixed windows of the sandbox clock:
 * clock minute, UTC day, calendar month (UTC). Feed it a request descriptor; it either
 * rejects (nothing consumed) or counts the request against every row that applies.
 */

/** What a route counts toward beyond plain requests. */
export type { SearchCounter };

export interface RateRequest {
  organizationId: string;
  /** The API key's id, or null for sessions and the connector client. */
  keyId: string | null;
  /** A connector (OAuth) client rather than an API key or an application session. */
  connector: boolean;
  /** Partner-license workspace without a paid plan (isPartnerLicenseOnly). */
  partnerLicenseOnly: boolean;
  /** v2 routes (under either prefix); v1-only and key-management requests count toward the organization limit only. */
  routeKind: 'v2' | 'v1only' | 'keys';
  counts?: SearchCounter | undefined;
  nowMs: number;
}

/** The caller as the limiter sees it (a Principal fits). */
export interface RateCaller {
  organization: { id: string; plan: Plan; partner_tier: number | null; trial: boolean };
  key: { id: string } | null;
  connector: boolean;
}

/** The descriptor of a request by this caller to a route of this kind. */
export function rateRequestOf(
  caller: RateCaller,
  routeKind: RateRequest['routeKind'],
  counts: SearchCounter | undefined,
  nowMs: number,
): RateRequest {
  const org = caller.organization;
  return {
    organizationId: org.id,
    keyId: caller.key?.id ?? null,
    connector: caller.connector,
    partnerLicenseOnly: isPartnerLicenseOnly({ plan: org.plan, partnerTier: org.partner_tier, trial: org.trial }),
    routeKind,
    counts,
    nowMs,
  };
}

export type RateWindow = 'minute' | 'day' | 'month';
export type RateScope = 'organization' | 'api_key' | 'organization_people_search' | 'connector_people_search' | 'partner_search_quota';

export interface RateRow {
  scope: RateScope;
  window: RateWindow;
  limit: number;
  /** Counter key, unique per subject and row. */
  key: string;
}

export interface RateRejection {
  /** 429 RATE_LIMITED, or 403 search_quota_exhausted for the partner monthly allowance. */
  kind: 'rate_limited' | 'search_quota_exhausted';
  scope: RateScope;
  window: RateWindow;
  limit: number;
  used: number;
  resetAtMs: number;
  retryAfterSec: number;
}

export type RateDecision = { ok: true } | { ok: false; rejection: RateRejection };

/** One counter: the window it belongs to and the requests counted in it. */
export interface RateCounter {
  window: number;
  count: number;
}
export type RateCounters = Record<string, RateCounter>;

/**
 * Index of the window holding `nowMs` and the time it ends. `minuteMs` is the length of the
 * "minute" windows: 60 s, or shorter when a benchmark shortens them (a sandbox control).
 */
export function windowOf(window: RateWindow, nowMs: number, minuteMs = MINUTE_MS): { index: number; endMs: number } {
  if (window === 'minute') {
    const index = Math.floor(nowMs / minuteMs);
    return { index, endMs: (index + 1) * minuteMs };
  }
  if (window === 'day') {
    const index = Math.floor(nowMs / DAY_MS);
    return { index, endMs: (index + 1) * DAY_MS };
  }
  const d = new Date(nowMs);
  const index = d.getUTCFullYear() * 12 + d.getUTCMonth();
  return { index, endMs: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) };
}

/** The rows of the table that apply to a request. */
export function applicableRows(r: RateRequest): RateRow[] {
  const org = r.organizationId;
  const rows: RateRow[] = [
    r.partnerLicenseOnly
      ? { scope: 'organization', window: 'minute', limit: RATE_LIMITS.partnerOrganizationPerMinute, key: `org:${org}:minute` }
      : { scope: 'organization', window: 'minute', limit: RATE_LIMITS.organizationPerMinute, key: `org:${org}:minute` },
  ];
  const isSession = r.keyId === null && !r.connector;
  if (r.routeKind !== 'v2' || isSession) return rows;
  if (r.keyId !== null) rows.push({ scope: 'api_key', window: 'minute', limit: RATE_LIMITS.keyPerMinute, key: `key:${r.keyId}:minute` });
  if (r.counts === 'people_search' && r.keyId !== null)
    rows.push({
      scope: 'organization_people_search',
      window: 'day',
      limit: RATE_LIMITS.peopleSearchesPerDay,
      key: `org:${org}:people_search:day`,
    });
  if (r.counts === 'people_search' && r.connector)
    rows.push({
      scope: 'connector_people_search',
      window: 'minute',
      limit: RATE_LIMITS.connectorPeopleSearchesPerMinute,
      key: `org:${org}:connector_people_search:minute`,
    });
  if (r.counts !== undefined && r.partnerLicenseOnly)
    rows.push({
      scope: 'partner_search_quota',
      window: 'month',
      limit: RATE_LIMITS.partnerSearchesPerMonth,
      key: `org:${org}:search:month`,
    });
  return rows;
}

export class RateLimiter {
  constructor(
    readonly counters: RateCounters = {},
    /** false: every request passes and nothing is counted (the sandbox's switch for bulk tests and benchmarks). */
    readonly enabled = true,
    /** Length of the per-minute windows. */
    readonly minuteMs = MINUTE_MS,
  ) {}

  private windowOf(window: RateWindow, nowMs: number) {
    return windowOf(window, nowMs, this.minuteMs);
  }

  used(row: RateRow, nowMs: number): number {
    const c = this.counters[row.key];
    return c && c.window === this.windowOf(row.window, nowMs).index ? c.count : 0;
  }

  /**
   * The per-minute rows of the limits that apply to a request, as a RateLimit-Policy header value
   * ("60;w=60, 30;w=60": limit and window in seconds), so a client can pace itself under
   * them instead of bouncing off 429s. Null when limits are off.
   */
  policy(rows: readonly RateRow[]): string | null {
    if (!this.enabled) return null;
    const w = Math.max(1, Math.round(this.minuteMs / 1000));
    return rows
      .filter((row) => row.window === 'minute')
      .map((row) => `${row.limit};w=${w};comment="${row.scope}"`)
      .join(', ');
  }

  /**
   * Checks every applicable row; when all have room, counts the request in each.
   * When several rows are full, the partner monthly quota (a 403 no wait fixes soon) is
   * reported first, else the 429 with the longest wait, so a retry after Retry-After passes.
   */
  consume(r: RateRequest, rows: readonly RateRow[] = applicableRows(r)): RateDecision {
    if (!this.enabled) return { ok: true };
    const rejections: RateRejection[] = [];
    for (const row of rows) {
      const used = this.used(row, r.nowMs);
      if (used < row.limit) continue;
      const { endMs } = this.windowOf(row.window, r.nowMs);
      rejections.push({
        kind: row.scope === 'partner_search_quota' ? 'search_quota_exhausted' : 'rate_limited',
        scope: row.scope,
        window: row.window,
        limit: row.limit,
        used,
        resetAtMs: endMs,
        retryAfterSec: Math.max(1, Math.ceil((endMs - r.nowMs) / 1000)),
      });
    }
    if (rejections.length > 0) {
      const quota = rejections.find((x) => x.kind === 'search_quota_exhausted');
      const worst = quota ?? rejections.reduce((a, b) => (b.resetAtMs > a.resetAtMs ? b : a));
      return { ok: false, rejection: worst };
    }
    for (const row of rows) {
      const index = this.windowOf(row.window, r.nowMs).index;
      const c = this.counters[row.key];
      if (c && c.window === index) c.count += 1;
      else this.counters[row.key] = { window: index, count: 1 };
    }
    return { ok: true };
  }

  /** Drops counters of windows that have ended (keeps a snapshot small). */
  prune(nowMs: number): void {
    for (const [key, c] of Object.entries(this.counters)) {
      const window: RateWindow = key.endsWith(':month') ? 'month' : key.endsWith(':day') ? 'day' : 'minute';
      if (c.window !== this.windowOf(window, nowMs).index) delete this.counters[key];
    }
  }
}
