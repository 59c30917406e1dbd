import * as z from 'zod/mini';
import { describe, expect, test } from 'vitest';
import { control, raw, type RunningSandbox } from './helpers.js';
import { allPages, ci, companiesWhere, companyIdsOf, expectOk, expectPublicError, post, useSearchSandbox } from './search-helpers.js';
import {
  COHORT_PREFIX,
  COMPANY_COLUMN_LABELS,
  COMPANY_FLAT_KEYS,
  COMPANY_KEY_ALIASES,
  CompanySearchResponse,
  SimilarCompaniesResponse,
  canonicalCompanyKey,
  type CompanyFlatKey,
} from '../../src/api/schemas/search.js';
import { resolveCohort } from '../../src/sandbox/engine/cohorts.js';
import type { CompanyFacts, Dataset } from '../../src/sandbox/data/dataset.js';

let sb: RunningSandbox;
let ds: Dataset;
useSearchSandbox((s, d) => ((sb = s), (ds = d)));

const search = (body: unknown) => post(sb, '/search/companies', body);
const similar = (body: unknown) => post(sb, '/search/companies/similar', body);
const ids = (page: any): string[] => page.results.map((r: any) => r.company_id);

/** A value of each flat key taken from the data, and what it means about a company. */
const KEYS: Record<CompanyFlatKey, { value: (c: CompanyFacts) => string | number; holds: (v: any, c: CompanyFacts) => boolean }> = {
  industries: { value: (c) => c.industry, holds: (v, c) => ci(c.industry, v) },
  employee_count_ranges: { value: (c) => c.employee_count_range, holds: (v, c) => c.employee_count_range === v },
  locations: { value: (c) => c.hq_city, holds: (v, c) => [c.hq_location, c.hq_city, c.hq_state, c.hq_country].some((x) => ci(x, v)) },
  hq_country: { value: (c) => c.hq_country, holds: (v, c) => ci(c.hq_country, v) },
  funding_stages: { value: (c) => c.funding_stage, holds: (v, c) => c.funding_stage === v },
  names: { value: (c) => c.name, holds: (v, c) => ci(c.name, v) },
  domains: { value: (c) => c.domain, holds: (v, c) => ci(c.domain, v) },
  year_founded: { value: (c) => c.founded_year, holds: (v, c) => c.founded_year === v },
  company_type: { value: (c) => c.company_type, holds: (v, c) => ci(c.company_type, v) },
};

