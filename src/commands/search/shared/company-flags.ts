import { COMPANY_KEY_ALIASES, HEADCOUNT_BANDS, type CompanyFlatKey } from '../../../api/schemas/values/search.js';
import type { FilterFlag } from './filter-flags.js';

/** Every alias the service accepts for a key, as flag names. */
const aliasesOf = (key: CompanyFlatKey, extra: string[] = []) => [
  ...extra,
  ...Object.entries(COMPANY_KEY_ALIASES)
    .filter(([, k]) => k === key)
    .map(([alias]) => alias.replace(/_/g, '-')),
];

/** The flat company keys as flags; the service's aliases are accepted as flags too. */
export const COMPANY_FILTER_FLAGS: readonly FilterFlag<CompanyFlatKey>[] = [
  { key: 'industries', aliases: aliasesOf('industries'), split: 'literal', help: 'industry label' },
  {
    key: 'employee_count_ranges',
    aliases: aliasesOf('employee_count_ranges'),
    split: 'band',
    values: HEADCOUNT_BANDS,
    help: 'headcount band (501-1000 also works)',
  },
  {
    key: 'locations',
    aliases: aliasesOf('locations', ['location', 'hq']),
    split: 'literal',
    help: 'HQ location; bare city names match best',
  },
  { key: 'hq_country', aliases: ['country'], split: 'comma', help: 'HQ country' },
  {
    key: 'funding_stages',
    aliases: aliasesOf('funding_stages'),
    split: 'comma',
    help: 'last funding round, matched verbatim (e.g. "Series A")',
  },
  { key: 'names', aliases: aliasesOf('names', ['name']), split: 'literal', help: 'company display name' },
  { key: 'domains', aliases: aliasesOf('domains', ['domain']), split: 'comma', help: 'company domain (the reliable identifier)' },
  { key: 'year_founded', aliases: ['founded'], split: 'comma', help: 'year founded' },
  { key: 'company_type', split: 'literal', help: 'company type, e.g. "Privately Held"' },
];
