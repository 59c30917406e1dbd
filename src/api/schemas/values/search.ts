import { ownValue } from './own-key.js';

/**
 * The Search part of the spec as plain values (no zod), so the CLI's input checks, the
 * sandbox and the SDK share one copy: flat filter keys, fixed value lists, aliases,
 * filter-value fields, result columns, limits, and the vocabularies of the raw filter
 * shapes and of the criteria form.
 */

// People search: the 17 flat keys (AND across keys, OR within a key's array).

export const PEOPLE_FLAT_KEYS = [
  'titles',
  'seniority',
  'management_levels',
  'departments',
  'job_functions',
  'locations',
  'location_city',
  'location_state',
  'location_country',
  'school_names',
  'skills',
  'languages',
  'company_names',
  'company_domains',
  'company_industries',
  'company_headcount',
  'company_locations',
] as const;
export type PeopleFlatKey = (typeof PEOPLE_FLAT_KEYS)[number];
export type PeopleFlatFilters = Partial<Record<PeopleFlatKey, string[]>>;

export const SENIORITY_LEVELS = [
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
] as const;
export type Seniority = (typeof SENIORITY_LEVELS)[number];

export const MANAGEMENT_LEVELS = ['C-Suite', 'VP', 'Director', 'Manager'] as const;
export type ManagementLevel = (typeof MANAGEMENT_LEVELS)[number];

export const DEPARTMENTS = [
  'Engineering',
  'Product',
  'Design',
  'Sales',
  'Marketing',
  'Customer Success',
  'Operations',
  'Finance',
  'People & HR',
  'Legal',
  'IT',
  'Data',
  'Research',
  'Support',
  'Business Development',
  'Consulting',
] as const;
export type Department = (typeof DEPARTMENTS)[number];

export const JOB_FUNCTIONS = [
  'Engineering',
  'Sales',
  'Marketing',
  'Operations',
  'Finance',
  'Human Resources',
  'Information Technology',
  'Product Management',
  'Consulting',
  'Business Development',
] as const;
export type JobFunction = (typeof JOB_FUNCTIONS)[number];

/** Headcount bands as the service writes them; the comma-less forms are accepted too. */
export const HEADCOUNT_BANDS = ['1-10', '11-50', '51-200', '201-500', '501-1,000', '1,001-5,000', '5,001-10,000', '10,001+'] as const;
export type HeadcountBand = (typeof HEADCOUNT_BANDS)[number];

/** "501-1000" -> "501-1,000"; the band itself for a written band; undefined for anything else. */
export function normalizeHeadcountBand(value: string): HeadcountBand | undefined {
  const bare = value.trim().replace(/,/g, '');
  return HEADCOUNT_BANDS.find((b) => b.replace(/,/g, '') === bare);
}

/** The band an employee count falls in. */
export function headcountBandOf(employees: number): HeadcountBand {
  if (employees <= 10) return '1-10';
  if (employees <= 50) return '11-50';
  if (employees <= 200) return '51-200';
  if (employees <= 500) return '201-500';
  if (employees <= 1000) return '501-1,000';
  if (employees <= 5000) return '1,001-5,000';
  if (employees <= 10000) return '5,001-10,000';
  return '10,001+';
}

/** Flat keys whose values come from a fixed list; any other value is a 400. */
export const PEOPLE_FIXED_VALUES: Readonly<Partial<Record<PeopleFlatKey, readonly string[]>>> = {
  seniority: SENIORITY_LEVELS,
  management_levels: MANAGEMENT_LEVELS,
  departments: DEPARTMENTS,
  job_functions: JOB_FUNCTIONS,
  company_headcount: HEADCOUNT_BANDS,
};

/** Names people reach for, mapped to the flat key they mean (suggested_replacements). */
export const PEOPLE_KEY_HINTS: Readonly<Record<string, PeopleFlatKey>> = {
  title: 'titles',
  job_title: 'titles',
  job_titles: 'titles',
  seniorities: 'seniority',
  seniority_level: 'seniority',
  seniority_levels: 'seniority',
  management_level: 'management_levels',
  department: 'departments',
  job_function: 'job_functions',
  functions: 'job_functions',
  location: 'locations',
  city: 'location_city',
  cities: 'location_city',
  state: 'location_state',
  states: 'location_state',
  region: 'location_state',
  country: 'location_country',
  countries: 'location_country',
  school: 'school_names',
  schools: 'school_names',
  education: 'school_names',
  skill: 'skills',
  language: 'languages',
  company: 'company_names',
  companies: 'company_names',
  company_name: 'company_names',
  employer: 'company_names',
  domain: 'company_domains',
  domains: 'company_domains',
  company_domain: 'company_domains',
  industry: 'company_industries',
  industries: 'company_industries',
  company_industry: 'company_industries',
  headcount: 'company_headcount',
  company_size: 'company_headcount',
  employee_count: 'company_headcount',
  employee_count_ranges: 'company_headcount',
  company_location: 'company_locations',
  hq_location: 'company_locations',
};

