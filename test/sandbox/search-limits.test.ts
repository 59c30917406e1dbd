import { describe, expect, test } from 'vitest';
import { control, newKey, type RunningSandbox } from './helpers.js';
import { expectOk, expectPublicError, post, somePerson, useSearchSandbox } from './search-helpers.js';
import { DAY_MS, MINUTE_MS } from '../../src/api/schemas/limits.js';

/** The search rows of the rate-limit table, over the real search routes. */
let sb: RunningSandbox;
useSearchSandbox((s) => (sb = s));

const DAY = Date.UTC(2031, 4, 20);
const setClock = (ms: number) => control(sb, 'POST', '/clock', { set_ms: ms, freeze: true });

test('60 people searches per UTC day with API keys, each cursor page counting; the 61st is 429 with Retry-After; company search does not count', async () => {
  const p = somePerson(sb.services.dataset);
  const filters = { location_country: [p.location_country] };
  const a = await newKey(sb);
  const b = await newKey(sb);
  let sent = 0;
  let cursor: string | null = null;
  // 20 a minute (under the 30 per key and 60 per organization), following cursors as pages.
  for (let minute = 0; sent < 60; minute++) {
    await setClock(DAY + minute * MINUTE_MS);
    for (let i = 0; i < 20 && sent < 60; i++, sent++) {
      const page: any = expectOk(
        await post(sb, '/people/find', { filters, limit: 5, ...(cursor ? { cursor } : {}) }, sent % 2 ? a.api_key : b.api_key),
      );
      cursor = page.cursor;
      if (sent === 59) expect(page.agent_instructions).toMatch(/60 of 60 daily people searches/);
    }
  }
  await setClock(DAY + 10 * MINUTE_MS + 30_000);
  const r = await post(sb, '/people/find', { filters });
  expect(r.status).toBe(429);
  expect(r.json.error).toMatchObject({ code: 'RATE_LIMITED', details: { limit: 60, window: 'day', scope: 'organization_people_search' } });
  expect(r.json.error.message).toMatch(/60 people searches per UTC day/);
  expect(Number(r.headers['retry-after'])).toBe((DAY_MS - 10 * MINUTE_MS - 30_000) / 1000);
  // Company search, compile and filter values do not count toward the daily people cap.
  expectOk(await post(sb, '/search/companies', { filters: { hq_country: [p.location_country] } }));
  expectOk(await post(sb, '/people/find/compile', { criteria: { seniorityInclude: [p.seniority] } }));
  // A signed-in session is held to the organization limit only.
  expectOk(await post(sb, '/people/find', { filters }, sb.mintJwt()));
  // The next UTC day opens a fresh allowance.
  await setClock(DAY + DAY_MS);
  expectOk(await post(sb, '/people/find', { filters }));
});

describe('partner-license workspaces', () => {
  test('50 searches a month shared by people and company search, then 403 search_quota_exhausted', async () => {
    await control(sb, 'POST', '/plan', { plan: 'free', partner_tier: 5 });
    const p = somePerson(sb.services.dataset);
    const month = Date.UTC(2031, 6, 1);
    let sent = 0;
    // Partner workspaces have 30 requests a minute: 25 a minute.
    for (let minute = 0; sent < 50; minute++) {
      await setClock(month + minute * MINUTE_MS);
      for (let i = 0; i < 25 && sent < 50; i++, sent++) {
        const r =
          sent % 2 === 0
            ? await post(sb, '/people/find', { filters: { seniority: [p.seniority] } })
            : await post(sb, '/search/companies', { filters: { hq_country: [p.location_country] } });
        expectOk(r);
      }
    }
    await setClock(month + 5 * MINUTE_MS);
    const e = expectPublicError(
      await post(sb, '/search/companies', { filters: { hq_country: [p.location_country] } }),
      403,
      'search_quota_exhausted',
    );
    expect(e.details).toMatchObject({ limit: 50, used: 50, window: 'month' });
    expectPublicError(await post(sb, '/people/find', { filters: { seniority: [p.seniority] } }), 403, 'search_quota_exhausted');
    // Searches that are not counted go on.
    expectOk(await post(sb, '/search/companies/similar', { company_id: sb.services.dataset.company(0).company_id }));
  });

  test('agent_instructions report the monthly allowance', async () => {
    await control(sb, 'POST', '/plan', { plan: 'free', partner_tier: 6 });
    const page = expectOk(await post(sb, '/search/companies', { filters: { industries: [sb.services.dataset.company(0).industry] } }));
    expect(page.agent_instructions).toMatch(/1 of 50 monthly searches/);
  });
});
