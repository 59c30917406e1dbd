import { describe, expect, test } from 'vitest';
import { RateLimiter, applicableRows, windowOf, type RateRequest, type RateDecision } from '../../src/sandbox/engine/rate-limits.js';

const DAY = Date.UTC(2031, 6, 14); // a UTC midnight
const MIN = 60_000;

function req(over: Partial<RateRequest> = {}): RateRequest {
  return { organizationId: 'org_a', keyId: 'key_1', connector: false, partnerLicenseOnly: false, routeKind: 'v2', nowMs: DAY, ...over };
}

/** Sends n requests spread over distinct minutes (so per-minute rows never interfere). */
function spread(l: RateLimiter, n: number, over: Partial<RateRequest>, perMinute = 20, startMs = DAY): RateDecision[] {
  const out: RateDecision[] = [];
  for (let i = 0; i < n; i++) out.push(l.consume(req({ ...over, nowMs: startMs + Math.floor(i / perMinute) * MIN + (i % perMinute) })));
  return out;
}
const okCount = (ds: RateDecision[]) => ds.filter((d) => d.ok).length;
const rejection = (d: RateDecision) => (d.ok ? expect.fail('expected a rejection') : d.rejection);

describe('windows', () => {
  test('clock minute, UTC day and calendar month', () => {
    const t = Date.UTC(2031, 11, 31, 23, 59, 30, 250);
    expect(windowOf('minute', t).endMs).toBe(Date.UTC(2032, 0, 1));
    expect(windowOf('day', t).endMs).toBe(Date.UTC(2032, 0, 1));
    expect(windowOf('month', t).endMs).toBe(Date.UTC(2032, 0, 1));
    expect(windowOf('month', Date.UTC(2031, 1, 3)).endMs).toBe(Date.UTC(2031, 2, 1));
    expect(windowOf('minute', Date.UTC(2031, 1, 3, 4, 5, 6)).endMs).toBe(Date.UTC(2031, 1, 3, 4, 6));
  });
});

describe('organization and key rows', () => {
  test('60 per minute per organization over all keys; the 61st is rejected until the minute ends', () => {
    const l = new RateLimiter();
    for (let i = 0; i < 60; i++) expect(l.consume(req({ keyId: `key_${i % 3}`, nowMs: DAY + 10_000 + i })).ok).toBe(true);
    const r = rejection(l.consume(req({ keyId: 'key_9', nowMs: DAY + 15_000 })));
    expect(r).toMatchObject({ kind: 'rate_limited', scope: 'organization', limit: 60, window: 'minute', retryAfterSec: 45 });
    expect(l.consume(req({ organizationId: 'org_b', nowMs: DAY + 15_000 })).ok).toBe(true);
    expect(l.consume(req({ keyId: 'key_9', nowMs: DAY + MIN })).ok).toBe(true);
  });

  test('30 per minute per key; sessions have no key row', () => {
    const l = new RateLimiter();
    for (let i = 0; i < 30; i++) l.consume(req());
    expect(rejection(l.consume(req()))).toMatchObject({ scope: 'api_key', limit: 30 });
    expect(applicableRows(req({ keyId: null })).map((r) => r.scope)).toEqual(['organization']);
  });

  test('partner-license-only workspaces: 30 per minute replaces 60', () => {
    expect(applicableRows(req({ partnerLicenseOnly: true }))[0]).toMatchObject({ scope: 'organization', limit: 30 });
  });

  test('v1-only and key-management requests count toward the organization only', () => {
    for (const routeKind of ['v1only', 'keys'] as const)
      expect(applicableRows(req({ routeKind, counts: 'people_search', partnerLicenseOnly: true })).map((r) => r.scope)).toEqual([
        'organization',
      ]);
  });

  test('a rejected request consumes nothing', () => {
    const l = new RateLimiter();
    for (let i = 0; i < 30; i++) l.consume(req({ nowMs: DAY + i }));
    for (let i = 0; i < 10; i++) expect(l.consume(req({ nowMs: DAY + 100 + i })).ok).toBe(false);
    expect(okCount(Array.from({ length: 30 }, (_, i) => l.consume(req({ keyId: 'key_2', nowMs: DAY + 200 + i }))))).toBe(30);
  });
});

describe('people searches per UTC day (API keys)', () => {
  const search = { counts: 'people_search' as const };

  test('60 a day for the organization over all keys; each page counts; the 61st waits for UTC midnight', () => {
    const l = new RateLimiter();
    expect(okCount(spread(l, 30, { ...search, keyId: 'key_1' }))).toBe(30);
    expect(okCount(spread(l, 30, { ...search, keyId: 'key_2' }, 20, DAY + 3_600_000))).toBe(30);
    const at = DAY + 7_200_000;
    const r = rejection(l.consume(req({ ...search, keyId: 'key_3', nowMs: at })));
    expect(r).toMatchObject({ kind: 'rate_limited', scope: 'organization_people_search', limit: 60, window: 'day' });
    expect(r.retryAfterSec).toBe((DAY + 86_400_000 - at) / 1000);
    expect(l.consume(req({ ...search, nowMs: DAY + 86_400_000 })).ok).toBe(true);
  });

  test('company search and other requests do not count toward it', () => {
    const l = new RateLimiter();
    spread(l, 60, { counts: 'company_search' });
    spread(l, 60, {}, 20, DAY + 3_600_000);
    expect(l.consume(req({ ...search, nowMs: DAY + 7_200_000 })).ok).toBe(true);
  });

  test('sessions are not held to it', () => {
    const l = new RateLimiter();
    expect(okCount(spread(l, 90, { ...search, keyId: null }))).toBe(90);
  });
});