// Company search: flat keys and their aliases.

export const COMPANY_FLAT_KEYS = [
  'industries',
  'employee_count_ranges',
  'locations',
  'hq_country',
  'funding_stages',
  'names',
  'domains',
  'year_founded',
  'company_type',
] as const;
export type CompanyFlatKey = (typeof COMPANY_FLAT_KEYS)[number];
export type CompanyFlatFilters = Partial<Record<CompanyFlatKey, Array<string | number>>>;

/** Every alias the service accepts, mapped to its key. */
export const COMPANY_KEY_ALIASES: Readonly<Record<string, CompanyFlatKey>> = {
  industry: 'industries',
  linkedin_industries: 'industries',
  employee_count_range: 'employee_count_ranges',
  company_headcount: 'employee_count_ranges',
  headcount_range: 'employee_count_ranges',
  headcount: 'employee_count_ranges',
  company_locations: 'locations',
  company_hq: 'locations',
  hq_location: 'locations',
  funding_stage: 'funding_stages',
  last_funding_round_type: 'funding_stages',
  company_names: 'names',
  company_name: 'names',
  company_domains: 'domains',
  company_website_domain: 'domains',
};

/** Names that are not keys or aliases but clearly mean one (for suggestions only). */
export const COMPANY_KEY_HINTS: Readonly<Record<string, CompanyFlatKey>> = {
  location: 'locations',
  country: 'hq_country',
  hq_countries: 'hq_country',
  name: 'names',
  domain: 'domains',
  founded: 'year_founded',
  founded_year: 'year_founded',
  years_founded: 'year_founded',
  type: 'company_type',
  company_types: 'company_type',
  employee_count: 'employee_count_ranges',
  size: 'employee_count_ranges',
};

/** The key a company filter name means (itself, or the key of an alias); undefined when unknown. */
export function canonicalCompanyKey(name: string): CompanyFlatKey | undefined {
  if ((COMPANY_FLAT_KEYS as readonly string[]).includes(name)) return name as CompanyFlatKey;
  return ownValue(COMPANY_KEY_ALIASES, name);
}

/** Row fields beyond the defaults, asked for with `columns` by these labels. */
export const COMPANY_COLUMNS = {
  Revenue: 'revenue_range',
  Funding: 'funding_stage',
  'Last funding': 'last_funding_date',
  Founded: 'founded_year',
  LinkedIn: 'linkedin_url',
  Headcount: 'employee_count_range',
} as const;
export type CompanyColumnLabel = keyof typeof COMPANY_COLUMNS;
export const COMPANY_COLUMN_LABELS = Object.keys(COMPANY_COLUMNS) as CompanyColumnLabel[];

/** Fields every company row carries; `columns` adds to these. */
export const COMPANY_ROW_FIELDS = [
  'company_id',
  'name',
  'domain',
  'industry',
  'employee_count',
  'revenue_range',
  'hq_location',
  'funding_stage',
] as const;
export const COMPANY_OPTIONAL_FIELDS = ['founded_year', 'linkedin_url', 'employee_count_range', 'last_funding_date'] as const;
export type CompanyOptionalField = (typeof COMPANY_OPTIONAL_FIELDS)[number];

/** The label a columns entry names (case-insensitive, field names accepted); undefined when unknown. */
export function companyColumnField(label: string): CompanyOptionalField | 'revenue_range' | 'funding_stage' | undefined {
  const l = label.trim().toLowerCase();
  for (const [k, v] of Object.entries(COMPANY_COLUMNS)) if (k.toLowerCase() === l || v === l) return v;
  return undefined;
}

// Filter-value look-ups (GET .../filters?field=&query=).

export const PEOPLE_FILTER_FIELDS = [
  'titles',
  'seniority',
  'departments',
  'job_functions',
  'management_levels',
  'locations',
  'company_headcount',
  'company_industries',
] as const;
export type PeopleFilterField = (typeof PEOPLE_FILTER_FIELDS)[number];

export const COMPANY_FILTER_FIELDS = ['industries', 'employee_count_ranges', 'locations', 'funding_stages'] as const;
export type CompanyFilterField = (typeof COMPANY_FILTER_FIELDS)[number];

/** How many values one look-up returns at most. */
export const FILTER_VALUES_MAX = 50;

// Limits.

export const SEARCH_LIMITS = {
  people: { min: 1, max: 500, default: 25, perResponse: 100 },
  // The spec states the 100-rows-per-response ceiling for people find only: a company search page holds up to its limit.
  companies: { min: 1, max: 500, default: 25, perResponse: 500 },
  similar: { min: 1, max: 100, default: 25 },
  findAtCompanies: { min: 1, max: 1000, default: 100 },
  criteriaMaxResults: { min: 1, max: 500 },
  /** At most this many companies a find-at-companies job searches; more fails the job. */
  findAtCompaniesCompanies: 2000,
} as const;

