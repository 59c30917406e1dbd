import * as z from 'zod/mini';
import { describe, expect, test } from 'vitest';
import { control, openSandbox, raw, type RunningSandbox } from './helpers.js';
import { ci, expectOk, expectPublicError, leadIdsOf, peopleWhere, post, somePerson, useSearchSandbox } from './search-helpers.js';
import { CompileResponse, PERSON_CRITERIA_FIELDS, PeopleSearchResponse, SEARCH_LIMITS } from '../../src/api/schemas/search.js';
import { inCrm } from '../../src/sandbox/engine/connections.js';
import type { CompanyFacts, Dataset, PersonFacts } from '../../src/sandbox/data/dataset.js';

let sb: RunningSandbox;
let ds: Dataset;
useSearchSandbox((s, d) => ((sb = s), (ds = d)));

const find = (criteria: unknown, extra: Record<string, unknown> = {}) => post(sb, '/people/find', { criteria, ...extra });
const compile = (body: unknown) => post(sb, '/people/find/compile', body);
const lower = (s: string) => s.toLowerCase();
/** The demo organization starts with every destination connected; the CRM exclusion tests start from none. */
const disconnectCrms = async () => {
  for (const provider of ['crm_one', 'crm_two']) await control(sb, 'POST', '/connections', { provider, connected: false });
};
const titleSet = (texts: string[]) => new Set(texts.flatMap((t) => ds.expandTitle(t)).map(lower));

/** Each people criteria field: criteria built from a person's facts, and who they should find. */
type FieldCase = [
  field: string,
  build: (p: PersonFacts, c: CompanyFacts) => Record<string, unknown>,
  holds: (crit: any, p: PersonFacts, c: CompanyFacts) => boolean,
];
const anyCi = (list: string[], v: string) => list.some((x) => ci(x, v));
const places = (p: PersonFacts) => [p.location, p.location_city, p.location_state, p.location_country];
const FIELD_CASES: FieldCase[] = [
  [
    'jobTitlesInclude (exact)',
    (p) => ({ jobTitlesInclude: [p.title], jobTitleMatchType: 'exact' }),
    (c, p) => ci(p.title, c.jobTitlesInclude[0]),
  ],
  [
    'jobTitlesInclude (contains, the default)',
    (p) => ({ jobTitlesInclude: [p.title.split(' ').at(-1)!] }),
    (c, p) => titleSet(c.jobTitlesInclude).has(lower(p.title)),
  ],
  ['jobTitlesExclude', (p) => ({ jobTitlesExclude: [p.title], jobTitleMatchType: 'exact' }), (c, p) => !ci(p.title, c.jobTitlesExclude[0])],
  ['seniorityInclude', (p) => ({ seniorityInclude: [p.seniority] }), (c, p) => p.seniority === c.seniorityInclude[0]],
  ['seniorityExclude', (p) => ({ seniorityExclude: [p.seniority] }), (c, p) => p.seniority !== c.seniorityExclude[0]],
  ['managementLevelsInclude', () => ({ managementLevelsInclude: ['Director'] }), (_, p) => p.management_level === 'Director'],
  ['departmentsInclude', (p) => ({ departmentsInclude: [p.department] }), (c, p) => p.department === c.departmentsInclude[0]],
  ['jobFunctionsInclude', (p) => ({ jobFunctionsInclude: [p.job_function] }), (c, p) => p.job_function === c.jobFunctionsInclude[0]],
  ['locationsInclude (a city)', (p) => ({ locationsInclude: [p.location_city] }), (c, p) => anyCi(places(p), c.locationsInclude[0])],
  ['locationsInclude (a full location)', (p) => ({ locationsInclude: [p.location] }), (c, p) => anyCi(places(p), c.locationsInclude[0])],
  ['locationsExclude', (p) => ({ locationsExclude: [p.location_country] }), (c, p) => !anyCi(places(p), c.locationsExclude[0])],
  ['countriesInclude', (p) => ({ countriesInclude: [p.location_country] }), (c, p) => ci(p.location_country, c.countriesInclude[0])],
  [
    'pastCompaniesInclude',
    (p) => ({ pastCompaniesInclude: [p.past_roles[0]?.company ?? 'none'] }),
    (c, p) => p.past_roles.some((r) => lower(r.company).includes(lower(c.pastCompaniesInclude[0]))),
  ],
  [
    'schoolsInclude (contains)',
    (p) => ({ schoolsInclude: [(p.schools[0] ?? 'none').slice(0, 8)] }),
    (c, p) => p.schools.some((s) => lower(s).includes(lower(c.schoolsInclude[0]))),
  ],
  ['skillsInclude', (p) => ({ skillsInclude: [p.skills[0] ?? 'none'] }), (c, p) => anyCi(p.skills, c.skillsInclude[0])],
  ['languagesInclude', (p) => ({ languagesInclude: [p.languages[0] ?? 'none'] }), (c, p) => anyCi(p.languages, c.languagesInclude[0])],
  ['yearsInRoleMin', (p) => ({ yearsInRoleMin: p.years_in_role }), (c, p) => p.years_in_role >= c.yearsInRoleMin],
  ['yearsInRoleMax', (p) => ({ yearsInRoleMax: p.years_in_role }), (c, p) => p.years_in_role <= c.yearsInRoleMax],
  ['companyNamesInclude', (_, co) => ({ companyNamesInclude: [co.name] }), (c, _, co) => ci(co.name, c.companyNamesInclude[0])],
  [
    'companyDomainsInclude (any spelling)',
    (_, co) => ({ companyDomainsInclude: [`https://www.${co.domain.toUpperCase()}/`] }),
    (c, _, co) => ci(`https://www.${co.domain}/`, c.companyDomainsInclude[0]),
  ],
  ['companyDomainsExclude', (_, co) => ({ companyDomainsExclude: [co.domain] }), (c, _, co) => !ci(co.domain, c.companyDomainsExclude[0])],
];