describe('flat filters', () => {
  const everyName = [...COMPANY_FLAT_KEYS, ...Object.keys(COMPANY_KEY_ALIASES)];
  test.each(everyName.map((n) => [n, canonicalCompanyKey(n)!]))('%s (key %s) filters by its fact', async (name, key) => {
    const c = KEYS[key];
    const value = c.value(ds.company(3));
    const expected = companiesWhere(ds, (x) => c.holds(value, x));
    expect(expected.length).toBeGreaterThan(0);
    const page = expectOk(await search({ filters: { [name]: [value] }, limit: 100 }));
    expect(page.total).toBe(expected.length);
    expect(ids(page)).toEqual(companyIdsOf(ds, expected.slice(0, 100)));
  });

  test('an alias and its key merge (OR within the key); different keys AND', async () => {
    const a = ds.company(1).industry;
    const b = companiesWhere(ds, (x) => x.industry !== a).map((i) => ds.company(i).industry)[0]!;
    const page = expectOk(await search({ filters: { industries: [a], industry: [b], hq_country: [ds.company(1).hq_country] } }));
    expect(page.total).toBe(
      companiesWhere(ds, (x) => (x.industry === a || x.industry === b) && x.hq_country === ds.company(1).hq_country).length,
    );
  });

  test('headcount bands without commas are accepted', async () => {
    const band = ds.company(2).employee_count_range;
    const a = expectOk(await search({ filters: { headcount: [band] } }));
    expect(expectOk(await search({ filters: { headcount: [band.replace(/,/g, '')] } })).total).toBe(a.total);
  });

  test.each([['revenue_ranges'], ['technologies'], ['industri']])(
    'unknown key %s is 400 validation_error listing accepted keys',
    async (key) => {
      const e = expectPublicError(await search({ filters: { [key]: ['x'] } }), 400, 'validation_error');
      expect(e.details.unsupported_keys).toEqual([key]);
      expect(e.details.allowed_keys).toEqual([...COMPANY_FLAT_KEYS, ...Object.keys(COMPANY_KEY_ALIASES)]);
      if (key === 'industri') expect(e.details.suggested_replacements).toEqual({ industri: 'industries' });
    },
  );

  test('an empty filter set is 400; year_founded must be years', async () => {
    expectPublicError(await search({ filters: {} }), 400, 'validation_error');
    expectPublicError(await search({ filters: { industries: [] } }), 400, 'validation_error');
    expect(
      expectPublicError(await search({ filters: { year_founded: ['recent'] } }), 400, 'validation_error').details.invalid_values,
    ).toEqual({
      year_founded: ['recent'],
    });
  });

  test('no match is 200 with total 0, no rows and a usage hint', async () => {
    const page = expectOk(await search({ filters: { names: ['No Such Company Zzyzx'] } }));
    expect(page).toMatchObject({ total: 0, results: [], cursor: null });
    expect(page.usage).toMatch(/domains/);
  });

  test('422 for body shape: both or neither of filters and criteria, limit out of range, columns not strings', async () => {
    for (const body of [
      {},
      { filters: { industries: ['x'] }, criteria: { industriesInclude: ['x'] } },
      { filters: { industries: ['x'] }, limit: 501 },
      { filters: { industries: ['x'] }, columns: 'Founded' },
    ])
      expectPublicError(await search(body), 422, 'validation_error');
  });
});

describe('the raw {op, conditions} shape', () => {
  test('passes without key checks', async () => {
    const c = ds.company(4);
    const filters = {
      op: 'and',
      conditions: [
        { column: 'industry', type: 'in', value: [c.industry] },
        {
          op: 'or',
          conditions: [
            { column: 'employee_count', type: 'gte', value: 100 },
            { column: 'founded_year', type: 'lte', value: 1990 },
          ],
        },
      ],
    };
    const expected = companiesWhere(ds, (x) => x.industry === c.industry && (x.employee_count >= 100 || x.founded_year <= 1990));
    const page = expectOk(await search({ filters, limit: 100 }));
    expect(page.total).toBe(expected.length);
    expect(ids(page)).toEqual(companyIdsOf(ds, expected.slice(0, 100)));
  });

  test('an unknown column or type matches nothing (200, total 0) rather than a 400', async () => {
    expect(
      expectOk(await search({ filters: { op: 'and', conditions: [{ column: 'technologies', type: 'in', value: ['x'] }] } })).total,
    ).toBe(0);
    expect(
      expectOk(await search({ filters: { op: 'and', conditions: [{ column: 'industry', type: 'sounds_like', value: 'x' }] } })).total,
    ).toBe(0);
  });

  test('a malformed raw shape is 422', async () => {
    const e = expectPublicError(await search({ filters: { op: 'xor', conditions: [] } }), 422, 'validation_error');
    expect(e.details.errors[0].loc.slice(0, 2)).toEqual(['body', 'filters']);
  });
});

