import * as z from 'zod/mini';
import { describe, expect, test } from 'vitest';
import { control, raw, type RunningSandbox } from './helpers.js';
import { allPages, ci, expectOk, expectPublicError, leadIdsOf, peopleWhere, post, somePerson, useSearchSandbox } from './search-helpers.js';
import {
  COHORT_PREFIX,
  PEOPLE_FLAT_KEYS,
  PeopleSearchResponse,
  SEARCH_LIMITS,
  headcountBandOf,
  type PeopleFlatKey,
} from '../../src/api/schemas/search.js';
import { resolveCohort } from '../../src/sandbox/engine/cohorts.js';
import type { CompanyFacts, Dataset, PersonFacts } from '../../src/sandbox/data/dataset.js';

let sb: RunningSandbox;
let ds: Dataset;
useSearchSandbox((s, d) => ((sb = s), (ds = d)));

const find = (body: unknown, token?: string) => post(sb, '/people/find', body, token);

/** A value of each flat key taken from the data, and what it means about a person. */
type KeyCase = {
  value: (p: PersonFacts, c: CompanyFacts) => string;
  holds: (v: string, p: PersonFacts, c: CompanyFacts) => boolean;
  who?: (p: PersonFacts) => boolean;
};
const hq = (v: string, c: CompanyFacts) => [c.hq_location, c.hq_city, c.hq_state, c.hq_country].some((x) => ci(x, v));
const KEYS: Record<PeopleFlatKey, KeyCase> = {
  titles: { value: (p) => p.title, holds: (v, p) => p.title === v },
  seniority: { value: (p) => p.seniority, holds: (v, p) => p.seniority === v },
  management_levels: {
    value: (p) => p.management_level!,
    holds: (v, p) => p.management_level === v,
    who: (p) => p.management_level !== null,
  },
  departments: { value: (p) => p.department, holds: (v, p) => p.department === v },
  job_functions: { value: (p) => p.job_function, holds: (v, p) => p.job_function === v },
  locations: { value: (p) => p.location, holds: (v, p) => p.location === v },
  location_city: { value: (p) => p.location_city, holds: (v, p) => ci(p.location_city, v) },
  location_state: { value: (p) => p.location_state, holds: (v, p) => ci(p.location_state, v) },
  location_country: { value: (p) => p.location_country, holds: (v, p) => ci(p.location_country, v) },
  school_names: { value: (p) => p.schools[0]!, holds: (v, p) => p.schools.some((s) => ci(s, v)), who: (p) => p.schools.length > 0 },
  skills: { value: (p) => p.skills[0]!, holds: (v, p) => p.skills.some((s) => ci(s, v)), who: (p) => p.skills.length > 0 },
  languages: { value: (p) => p.languages[0]!, holds: (v, p) => p.languages.some((s) => ci(s, v)), who: (p) => p.languages.length > 0 },
  company_names: { value: (_, c) => c.name, holds: (v, _, c) => ci(c.name, v) },
  company_domains: { value: (_, c) => c.domain, holds: (v, _, c) => ci(c.domain, v) },
  company_industries: { value: (_, c) => c.industry, holds: (v, _, c) => ci(c.industry, v) },
  company_headcount: { value: (_, c) => headcountBandOf(c.employee_count), holds: (v, _, c) => headcountBandOf(c.employee_count) === v },
  company_locations: { value: (_, c) => c.hq_city, holds: (v, _, c) => hq(v, c) },
};

