import type {
  CompanyFlatFilters,
  CompanyOptionalField,
  CompanyRawFilter,
  CompanySearchRow,
  CompanyRecord,
  PeopleFlatFilters,
  PersonGroupFilter,
  PersonSearchRow,
} from '../../api/schemas/search.js';

/**
 * The synthetic data set the sandbox searches: people and companies generated from a
 * seed (the same seed gives the same rows on every machine), with indexes so a flat
 * people search answers in milliseconds. People and companies are addressed by index
 * (0-based); every list of indexes returned is sorted ascending, which is the order
 * results are served in unless a criteria sort says otherwise.
 */

export interface DatasetSize {
  people: number;
  companies: number;
}

export const DEFAULT_DATASET_SIZE: DatasetSize = { people: 50_000, companies: 5_000 };

/** Everything known about one person, beyond the search row (criteria, sort, evidence, enrichment). */
export interface PersonFacts {
  index: number;
  /** Search-scoped id (the row's lead_id), stable for the seed. */
  lead_id: string;
  first_name: string;
  last_name: string;
  title: string;
  seniority: string;
  /** null for individual contributors. */
  management_level: string | null;
  department: string;
  job_function: string;
  location_city: string;
  location_state: string;
  location_country: string;
  /** "City, State, Country" */
  location: string;
  schools: string[];
  skills: string[];
  languages: string[];
  /** Earlier roles, most recent first. */
  past_roles: Array<{ title: string; company: string; domain: string }>;
  years_in_role: number;
  company_index: number;
  linkedin_url: string;
  /** Work email and phone, for enrichment (never in search rows). null where no provider would find one. */
  email: string | null;
  phone: string | null;
  /** Whether a lookup could confirm the current role and company (match_evidence unverified when false). */
  role_verified: boolean;
}

/** Everything known about one company. */
export interface CompanyFacts {
  index: number;
  company_id: string;
  name: string;
  domain: string;
  industry: string;
  employee_count: number;
  employee_count_range: string;
  /** Annual revenue in USD. */
  revenue: number;
  revenue_range: string;
  hq_city: string;
  hq_state: string;
  hq_country: string;
  hq_country_iso3: string;
  hq_location: string;
  /** The stored last-round label, verbatim (funding stage). */
  funding_stage: string;
  /** ISO date (YYYY-MM-DD) or null when never funded. */
  last_funding_date: string | null;
  founded_year: number;
  company_type: string;
  /** Headcount growth over a year, percent. */
  growth: number;
  investors: string[];
  description: string;
  tech_stack: string[];
  linkedin_url: string;
}

export interface FilterValueCount {
  value: string;
  count: number;
}

/** A raw person filter that names an unknown column or filter type (the sandbox answers 400 or fails the job). */
export class DatasetFilterError extends Error {
  constructor(
    readonly column: string,
    message: string,
  ) {
    super(message);
    this.name = 'DatasetFilterError';
  }
}

export interface Dataset {
  readonly seed: number;
  readonly size: DatasetSize;

  person(index: number): PersonFacts;
  company(index: number): CompanyFacts;
  /** The spec's people search row: no email, no phone; company_linkedin_url, company_industry, company_headcount_range included. */
  personRow(index: number): PersonSearchRow;
  /** The spec's company search row; `extra` adds optional fields. */
  companyRow(index: number, extra?: readonly CompanyOptionalField[]): CompanySearchRow;
  /** The enrichment company record. */
  companyRecord(index: number): CompanyRecord;

  personIndexByLeadId(leadId: string): number | undefined;
  companyIndexById(companyId: string): number | undefined;
  /** Domain in any spelling (scheme, www., case are ignored). */
  companyIndexByDomain(domain: string): number | undefined;
  /** LinkedIn company URL in any spelling (scheme, www., trailing slash, case ignored). */
  companyIndexByLinkedinUrl(url: string): number | undefined;
  /** The people working at a company now. */
  peopleAt(companyIndex: number): Int32Array;

  /**
   * Flat people filters, already checked (canonical keys, fixed values as listed, headcount
   * bands with commas): AND across keys, OR within a key; titles exact and case-sensitive;
   * locations the full literal "City, State, Country"; location_city/state/country bare
   * names; company_locations the employer's HQ (full literal or a bare city, state or
   * country). Other text keys match case-insensitively.
   */
  findPeople(filters: PeopleFlatFilters): Int32Array;
  /** Flat company filters with canonical keys (aliases already merged). */
  findCompanies(filters: CompanyFlatFilters): Int32Array;
  /** The raw group shape; throws DatasetFilterError for an unknown column or filter type. `within` narrows to a candidate set. */
  matchPersonFilter(filter: PersonGroupFilter, within?: Int32Array): Int32Array;
  /** The raw {op, conditions} shape; unknown columns or types match nothing (no key checks). */
  matchCompanyFilter(filter: CompanyRawFilter): Int32Array;

  /** Titles for a contains match: every distinct title containing the text or one of its synonyms. */
  expandTitle(text: string): string[];
  /** Companies most like a seed, best first: similarity_score = share of facets shared (0 to 1). */
  similarCompanies(companyIndex: number, limit: number): Array<{ index: number; score: number }>;
  /**
   * Values of a filter field containing `query` (case-insensitive), most common first,
   * at most `limit`. People fields count people, company fields count companies.
   */
  filterValues(kind: 'people' | 'companies', field: string, query: string, limit: number): FilterValueCount[];
}