describe('columns', () => {
  test('default rows carry the default fields; columns add the optional ones', async () => {
    const c = ds.company(5);
    const plain = expectOk(await search({ filters: { domains: [c.domain] } }));
    expect(z.safeParse(CompanySearchResponse, plain).success).toBe(true);
    expect(plain.results[0]).toEqual(ds.companyRow(5));
    expect(plain.results[0]).not.toHaveProperty('founded_year');
    const wide = expectOk(
      await search({
        filters: { domains: [c.domain] },
        columns: ['Founded', 'linkedin', 'Last funding', 'Headcount', 'Revenue', 'Funding'],
      }),
    );
    expect(wide.results[0]).toMatchObject({
      founded_year: c.founded_year,
      linkedin_url: c.linkedin_url,
      last_funding_date: c.last_funding_date,
      employee_count_range: c.employee_count_range,
      revenue_range: c.revenue_range,
      funding_stage: c.funding_stage,
    });
  });

  test('an unknown column is 400 validation_error naming the allowed labels', async () => {
    const e = expectPublicError(
      await search({ filters: { industries: ['x'] }, columns: ['Founded', 'Employees'] }),
      400,
      'validation_error',
    );
    expect(e.details).toEqual({ unsupported_columns: ['Employees'], allowed_columns: COMPANY_COLUMN_LABELS });
  });

  test('a cursor is bound to the columns too', async () => {
    const filters = { hq_country: [ds.company(0).hq_country] };
    const first = expectOk(await search({ filters, limit: 1 }));
    expect(first.cursor).not.toBeNull();
    expectOk(await search({ filters, limit: 1, cursor: first.cursor }));
    expect(
      expectPublicError(await search({ filters, limit: 1, cursor: first.cursor, columns: ['Founded'] }), 400, 'invalid_cursor').cause,
    ).toMatch(/columns/);
  });
});

describe('paging and cohorts', () => {
  test('cursors to the end, total constant, a company cohort per page of `limit` rows: up to 500, no 100-row ceiling (that one is people find’s)', async () => {
    const expected = companiesWhere(ds, () => true);
    expect(expected.length).toBeGreaterThan(250);
    const { ids: all, pages } = await allPages(
      (cursor) => search({ filters: { op: 'and', conditions: [] }, limit: 250, ...(cursor ? { cursor } : {}) }),
      (r) => r.company_id,
    );
    expect(all).toEqual(companyIdsOf(ds, expected));
    expect(pages.map((p) => p.results.length)).toEqual([250, expected.length - 250]);
    for (const p of pages) {
      expect(p).toMatchObject({ entity_kind: 'company', total: expected.length, credits_charged: 0, truncation_warning: null });
      expect(p.task_id.startsWith(COHORT_PREFIX)).toBe(true);
      expect(resolveCohort(sb.services, p.task_id, sb.store.demo.organization_id)).toMatchObject({ entity_kind: 'company', ids: ids(p) });
    }
    expect(pages.at(-1).cursor).toBeNull();
    expect(expectOk(await search({ filters: { op: 'and', conditions: [] } })).truncation_warning).toBeNull();
    const most = expectOk(await search({ filters: { op: 'and', conditions: [] }, limit: 500 }));
    expect(most.results).toHaveLength(Math.min(500, expected.length));
    expect(most.truncation_warning).toBeNull();
    for (const limit of [0, 501])
      expectPublicError(await search({ filters: { op: 'and', conditions: [] }, limit }), 422, 'validation_error');
  });

  test('invalid_cursor for a malformed cursor or one from other filters', async () => {
    const first = expectOk(await search({ filters: { hq_country: [ds.company(0).hq_country] }, limit: 1 }));
    expectPublicError(await search({ filters: { hq_country: [ds.company(0).hq_country] }, cursor: '%%%' }), 400, 'invalid_cursor');
    expectPublicError(await search({ filters: { industries: [ds.company(0).industry] }, cursor: first.cursor }), 400, 'invalid_cursor');
  });

  test('companies:read is required; the route answers under /api/v1/public', async () => {
    const body = { filters: { industries: [ds.company(0).industry] } };
    expect((await raw(sb, 'POST', '/api/v1/public/search/companies', { token: sb.demoKey, body })).json.total).toBe(
      expectOk(await search(body)).total,
    );
    await control(sb, 'POST', '/scopes', { scopes: ['people:read'] });
    expectPublicError(await search(body), 403, 'insufficient_scope');
    expectPublicError(await similar({ company_id: ds.company(0).company_id }), 403, 'insufficient_scope');
  });
});