describe('flat filters', () => {
  test.each(PEOPLE_FLAT_KEYS.map((k) => [k]))('%s filters by its fact (AND across keys, OR within one)', async (key) => {
    const c = KEYS[key];
    const p = somePerson(ds, (x) => c.who?.(x) ?? true);
    const value = c.value(p, ds.company(p.company_index));
    const expected = peopleWhere(ds, (x, xc) => c.holds(value, x, xc));
    expect(expected.length).toBeGreaterThan(0);
    const page = expectOk(await find({ filters: { [key]: [value] }, limit: 100 }));
    expect(page.total).toBe(expected.length);
    expect(page.results.map((r: any) => r.lead_id)).toEqual(leadIdsOf(ds, expected.slice(0, 100)));

    // OR within the key: a second value adds its people; AND with another key narrows.
    const q = somePerson(ds, (x, xc) => (c.who?.(x) ?? true) && !c.holds(value, x, xc));
    const other = c.value(q, ds.company(q.company_index));
    const either = peopleWhere(ds, (x, xc) => c.holds(value, x, xc) || c.holds(other, x, xc));
    expect(expectOk(await find({ filters: { [key]: [value, other] } })).total).toBe(either.length);
    const both = peopleWhere(ds, (x, xc) => c.holds(value, x, xc) && x.seniority === p.seniority);
    expect(expectOk(await find({ filters: { [key]: [value], seniority: [p.seniority] } })).total).toBe(both.length);
  });

  test('titles match exactly and case-sensitively', async () => {
    const p = somePerson(ds, (x) => x.title !== x.title.toUpperCase());
    expect(expectOk(await find({ filters: { titles: [p.title.toUpperCase()] } })).total).toBe(
      peopleWhere(ds, (x) => x.title === p.title.toUpperCase()).length,
    );
    expect(expectOk(await find({ filters: { titles: [p.title.slice(0, -1)] } })).total).toBe(
      peopleWhere(ds, (x) => x.title === p.title.slice(0, -1)).length,
    );
  });

  test('comma-less headcount bands are accepted and mean the written band', async () => {
    const a = expectOk(await find({ filters: { company_headcount: ['1,001-5,000', '501-1,000'] } }));
    const b = expectOk(await find({ filters: { company_headcount: ['1001-5000', '501-1000'] } }));
    expect(b.total).toBe(a.total);
    expect(b.results).toEqual(a.results);
  });

  test('an unknown key is 400 validation_error with the key, a suggestion and the 17 allowed keys', async () => {
    const e = expectPublicError(await find({ filters: { title: ['CTO'] } }), 400, 'validation_error');
    expect(e.details.unsupported_keys).toEqual(['title']);
    expect(e.details.suggested_replacements.title).toBe('titles');
    expect(e.details.allowed_keys).toEqual([...PEOPLE_FLAT_KEYS]);
    expect(e.problem).toMatch(/title/);
    expect(e.fix).toMatch(/titles/);
    expect(e.retryable).toBe(false);
    const two = expectPublicError(await find({ filters: { industry: ['Software'], bogus_key: ['x'] } }), 400, 'validation_error');
    expect(two.details.unsupported_keys).toEqual(['industry', 'bogus_key']);
    expect(two.details.suggested_replacements).toEqual({ industry: 'company_industries' });
  });

  test.each([
    ['seniority', 'VP'],
    ['management_levels', 'Vice President'],
    ['departments', 'engineering'],
    ['job_functions', 'Engineer'],
    ['company_headcount', '1-1000'],
  ])('a %s value outside its fixed list is 400 with invalid_values', async (key, bad) => {
    const e = expectPublicError(await find({ filters: { [key]: [bad] } }), 400, 'validation_error');
    expect(e.details.invalid_values).toEqual({ [key]: [bad] });
    expect(e.details.unsupported_keys).toEqual([]);
  });

  test('a suggestion for a misspelt fixed value', async () => {
    const e = expectPublicError(await find({ filters: { departments: ['engineering'] } }), 400, 'validation_error');
    expect(e.details.suggested_replacements).toEqual({ engineering: 'Engineering' });
  });

  test('values that are not arrays of strings, and an empty filter set, are 400', async () => {
    expect(expectPublicError(await find({ filters: { titles: 'CTO' } }), 400, 'validation_error').details.invalid_values).toEqual({
      titles: ['CTO'],
    });
    expectPublicError(await find({ filters: { titles: [1] } }), 400, 'validation_error');
    expectPublicError(await find({ filters: {} }), 400, 'validation_error');
  });

  test('body shape errors are 422: both or neither of filters and criteria, limit out of 1 to 500', async () => {
    for (const body of [{}, { filters: { seniority: ['Owner'] }, criteria: { seniorityInclude: ['Owner'] } }]) {
      const e = expectPublicError(await find(body), 422, 'validation_error');
      expect(e.details.errors[0].msg).toMatch(/exactly one of filters or criteria/);
    }
    for (const limit of [0, 501, 2.5]) {
      const e = expectPublicError(await find({ filters: { seniority: ['Owner'] }, limit }), 422, 'validation_error');
      expect(e.details.errors[0].loc).toEqual(['body', 'limit']);
    }
  });
});

