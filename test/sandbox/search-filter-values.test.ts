import * as z from 'zod/mini';
import { describe, expect, test } from 'vitest';
import { apiError, clientFor, control, type RunningSandbox } from './helpers.js';
import { expectOk, expectPublicError, get, useSearchSandbox } from './search-helpers.js';
import { COMPANY_FILTER_FIELDS, FILTER_VALUES_MAX, FilterValuesResponse, PEOPLE_FILTER_FIELDS } from '../../src/api/schemas/search.js';
import type { Dataset } from '../../src/sandbox/data/dataset.js';

let sb: RunningSandbox;
let ds: Dataset;
useSearchSandbox((s, d) => ((sb = s), (ds = d)));

const PATHS = { people: '/people/find/filters', companies: '/search/companies/filters' } as const;
const lookup = (kind: keyof typeof PATHS, query: Record<string, string>) =>
  get(sb, `${PATHS[kind]}?${new URLSearchParams(query).toString()}`);

/** The first value of a field, found by an empty-ish look-up on a vowel. */
async function someValue(kind: keyof typeof PATHS, field: string): Promise<string> {
  for (const q of ['e', 'a', 'o', 'i', '1', '0']) {
    const r = expectOk(await lookup(kind, { field, query: q }));
    if (r.values.length) return r.values[0].value;
  }
  throw new Error(`no value for ${field}`);
}

describe.each([
  ['people', PEOPLE_FILTER_FIELDS],
  ['companies', COMPANY_FILTER_FIELDS],
] as const)('GET %s filter values', (kind, fields) => {
  test.each(fields.map((f) => [f]))('%s: values containing the query, most common first, at most the maximum', async (field) => {
    const value = await someValue(kind, field);
    // Three letters from inside the value (the service trims the query, so no edge spaces).
    const query = value.slice(1, 4).trim() || value.slice(0, 3);
    const r = expectOk(await lookup(kind, { field, query }));
    expect(z.safeParse(FilterValuesResponse, r).success).toBe(true);
    expect(r).toMatchObject({ field, query });
    expect(r.values.length).toBeGreaterThan(0);
    expect(r.values.length).toBeLessThanOrEqual(FILTER_VALUES_MAX);
    for (const v of r.values) expect(v.value.toLowerCase()).toContain(query.toLowerCase());
    const counts = r.values.map((v: { count: number }) => v.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(r.values).toEqual(ds.filterValues(kind, field, query, FILTER_VALUES_MAX));
    expect(r.usage).toBeUndefined();
  });

  test('a query matching nothing: empty values and a usage hint', async () => {
    const r = expectOk(await lookup(kind, { field: fields[0], query: 'zzyzx-qq' }));
    expect(r.values).toEqual([]);
    expect(r.usage).toMatch(/zzyzx-qq/);
  });

  test('query_required when query is missing or blank', async () => {
    for (const q of [{ field: fields[0] }, { field: fields[0], query: '   ' }] as Array<Record<string, string>>) {
      const e = expectPublicError(await lookup(kind, q), 400, 'query_required');
      expect(e.retryable).toBe(false);
      expect(e.fix).toMatch(/query=/);
    }
  });

  test('unknown_field with the allowed fields and a suggestion; a missing field is 422', async () => {
    const e = expectPublicError(await lookup(kind, { field: 'industry', query: 'soft' }), 400, 'unknown_field');
    expect(e.details.allowed_fields).toEqual([...fields]);
    expect(e.details.field).toBe('industry');
    expect(e.details.suggestion).toBe(kind === 'people' ? 'company_industries' : 'industries');
    expect(e.fix).toContain(`field=${e.details.suggestion}`);
    const typo = expectPublicError(await lookup(kind, { field: `${fields[0]}x`, query: 'a' }), 400, 'unknown_field');
    expect(typo.details.suggestion).toBe(fields[0]);
    expect(expectPublicError(await lookup(kind, { field: 'zzz_qqq', query: 'a' }), 400, 'unknown_field').details).not.toHaveProperty(
      'suggestion',
    );
    expect(expectPublicError(await lookup(kind, { query: 'x' }), 422, 'validation_error').details.errors[0].loc).toEqual([
      'query',
      'field',
    ]);
  });
});

test('people counts are people, company counts are companies', async () => {
  const r = expectOk(await lookup('people', { field: 'seniority', query: 'Director' }));
  let directors = 0;
  for (let i = 0; i < ds.size.people; i++) if (ds.person(i).seniority === 'Director') directors++;
  expect(r.values).toContainEqual({ value: 'Director', count: directors });
  const industry = ds.company(0).industry;
  const c = expectOk(await lookup('companies', { field: 'industries', query: industry }));
  let companies = 0;
  for (let i = 0; i < ds.size.companies; i++) if (ds.company(i).industry === industry) companies++;
  expect(c.values).toContainEqual({ value: industry, count: companies });
});

test('scopes: people:read for people filters, companies:read for company filters', async () => {
  await control(sb, 'POST', '/scopes', { scopes: ['people:read'] });
  expectOk(await lookup('people', { field: 'titles', query: 'eng' }));
  expect(
    expectPublicError(await lookup('companies', { field: 'industries', query: 'soft' }), 403, 'insufficient_scope').details.required_scope,
  ).toBe('companies:read');
});

test('filters_unavailable: a 503 injected on the filter source is retryable, in the public shape', async () => {
  await control(sb, 'POST', '/faults', {
    rules: [{ kind: 'status', status: 503, code: 'filters_unavailable', path: '/filters', count: 2, retry_after_sec: 1 }],
  });
  const e = expectPublicError(await lookup('people', { field: 'titles', query: 'eng' }), 503, 'filters_unavailable');
  expect(e).toMatchObject({ retryable: true, retry_after_ms: 1000 });
  const sdk = await apiError(clientFor(sb).get(PATHS.companies, { field: 'industries', query: 'soft' }));
  expect(sdk).toMatchObject({ status: 503, code: 'filters_unavailable', retryable: true });
  // Searches are not behind the rule; once it is spent the look-up answers again.
  expectOk(await lookup('people', { field: 'titles', query: 'eng' }));
});
