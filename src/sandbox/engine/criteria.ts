import {
  CRM_PROVIDERS,
  EXCLUSION_KEYS,
  SEARCH_LIMITS,
  SENIORITY_LEVELS,
  normalizeHeadcountBand,
  type CompanyCondition,
  type CompanyFilterColumn,
  type CompanyRawFilter,
  type CrmProvider,
  type PersonFilterColumn,
  type PersonFilterCondition,
  type PersonFilterType,
  type PersonGroupFilter,
  type SearchRoute,
} from '../../api/schemas/values/search.js';
import { checkCompanyCriteria, checkPersonCriteria, type CriteriaProblem } from '../../api/search-check.js';
import type { Dataset, PersonFacts } from '../data/dataset.js';
import type { OrganizationRecord, Store } from '../store.js';
import { cleanlistOf } from './cleanlist.js';
import { inCrm, isConnected } from './connections.js';
import { publicError, type SandboxError } from './errors.js';

/**
 * The criteria form, compiled on the server: people criteria to the raw person group
 * filter, company criteria to the raw company filter, exclusions to a drop rule, plus the
 * route (company_first when the company criteria name few enough companies to search
 * their people, else person_first), sort and maxResults.
 */

type Criteria = Record<string, unknown>;

const isObject = (v: unknown): v is Criteria => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The non-blank strings of a criteria list (trimmed); [] for anything else. */
function strings(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  return v.filter((x): x is string => typeof x === 'string' && x.trim() !== '').map((x) => x.trim());
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** "https://www.Acme.com/about" -> "acme.com". */
export function bareDomain(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/?#].*$/, '');
}

// Errors of the criteria form.

export function invalidCriteria(p: CriteriaProblem): SandboxError {
  return publicError(400, {
    code: 'invalid_criteria',
    problem: 'The criteria hold an unsupported value',
    cause: p.message,
    fix: `Correct or remove criteria field ${p.field} and send the request again.`,
    retryable: false,
    details: { field: p.field },
  });
}

export function emptyCriteria(): SandboxError {
  return publicError(400, {
    code: 'empty_criteria',
    problem: 'The criteria compile to no filter',
    cause: 'No criteria field narrows the search (exclusions, sort and maxResults alone do not filter).',
    fix: 'Add at least one filtering field, e.g. jobTitlesInclude, seniorityInclude, locationsInclude or company_criteria.',
    retryable: false,
  });
}

function unsupportedExclusion(field: string, cause: string): SandboxError {
  return publicError(400, {
    code: 'unsupported_exclusions',
    problem: 'An exclusion cannot be applied',
    cause,
    fix: `Remove ${field}. Supported exclusions: excludeInCleanlist (true) and crm (${CRM_PROVIDERS.join(' or ')}, when connected).`,
    retryable: false,
    details: { field, supported_exclusions: [...EXCLUSION_KEYS], supported_crms: [...CRM_PROVIDERS] },
  });
}

function crmNotConnected(provider: CrmProvider): SandboxError {
  return publicError(400, {
    code: 'crm_not_connected',
    problem: `${provider} is not connected to this organization`,
    cause: 'A CRM exclusion needs the CRM connected to read which people it already holds.',
    fix: `Connect ${provider} in the application's integrations settings, or drop the crm exclusion.`,
    retryable: false,
    details: { provider },
  });
}

// Exclusions.

export interface Exclusions {
  /** What was applied: in_cleanlist, crm:<provider>. */
  applied: string[];
  /** false when an exclusion could only partly be applied. */
  complete: boolean;
  /** Whether a person is dropped. */
  drops(leadId: string): boolean;
}

function checkCrm(org: OrganizationRecord, value: unknown, field: string): CrmProvider {
  if (typeof value !== 'string') throw invalidCriteria({ field, message: `criteria field "${field}" must be a string` });
  if (!(CRM_PROVIDERS as readonly string[]).includes(value))
    throw unsupportedExclusion(field, `"${value}" is not a CRM this service can exclude by (${CRM_PROVIDERS.join(', ')}).`);
  const provider = value as CrmProvider;
  if (!isConnected(org, provider)) throw crmNotConnected(provider);
  return provider;
}

/** criteria.exclusions (and the compile body's crm), checked against the organization's connections. */
export function resolveExclusions(store: Store, org: OrganizationRecord, exclusions: unknown, extraCrm?: string): Exclusions {
  const ex = isObject(exclusions) ? exclusions : {};
  for (const key of Object.keys(ex))
    if (!(EXCLUSION_KEYS as readonly string[]).includes(key))
      throw unsupportedExclusion(`exclusions.${key}`, `"${key}" is not an exclusion this service supports.`);
  const applied: string[] = [];
  let cleanlist: ReadonlySet<string> | undefined;
  const inList = ex.excludeInCleanlist;
  if (inList !== undefined && inList !== null && typeof inList !== 'boolean')
    throw invalidCriteria({
      field: 'exclusions.excludeInCleanlist',
      message: 'criteria field "exclusions.excludeInCleanlist" must be true or false',
    });
  if (inList === true) {
    cleanlist = cleanlistOf(store, org.id);
    applied.push('in_cleanlist');
  }
  const crms = new Set<CrmProvider>();
  if (ex.crm !== undefined && ex.crm !== null) crms.add(checkCrm(org, ex.crm, 'exclusions.crm'));
  if (extraCrm !== undefined) crms.add(checkCrm(org, extraCrm, 'crm'));
  for (const c of crms) applied.push(`crm:${c}`);
  const crmList = [...crms];
  return {
    applied,
    complete: true,
    drops: (leadId) => (cleanlist?.has(leadId) ?? false) || crmList.some((c) => inCrm(c, leadId)),
  };
}

// People criteria -> raw person group filter.

const LOCATION_COLUMNS: PersonFilterColumn[] = ['location', 'location_city', 'location_state', 'location_country'];

/** The person group filter of people criteria; null when no field filters. Warnings for parts that match nobody. */
export function compilePersonFilter(dataset: Pick<Dataset, 'expandTitle'>, c: Criteria, warnings: string[]): PersonGroupFilter | null {
  const filters: PersonGroupFilter['filters'] = [];
  const add = (column: PersonFilterColumn, filter_type: PersonFilterType, value: unknown) =>
    filters.push({ column, filter_type, value } satisfies PersonFilterCondition);
  const list = (key: string, column: PersonFilterColumn, type: PersonFilterType = 'in', map = (s: string) => s) => {
    const v = strings(c[key]).map(map);
    if (v.length) add(column, type, v);
  };

  const exact = c.jobTitleMatchType === 'exact';
  const titles = (key: string, type: 'in' | 'not_in') => {
    const v = strings(c[key]);
    if (!v.length) return;
    if (exact) return add('title', type, v);
    const expanded = new Set<string>();
    for (const text of v) {
      const found = dataset.expandTitle(text);
      if (found.length === 0 && type === 'in') warnings.push(`${key}: no title contains "${text}" or a synonym of it`);
      for (const t of found) expanded.add(t);
    }
    if (type === 'in' || expanded.size) add('title', type, [...expanded]);
  };
  titles('jobTitlesInclude', 'in');
  titles('jobTitlesExclude', 'not_in');
  list('seniorityInclude', 'seniority');
  list('seniorityExclude', 'seniority', 'not_in');
  list('managementLevelsInclude', 'management_level');
  list('departmentsInclude', 'department');
  list('jobFunctionsInclude', 'job_function');
  const places = strings(c.locationsInclude);
  if (places.length)
    filters.push({
      type: 'group_filter',
      op: 'or',
      filters: LOCATION_COLUMNS.map((column) => ({ column, filter_type: 'in', value: places })),
    });
  for (const column of LOCATION_COLUMNS) list('locationsExclude', column, 'not_in');
  list('countriesInclude', 'location_country');
  list('pastJobTitlesInclude', 'past_title', 'contains');
  list('pastCompaniesInclude', 'past_company', 'contains');
  list('schoolsInclude', 'school', 'contains');
  list('skillsInclude', 'skill');
  list('languagesInclude', 'language');
  const minYears = num(c.yearsInRoleMin);
  const maxYears = num(c.yearsInRoleMax);
  if (minYears !== undefined) add('years_in_role', 'gte', minYears);
  if (maxYears !== undefined) add('years_in_role', 'lte', maxYears);
  if (minYears !== undefined && maxYears !== undefined && minYears > maxYears)
    warnings.push('yearsInRoleMin is above yearsInRoleMax: nobody matches');
  list('companyNamesInclude', 'company_name');
  list('companyDomainsInclude', 'company_domain', 'in', bareDomain);
  list('companyDomainsExclude', 'company_domain', 'not_in', bareDomain);
  return filters.length ? { type: 'group_filter', op: 'and', filters } : null;
}

// Company criteria -> raw company filter.

const HQ_COLUMNS: CompanyFilterColumn[] = ['hq_location', 'hq_city', 'hq_state', 'hq_country'];

/** The raw company filter of company criteria; null when no field filters. */
export function compileCompanyFilter(c: Criteria): CompanyRawFilter | null {
  const conditions: CompanyRawFilter['conditions'] = [];
  const add = (column: CompanyFilterColumn, type: string, value: unknown) =>
    conditions.push({ column, type, value } satisfies CompanyCondition);
  const list = (key: string, column: CompanyFilterColumn, type = 'in', map = (s: string) => s) => {
    const v = strings(c[key]).map(map);
    if (v.length) add(column, type, v);
  };
  const bound = (key: string, column: CompanyFilterColumn, type: 'gte' | 'lte') => {
    const v = num(c[key]);
    if (v !== undefined) add(column, type, v);
  };
  list('industriesInclude', 'industry');
  list('industriesExclude', 'industry', 'not_in');
  list('headcountRanges', 'employee_count_range', 'in', (b) => normalizeHeadcountBand(b) ?? b);
  bound('headcountLatestMin', 'employee_count', 'gte');
  bound('headcountLatestMax', 'employee_count', 'lte');
  bound('revenueMin', 'revenue', 'gte');
  bound('revenueMax', 'revenue', 'lte');
  list('fundingRoundTypes', 'funding_stage');
  bound('growthMin', 'growth', 'gte');
  list('hqCountriesIso3', 'hq_country_iso3');
  const hq = strings(c.hqLocationsInclude);
  if (hq.length) conditions.push({ op: 'or', conditions: HQ_COLUMNS.map((column) => ({ column, type: 'in', value: hq })) });
  list('investorsInclude', 'investors');
  const keyword = typeof c.descriptionKeyword === 'string' ? c.descriptionKeyword.trim() : '';
  if (keyword) add('description', 'contains', [keyword]);
  bound('foundedYearMin', 'founded_year', 'gte');
  bound('foundedYearMax', 'founded_year', 'lte');
  list('companyTypesInclude', 'company_type');
  list('domainsInclude', 'domain', 'in', bareDomain);
  list('namesInclude', 'name');
  return conditions.length ? { op: 'and', conditions } : null;
}

/** Company criteria checked (400 invalid_criteria) and compiled (400 empty_criteria when nothing filters). */
export function companyCriteriaFilter(criteria: unknown): CompanyRawFilter {
  const p = checkCompanyCriteria(criteria);
  if (p) throw invalidCriteria(p);
  const filter = compileCompanyFilter(criteria as Criteria);
  if (!filter) throw emptyCriteria();
  return filter;
}

// The whole people criteria form.

export interface SortSpec {
  field: string;
  direction: 'asc' | 'desc';
}

export interface PeoplePlan {
  route: SearchRoute;
  person_filter: PersonGroupFilter | null;
  company_filter: CompanyRawFilter | null;
  warnings: string[];
  exclusions: Exclusions;
  /** The companies company_filter matched (people must work at one), or null without company criteria. */
  companies: Int32Array | null;
  sort: SortSpec | null;
  /** How many rows the search delivers over all pages, or null for all. */
  maxResults: number | null;
}

export interface PeopleCriteriaInput {
  criteria: Criteria;
  /** The compile body's company_criteria (else criteria.company_criteria). */
  companyCriteria?: Criteria | undefined;
  /** The compile body's crm (a CRM exclusion beside criteria.exclusions.crm). */
  crm?: string | undefined;
}

/** Checks and compiles people criteria (400 invalid_criteria, unsupported_exclusions, crm_not_connected, empty_criteria). */
export function planPeopleCriteria(dataset: Dataset, store: Store, org: OrganizationRecord, input: PeopleCriteriaInput): PeoplePlan {
  const { criteria } = input;
  const problem =
    checkPersonCriteria(criteria) ??
    (input.companyCriteria !== undefined ? checkCompanyCriteria(input.companyCriteria, 'company_criteria') : undefined);
  if (problem) throw invalidCriteria(problem);
  const exclusions = resolveExclusions(store, org, criteria.exclusions, input.crm);
  const warnings: string[] = [];
  const person_filter = compilePersonFilter(dataset, criteria, warnings);
  const companyCriteria = input.companyCriteria ?? criteria.company_criteria;
  const company_filter = isObject(companyCriteria) ? compileCompanyFilter(companyCriteria) : null;
  if (!person_filter && !company_filter) throw emptyCriteria();
  let route: SearchRoute = 'person_first';
  let companies: Int32Array | null = null;
  if (company_filter) {
    companies = dataset.matchCompanyFilter(company_filter);
    const max = SEARCH_LIMITS.findAtCompaniesCompanies;
    if (companies.length === 0) warnings.push('company_criteria matched no company: nobody matches');
    if (companies.length <= max) route = 'company_first';
    else
      warnings.push(
        `company_criteria matched ${companies.length} companies, more than the ${max} a company-first search covers: ` +
          'people were searched first and kept when their employer matches',
      );
  }
  const sort = isObject(criteria.sort) ? criteria.sort : null;
  return {
    route,
    person_filter,
    company_filter,
    warnings,
    exclusions,
    companies,
    sort: sort
      ? { field: typeof sort.field === 'string' ? sort.field : 'relevance', direction: sort.direction === 'desc' ? 'desc' : 'asc' }
      : null,
    maxResults: num(criteria.maxResults) ?? null,
  };
}

/** The people of some companies, ascending. */
export function peopleOfCompanies(dataset: Dataset, companies: Int32Array): Int32Array {
  let n = 0;
  const parts = Array.from(companies, (ci) => {
    const p = dataset.peopleAt(ci);
    n += p.length;
    return p;
  });
  const out = new Int32Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out.sort();
}

/** The people a plan finds, exclusions dropped, in the order served. */
export function runPeoplePlan(dataset: Dataset, plan: PeoplePlan): Int32Array {
  const within = plan.companies ? peopleOfCompanies(dataset, plan.companies) : undefined;
  let found = plan.person_filter ? dataset.matchPersonFilter(plan.person_filter, within) : (within ?? new Int32Array(0));
  if (plan.exclusions.applied.length) found = found.filter((i) => !plan.exclusions.drops(dataset.person(i).lead_id));
  return plan.sort ? sortPeople(dataset, found, plan.sort) : found;
}

// Sort.

const SENIORITY_RANK = new Map<string, number>(SENIORITY_LEVELS.map((s, i) => [s, SENIORITY_LEVELS.length - i]));

type SortKey = (p: PersonFacts) => string | number;

function sortKey(dataset: Dataset, field: string): SortKey | null {
  switch (field) {
    case 'name':
      return (p) => `${p.last_name} ${p.first_name}`.toLowerCase();
    case 'title':
      return (p) => p.title.toLowerCase();
    case 'company':
      return (p) => dataset.company(p.company_index).name.toLowerCase();
    case 'seniority':
      return (p) => SENIORITY_RANK.get(p.seniority) ?? 0;
    case 'years_in_role':
      return (p) => p.years_in_role;
    case 'company_headcount':
      return (p) => dataset.company(p.company_index).employee_count;
    default:
      return null;
  }
}

/**
 * People in sort order; ties keep the data set's order. relevance is the data set's order
 * (the direction does not apply); seniority ascends from Unpaid to Owner; name sorts by last
 * name, then first name.
 */
export function sortPeople(dataset: Dataset, people: Int32Array, sort: SortSpec): Int32Array {
  const key = sortKey(dataset, sort.field);
  if (!key) return people;
  const keyed = Array.from(people, (i) => ({ i, k: key(dataset.person(i)) }));
  const dir = sort.direction === 'desc' ? -1 : 1;
  keyed.sort((a, b) => (a.k < b.k ? -dir : a.k > b.k ? dir : a.i - b.i));
  return Int32Array.from(keyed, (x) => x.i);
}
