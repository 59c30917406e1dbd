import { beforeAll, describe, expect, it } from 'vitest';
import {
  COUNTRY_ISO3,
  DEPARTMENTS,
  HEADCOUNT_BANDS,
  JOB_FUNCTIONS,
  MANAGEMENT_LEVELS,
  PEOPLE_FIXED_VALUES,
  SENIORITY_LEVELS,
  headcountBandOf,
  type PeopleFlatFilters,
} from '../../src/api/schemas/values/search.js';
import {
  DEFAULT_DATASET_SIZE,
  DatasetFilterError,
  generateDataset,
  type CompanyFacts,
  type Dataset,
  type PersonFacts,
} from '../../src/sandbox/data/index.js';

const SMALL = { people: 5000, companies: 500 };
const FUNDING_LABELS = [
  'Pre-Seed',
  'Seed',
  'Series A',
  'Series B',
  'Series C',
  'Series D',
  'Series E+',
  'Private Equity',
  'Debt Financing',
  'Post-IPO Equity',
  'Grant',
  'Bootstrapped',
];
const COMPANY_TYPES = ['Privately Held', 'Public Company', 'Self-Owned', 'Partnership', 'Nonprofit', 'Government Agency', 'Educational'];
const REVENUE_RANGES = ['$0-1M', '$1M-10M', '$10M-50M', '$50M-100M', '$100M-500M', '$500M-1B', '$1B+'];

let ds: Dataset;
let people: PersonFacts[];
let companies: CompanyFacts[];