describe('connector people searches per minute', () => {
  const connector = { keyId: null, connector: true, counts: 'people_search' as const };

  test('the connector row applies to connector people searches only', () => {
    expect(applicableRows(req(connector)).map((r) => r.scope)).toEqual(['organization', 'connector_people_search']);
    expect(applicableRows(req({ ...connector, counts: undefined })).map((r) => r.scope)).toEqual(['organization']);
    expect(applicableRows(req({ counts: 'people_search' })).map((r) => r.scope)).not.toContain('connector_people_search');
  });

  test('60 per minute per organization; the 61st is rejected, and the next minute is open', () => {
    const l = new RateLimiter();
    for (let i = 0; i < 60; i++) expect(l.consume(req({ ...connector, nowMs: DAY + i })).ok).toBe(true);
    const r = rejection(l.consume(req({ ...connector, nowMs: DAY + 1000 })));
    expect(r.kind).toBe('rate_limited');
    expect(r.limit).toBe(60);
    expect(r.retryAfterSec).toBe(59);
    expect(l.consume(req({ ...connector, nowMs: DAY + MIN })).ok).toBe(true);
  });

  test('a full connector counter rejects on its own even when the organization has room', () => {
    const window = windowOf('minute', DAY).index;
    const l = new RateLimiter({
      'org:org_a:connector_people_search:minute': { window, count: 60 },
      'org:org_a:minute': { window, count: 5 },
    });
    expect(rejection(l.consume(req(connector)))).toMatchObject({ scope: 'connector_people_search', limit: 60, window: 'minute' });
    // Other connector requests only meet the organization row.
    expect(l.consume(req({ ...connector, counts: undefined })).ok).toBe(true);
  });
});

describe('partner-license monthly search allowance', () => {
  const partner = { partnerLicenseOnly: true };
  const month = Date.UTC(2031, 3, 1);

  test('50 a month shared by people and company search, then search_quota_exhausted until the 1st', () => {
    const l = new RateLimiter();
    const people = spread(l, 25, { ...partner, counts: 'people_search' }, 20, month);
    const companies = spread(l, 25, { ...partner, counts: 'company_search' }, 20, month + 86_400_000);
    expect(okCount([...people, ...companies])).toBe(50);
    const at = Date.UTC(2031, 3, 20);
    const r = rejection(l.consume(req({ ...partner, counts: 'company_search', nowMs: at })));
    expect(r).toMatchObject({ kind: 'search_quota_exhausted', scope: 'partner_search_quota', limit: 50, used: 50, window: 'month' });
    expect(r.resetAtMs).toBe(Date.UTC(2031, 4, 1));
    expect(l.consume(req({ ...partner, nowMs: at })).ok).toBe(true);
    expect(l.consume(req({ ...partner, counts: 'people_search', nowMs: Date.UTC(2031, 4, 1) })).ok).toBe(true);
  });

  test('the 403 wins over a 429 when both apply; otherwise the longest wait is reported', () => {
    const w = (win: 'minute' | 'day' | 'month') => windowOf(win, month).index;
    const full = new RateLimiter({
      'org:org_a:search:month': { window: w('month'), count: 50 },
      'key:key_1:minute': { window: w('minute'), count: 30 },
    });
    expect(rejection(full.consume(req({ ...partner, counts: 'people_search', nowMs: month })))).toMatchObject({
      kind: 'search_quota_exhausted',
    });
    const busy = new RateLimiter({
      'org:org_a:people_search:day': { window: w('day'), count: 60 },
      'key:key_1:minute': { window: w('minute'), count: 30 },
    });
    expect(rejection(busy.consume(req({ counts: 'people_search', nowMs: month })))).toMatchObject({ scope: 'organization_people_search' });
  });

  test('workspaces with a paid plan have no monthly allowance', () => {
    expect(applicableRows(req({ counts: 'company_search' })).map((r) => r.scope)).toEqual(['organization', 'api_key']);
  });
});

test('prune drops counters of ended windows only', () => {
  const l = new RateLimiter();
  l.consume(req({ counts: 'people_search', partnerLicenseOnly: true }));
  expect(Object.keys(l.counters)).toHaveLength(4);
  l.prune(DAY + 2 * MIN);
  expect(Object.keys(l.counters).sort()).toEqual(['org:org_a:people_search:day', 'org:org_a:search:month']);
});