describe('responses', () => {
  test('the people search response: schema, task_id cohort of the page, rows without email or phone', async () => {
    const p = somePerson(ds);
    const page = expectOk(await find({ filters: { location_country: [p.location_country] } }));
    expect(z.safeParse(PeopleSearchResponse, page).success).toBe(true);
    expect(page).toMatchObject({ entity_kind: 'person', credits_charged: 0, truncation_warning: null });
    expect(page.results).toHaveLength(SEARCH_LIMITS.people.default);
    for (const row of page.results) {
      expect(row).not.toHaveProperty('email');
      expect(row).not.toHaveProperty('phone');
      expect(row).not.toHaveProperty('match_evidence');
      expect(row.confidence_score).toBeNull();
      const facts = ds.person(ds.personIndexByLeadId(row.lead_id)!);
      expect(row).toMatchObject({ full_name: `${facts.first_name} ${facts.last_name}`, title: facts.title, seniority: facts.seniority });
    }
    expect(page.task_id.startsWith(COHORT_PREFIX)).toBe(true);
    const cohort = resolveCohort(sb.services, page.task_id, sb.store.demo.organization_id);
    expect(cohort).toMatchObject({ entity_kind: 'person', ids: page.results.map((r: any) => r.lead_id) });
    expect(page.timestamp_ms).toEqual(expect.any(Number));
    expect(page.agent_instructions).toContain(page.task_id);
    expect(page.usage).toBeUndefined();
  });

  test('agent_instructions count the daily people searches of API keys; sessions are not counted', async () => {
    const p = somePerson(ds);
    await find({ filters: { seniority: [p.seniority] } });
    const second = expectOk(await find({ filters: { seniority: [p.seniority] } }));
    expect(second.agent_instructions).toMatch(/2 of 60 daily people searches/);
    const session = expectOk(await find({ filters: { seniority: [p.seniority] } }, sb.mintJwt()));
    expect(session.agent_instructions).not.toMatch(/daily people searches/);
  });

  test('no match: 200, total 0, no rows, cursor null and a usage hint on broadening', async () => {
    const page = expectOk(await find({ filters: { company_names: ['No Such Employer Zzyzx'] } }));
    expect(page).toMatchObject({ total: 0, results: [], cursor: null });
    expect(page.usage).toMatch(/company_domains/);
  });

  test('the same route answers under /api/v1/public', async () => {
    const p = somePerson(ds);
    const body = { filters: { departments: [p.department] } };
    const v1 = await raw(sb, 'POST', '/api/v1/public/people/find', { token: sb.demoKey, body });
    expect(v1.status).toBe(200);
    expect(v1.json.results).toEqual(expectOk(await find(body)).results);
  });

  test('people:read is required', async () => {
    await control(sb, 'POST', '/scopes', { scopes: ['companies:read'] });
    expect(expectPublicError(await find({ filters: { seniority: ['Owner'] } }), 403, 'insufficient_scope').details.required_scope).toBe(
      'people:read',
    );
  });
});

describe('paging', () => {
  /** A country with a few hundred people: several pages. */
  function severalPages(): { filters: Record<string, string[]>; expected: number[] } {
    const countries = [...new Set(peopleWhere(ds, () => true).map((i) => ds.person(i).location_country))];
    for (const country of countries) {
      const expected = peopleWhere(ds, (p) => p.location_country === country);
      if (expected.length > 150 && expected.length < 600) return { filters: { location_country: [country] }, expected };
    }
    throw new Error('no country with a few hundred people');
  }

  test('following cursors to the end yields every match once; total stays the full count; the last cursor is null', async () => {
    const { filters, expected } = severalPages();
    const { ids, pages } = await allPages(
      (cursor) => find({ filters, limit: 100, ...(cursor ? { cursor } : {}) }),
      (r) => r.lead_id,
    );
    expect(ids).toEqual(leadIdsOf(ds, expected));
    expect(pages.length).toBe(Math.ceil(expected.length / 100));
    for (const page of pages) expect(page.total).toBe(expected.length);
    expect(pages.at(-1).cursor).toBeNull();
    expect(new Set(pages.map((p) => p.task_id)).size).toBe(pages.length);
  });

  test('limit 250 returns 100 rows with a truncation warning, and the cursor continues from row 101', async () => {
    const { filters, expected } = severalPages();
    const first = expectOk(await find({ filters, limit: 250 }));
    expect(first.results).toHaveLength(100);
    expect(first.truncation_warning).toMatch(/100/);
    expect(first.truncation_warning).toMatch(/cursor/);
    const second = expectOk(await find({ filters, limit: 250, cursor: first.cursor }));
    expect(second.results.map((r: any) => r.lead_id)).toEqual(leadIdsOf(ds, expected.slice(100, 200)));
    expect(expectOk(await find({ filters, limit: 100 })).truncation_warning).toBeNull();
  });

  test('the cursor does not depend on the order of keys or values', async () => {
    const p = somePerson(ds);
    const first = expectOk(await find({ filters: { location_country: [p.location_country], seniority: ['Senior', 'Manager'] } }));
    const next = await find({
      filters: { seniority: ['Manager', 'Senior'], location_country: [p.location_country] },
      cursor: first.cursor,
    });
    expect(next.status).toBe(200);
  });

  test('invalid_cursor: malformed, altered, or sent with other filters', async () => {
    const { filters } = severalPages();
    const first = expectOk(await find({ filters }));
    const malformed = expectPublicError(await find({ filters, cursor: 'not-a-cursor' }), 400, 'invalid_cursor');
    expect(malformed.cause).toMatch(/does not decode/);
    expect(malformed.fix).toMatch(/same filters/);
    expect(malformed.fix).toMatch(/without a cursor/);
    const [payload, sig] = first.cursor.split('.');
    const bumped = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), o: 0 })).toString('base64url');
    expect(expectPublicError(await find({ filters, cursor: `${bumped}.${sig}` }), 400, 'invalid_cursor').cause).toMatch(/signature/);
    const other = expectPublicError(await find({ filters: { seniority: ['Owner'] }, cursor: first.cursor }), 400, 'invalid_cursor');
    expect(other.cause).toMatch(/other filters/);
  });
});