/** Indexes of the facts a predicate accepts: the brute-force answer a search must give. */
const where = <T extends { index: number }>(facts: T[], ok: (f: T) => boolean): number[] => facts.filter(ok).map((f) => f.index);
const found = (a: Int32Array): number[] => Array.from(a);
/** The most common value of a field, so a search on it has plenty of answers. */
function common<T>(facts: T[], of: (f: T) => string): string {
  const counts = new Map<string, number>();
  for (const f of facts) counts.set(of(f), (counts.get(of(f)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

beforeAll(() => {
  ds = generateDataset(7, SMALL);
  people = Array.from({ length: SMALL.people }, (_, i) => ds.person(i));
  companies = Array.from({ length: SMALL.companies }, (_, i) => ds.company(i));
});

describe('generation', () => {
  it('gives the same rows for the same seed and size', () => {
    const again = generateDataset(7, SMALL);
    for (let i = 0; i < SMALL.people; i += 7) {
      expect(again.person(i)).toEqual(people[i]);
      expect(again.personRow(i)).toEqual(ds.personRow(i));
    }
    for (let c = 0; c < SMALL.companies; c += 3) {
      expect(again.company(c)).toEqual(companies[c]);
      expect(again.companyRecord(c)).toEqual(ds.companyRecord(c));
    }
    expect(found(again.findPeople({ seniority: ['Director'] }))).toEqual(found(ds.findPeople({ seniority: ['Director'] })));
  });

  it('gives different rows for a different seed', () => {
    const other = generateDataset(8, SMALL);
    let samePeople = 0;
    for (let i = 0; i < 200; i++) {
      const p = other.person(i);
      if (
        p.lead_id === people[i]!.lead_id ||
        (p.first_name === people[i]!.first_name && p.last_name === people[i]!.last_name && p.title === people[i]!.title)
      )
        samePeople++;
    }
    expect(samePeople).toBeLessThan(5);
    expect(other.company(0).name).not.toBe(companies[0]!.name);
  });

  it('keeps ids unique, prefixed and resolvable', () => {
    const leadIds = new Set(people.map((p) => p.lead_id));
    expect(leadIds.size).toBe(SMALL.people);
    for (const id of leadIds) expect(id).toMatch(/^sp_[0-9a-f]{16}$/);
    const companyIds = new Set(companies.map((c) => c.company_id));
    expect(companyIds.size).toBe(SMALL.companies);
    for (const id of companyIds) expect(id).toMatch(/^cmp_[0-9a-f]{16}$/);
    for (const i of [0, 1, 2500, 4999]) expect(ds.personIndexByLeadId(people[i]!.lead_id)).toBe(i);
    for (const c of [0, 250, 499]) expect(ds.companyIndexById(companies[c]!.company_id)).toBe(c);
    expect(ds.personIndexByLeadId('sp_0000000000000000')).toBeUndefined();
    expect(ds.personIndexByLeadId(companies[0]!.company_id)).toBeUndefined();
    expect(ds.companyIndexById('cmp_nothing')).toBeUndefined();
    expect(new Set(people.map((p) => p.linkedin_url)).size).toBe(SMALL.people);
  });

  it('gives companies unique names, domains and LinkedIn pages, found in any spelling', () => {
    expect(new Set(companies.map((c) => c.name.toLowerCase())).size).toBe(SMALL.companies);
    expect(new Set(companies.map((c) => c.domain)).size).toBe(SMALL.companies);
    expect(new Set(companies.map((c) => c.linkedin_url)).size).toBe(SMALL.companies);
    const c = companies[42]!;
    expect(c.domain).toMatch(/^[a-z0-9-]+(\.[a-z]+)+$/);
    expect(c.linkedin_url).toMatch(/^https:\/\/www\.linkedin\.com\/company\/[a-z0-9-]+$/);
    expect(ds.companyIndexByDomain(`https://www.${c.domain.toUpperCase()}/about`)).toBe(42);
    expect(ds.companyIndexByDomain('no-such-company.example')).toBeUndefined();
    expect(ds.companyIndexByLinkedinUrl(`${c.linkedin_url.replace('https://www.', 'http://').toUpperCase()}/`)).toBe(42);
    expect(ds.companyIndexByLinkedinUrl('https://www.linkedin.com/in/someone')).toBeUndefined();
  });

  it('describes people plausibly', () => {
    const share = (ok: (p: PersonFacts) => boolean) => people.filter(ok).length / people.length;
    expect(share((p) => p.email === null)).toBeGreaterThan(0.1);
    expect(share((p) => p.email === null)).toBeLessThan(0.2);
    expect(share((p) => p.phone === null)).toBeGreaterThan(0.5);
    expect(share((p) => p.phone === null)).toBeLessThan(0.7);
    expect(share((p) => !p.role_verified)).toBeGreaterThan(0.05);
    expect(share((p) => !p.role_verified)).toBeLessThan(0.15);
    for (const p of people) {
      const company = companies[p.company_index]!;
      expect(p.location).toBe(`${p.location_city}, ${p.location_state}, ${p.location_country}`);
      expect(p.years_in_role).toBeGreaterThanOrEqual(0);
      expect(p.years_in_role).toBeLessThanOrEqual(25);
      expect(p.languages.length).toBeGreaterThanOrEqual(1);
      expect(p.languages.length).toBeLessThanOrEqual(3);
      expect(p.past_roles.length).toBeGreaterThanOrEqual(1);
      expect(p.past_roles.length).toBeLessThanOrEqual(3);
      expect(p.schools.length).toBeGreaterThanOrEqual(1);
      expect(p.skills.length).toBeGreaterThanOrEqual(2);
      if (p.email !== null) expect(p.email.endsWith(`@${company.domain}`)).toBe(true);
      if (p.phone !== null) expect(p.phone).toMatch(/^\+\d{9,15}$/);
      expect(p.linkedin_url).toMatch(/^https:\/\/www\.linkedin\.com\/in\/[a-z0-9-]+-[0-9a-f]{8}$/);
      expect(SENIORITY_LEVELS).toContain(p.seniority);
      expect(DEPARTMENTS).toContain(p.department);
      expect(JOB_FUNCTIONS).toContain(p.job_function);
      if (p.management_level !== null) expect(MANAGEMENT_LEVELS).toContain(p.management_level);
    }
    const emails = people.map((p) => p.email).filter((e) => e !== null);
    expect(new Set(emails).size).toBe(emails.length);
    expect(new Set(people.map((p) => p.title)).size).toBeGreaterThan(300);
    expect(new Set(people.map((p) => p.last_name)).size).toBeGreaterThan(400);
  });

  it('describes companies plausibly', () => {
    for (const c of companies) {
      expect(headcountBandOf(c.employee_count)).toBe(c.employee_count_range);
      expect(REVENUE_RANGES).toContain(c.revenue_range);
      expect(FUNDING_LABELS).toContain(c.funding_stage);
      expect(COMPANY_TYPES).toContain(c.company_type);
      expect(c.founded_year).toBeGreaterThanOrEqual(1950);
      expect(c.founded_year).toBeLessThanOrEqual(2024);
      expect(c.hq_location).toBe(`${c.hq_city}, ${c.hq_state}, ${c.hq_country}`);
      expect((COUNTRY_ISO3 as Readonly<Record<string, string>>)[c.hq_country_iso3]).toBe(c.hq_country);
      expect(c.description).toMatch(/\.$/);
      expect(c.tech_stack.length).toBeGreaterThanOrEqual(4);
      if (c.funding_stage === 'Bootstrapped') {
        expect(c.last_funding_date).toBeNull();
        expect(c.investors).toEqual([]);
      } else {
        expect(c.last_funding_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(Number(c.last_funding_date!.slice(0, 4))).toBeGreaterThanOrEqual(c.founded_year);
        expect(c.investors.length).toBeGreaterThan(0);
      }
    }
  });

  it('puts people at companies in proportion to their size', () => {
    const small = companies.filter((c) => c.employee_count <= 10);
    const large = companies.filter((c) => c.employee_count > 5000);
    const avg = (list: CompanyFacts[]) => list.reduce((n, c) => n + ds.peopleAt(c.index).length, 0) / list.length;
    expect(avg(large)).toBeGreaterThan(avg(small) * 5);
    for (const c of small) expect(ds.peopleAt(c.index).length).toBeLessThanOrEqual(c.employee_count);
    for (const c of companies) expect(found(ds.peopleAt(c.index))).toEqual(where(people, (p) => p.company_index === c.index));
  });

  it('refuses a bad size and an index out of range', () => {
    expect(() => generateDataset(1, { people: -1, companies: 10 })).toThrow(RangeError);
    expect(() => generateDataset(1, { people: 10, companies: 0 })).toThrow(RangeError);
    expect(() => ds.person(SMALL.people)).toThrow(RangeError);
    expect(() => ds.company(-1)).toThrow(RangeError);
  });
});

describe('the default size', () => {
  let big: Dataset;
  beforeAll(() => {
    big = generateDataset(1);
  });

  it('has every fixed value, band, country, funding stage and company type', () => {
    expect(big.size).toEqual(DEFAULT_DATASET_SIZE);
    for (const [key, values] of Object.entries(PEOPLE_FIXED_VALUES))
      for (const value of values) expect(big.findPeople({ [key]: [value] }).length, `${key} ${value}`).toBeGreaterThan(0);
    for (const band of HEADCOUNT_BANDS) expect(big.findCompanies({ employee_count_ranges: [band] }).length, band).toBeGreaterThan(0);
    for (const [iso3, name] of Object.entries(COUNTRY_ISO3)) {
      expect(big.findCompanies({ hq_country: [iso3] }).length, iso3).toBeGreaterThan(0);
      expect(big.findPeople({ location_country: [name] }).length, name).toBeGreaterThan(0);
    }
    for (const stage of FUNDING_LABELS) expect(big.findCompanies({ funding_stages: [stage] }).length, stage).toBeGreaterThan(0);
    for (const type of COMPANY_TYPES) expect(big.findCompanies({ company_type: [type] }).length, type).toBeGreaterThan(0);
    const ranges = new Set(Array.from({ length: 5000 }, (_, c) => big.company(c).revenue_range));
    expect([...ranges].sort()).toEqual([...REVENUE_RANGES].sort());
  });

  it('maps roles to seniority, management level, department and function as a recruiter would', () => {
    const expectRole = (title: string, ...expected: Array<string | null>) => {
      const holders = big.findPeople({ titles: [title] });
      expect(holders.length, title).toBeGreaterThan(0);
      const p = big.person(holders[0]!);
      expect([p.seniority, p.management_level, p.department, p.job_function], title).toEqual(expected);
    };
    expectRole('Chief Technology Officer', 'C-Suite', 'C-Suite', 'Engineering', 'Engineering');
    expectRole('Senior Software Engineer', 'Senior', null, 'Engineering', 'Engineering');
    expectRole('VP of Sales', 'Vice President', 'VP', 'Sales', 'Sales');
    expectRole('Head of People', 'Head', 'Director', 'People & HR', 'Human Resources');
    expectRole('Software Engineering Intern', 'Trainee', null, 'Engineering', 'Engineering');
    expectRole('Owner', 'Owner', 'C-Suite', 'Operations', 'Operations');
    expectRole('Co-Founder & CTO', 'Founder', 'C-Suite', 'Engineering', 'Engineering');
    expectRole('Managing Partner', 'Partner', 'C-Suite', 'Consulting', 'Consulting');
    expectRole('Board Advisor', 'Unpaid', null, 'Business Development', 'Business Development');
    expect(big.filterValues('people', 'titles', '', 1000).length).toBeGreaterThan(300);
  });

  it('has someone at every company', () => {
    for (let c = 0; c < DEFAULT_DATASET_SIZE.companies; c++) expect(big.peopleAt(c).length).toBeGreaterThan(0);
  });
});

describe('flat people search', () => {
  const expectSearch = (filters: PeopleFlatFilters, ok: (p: PersonFacts) => boolean) => {
    const expected = where(people, ok);
    expect(expected.length, 'the expectation should not be empty').toBeGreaterThan(0);
    expect(found(ds.findPeople(filters))).toEqual(expected);
  };

  it('matches titles exactly and case-sensitively', () => {
    const title = common(people, (p) => p.title);
    expectSearch({ titles: [title] }, (p) => p.title === title);
    expect(ds.findPeople({ titles: [title.toUpperCase()] }).length).toBe(0);
    expect(ds.findPeople({ titles: [title.slice(0, -1)] }).length).toBe(0);
  });

  it('ORs values within a key and ANDs across keys', () => {
    const [a, b] = ['Director', 'Manager'];
    expectSearch({ seniority: [a, b] }, (p) => p.seniority === a || p.seniority === b);
    const country = common(people, (p) => p.location_country);
    expectSearch(
      { seniority: [a, b], location_country: [country] },
      (p) => (p.seniority === a || p.seniority === b) && p.location_country === country,
    );
    expectSearch(
      {
        departments: ['Engineering', 'Data'],
        management_levels: ['Manager', 'Director'],
        company_headcount: ['51-200', '1,001-5,000', '10,001+'],
      },
      (p) =>
        ['Engineering', 'Data'].includes(p.department) &&
        ['Manager', 'Director'].includes(p.management_level ?? '') &&
        ['51-200', '1,001-5,000', '10,001+'].includes(companies[p.company_index]!.employee_count_range),
    );
  });

  it('searches every fixed list', () => {
    expectSearch({ job_functions: ['Information Technology'] }, (p) => p.job_function === 'Information Technology');
    expectSearch({ departments: ['People & HR'] }, (p) => p.department === 'People & HR');
    expectSearch({ management_levels: ['C-Suite'] }, (p) => p.management_level === 'C-Suite');
  });

  it('matches locations as the full literal and the bare city, state and country names', () => {
    const p0 = people.find((p) => people.filter((q) => q.location_city === p.location_city).length > 20)!;
    expectSearch({ locations: [p0.location] }, (p) => p.location === p0.location);
    expectSearch({ locations: [p0.location.toLowerCase()] }, (p) => p.location === p0.location);
    expect(ds.findPeople({ locations: [p0.location_city] }).length).toBe(0);
    expectSearch({ location_city: [p0.location_city] }, (p) => p.location_city === p0.location_city);
    expectSearch({ location_state: [p0.location_state.toUpperCase()] }, (p) => p.location_state === p0.location_state);
    expectSearch({ location_country: ['united states'] }, (p) => p.location_country === 'United States');
    expect(ds.findPeople({ location_country: ['United'] }).length).toBe(0);
  });

  it('finds the bare city in every region that has one', () => {
    const portland = where(people, (p) => p.location_city === 'Portland');
    expect(found(ds.findPeople({ location_city: ['Portland'] }))).toEqual(portland);
    expect(found(ds.findPeople({ locations: ['Portland, Oregon, United States', 'Portland, Maine, United States'] }))).toEqual(portland);
  });

  it('matches schools, skills and languages case-insensitively', () => {
    const school = common(people, (p) => p.schools[0]!);
    expectSearch({ school_names: [school.toLowerCase()] }, (p) => p.schools.includes(school));
    expectSearch({ skills: ['python', 'SQL'] }, (p) => p.skills.includes('Python') || p.skills.includes('SQL'));
    expectSearch({ languages: ['GERMAN'] }, (p) => p.languages.includes('German'));
  });

  it('gives exactly a company’s people for its domain, in any spelling', () => {
    const c = companies.reduce((best, x) => (ds.peopleAt(x.index).length > ds.peopleAt(best.index).length ? x : best));
    expectSearch({ company_domains: [c.domain] }, (p) => p.company_index === c.index);
    expect(found(ds.findPeople({ company_domains: [`https://WWW.${c.domain}/`] }))).toEqual(found(ds.peopleAt(c.index)));
    expectSearch({ company_names: [c.name.toUpperCase()] }, (p) => p.company_index === c.index);
  });

  it('matches employer industry, headcount band and HQ', () => {
    const company = (p: PersonFacts) => companies[p.company_index]!;
    const industry = common(companies, (c) => c.industry);
    expectSearch({ company_industries: [industry.toLowerCase()] }, (p) => company(p).industry === industry);
    expectSearch({ company_headcount: ['501-1,000'] }, (p) => company(p).employee_count_range === '501-1,000');
    expect(found(ds.findPeople({ company_headcount: ['501-1000'] }))).toEqual(found(ds.findPeople({ company_headcount: ['501-1,000'] })));
    const hq = common(companies, (c) => c.hq_location);
    const hqCompany = companies.find((c) => c.hq_location === hq)!;
    expectSearch({ company_locations: [hq] }, (p) => company(p).hq_location === hq);
    expectSearch({ company_locations: [hqCompany.hq_city] }, (p) => company(p).hq_city === hqCompany.hq_city);
    expectSearch(
      { company_locations: [hqCompany.hq_state, 'Japan'] },
      (p) => company(p).hq_state === hqCompany.hq_state || company(p).hq_country === 'Japan',
    );
  });

  it('answers nothing for unknown values and everyone for no filters', () => {
    expect(ds.findPeople({ titles: ['Chief Dragon Officer'] }).length).toBe(0);
    expect(ds.findPeople({ seniority: ['Director'], skills: ['Basket Weaving'] }).length).toBe(0);
    expect(ds.findPeople({}).length).toBe(SMALL.people);
  });

  it('returns fresh arrays the caller may change', () => {
    const title = common(people, (p) => p.title);
    const first = ds.findPeople({ titles: [title] });
    first.fill(-1);
    expect(found(ds.findPeople({ titles: [title] }))).toEqual(where(people, (p) => p.title === title));
    ds.peopleAt(0).fill(-1);
    expect(found(ds.peopleAt(0))).toEqual(where(people, (p) => p.company_index === 0));
  });
});

describe('flat company search', () => {
  const expectSearch = (filters: Record<string, Array<string | number>>, ok: (c: CompanyFacts) => boolean) => {
    const expected = where(companies, ok);
    expect(expected.length, 'the expectation should not be empty').toBeGreaterThan(0);
    expect(found(ds.findCompanies(filters))).toEqual(expected);
  };

  it('matches industries case-insensitively, commas and all', () => {
    const industry = common(companies, (c) => c.industry);
    expectSearch({ industries: [industry.toUpperCase()] }, (c) => c.industry === industry);
    const withComma = companies.find((c) => c.industry.includes(','));
    if (withComma) expectSearch({ industries: [withComma.industry] }, (c) => c.industry === withComma.industry);
  });

  it('matches headcount bands in either spelling; an unknown band matches nothing', () => {
    expectSearch({ employee_count_ranges: ['1001-5000', '11-50'] }, (c) => ['1,001-5,000', '11-50'].includes(c.employee_count_range));
    expect(ds.findCompanies({ employee_count_ranges: ['12-49'] }).length).toBe(0);
  });

  it('matches HQ locations as the literal or a bare city, state or country', () => {
    const c0 = companies.find((c) => companies.filter((x) => x.hq_city === c.hq_city).length > 3)!;
    expectSearch({ locations: [c0.hq_location.toLowerCase()] }, (c) => c.hq_location === c0.hq_location);
    expectSearch({ locations: [c0.hq_city] }, (c) => c.hq_city === c0.hq_city);
    expectSearch({ locations: [c0.hq_state] }, (c) => c.hq_state === c0.hq_state);
    expectSearch({ locations: [c0.hq_country] }, (c) => c.hq_country === c0.hq_country);
  });

  it('matches hq_country by name or ISO3 code', () => {
    expectSearch({ hq_country: ['DEU'] }, (c) => c.hq_country === 'Germany');
    expect(found(ds.findCompanies({ hq_country: ['germany'] }))).toEqual(found(ds.findCompanies({ hq_country: ['DEU'] })));
    expectSearch({ hq_country: ['USA', 'Japan'] }, (c) => c.hq_country === 'United States' || c.hq_country === 'Japan');
  });

  it('matches funding stages verbatim', () => {
    expectSearch({ funding_stages: ['Series A'] }, (c) => c.funding_stage === 'Series A');
    expect(ds.findCompanies({ funding_stages: ['series a'] }).length).toBe(0);
    expect(ds.findCompanies({ funding_stages: ['Series-A'] }).length).toBe(0);
  });

  it('matches names, domains, founding years and company types', () => {
    const c = companies[17]!;
    expectSearch({ names: [c.name.toLowerCase()] }, (x) => x.index === 17);
    expectSearch({ domains: [`http://www.${c.domain}/`] }, (x) => x.index === 17);
    expectSearch(
      { year_founded: [c.founded_year, String(c.founded_year + 1)] },
      (x) => x.founded_year === c.founded_year || x.founded_year === c.founded_year + 1,
    );
    expectSearch({ company_type: ['privately held'] }, (x) => x.company_type === 'Privately Held');
  });

  it('ANDs across keys and ORs within', () => {
    expectSearch(
      { hq_country: ['USA', 'GBR'], employee_count_ranges: ['11-50', '51-200'], company_type: ['Privately Held'] },
      (c) =>
        ['United States', 'United Kingdom'].includes(c.hq_country) &&
        ['11-50', '51-200'].includes(c.employee_count_range) &&
        c.company_type === 'Privately Held',
    );
  });
});

describe('raw person filter', () => {
  const group = (op: 'and' | 'or', ...filters: unknown[]) => ({ type: 'group_filter' as const, op, filters: filters as never[] });
  const cond = (column: string, filter_type: string, value: unknown) => ({ column, filter_type, value });
  const expectMatch = (filter: ReturnType<typeof group>, ok: (p: PersonFacts) => boolean) => {
    const expected = where(people, ok);
    expect(expected.length, 'the expectation should not be empty').toBeGreaterThan(0);
    expect(found(ds.matchPersonFilter(filter))).toEqual(expected);
  };

  it('applies in and not_in case-insensitively, to one value or a list', () => {
    expectMatch(group('and', cond('seniority', 'in', 'director')), (p) => p.seniority === 'Director');
    expectMatch(group('and', cond('location_country', 'in', ['GERMANY', 'france'])), (p) =>
      ['Germany', 'France'].includes(p.location_country),
    );
    expectMatch(
      group('and', cond('management_level', 'not_in', ['Manager', 'Director'])),
      (p) => p.management_level !== 'Manager' && p.management_level !== 'Director',
    );
  });

  it('applies contains and not_contains, with title synonyms', () => {
    expectMatch(group('and', cond('company_name', 'contains', 'LABS')), (p) =>
      companies[p.company_index]!.name.toLowerCase().includes('labs'),
    );
    expectMatch(group('and', cond('title', 'contains', 'CTO')), (p) => /\bCTO\b|Chief Technology Officer/.test(p.title));
    expectMatch(group('and', cond('title', 'not_contains', 'engineer')), (p) => !/engineer/i.test(p.title));
    expectMatch(group('and', cond('past_title', 'contains', 'Vice President')), (p) =>
      p.past_roles.some((r) => /\bVP\b|Vice President/.test(r.title)),
    );
  });

  it('applies gte and lte to numeric columns', () => {
    expectMatch(
      group('and', cond('years_in_role', 'gte', 10), cond('years_in_role', 'lte', 12)),
      (p) => p.years_in_role >= 10 && p.years_in_role <= 12,
    );
    expectMatch(group('and', cond('company_employee_count', 'gte', 10001)), (p) => companies[p.company_index]!.employee_count >= 10001);
  });

  it('matches multi-valued columns when any entry does', () => {
    expectMatch(group('and', cond('skill', 'in', ['python'])), (p) => p.skills.includes('Python'));
    expectMatch(group('and', cond('language', 'not_in', ['English'])), (p) => !p.languages.includes('English'));
    const employer = people[0]!.past_roles[0]!;
    expectMatch(group('or', cond('past_company', 'in', [employer.company]), cond('past_company', 'in', [employer.domain])), (p) =>
      p.past_roles.some((r) => r.company === employer.company),
    );
  });

  it('nests groups', () => {
    const filter = group(
      'or',
      group('and', cond('department', 'in', ['Sales']), cond('seniority', 'in', ['Director'])),
      cond('full_name', 'contains', 'smith'),
    );
    expectMatch(
      filter,
      (p) => (p.department === 'Sales' && p.seniority === 'Director') || `${p.first_name} ${p.last_name}`.toLowerCase().includes('smith'),
    );
  });

  it('narrows to a candidate set', () => {
    const within = ds.findPeople({ location_country: ['United Kingdom'] });
    const got = found(ds.matchPersonFilter(group('and', cond('seniority', 'in', ['Senior'])), within));
    expect(got).toEqual(where(people, (p) => p.location_country === 'United Kingdom' && p.seniority === 'Senior'));
    const shuffled = Int32Array.from([...within].reverse().concat([within[0]!]));
    expect(found(ds.matchPersonFilter(group('and', cond('seniority', 'in', ['Senior'])), shuffled))).toEqual(got);
  });

  it('throws for an unknown column or filter type, naming the column', () => {
    const bad = (filter: ReturnType<typeof group>) => {
      try {
        ds.matchPersonFilter(filter);
      } catch (e) {
        return e;
      }
      return undefined;
    };
    const e1 = bad(group('and', cond('favourite_colour', 'in', ['blue'])));
    expect(e1).toBeInstanceOf(DatasetFilterError);
    expect((e1 as DatasetFilterError).column).toBe('favourite_colour');
    const e2 = bad(group('or', group('and', cond('title', 'startswith', 'CEO'))));
    expect(e2).toBeInstanceOf(DatasetFilterError);
    expect((e2 as DatasetFilterError).column).toBe('title');
    expect(bad(group('and', cond('constructor', 'in', ['x'])))).toBeInstanceOf(DatasetFilterError);
    expect(bad(group('and', cond('title', 'gte', 3)))).toBeInstanceOf(DatasetFilterError);
    expect(bad(group('and', cond('years_in_role', 'gte', 'three')))).toBeInstanceOf(DatasetFilterError);
  });
});

describe('raw company filter', () => {
  const expectMatch = (filter: { op: 'and' | 'or'; conditions: unknown[] }, ok: (c: CompanyFacts) => boolean) => {
    expect(found(ds.matchCompanyFilter(filter as never))).toEqual(where(companies, ok));
  };

  it('matches nothing on an unknown column or type, without failing', () => {
    expect(ds.matchCompanyFilter({ op: 'and', conditions: [{ column: 'technologies', type: 'in', value: ['React'] }] }).length).toBe(0);
    expect(ds.matchCompanyFilter({ op: 'and', conditions: [{ column: 'industry', type: 'like', value: 'Software' }] }).length).toBe(0);
    expect(ds.matchCompanyFilter({ op: 'and', conditions: [{ column: 'toString', type: 'not_in', value: ['x'] }] }).length).toBe(0);
    expectMatch(
      {
        op: 'or',
        conditions: [
          { column: 'technologies', type: 'in', value: ['React'] },
          { column: 'hq_country_iso3', type: 'eq', value: 'fra' },
        ],
      },
      (c) => c.hq_country === 'France',
    );
  });

  it('applies between, gte, lte and eq', () => {
    expectMatch(
      { op: 'and', conditions: [{ column: 'founded_year', type: 'between', value: [2000, 2009] }] },
      (c) => c.founded_year >= 2000 && c.founded_year <= 2009,
    );
    expectMatch({ op: 'and', conditions: [{ column: 'employee_count', type: 'gte', value: 1000 }] }, (c) => c.employee_count >= 1000);
    expectMatch({ op: 'and', conditions: [{ column: 'revenue', type: 'lte', value: 1e7 }] }, (c) => c.revenue <= 1e7);
    expectMatch(
      { op: 'and', conditions: [{ column: 'last_funding_date', type: 'gte', value: '2024-01-01' }] },
      (c) => c.last_funding_date !== null && c.last_funding_date >= '2024-01-01',
    );
    expectMatch({ op: 'and', conditions: [{ column: 'funding_stage', type: 'eq', value: 'seed' }] }, (c) => c.funding_stage === 'Seed');
  });

  it('applies in, not_in, contains and nesting', () => {
    expectMatch(
      {
        op: 'and',
        conditions: [
          { column: 'employee_count_range', type: 'in', value: ['51-200', '201-500'] },
          {
            op: 'or',
            conditions: [
              { column: 'investors', type: 'contains', value: 'ventures' },
              { column: 'company_type', type: 'not_in', value: ['Privately Held'] },
            ],
          },
        ],
      },
      (c) =>
        ['51-200', '201-500'].includes(c.employee_count_range) &&
        (c.investors.some((v) => /ventures/i.test(v)) || c.company_type !== 'Privately Held'),
    );
    expectMatch(
      { op: 'and', conditions: [{ column: 'description', type: 'not_contains', value: ['for'] }] },
      (c) => !c.description.includes('for'),
    );
  });
});

describe('titles, similar companies and filter values', () => {
  it('expands a title to its synonyms', () => {
    const cto = ds.expandTitle('CTO');
    expect(cto).toContain('Chief Technology Officer');
    expect(cto.some((t) => t.startsWith('Director'))).toBe(false);
    expect(ds.expandTitle('chief technology officer')).toContain('CTO');
    expect(ds.expandTitle('VP of Sales')).toEqual(expect.arrayContaining(['VP of Sales', 'Vice President of Sales']));
    expect(ds.expandTitle('HR')).toEqual(expect.arrayContaining(['HR Manager', 'Human Resources Manager', 'Head of People']));
    const engineer = ds.expandTitle('engineer');
    expect(engineer.every((t) => /eng/i.test(t))).toBe(true);
    expect(new Set(engineer).size).toBe(engineer.length);
  });

  it('ranks similar companies by shared facets, best first, without the seed', () => {
    const seed = companies[3]!;
    const similar = ds.similarCompanies(3, 25);
    expect(similar.length).toBe(25);
    expect(similar.map((s) => s.index)).not.toContain(3);
    const facets = (c: CompanyFacts) => [
      c.industry,
      c.employee_count_range,
      c.revenue_range,
      c.hq_country,
      c.funding_stage,
      c.company_type,
      Math.floor(c.founded_year / 10),
    ];
    for (const [k, s] of similar.entries()) {
      expect(s.score).toBeGreaterThan(0);
      expect(s.score).toBeLessThanOrEqual(1);
      const shared = facets(companies[s.index]!).filter((v, f) => v === facets(seed)[f]).length;
      expect(s.score).toBeCloseTo(shared / 7, 10);
      const next = similar[k + 1];
      if (next) expect(next.score < s.score || (next.score === s.score && next.index > s.index)).toBe(true);
    }
    expect(ds.similarCompanies(3, 0)).toEqual([]);
  });

  it('lists filter values most common first, ties alphabetically, with counts', () => {
    const titles = ds.filterValues('people', 'titles', '', 1000);
    for (let k = 1; k < titles.length; k++) {
      const [a, b] = [titles[k - 1]!, titles[k]!];
      expect(a.count > b.count || (a.count === b.count && a.value < b.value)).toBe(true);
    }
    expect(titles[0]!.count).toBe(people.filter((p) => p.title === titles[0]!.value).length);
    const engineers = ds.filterValues('people', 'titles', 'ENGINEER', 5);
    expect(engineers.length).toBe(5);
    for (const v of engineers) expect(v.value.toLowerCase()).toContain('engineer');
    const seniority = ds.filterValues('people', 'seniority', '', 50);
    expect(seniority.map((v) => v.value).sort()).toEqual([...SENIORITY_LEVELS].sort());
    expect(seniority.reduce((n, v) => n + v.count, 0)).toBe(SMALL.people);
    const stages = ds.filterValues('companies', 'funding_stages', 'series', 50);
    for (const s of stages) expect(s.count).toBe(companies.filter((c) => c.funding_stage === s.value).length);
    const headcount = ds.filterValues('people', 'company_headcount', '', 50);
    expect(headcount.map((v) => v.value).sort()).toEqual([...HEADCOUNT_BANDS].sort());
    expect(ds.filterValues('companies', 'locations', 'united kingdom', 3).every((v) => v.value.endsWith('United Kingdom'))).toBe(true);
    expect(ds.filterValues('people', 'no_such_field', '', 10)).toEqual([]);
  });
});

describe('rows', () => {
  it('gives people rows without email or phone, matching the facts', () => {
    for (const i of [0, 1, 100, 4999]) {
      const row = ds.personRow(i);
      const p = people[i]!;
      const c = companies[p.company_index]!;
      expect(row).not.toHaveProperty('email');
      expect(row).not.toHaveProperty('phone');
      expect(row).toMatchObject({
        lead_id: p.lead_id,
        full_name: `${p.first_name} ${p.last_name}`,
        title: p.title,
        company: c.name,
        domain: c.domain,
        location: p.location,
        seniority: p.seniority,
        confidence_score: null,
        company_linkedin_url: c.linkedin_url,
        company_industry: c.industry,
        company_headcount_range: c.employee_count_range,
      });
    }
  });

  it('gives company rows with the asked-for extras and the enrichment record', () => {
    const c = companies[5]!;
    const row = ds.companyRow(5);
    expect(Object.keys(row)).toEqual([
      'company_id',
      'name',
      'domain',
      'industry',
      'employee_count',
      'revenue_range',
      'hq_location',
      'funding_stage',
    ]);
    expect(ds.companyRow(5, ['linkedin_url', 'founded_year'])).toMatchObject({
      linkedin_url: c.linkedin_url,
      founded_year: c.founded_year,
    });
    expect(ds.companyRecord(5)).toEqual({
      company_id: c.company_id,
      name: c.name,
      domain: c.domain,
      industry: c.industry,
      employee_count: c.employee_count,
      employee_count_range: c.employee_count_range,
      revenue_range: c.revenue_range,
      hq_location: c.hq_location,
      funding_stage: c.funding_stage,
      tech_stack: c.tech_stack,
      linkedin_url: c.linkedin_url,
    });
  });
});
