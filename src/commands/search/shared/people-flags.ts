import {
  DEPARTMENTS,
  HEADCOUNT_BANDS,
  JOB_FUNCTIONS,
  MANAGEMENT_LEVELS,
  SENIORITY_LEVELS,
  type PeopleFlatKey,
} from '../../../api/schemas/values/search.js';
import type { FilterFlag } from './filter-flags.js';

/** The 17 flat people keys as flags. */
export const PEOPLE_FILTER_FLAGS: readonly FilterFlag<PeopleFlatKey>[] = [
  { key: 'titles', aliases: ['title'], split: 'literal', help: 'current job title, exact and case-sensitive' },
  { key: 'seniority', split: 'comma', values: SENIORITY_LEVELS, help: 'seniority' },
  { key: 'management_levels', aliases: ['management-level'], split: 'comma', values: MANAGEMENT_LEVELS, help: 'management level' },
  { key: 'departments', aliases: ['department'], split: 'comma', values: DEPARTMENTS, help: 'department' },
  { key: 'job_functions', aliases: ['job-function'], split: 'comma', values: JOB_FUNCTIONS, help: 'job function' },
  { key: 'locations', aliases: ['location'], split: 'literal', help: 'full location "City, State, Country"' },
  { key: 'location_city', aliases: ['city'], split: 'comma', help: 'city, bare name' },
  { key: 'location_state', aliases: ['state'], split: 'comma', help: 'state or region, bare name' },
  { key: 'location_country', aliases: ['country'], split: 'comma', help: 'country, bare name' },
  { key: 'school_names', aliases: ['school'], split: 'literal', help: 'school attended' },
  { key: 'skills', aliases: ['skill'], split: 'comma', help: 'skill on the profile' },
  { key: 'languages', aliases: ['language'], split: 'comma', help: 'language on the profile' },
  { key: 'company_names', aliases: ['company-name', 'company'], split: 'literal', help: 'current employer name' },
  {
    key: 'company_domains',
    aliases: ['company-domain', 'domain'],
    split: 'comma',
    help: 'current employer domain (more reliable than names)',
  },
  { key: 'company_industries', aliases: ['company-industry', 'industry'], split: 'literal', help: 'employer industry' },
  {
    key: 'company_headcount',
    aliases: ['headcount'],
    split: 'band',
    values: HEADCOUNT_BANDS,
    help: 'employer headcount band (501-1000 also works)',
  },
  { key: 'company_locations', aliases: ['company-location'], split: 'literal', help: 'employer HQ location' },
];