describe('people criteria fields', () => {
  test.each(FIELD_CASES)('%s', async (_name, build, holds) => {
    const p = somePerson(ds, (x) => x.past_roles.length > 0 && x.schools.length > 0 && x.skills.length > 0 && x.languages.length > 0);
    const criteria = build(p, ds.company(p.company_index));
    const expected = peopleWhere(ds, (x, c) => holds(criteria, x, c));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(ds.size.people);
    const page = expectOk(await find(criteria, { limit: 100 }));
    expect(page.total).toBe(expected.length);
    expect(page.results.map((r: any) => r.lead_id)).toEqual(leadIdsOf(ds, expected.slice(0, 100)));
  });

  test('pastJobTitlesInclude finds people by an earlier title', async () => {
    const p = somePerson(ds, (x) => x.past_roles.length > 0);
    const title = p.past_roles[0]!.title;
    const page = expectOk(await find({ pastJobTitlesInclude: [title] }, { limit: 500 }));
    expect(page.total).toBeGreaterThan(0);
    const found = new Set(page.results.map((r: any) => r.lead_id));
    const exact = peopleWhere(ds, (x) => x.past_roles.some((r) => ci(r.title, title)));
    expect(page.total).toBeGreaterThanOrEqual(exact.length);
    if (exact.length <= 100) for (const id of leadIdsOf(ds, exact)) expect(found.has(id)).toBe(true);
  });

  test('contains matches substrings and synonyms; exact matches the whole title only', async () => {
    const p = somePerson(ds, (x) => x.title.includes(' '));
    const word = p.title.split(' ').at(-1)!;
    const contains = expectOk(await find({ jobTitlesInclude: [word], jobTitleMatchType: 'contains' }));
    const exact = expectOk(await find({ jobTitlesInclude: [word], jobTitleMatchType: 'exact' }));
    expect(contains.total).toBe(peopleWhere(ds, (x) => titleSet([word]).has(lower(x.title))).length);
    expect(exact.total).toBe(peopleWhere(ds, (x) => ci(x.title, word)).length);
    expect(contains.total).toBeGreaterThan(exact.total);
  });

  test('a contains title that matches nothing gives a warning and no rows', async () => {
    const page = expectOk(await find({ jobTitlesInclude: ['Zzyzx Wrangler'], seniorityInclude: ['Owner'] }));
    expect(page.total).toBe(0);
    expect(page.warnings.join(' ')).toMatch(/Zzyzx Wrangler/);
    expect(page.usage).toMatch(/contains/);
  });
});