describe('criteria', () => {
  type Case = [field: string, build: (c: CompanyFacts) => Record<string, unknown>, holds: (k: any, c: CompanyFacts) => boolean];
  const hq = (c: CompanyFacts) => [c.hq_location, c.hq_city, c.hq_state, c.hq_country];
  const iso3 = (c: CompanyFacts) => c.hq_country_iso3;
  const CASES: Case[] = [
    ['industriesInclude', (c) => ({ industriesInclude: [c.industry] }), (k, c) => ci(c.industry, k.industriesInclude[0])],
    ['industriesExclude', (c) => ({ industriesExclude: [c.industry] }), (k, c) => !ci(c.industry, k.industriesExclude[0])],
    ['headcountRanges', (c) => ({ headcountRanges: [c.employee_count_range] }), (k, c) => c.employee_count_range === k.headcountRanges[0]],
    ['headcountLatestMin', (c) => ({ headcountLatestMin: c.employee_count }), (k, c) => c.employee_count >= k.headcountLatestMin],
    ['headcountLatestMax', (c) => ({ headcountLatestMax: c.employee_count }), (k, c) => c.employee_count <= k.headcountLatestMax],
    ['revenueMin', (c) => ({ revenueMin: c.revenue }), (k, c) => c.revenue >= k.revenueMin],
    ['revenueMax', (c) => ({ revenueMax: c.revenue }), (k, c) => c.revenue <= k.revenueMax],
    ['fundingRoundTypes', (c) => ({ fundingRoundTypes: [c.funding_stage] }), (k, c) => ci(c.funding_stage, k.fundingRoundTypes[0])],
    ['growthMin', (c) => ({ growthMin: c.growth }), (k, c) => c.growth >= k.growthMin],
    ['hqCountriesIso3', (c) => ({ hqCountriesIso3: [iso3(c)] }), (k, c) => iso3(c) === k.hqCountriesIso3[0]],
    ['hqLocationsInclude', (c) => ({ hqLocationsInclude: [c.hq_city] }), (k, c) => hq(c).some((x) => ci(x, k.hqLocationsInclude[0]))],
    [
      'investorsInclude',
      (c) => ({ investorsInclude: [c.investors[0] ?? 'none'] }),
      (k, c) => c.investors.some((x) => ci(x, k.investorsInclude[0])),
    ],
    [
      'descriptionKeyword',
      (c) => ({ descriptionKeyword: c.description.split(' ').find((w) => w.length > 5) ?? 'none' }),
      (k, c) => c.description.toLowerCase().includes(k.descriptionKeyword.toLowerCase()),
    ],
    ['foundedYearMin', (c) => ({ foundedYearMin: c.founded_year }), (k, c) => c.founded_year >= k.foundedYearMin],
    ['foundedYearMax', (c) => ({ foundedYearMax: c.founded_year }), (k, c) => c.founded_year <= k.foundedYearMax],
    ['companyTypesInclude', (c) => ({ companyTypesInclude: [c.company_type] }), (k, c) => ci(c.company_type, k.companyTypesInclude[0])],
    ['domainsInclude', (c) => ({ domainsInclude: [`WWW.${c.domain}`] }), (k, c) => ci(`www.${c.domain}`, k.domainsInclude[0])],
    ['namesInclude', (c) => ({ namesInclude: [c.name] }), (k, c) => ci(c.name, k.namesInclude[0])],
  ];

  test.each(CASES)('%s', async (_field, build, holds) => {
    const seed = ds.company(companiesWhere(ds, (c) => c.investors.length > 0 && c.last_funding_date !== null)[0]!);
    const criteria = build(seed);
    const expected = companiesWhere(ds, (c) => holds(criteria, c));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(ds.size.companies);
    const page = expectOk(await search({ criteria, limit: 100 }));
    expect(page.total).toBe(expected.length);
    expect(ids(page)).toEqual(companyIdsOf(ds, expected.slice(0, 100)));
  });

  test('invalid_criteria names the field; empty_criteria when nothing filters', async () => {
    expect(expectPublicError(await search({ criteria: { revenueMin: 'lots' } }), 400, 'invalid_criteria').details.field).toBe('revenueMin');
    expect(expectPublicError(await search({ criteria: { headcountRanges: ['huge'] } }), 400, 'invalid_criteria').details.field).toBe(
      'headcountRanges',
    );
    expect(expectPublicError(await search({ criteria: { jobTitlesInclude: ['CTO'] } }), 400, 'invalid_criteria').details.field).toBe(
      'jobTitlesInclude',
    );
    expectPublicError(await search({ criteria: {} }), 400, 'empty_criteria');
    expectPublicError(await search({ criteria: { industriesInclude: [], descriptionKeyword: '  ' } }), 400, 'empty_criteria');
  });
});

