import type { CompanyOptionalField, CompanyRecord, CompanySearchRow, PersonSearchRow } from '../../api/schemas/search.js';
import { COMPANY_ROW_FIELDS } from '../../api/schemas/values/search.js';
import { EMAIL_PATTERNS, MAX_INVESTORS, MAX_TECH } from './companies.js';
import type { CompanyFacts, PersonFacts } from './dataset.js';
import {
  HAS_EMAIL,
  HAS_PHONE,
  LANGUAGE_SLOTS,
  NONE16,
  NONE8,
  PAST_SLOTS,
  ROLE_VERIFIED,
  SCHOOL_SLOTS,
  SKILL_SLOTS,
  asciiNames,
} from './people.js';
import { hash32, hex8 } from './prng.js';
import type { Tables } from './tables.js';
import { slugify } from './text.js';

/** PersonFacts, CompanyFacts and the spec's rows, assembled from the columns on demand. */

function slots<T>(data: ArrayLike<number>, at: number, count: number, none: number, of: (v: number) => T): T[] {
  const out: T[] = [];
  for (let k = at; k < at + count; k++) if (data[k] !== none) out.push(of(data[k]!));
  return out;
}

const LOCAL_PART: Readonly<Record<(typeof EMAIL_PATTERNS)[number], (first: string, last: string) => string>> = {
  'first.last': (f, l) => `${f}.${l}`,
  flast: (f, l) => `${f.slice(0, 1)}${l}`,
  first: (f) => f,
  firstlast: (f, l) => `${f}${l}`,
  first_last: (f, l) => `${f}_${l}`,
};

function email(t: Tables, i: number): string | null {
  const p = t.people;
  if (!(p.flags[i]! & HAS_EMAIL)) return null;
  const ascii = t.once('asciiNames', () => ({ first: asciiNames(t.names.first), last: asciiNames(t.names.last) }));
  const f = ascii.first[p.first[i]!]!;
  const l = ascii.last[p.last[i]!]!;
  const c = p.company[i]!;
  const local = LOCAL_PART[EMAIL_PATTERNS[t.companies.emailPattern[c]!]!](f, l);
  const n = p.emailOrdinal[i]!;
  return `${local}${n > 0 ? n + 1 : ''}@${t.companies.domain[c]}`;
}

function phone(t: Tables, i: number): string | null {
  const p = t.people;
  if (!(p.flags[i]! & HAS_PHONE)) return null;
  const country = t.geo.countries[t.countryOfCity(p.city[i]!)]!;
  const a = hash32(t.seedLo, i, 1);
  const b = hash32(t.seedLo, i, 2);
  const digits = `${2 + (a % 8)}${String(b).padStart(10, '0')}${String(a).padStart(10, '0')}`;
  return `+${country.phone}${digits.slice(0, country.phoneDigits)}`;
}

export function personFacts(t: Tables, i: number): PersonFacts {
  const p = t.people;
  const role = t.roles.roles[p.role[i]!]!;
  const city = t.geo.cities[p.city[i]!]!;
  const first = t.names.first[p.first[i]!]!;
  const last = t.names.last[p.last[i]!]!;
  const c = t.companies;
  const slugs = t.once('nameSlugs', () => ({ first: t.names.first.map(slugify), last: t.names.last.map(slugify) }));
  return {
    index: i,
    lead_id: t.leadId(i),
    first_name: first,
    last_name: last,
    title: role.title,
    seniority: role.seniority,
    management_level: role.management_level,
    department: role.department,
    job_function: role.job_function,
    location_city: city.name,
    location_state: t.geo.states[city.state]!.name,
    location_country: t.geo.countries[city.country]!.name,
    location: city.label,
    schools: slots(p.schools, i * SCHOOL_SLOTS, SCHOOL_SLOTS, NONE16, (s) => t.geo.schools[s]!),
    skills: slots(p.skills, i * SKILL_SLOTS, SKILL_SLOTS, NONE16, (s) => p.skillNames[s]!),
    languages: slots(p.languages, i * LANGUAGE_SLOTS, LANGUAGE_SLOTS, NONE8, (l) => p.languageNames[l]!),
    past_roles: slots(p.pastRole, i * PAST_SLOTS, PAST_SLOTS, NONE16, (r) => r).map((r, k) => {
      const pc = p.pastCompany[i * PAST_SLOTS + k]!;
      return { title: t.roles.roles[r]!.title, company: c.name[pc]!, domain: c.domain[pc]! };
    }),
    years_in_role: p.years[i]!,
    company_index: p.company[i]!,
    linkedin_url: `https://www.linkedin.com/in/${slugs.first[p.first[i]!]}-${slugs.last[p.last[i]!]}-${hex8(t.idCodec.profile.encode(i))}`,
    email: email(t, i),
    phone: phone(t, i),
    role_verified: (p.flags[i]! & ROLE_VERIFIED) !== 0,
  };
}