export const ENTITY_KINDS = ['person', 'company'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

// Cohorts (task_id handles).

export const COHORT_PREFIX = 'svc-task_';
export const COHORT_SLIDING_MS = 3_600_000;
export const COHORT_HARD_MS = 86_400_000;

// Find-at-companies jobs.

export const FIND_AT_COMPANIES_STATUSES = ['processing', 'completed', 'failed'] as const;
export type FindAtCompaniesStatus = (typeof FIND_AT_COMPANIES_STATUSES)[number];

/**
 * Raw person filter, the group shape {type: group_filter, op, filters[{column, filter_type, value}]}
 * (groups nest). Its columns and filter types:
 * - in / not_in: exact match, case-insensitive, against any of value (string or string[])
 * - contains / not_contains: case-insensitive substring of any of value; on title and
 *   past_title also the title's synonyms (CTO ~ Chief Technology Officer)
 * - gte / lte: numeric columns, value a number
 * Multi-valued columns (school, skill, language, past_title, past_company) match when any entry does.
 */
export const PERSON_FILTER_COLUMNS = [
  'first_name',
  'last_name',
  'full_name',
  'title',
  'seniority',
  'management_level',
  'department',
  'job_function',
  'location',
  'location_city',
  'location_state',
  'location_country',
  'school',
  'skill',
  'language',
  'past_title',
  'past_company',
  'years_in_role',
  'company_id',
  'company_name',
  'company_domain',
  'company_industry',
  'company_headcount',
  'company_employee_count',
  'company_location',
] as const;
export type PersonFilterColumn = (typeof PERSON_FILTER_COLUMNS)[number];
export const PERSON_NUMERIC_COLUMNS: readonly PersonFilterColumn[] = ['years_in_role', 'company_employee_count'];
export const PERSON_FILTER_TYPES = ['in', 'not_in', 'contains', 'not_contains', 'gte', 'lte'] as const;
export type PersonFilterType = (typeof PERSON_FILTER_TYPES)[number];
export const GROUP_OPS = ['and', 'or'] as const;
export type GroupOp = (typeof GROUP_OPS)[number];

export interface PersonFilterCondition {
  column: string;
  filter_type: string;
  value: unknown;
}
export interface PersonGroupFilter {
  type: 'group_filter';
  op: GroupOp;
  filters: Array<PersonFilterCondition | PersonGroupFilter>;
}

/**
 * Raw company filter {op, conditions[{column, type, value}]} (conditions may nest as
 * {op, conditions}). It passes without key checks: a condition on an unknown column or
 * with an unknown type matches nothing. Types as for people, plus eq and between ([min, max]).
 */
export const COMPANY_FILTER_COLUMNS = [
  'company_id',
  'name',
  'domain',
  'industry',
  'employee_count',
  'employee_count_range',
  'revenue',
  'revenue_range',
  'hq_location',
  'hq_city',
  'hq_state',
  'hq_country',
  'hq_country_iso3',
  'funding_stage',
  'last_funding_date',
  'founded_year',
  'company_type',
  'growth',
  'investors',
  'description',
  'linkedin_url',
] as const;
export type CompanyFilterColumn = (typeof COMPANY_FILTER_COLUMNS)[number];
export const COMPANY_CONDITION_TYPES = ['in', 'not_in', 'eq', 'contains', 'not_contains', 'gte', 'lte', 'between'] as const;
export type CompanyConditionType = (typeof COMPANY_CONDITION_TYPES)[number];

export interface CompanyCondition {
  column: string;
  type: string;
  value: unknown;
}
export interface CompanyRawFilter {
  op: GroupOp;
  conditions: Array<CompanyCondition | CompanyRawFilter>;
}

// Criteria form (people criteria, company criteria, exclusions, sort).

export const JOB_TITLE_MATCH_TYPES = ['exact', 'contains'] as const;
export { CRM_PROVIDERS, type CrmProvider } from './sync.js';
export const SEARCH_ROUTES = ['person_first', 'company_first'] as const;
export type SearchRoute = (typeof SEARCH_ROUTES)[number];
export const SORT_FIELDS = ['relevance', 'name', 'title', 'company', 'seniority', 'years_in_role', 'company_headcount'] as const;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const EXCLUSION_KEYS = ['excludeInCleanlist', 'crm'] as const;

/**
 * What a criteria field holds: strings (a list of text), text (one string), fixed (a list from a fixed set),
 * int / number (with bounds), enum (one of), bool, object (checked by its own table).
 */
export type CriteriaFieldSpec =
  | { kind: 'strings' }
  | { kind: 'text' }
  | { kind: 'fixed'; values: readonly string[] }
  | { kind: 'int'; min: number; max: number }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'bool' }
  | { kind: 'object' };