describe('the criteria response', () => {
  test('route, warnings, exclusions_applied, search_handoff and match_evidence per row', async () => {
    const p = somePerson(ds);
    const page = expectOk(await find({ departmentsInclude: [p.department] }, { limit: 100 }));
    expect(z.safeParse(PeopleSearchResponse, page).success).toBe(true);
    expect(page).toMatchObject({ route: 'person_first', warnings: [], exclusions_applied: [], credits_charged: 0, entity_kind: 'person' });
    const url = new URL(page.search_handoff.url);
    expect(`${url.protocol}//${url.host}`).toBe(sb.url);
    const compiled = JSON.parse(Buffer.from(url.searchParams.get('criteria')!, 'base64url').toString());
    expect(compiled.person_filter.filters).toContainEqual({ column: 'department', filter_type: 'in', value: [p.department] });
    const opened = await raw(sb, 'GET', `${url.pathname}${url.search}`);
    expect(opened.json).toEqual({ page: 'find-people', filters: compiled });
    for (const row of page.results) {
      const facts = ds.person(ds.personIndexByLeadId(row.lead_id)!);
      expect(row.match_evidence).toEqual({ status: facts.role_verified ? 'verified' : 'unverified' });
      expect(row).not.toHaveProperty('email');
      expect(row).not.toHaveProperty('phone');
    }
    expect(page.results.some((r: any) => r.match_evidence.status === 'unverified')).toBe(true);
  });

  test('company_criteria routes company_first and keeps people whose employer matches', async () => {
    const p = somePerson(ds);
    const industry = ds.company(p.company_index).industry;
    const criteria = { seniorityInclude: [p.seniority], company_criteria: { industriesInclude: [industry] } };
    const page = expectOk(await find(criteria, { limit: 100 }));
    expect(page.route).toBe('company_first');
    const expected = peopleWhere(ds, (x, c) => x.seniority === p.seniority && c.industry === industry);
    expect(page.total).toBe(expected.length);
    expect(page.results.map((r: any) => r.lead_id)).toEqual(leadIdsOf(ds, expected.slice(0, 100)));
  });

  test('maxResults caps the rows delivered over all pages; total stays the full count', async () => {
    const p = somePerson(ds);
    const criteria = { countriesInclude: [p.location_country], maxResults: 30 };
    const full = peopleWhere(ds, (x) => x.location_country === p.location_country);
    expect(full.length).toBeGreaterThan(30);
    const first = expectOk(await find(criteria, { limit: 25 }));
    expect(first.results).toHaveLength(25);
    expect(first.total).toBe(full.length);
    expect(first.truncation_warning).toMatch(/maxResults 30/);
    const second = expectOk(await find(criteria, { limit: 25, cursor: first.cursor }));
    expect(second.results.map((r: any) => r.lead_id)).toEqual(leadIdsOf(ds, full.slice(25, 30)));
    expect(second.cursor).toBeNull();
    const big = expectOk(await find({ ...criteria, maxResults: 200 }, { limit: 250 }));
    expect(big.results).toHaveLength(SEARCH_LIMITS.people.perResponse);
    expect(big.truncation_warning).toMatch(/100/);
  });

  test.each([
    ['years_in_role', 'desc', (p: PersonFacts) => p.years_in_role],
    ['years_in_role', 'asc', (p: PersonFacts) => p.years_in_role],
    ['company_headcount', 'desc', (p: PersonFacts) => ds.company(p.company_index).employee_count],
    ['title', 'asc', (p: PersonFacts) => lower(p.title)],
    ['name', 'asc', (p: PersonFacts) => lower(`${p.last_name} ${p.first_name}`)],
    ['company', 'asc', (p: PersonFacts) => lower(ds.company(p.company_index).name)],
  ] as const)('sort by %s %s', async (field, direction, key) => {
    const p = somePerson(ds);
    const page = expectOk(await find({ departmentsInclude: [p.department], sort: { field, direction } }, { limit: 100 }));
    const keys = page.results.map((r: any) => key(ds.person(ds.personIndexByLeadId(r.lead_id)!)));
    const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(keys).toEqual(direction === 'asc' ? sorted : sorted.reverse());
  });

  test('sort by seniority puts the most senior first when descending', async () => {
    const page = expectOk(
      await find({ departmentsInclude: ['Engineering'], sort: { field: 'seniority', direction: 'desc' } }, { limit: 100 }),
    );
    expect(page.total).toBeGreaterThan(0);
    const order = [
      'Owner',
      'Founder',
      'C-Suite',
      'Partner',
      'Vice President',
      'Head',
      'Director',
      'Manager',
      'Senior',
      'Entry',
      'Trainee',
      'Unpaid',
    ];
    const ranks = page.results.map((r: any) => order.indexOf(r.seniority));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });
});