export function personRow(t: Tables, i: number): PersonSearchRow {
  const f = personFacts(t, i);
  const c = f.company_index;
  return {
    lead_id: f.lead_id,
    first_name: f.first_name,
    last_name: f.last_name,
    full_name: `${f.first_name} ${f.last_name}`,
    title: f.title,
    company: t.companies.name[c]!,
    domain: t.companies.domain[c]!,
    location: f.location,
    linkedin_url: f.linkedin_url,
    seniority: f.seniority,
    confidence_score: null,
    company_linkedin_url: t.companyLinkedinUrl(c),
    company_industry: t.industryOf(c),
    company_headcount_range: t.bandOf(c),
  };
}

export function companyFacts(t: Tables, c: number): CompanyFacts {
  const co = t.companies;
  const city = t.geo.cities[co.city[c]!]!;
  const country = t.geo.countries[city.country]!;
  return {
    index: c,
    company_id: t.companyId(c),
    name: co.name[c]!,
    domain: co.domain[c]!,
    industry: t.industryOf(c),
    employee_count: co.employees[c]!,
    employee_count_range: t.bandOf(c),
    revenue: co.revenue[c]!,
    revenue_range: t.revenueRangeOf(c),
    hq_city: city.name,
    hq_state: t.geo.states[city.state]!.name,
    hq_country: country.name,
    hq_country_iso3: country.iso3,
    hq_location: city.label,
    funding_stage: t.stageOf(c),
    last_funding_date: t.fundingDateOf(c),
    founded_year: co.founded[c]!,
    company_type: t.typeOf(c),
    growth: co.growthTenths[c]! / 10,
    investors: slots(co.investors, c * MAX_INVESTORS, co.investorCount[c]!, -1, (k) => co.investorNames[k]!),
    description: co.description[c]!,
    tech_stack: slots(co.tech, c * MAX_TECH, co.techCount[c]!, -1, (k) => co.techNames[k]!),
    linkedin_url: t.companyLinkedinUrl(c),
  };
}

/** The enrichment record: the row's fields plus band, tech stack and LinkedIn page. */
const RECORD_FIELDS = [...COMPANY_ROW_FIELDS, 'employee_count_range', 'tech_stack', 'linkedin_url'] as const;

function pick<K extends keyof CompanyFacts>(facts: CompanyFacts, keys: readonly K[]): Pick<CompanyFacts, K> {
  const out = {} as Pick<CompanyFacts, K>;
  for (const k of keys) out[k] = facts[k];
  return out;
}

/** The search row: the default fields, then the asked-for extras in the order asked. */
export function companyRow(t: Tables, c: number, extra: readonly CompanyOptionalField[] = []): CompanySearchRow {
  return pick(companyFacts(t, c), [...COMPANY_ROW_FIELDS, ...extra]);
}

export function companyRecord(t: Tables, c: number): CompanyRecord {
  return pick(companyFacts(t, c), RECORD_FIELDS);
}
