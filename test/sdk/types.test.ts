import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CompanyCriteria, CompanyFilters, HeadcountBandInput, PeopleFilters, PersonCriteria, Prospect } from '../../src/index.js';
import {
  COMPANY_CRITERIA_FIELDS,
  COMPANY_FLAT_KEYS,
  HEADCOUNT_BANDS,
  PEOPLE_FIXED_VALUES,
  PEOPLE_FLAT_KEYS,
  PERSON_CRITERIA_FIELDS,
  SENIORITY_LEVELS,
  type CompanyFlatKey,
  type PeopleFlatKey,
} from '../../src/api/schemas/values/search.js';

/**
 * The search filter types against the value lists the service checks with: the compiler
 * checks the `expectTypeOf` and `@ts-expect-error` lines (npm run typecheck), the rest runs.
 */

/** Every key of a type, listed once: the compiler refuses a missing or an extra one. */
const keysOf = <T>(all: Record<keyof T, true>): string[] => Object.keys(all).sort();

describe('search filter types', () => {
  it('PeopleFilters has exactly the 17 flat keys, with the fixed lists as unions', () => {
    expectTypeOf<keyof PeopleFilters>().toEqualTypeOf<PeopleFlatKey>();
    expect(PEOPLE_FLAT_KEYS).toHaveLength(17);
    type ValueOf<K extends keyof PeopleFilters> = NonNullable<PeopleFilters[K]>[number];
    expectTypeOf<ValueOf<'seniority'>>().toEqualTypeOf<(typeof SENIORITY_LEVELS)[number]>();
    expect(PEOPLE_FIXED_VALUES.seniority).toBe(SENIORITY_LEVELS);
    expectTypeOf<ValueOf<'management_levels'>>().toEqualTypeOf<'C-Suite' | 'VP' | 'Director' | 'Manager'>();
    expectTypeOf<ValueOf<'titles'>>().toEqualTypeOf<string>();
    const ok: PeopleFilters = { seniority: ['Director', 'Vice President'], company_headcount: ['501-1,000', '501-1000'], titles: ['CTO'] };
    // @ts-expect-error a key the service refuses (it means titles)
    const badKey: PeopleFilters = { title: ['CTO'] };
    // @ts-expect-error a value outside the fixed list
    const badValue: PeopleFilters = { seniority: ['Boss'] };
    expect([ok, badKey, badValue]).toHaveLength(3);
  });

  it('a headcount band is taken as the service writes it or without commas, nothing else', () => {
    type WithoutCommas<S extends string> = S extends `${infer A},${infer B}` ? WithoutCommas<`${A}${B}`> : S;
    expectTypeOf<HeadcountBandInput>().toEqualTypeOf<(typeof HEADCOUNT_BANDS)[number] | WithoutCommas<(typeof HEADCOUNT_BANDS)[number]>>();
    const all: HeadcountBandInput[] = [...HEADCOUNT_BANDS, '501-1000', '1001-5000', '5001-10000', '10001+'];
    // @ts-expect-error not a band
    const bad: HeadcountBandInput = '500-1000';
    expect([all, bad]).toHaveLength(2);
  });

  it('CompanyFilters has exactly the 9 company keys; year_founded takes numbers', () => {
    expectTypeOf<keyof CompanyFilters>().toEqualTypeOf<CompanyFlatKey>();
    expect(COMPANY_FLAT_KEYS).toHaveLength(9);
    expectTypeOf<NonNullable<CompanyFilters['year_founded']>[number]>().toEqualTypeOf<number>();
  });

  it('PersonCriteria and CompanyCriteria have the fields the service checks criteria against', () => {
    const person = keysOf<PersonCriteria>({
      jobTitlesInclude: true,
      jobTitlesExclude: true,
      jobTitleMatchType: true,
      seniorityInclude: true,
      seniorityExclude: true,
      managementLevelsInclude: true,
      departmentsInclude: true,
      jobFunctionsInclude: true,
      locationsInclude: true,
      locationsExclude: true,
      countriesInclude: true,
      pastJobTitlesInclude: true,
      pastCompaniesInclude: true,
      schoolsInclude: true,
      skillsInclude: true,
      languagesInclude: true,
      yearsInRoleMin: true,
      yearsInRoleMax: true,
      companyNamesInclude: true,
      companyDomainsInclude: true,
      companyDomainsExclude: true,
      company_criteria: true,
      exclusions: true,
      sort: true,
      maxResults: true,
    });
    expect(person).toEqual(Object.keys(PERSON_CRITERIA_FIELDS).sort());
    const company = keysOf<CompanyCriteria>({
      industriesInclude: true,
      industriesExclude: true,
      headcountRanges: true,
      headcountLatestMin: true,
      headcountLatestMax: true,
      revenueMin: true,
      revenueMax: true,
      fundingRoundTypes: true,
      growthMin: true,
      hqCountriesIso3: true,
      hqLocationsInclude: true,
      investorsInclude: true,
      descriptionKeyword: true,
      foundedYearMin: true,
      foundedYearMax: true,
      companyTypesInclude: true,
      domainsInclude: true,
      namesInclude: true,
    });
    expect(company).toEqual(Object.keys(COMPANY_CRITERIA_FIELDS).sort());
  });

  it('search takes exactly one of filters or criteria', () => {
    type Params = Parameters<Prospect['people']['search']>[0];
    expectTypeOf<{ filters: { titles: string[] } }>().toMatchTypeOf<Params>();
    expectTypeOf<{ criteria: { jobTitlesInclude: string[] } }>().toMatchTypeOf<Params>();
    expectTypeOf<{ filters: { titles: string[] }; criteria: { jobTitlesInclude: string[] } }>().not.toMatchTypeOf<Params>();
  });
});