describe('criteria errors', () => {
  test.each([
    [{ seniorityInclude: ['VP'] }, 'seniorityInclude'],
    [{ jobTitle: ['CTO'] }, 'jobTitle'],
    [{ jobTitleMatchType: 'fuzzy', jobTitlesInclude: ['CTO'] }, 'jobTitleMatchType'],
    [{ yearsInRoleMin: -1 }, 'yearsInRoleMin'],
    [{ maxResults: 501, seniorityInclude: ['Owner'] }, 'maxResults'],
    [{ company_criteria: { revenueMin: -5 } }, 'company_criteria.revenueMin'],
    [{ company_criteria: { hqCountriesIso3: ['XXX'] } }, 'company_criteria.hqCountriesIso3'],
    [{ sort: { field: 'salary' }, seniorityInclude: ['Owner'] }, 'sort.field'],
    [{ exclusions: { excludeInCleanlist: 'yes' }, seniorityInclude: ['Owner'] }, 'exclusions.excludeInCleanlist'],
  ])('invalid_criteria for %j names details.field %s', async (criteria, field) => {
    const e = expectPublicError(await find(criteria), 400, 'invalid_criteria');
    expect(e.details.field).toBe(field);
    expect(e.cause).toContain(field);
  });

  test.each([
    [{}],
    [{ maxResults: 10, sort: { field: 'name', direction: 'asc' } }],
    [{ jobTitlesInclude: [], company_criteria: {} }],
    [{ exclusions: { excludeInCleanlist: true } }],
  ])('empty_criteria for %j', async (criteria) => {
    expectPublicError(await find(criteria), 400, 'empty_criteria');
  });

  test.each([
    [{ crm: 'sequencer_one' }, 'exclusions.crm'],
    [{ excludeInSequencer: true }, 'exclusions.excludeInSequencer'],
  ])('unsupported_exclusions for %j', async (exclusions, field) => {
    const e = expectPublicError(await find({ seniorityInclude: ['Owner'], exclusions }), 400, 'unsupported_exclusions');
    expect(e.details.field).toBe(field);
  });

  test('criteria are refused (403 feature_gated) for partner-license-only workspaces; flat filters still work', async () => {
    await control(sb, 'POST', '/plan', { plan: 'free', partner_tier: 5 });
    const e = expectPublicError(await find({ seniorityInclude: ['Owner'] }), 403, 'feature_gated');
    expect(e.cause).toMatch(/partner-license-only/);
    expectPublicError(await compile({ criteria: { seniorityInclude: ['Owner'] } }), 403, 'feature_gated');
    expectPublicError(await post(sb, '/search/companies', { criteria: { industriesInclude: ['Software'] } }), 403, 'feature_gated');
    expectOk(await post(sb, '/people/find', { filters: { seniority: ['Owner'] } }));
  });
});