describe('POST /search/companies/similar', () => {
  test('by domain and by id: the same neighbours, scores from 0 to 1, best first, not the seed itself', async () => {
    const seed = ds.company(7);
    const byDomain = expectOk(await similar({ company_domain: `https://www.${seed.domain}` }));
    const byId = expectOk(await similar({ company_id: seed.company_id }));
    expect(z.safeParse(SimilarCompaniesResponse, byDomain).success).toBe(true);
    expect(byDomain.reference_company).toBe(seed.name);
    expect(byDomain.results).toEqual(byId.results);
    expect(byDomain.results).toHaveLength(25);
    const scores = byDomain.results.map((r: any) => r.similarity_score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const r of byDomain.results) {
      expect(r.similarity_score).toBeGreaterThanOrEqual(0);
      expect(r.similarity_score).toBeLessThanOrEqual(1);
      expect(r.company_id).not.toBe(seed.company_id);
      expect(Object.keys(r).sort()).toEqual(['company_id', 'domain', 'name', 'similarity_score']);
    }
    const expected = ds.similarCompanies(7, 25).map(({ index, score }) => ({ ...ds.company(index), score }));
    expect(byDomain.results.map((r: any) => [r.company_id, r.similarity_score])).toEqual(expected.map((c) => [c.company_id, c.score]));
    expect(byDomain.task_id.startsWith(COHORT_PREFIX)).toBe(true);
  });

  test('limit is respected (1 to 100); no credits are deducted', async () => {
    const before = (await raw(sb, 'GET', '/api/v2/credits/balance', { token: sb.demoKey })).json.credits;
    expect(expectOk(await similar({ company_id: ds.company(0).company_id, limit: 3 })).results).toHaveLength(3);
    expect((await raw(sb, 'GET', '/api/v2/credits/balance', { token: sb.demoKey })).json.credits).toBe(before);
    for (const limit of [0, 101])
      expectPublicError(await similar({ company_id: ds.company(0).company_id, limit }), 422, 'validation_error');
  });

  test('an unknown seed gives 200 with reference_company null, no results and a usage hint', async () => {
    for (const body of [{ company_domain: 'no-such-company.invalid' }, { company_id: 'cmp_nope' }]) {
      const r = expectOk(await similar(body));
      expect(r).toMatchObject({ reference_company: null, results: [] });
      expect(r.usage).toMatch(/POST \/search\/companies/);
    }
  });

  test('exactly one seed: both or neither is 422', async () => {
    expectPublicError(await similar({}), 422, 'validation_error');
    expectPublicError(
      await similar({ company_id: ds.company(0).company_id, company_domain: ds.company(0).domain }),
      422,
      'validation_error',
    );
  });
});
