import { describe, expect, it } from 'vitest';
import {
  checkCompanyCriteria,
  checkCompanyFilters,
  checkPeopleFilters,
  checkPersonCriteria,
  checkPersonFilter,
  isCompanyRawFilter,
} from '../../src/api/search-check.js';
import { closest, editDistance } from '../../src/api/suggest.js';
import {
  COMPANY_KEY_ALIASES,
  HEADCOUNT_BANDS,
  PEOPLE_FIXED_VALUES,
  PEOPLE_FLAT_KEYS,
  headcountBandOf,
  normalizeHeadcountBand,
} from '../../src/api/schemas/values/search.js';
import { filtersFromFlags } from '../../src/commands/search/shared/filter-flags.js';
import { splitBands } from '../../src/cli/cmdutil/split-values.js';
import { PEOPLE_FILTER_FLAGS } from '../../src/commands/search/shared/people-flags.js';
import { COMPANY_FILTER_FLAGS } from '../../src/commands/search/shared/company-flags.js';

describe('suggestions', () => {
  it('measures edits, including a swap of neighbours', () => {
    expect(editDistance('titles', 'titles')).toBe(0);
    expect(editDistance('tilte', 'title')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });
  it('prefers hints, then case, then plurals, then spelling; nothing when far off', () => {
    expect(closest('title', PEOPLE_FLAT_KEYS, { title: 'titles' })).toBe('titles');
    expect(closest('SKILLS', PEOPLE_FLAT_KEYS)).toBe('skills');
    expect(closest('language', PEOPLE_FLAT_KEYS)).toBe('languages');
    expect(closest('industry', ['industries', 'locations'])).toBe('industries');
    expect(closest('departmnts', PEOPLE_FLAT_KEYS)).toBe('departments');
    expect(closest('zzzzzz', PEOPLE_FLAT_KEYS)).toBeUndefined();
  });
});

describe('flat people filters', () => {
  it('accepts every key with a valid value', () => {
    for (const key of PEOPLE_FLAT_KEYS) {
      const value = PEOPLE_FIXED_VALUES[key]?.[0] ?? 'x';
      const r = checkPeopleFilters({ [key]: [value] });
      expect(r.ok, key).toBe(true);
    }
  });
  it('names an unknown key and suggests the key it means', () => {
    const r = checkPeopleFilters({ title: ['CTO'] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problem.unsupported_keys).toEqual(['title']);
    expect(r.problem.suggested_replacements).toEqual({ title: 'titles' });
    expect(r.problem.allowed_keys).toEqual([...PEOPLE_FLAT_KEYS]);
    expect(r.problem.message).toContain('"title"');
    expect(r.problem.message).toContain('titles');
  });
  it('refuses a value outside a fixed list and suggests the closest', () => {
    const r = checkPeopleFilters({ seniority: ['Directr'] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problem.invalid_values).toEqual({ seniority: ['Directr'] });
    expect(r.problem.suggested_replacements).toEqual({ Directr: 'Director' });
    expect(r.problem.message).toContain('Director');
  });
  it('takes comma-less headcount bands and writes them as the service does', () => {
    const r = checkPeopleFilters({ company_headcount: ['501-1000', '10,001+'] });
    expect(r).toEqual({ ok: true, value: { company_headcount: ['501-1,000', '10,001+'] } });
    for (const band of HEADCOUNT_BANDS) expect(normalizeHeadcountBand(band.replace(/,/g, ''))).toBe(band);
    expect(normalizeHeadcountBand('500-1000')).toBeUndefined();
    expect(headcountBandOf(1000)).toBe('501-1,000');
    expect(headcountBandOf(1001)).toBe('1,001-5,000');
  });
  it('refuses values that are not arrays of strings, and an empty filter set', () => {
    expect(checkPeopleFilters({ titles: 'CTO' }).ok).toBe(false);
    expect(checkPeopleFilters({ titles: [''] }).ok).toBe(false);
    expect(checkPeopleFilters({}).ok).toBe(false);
    expect(checkPeopleFilters({ titles: [] }).ok).toBe(false);
    expect(checkPeopleFilters(['titles']).ok).toBe(false);
  });
});

describe('flat company filters', () => {
  it('merges every alias onto its key', () => {
    for (const [alias, key] of Object.entries(COMPANY_KEY_ALIASES)) {
      const r = checkCompanyFilters({ [alias]: ['x'] });
      expect(r, alias).toEqual({ ok: true, value: { [key]: ['x'] } });
    }
  });
  it('lists accepted keys for an unknown one (revenue_ranges, technologies)', () => {
    for (const bad of ['revenue_ranges', 'technologies']) {
      const r = checkCompanyFilters({ [bad]: ['x'] });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.problem.allowed_keys).toContain('industries');
    }
    const r = checkCompanyFilters({ industy: ['Software'] });
    if (!r.ok) expect(r.problem.suggested_replacements).toEqual({ industy: 'industry' });
  });
  it('wants years as integers and refuses an empty set', () => {
    expect(checkCompanyFilters({ year_founded: [2010, '2012'] })).toEqual({ ok: true, value: { year_founded: [2010, 2012] } });
    expect(checkCompanyFilters({ year_founded: ['twenty'] }).ok).toBe(false);
    expect(checkCompanyFilters({}).ok).toBe(false);
  });
  it('tells the raw shape apart', () => {
    expect(isCompanyRawFilter({ op: 'and', conditions: [] })).toBe(true);
    expect(isCompanyRawFilter({ industries: ['x'] })).toBe(false);
  });
});

describe('criteria', () => {
  it('names the field of a bad value', () => {
    expect(checkPersonCriteria({ jobTitlesInclude: ['CTO'], jobTitleMatchType: 'contains' })).toBeUndefined();
    expect(checkPersonCriteria({ jobTitleMatchType: 'fuzzy' })?.field).toBe('jobTitleMatchType');
    expect(checkPersonCriteria({ seniorityInclude: ['Boss'] })?.field).toBe('seniorityInclude');
    expect(checkPersonCriteria({ maxResults: 501 })?.field).toBe('maxResults');
    expect(checkPersonCriteria({ jobTitles: ['CTO'] })?.message).toContain('jobTitlesInclude');
    expect(checkPersonCriteria({ company_criteria: { revenueMin: -1 } })?.field).toBe('company_criteria.revenueMin');
    expect(checkPersonCriteria({ sort: { field: 'salary' } })?.field).toBe('sort.field');
    expect(checkCompanyCriteria({ hqCountriesIso3: ['DE'] })?.field).toBe('hqCountriesIso3');
    expect(checkCompanyCriteria({ descriptionKeyword: 'robots', revenueMin: 1e6 })).toBeUndefined();
  });
  it('checks the raw person filter: shape, columns and types', () => {
    const ok = { type: 'group_filter', op: 'and', filters: [{ column: 'title', filter_type: 'contains', value: 'CTO' }] };
    expect(checkPersonFilter(ok)).toBeUndefined();
    expect(checkPersonFilter({ ...ok, filters: [{ column: 'titel', filter_type: 'in', value: [] }] })?.message).toContain('title');
    expect(checkPersonFilter({ ...ok, filters: [{ column: 'title', filter_type: 'like', value: [] }] })?.field).toBe(
      'person_filter.filters[0].filter_type',
    );
    expect(checkPersonFilter({ op: 'and', filters: [] })?.field).toBe('person_filter');
  });
});

describe('filter flags', () => {
  it('splits headcount lists on list commas, not thousands separators', () => {
    expect(splitBands('501-1,000,1,001-5,000')).toEqual(['501-1,000', '1,001-5,000']);
    expect(splitBands('11-50, 51-200')).toEqual(['11-50', '51-200']);
    expect(splitBands('10,001+')).toEqual(['10,001+']);
  });
  it('spells fixed values the service way and keeps free text literal', () => {
    const f = filtersFromFlags(PEOPLE_FILTER_FLAGS, {
      seniority: ['director', 'vice president'],
      locations: ['Austin, Texas, United States'],
    });
    expect(f).toEqual({ seniority: ['Director', 'Vice President'], locations: ['Austin, Texas, United States'] });
  });
  it('has one flag per flat key, and a flag for every company key', () => {
    expect(PEOPLE_FILTER_FLAGS.map((f) => f.key).sort()).toEqual([...PEOPLE_FLAT_KEYS].sort());
    expect(new Set(COMPANY_FILTER_FLAGS.map((f) => f.key)).size).toBe(COMPANY_FILTER_FLAGS.length);
  });
});