describe('exclusions', () => {
  test('crm: crm_not_connected until the CRM is connected; then the people it holds are dropped', async () => {
    const p = somePerson(ds);
    const criteria = { countriesInclude: [p.location_country], exclusions: { crm: 'crm_one' } };
    await disconnectCrms();
    const e = expectPublicError(await find(criteria), 400, 'crm_not_connected');
    expect(e.details.provider).toBe('crm_one');
    expect(await control(sb, 'POST', '/connections', { provider: 'crm_one', connected: true })).toEqual({
      organization_id: sb.store.demo.organization_id,
      connected_providers: ['crm_one', 'sequencer_one'],
    });
    const page = expectOk(await find(criteria, { limit: 500 }));
    const all = peopleWhere(ds, (x) => x.location_country === p.location_country);
    const kept = all.filter((i) => !inCrm('crm_one', ds.person(i).lead_id));
    expect(kept.length).toBeLessThan(all.length);
    expect(page.total).toBe(kept.length);
    expect(page.exclusions_applied).toEqual(['crm:crm_one']);
    // crm_two is another CRM, not connected; disconnecting crm_one refuses again.
    expectPublicError(await find({ ...criteria, exclusions: { crm: 'crm_two' } }), 400, 'crm_not_connected');
    await control(sb, 'POST', '/connections', { provider: 'crm_one', connected: false });
    expectPublicError(await find(criteria), 400, 'crm_not_connected');
  });

  test('a connection of another organization does not count', async () => {
    const other = (await control(sb, 'GET', '/state')).demo.other_organization_id;
    await disconnectCrms();
    await control(sb, 'POST', '/connections', { organization_id: other, provider: 'crm_one', connected: true });
    expectPublicError(await find({ seniorityInclude: ['Owner'], exclusions: { crm: 'crm_one' } }), 400, 'crm_not_connected');
  });

  test('excludeInCleanlist drops people already in the organization lists', async () => {
    const p = somePerson(ds);
    const criteria = { countriesInclude: [p.location_country] };
    const before = expectOk(await find(criteria));
    const saved = before.results.slice(0, 3).map((r: any) => r.lead_id);
    sb.store.area<Record<string, string[]>>('cleanlist', () => ({}))[sb.store.demo.organization_id] = saved;
    const after = expectOk(await find({ ...criteria, exclusions: { excludeInCleanlist: true } }));
    expect(after.total).toBe(before.total - 3);
    expect(after.exclusions_applied).toEqual(['in_cleanlist']);
    expect(after.results.map((r: any) => r.lead_id)).not.toContain(saved[0]);
    expect(after.results[0].lead_id).toBe(before.results[3].lead_id);
    expect(expectOk(await find({ ...criteria, exclusions: { excludeInCleanlist: false } })).total).toBe(before.total);
  });
});