/** ISO 3166-1 alpha-3 codes of the countries the data set covers (hqCountriesIso3). */
export const COUNTRY_ISO3 = {
  USA: 'United States',
  CAN: 'Canada',
  MEX: 'Mexico',
  BRA: 'Brazil',
  ARG: 'Argentina',
  CHL: 'Chile',
  COL: 'Colombia',
  GBR: 'United Kingdom',
  IRL: 'Ireland',
  FRA: 'France',
  DEU: 'Germany',
  NLD: 'Netherlands',
  BEL: 'Belgium',
  ESP: 'Spain',
  PRT: 'Portugal',
  ITA: 'Italy',
  CHE: 'Switzerland',
  AUT: 'Austria',
  SWE: 'Sweden',
  NOR: 'Norway',
  DNK: 'Denmark',
  FIN: 'Finland',
  POL: 'Poland',
  CZE: 'Czechia',
  EST: 'Estonia',
  ISR: 'Israel',
  ARE: 'United Arab Emirates',
  ZAF: 'South Africa',
  NGA: 'Nigeria',
  KEN: 'Kenya',
  EGY: 'Egypt',
  IND: 'India',
  SGP: 'Singapore',
  JPN: 'Japan',
  KOR: 'South Korea',
  CHN: 'China',
  AUS: 'Australia',
  NZL: 'New Zealand',
  IDN: 'Indonesia',
  PHL: 'Philippines',
} as const satisfies Readonly<Record<string, string>>;

/** People criteria fields (camelCase, as the product's Find People page names them). */
export const PERSON_CRITERIA_FIELDS: Readonly<Record<string, CriteriaFieldSpec>> = {
  jobTitlesInclude: { kind: 'strings' },
  jobTitlesExclude: { kind: 'strings' },
  jobTitleMatchType: { kind: 'enum', values: JOB_TITLE_MATCH_TYPES },
  seniorityInclude: { kind: 'fixed', values: SENIORITY_LEVELS },
  seniorityExclude: { kind: 'fixed', values: SENIORITY_LEVELS },
  managementLevelsInclude: { kind: 'fixed', values: MANAGEMENT_LEVELS },
  departmentsInclude: { kind: 'fixed', values: DEPARTMENTS },
  jobFunctionsInclude: { kind: 'fixed', values: JOB_FUNCTIONS },
  locationsInclude: { kind: 'strings' },
  locationsExclude: { kind: 'strings' },
  countriesInclude: { kind: 'strings' },
  pastJobTitlesInclude: { kind: 'strings' },
  pastCompaniesInclude: { kind: 'strings' },
  schoolsInclude: { kind: 'strings' },
  skillsInclude: { kind: 'strings' },
  languagesInclude: { kind: 'strings' },
  yearsInRoleMin: { kind: 'int', min: 0, max: 60 },
  yearsInRoleMax: { kind: 'int', min: 0, max: 60 },
  companyNamesInclude: { kind: 'strings' },
  companyDomainsInclude: { kind: 'strings' },
  companyDomainsExclude: { kind: 'strings' },
  company_criteria: { kind: 'object' },
  exclusions: { kind: 'object' },
  sort: { kind: 'object' },
  maxResults: { kind: 'int', min: 1, max: 500 },
};

/** Company criteria fields (people search's company_criteria and company search's criteria). */
export const COMPANY_CRITERIA_FIELDS: Readonly<Record<string, CriteriaFieldSpec>> = {
  industriesInclude: { kind: 'strings' },
  industriesExclude: { kind: 'strings' },
  headcountRanges: { kind: 'fixed', values: HEADCOUNT_BANDS },
  headcountLatestMin: { kind: 'int', min: 0, max: 10_000_000 },
  headcountLatestMax: { kind: 'int', min: 0, max: 10_000_000 },
  revenueMin: { kind: 'number', min: 0, max: 1e13 },
  revenueMax: { kind: 'number', min: 0, max: 1e13 },
  fundingRoundTypes: { kind: 'strings' },
  growthMin: { kind: 'number', min: -100, max: 10_000 },
  hqCountriesIso3: { kind: 'fixed', values: Object.keys(COUNTRY_ISO3) },
  hqLocationsInclude: { kind: 'strings' },
  investorsInclude: { kind: 'strings' },
  descriptionKeyword: { kind: 'text' },
  foundedYearMin: { kind: 'int', min: 1800, max: 2100 },
  foundedYearMax: { kind: 'int', min: 1800, max: 2100 },
  companyTypesInclude: { kind: 'strings' },
  domainsInclude: { kind: 'strings' },
  namesInclude: { kind: 'strings' },
};
