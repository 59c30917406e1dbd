import type {
  CompanyRawFilter,
  Department,
  HeadcountBand,
  JobFunction,
  ManagementLevel,
  Seniority,
  SORT_DIRECTIONS,
  SORT_FIELDS,
  JOB_TITLE_MATCH_TYPES,
  COUNTRY_ISO3,
} from '../api/schemas/values/search.js';
import type { CrmProvider } from '../api/schemas/values/sync.js';

/**
 * Search filters as types: the 17 flat keys of people search and the 9 of company search,
 * with the fixed value lists as string unions, and the criteria form. A key or fixed value
 * the service would refuse is a compile error (the service still checks: it answers a
 * ValidationError naming the key and what to use instead).
 */

/** A headcount band as the service writes it (`501-1,000`), or without commas (`501-1000`). */
export type HeadcountBandInput = HeadcountBand | '501-1000' | '1001-5000' | '5001-10000' | '10001+';

/** The 17 flat keys of people search: AND across keys, OR within a key's values. At least one key. */
export type PeopleFilters = {
  /** Current title, exact and case-sensitive. */
  titles?: readonly string[];
  seniority?: readonly Seniority[];
  management_levels?: readonly ManagementLevel[];
  departments?: readonly Department[];
  job_functions?: readonly JobFunction[];
  /** The full literal location string. */
  locations?: readonly string[];
  /** Bare city names. */
  location_city?: readonly string[];
  /** Bare state or region names. */
  location_state?: readonly string[];
  /** Bare country names. */
  location_country?: readonly string[];
  /** Schools attended. */
  school_names?: readonly string[];
  skills?: readonly string[];
  languages?: readonly string[];
  /** Current employer's name. */
  company_names?: readonly string[];
  /** Current employer's domain (more reliable than names). */
  company_domains?: readonly string[];
  company_industries?: readonly string[];
  company_headcount?: readonly HeadcountBandInput[];
  /** Employer HQ location. */
  company_locations?: readonly string[];
};

/**
 * The 9 flat keys of company search (the service also takes aliases of them, e.g. industry,
 * headcount, company_domains; these types name each key once). At least one key.
 */
export type CompanyFilters = {
  /** Industry labels. */
  industries?: readonly string[];
  employee_count_ranges?: readonly HeadcountBandInput[];
  /** HQ location; bare city names match best. */
  locations?: readonly string[];
  hq_country?: readonly string[];
  /** Matched verbatim against the stored last-round label (e.g. Series A). */
  funding_stages?: readonly string[];
  /** Display names. */
  names?: readonly string[];
  /** Domains: the reliable identifier. */
  domains?: readonly string[];
  year_founded?: readonly number[];
  /** E.g. privately held. */
  company_type?: readonly string[];
};

export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export type JobTitleMatchType = (typeof JOB_TITLE_MATCH_TYPES)[number];
/** ISO 3166-1 alpha-3 codes of the countries the data covers. */
export type CountryIso3 = keyof typeof COUNTRY_ISO3;

/** Company criteria: company search's `criteria`, and people criteria's `company_criteria`. */
export type CompanyCriteria = {
  industriesInclude?: readonly string[];
  industriesExclude?: readonly string[];
  headcountRanges?: readonly HeadcountBand[];
  /** 0 to 10,000,000. */
  headcountLatestMin?: number;
  headcountLatestMax?: number;
  revenueMin?: number;
  revenueMax?: number;
  fundingRoundTypes?: readonly string[];
  /** Headcount growth in percent, -100 to 10,000. */
  growthMin?: number;
  hqCountriesIso3?: readonly CountryIso3[];
  hqLocationsInclude?: readonly string[];
  investorsInclude?: readonly string[];
  descriptionKeyword?: string;
  /** 1800 to 2100. */
  foundedYearMin?: number;
  foundedYearMax?: number;
  companyTypesInclude?: readonly string[];
  domainsInclude?: readonly string[];
  namesInclude?: readonly string[];
};

/** People criteria: the Find People form of the product, compiled on the server. */
export type PersonCriteria = {
  jobTitlesInclude?: readonly string[];
  jobTitlesExclude?: readonly string[];
  /** `contains` matches substrings and title synonyms (CTO ~ Chief Technology Officer). */
  jobTitleMatchType?: JobTitleMatchType;
  seniorityInclude?: readonly Seniority[];
  seniorityExclude?: readonly Seniority[];
  managementLevelsInclude?: readonly ManagementLevel[];
  departmentsInclude?: readonly Department[];
  jobFunctionsInclude?: readonly JobFunction[];
  locationsInclude?: readonly string[];
  locationsExclude?: readonly string[];
  countriesInclude?: readonly string[];
  pastJobTitlesInclude?: readonly string[];
  pastCompaniesInclude?: readonly string[];
  schoolsInclude?: readonly string[];
  skillsInclude?: readonly string[];
  languagesInclude?: readonly string[];
  /** 0 to 60. */
  yearsInRoleMin?: number;
  yearsInRoleMax?: number;
  companyNamesInclude?: readonly string[];
  companyDomainsInclude?: readonly string[];
  companyDomainsExclude?: readonly string[];
  /** The employer's attributes (may route the search company-first). */
  company_criteria?: CompanyCriteria;
  /** People already in the organization's lists (excludeInCleanlist), or in a connected CRM (crm). */
  exclusions?: { excludeInCleanlist?: boolean; crm?: CrmProvider };
  sort?: { field?: SortField; direction?: SortDirection };
  /** The most rows per response, 1 to 500. */
  maxResults?: number;
};

/** Company search's raw filter shape {op, conditions[{column, type, value}]}, passed through without key checks. */
export type { CompanyRawFilter };