describe('POST /people/find/compile', () => {
  test('compiles criteria to the raw filters without searching or counting a search', async () => {
    const p = somePerson(ds);
    const r = expectOk(
      await compile({
        criteria: { jobTitlesInclude: [p.title], jobTitleMatchType: 'exact', yearsInRoleMin: 2, locationsInclude: [p.location_city] },
        company_criteria: { industriesInclude: [ds.company(p.company_index).industry], headcountLatestMin: 10 },
      }),
    );
    expect(z.safeParse(CompileResponse, r).success).toBe(true);
    expect(r).toMatchObject({ route: 'company_first', warnings: [], exclusions_applied: [], exclusions_complete: true });
    expect(r.person_filter).toMatchObject({ type: 'group_filter', op: 'and' });
    expect(r.person_filter.filters).toContainEqual({ column: 'title', filter_type: 'in', value: [p.title] });
    expect(r.person_filter.filters).toContainEqual({ column: 'years_in_role', filter_type: 'gte', value: 2 });
    expect(r.person_filter.filters).toContainEqual({
      type: 'group_filter',
      op: 'or',
      filters: ['location', 'location_city', 'location_state', 'location_country'].map((column) => ({
        column,
        filter_type: 'in',
        value: [p.location_city],
      })),
    });
    expect(r.company_filter).toEqual({
      op: 'and',
      conditions: [
        { column: 'industry', type: 'in', value: [ds.company(p.company_index).industry] },
        { column: 'employee_count', type: 'gte', value: 10 },
      ],
    });
    expect(r).not.toHaveProperty('results');
    // Not a search: the first people search of the day is still the first.
    expect(expectOk(await post(sb, '/people/find', { filters: { seniority: ['Owner'] } })).agent_instructions).toMatch(/1 of 60 daily/);
  });

  test('contains titles compile to the titles they expand to', async () => {
    const word = somePerson(ds, (x) => x.title.includes(' ')).title.split(' ')[0]!;
    const r = expectOk(await compile({ criteria: { jobTitlesInclude: [word] } }));
    expect(r.route).toBe('person_first');
    expect(r.company_filter).toBeNull();
    expect(r.person_filter.filters[0]).toEqual({ column: 'title', filter_type: 'in', value: ds.expandTitle(word) });
  });

  test('crm and exclusions: checked as in search, reported as applied', async () => {
    await disconnectCrms();
    expectPublicError(await compile({ criteria: { seniorityInclude: ['Owner'] }, crm: 'crm_two' }), 400, 'crm_not_connected');
    expectPublicError(await compile({ criteria: { seniorityInclude: ['Owner'] }, crm: 'sequencer_one' }), 400, 'unsupported_exclusions');
    await control(sb, 'POST', '/connections', { provider: 'crm_two', connected: true });
    const r = expectOk(
      await compile({ criteria: { seniorityInclude: ['Owner'], exclusions: { excludeInCleanlist: true } }, crm: 'crm_two' }),
    );
    expect(r.exclusions_applied).toEqual(['in_cleanlist', 'crm:crm_two']);
    expect(r.exclusions_complete).toBe(true);
  });

  test('errors: 422 without criteria, invalid_criteria with the field, empty_criteria', async () => {
    expectPublicError(await compile({}), 422, 'validation_error');
    expect(
      expectPublicError(await compile({ criteria: {}, company_criteria: { growthMin: 'fast' } }), 400, 'invalid_criteria').details.field,
    ).toBe('company_criteria.growthMin');
    expectPublicError(await compile({ criteria: { sort: { field: 'name' } } }), 400, 'empty_criteria');
    expect(Object.keys(PERSON_CRITERIA_FIELDS)).toContain('company_criteria');
  });
});

describe('person_first when company criteria name too many companies', () => {
  test(`more than ${SEARCH_LIMITS.findAtCompaniesCompanies} companies: person_first with a warning, same people`, async () => {
    const big = await openSandbox({ dataset: { people: 6000, companies: SEARCH_LIMITS.findAtCompaniesCompanies + 100 } });
    try {
      const bds = big.services.dataset;
      const criteria = { seniorityInclude: ['Director'], company_criteria: { headcountLatestMin: 0 } };
      const page = expectOk(await post(big, '/people/find', { criteria }));
      expect(page.route).toBe('person_first');
      expect(page.warnings.join(' ')).toMatch(/more than the 2000/);
      let expected = 0;
      for (let i = 0; i < bds.size.people; i++) if (bds.person(i).seniority === 'Director') expected++;
      expect(page.total).toBe(expected);
    } finally {
      await big.close();
    }
  });
});
