import {
  HEADCOUNT_BANDS,
  normalizeHeadcountBand,
  type CompanyFlatFilters,
  type CompanyRawFilter,
  type HeadcountBand,
} from '../../api/schemas/values/search.js';
import { FUNDING_STAGES, MAX_INVESTORS } from './companies.js';
import { asNumber, combine, isObject, never, scan, textTest, valueStrings, type Predicate } from './raw-filter.js';
import type { Tables } from './tables.js';
import { domainKey, linkedinCompanySlug } from './text.js';

/** Company search: the flat keys, and the raw {op, conditions} shape, as predicates over a scan of the companies. */

const ids = (found: Array<number[] | undefined>): Set<number> => new Set(found.flatMap((x) => x ?? []));

function flatKey(t: Tables, key: string, values: string[]): Predicate {
  const c = t.companies;
  const lc = values.map((v) => v.toLowerCase());
  const countryOf = (i: number) => t.countryOfCity(c.city[i]!);
  switch (key) {
    case 'industries': {
      const set = ids(lc.map((v) => t.industryByName().get(v)));
      return (i) => set.has(c.industry[i]!);
    }
    case 'employee_count_ranges': {
      // An unknown band names no company.
      const bands = new Set(values.map((v) => HEADCOUNT_BANDS.indexOf(normalizeHeadcountBand(v) as HeadcountBand)));
      return (i) => bands.has(c.band[i]!);
    }
    case 'locations': {
      const places = values.map((v) => t.places(v));
      const cities = new Set(places.flatMap((p) => p.cities));
      const states = new Set(places.flatMap((p) => p.states));
      const countries = new Set(places.flatMap((p) => p.countries));
      return (i) => cities.has(c.city[i]!) || states.has(t.stateOfCity(c.city[i]!)) || countries.has(countryOf(i));
    }
    case 'hq_country': {
      const set = ids(lc.flatMap((v) => [t.countryByName().get(v), t.countryByIso3().get(v)]));
      return (i) => set.has(countryOf(i));
    }
    case 'funding_stages': {
      // Verbatim: the stored label, case and all.
      const set = new Set(values.map((v) => (FUNDING_STAGES as readonly string[]).indexOf(v)));
      return (i) => set.has(c.stage[i]!);
    }
    case 'names': {
      const set = ids(lc.map((v) => t.companyByName().get(v)));
      return (i) => set.has(i);
    }
    case 'domains': {
      const set = ids(values.map((v) => t.companyByDomain().get(domainKey(v))));
      return (i) => set.has(i);
    }
    case 'year_founded': {
      const set = new Set(values.map(asNumber));
      return (i) => set.has(c.founded[i]);
    }
    case 'company_type': {
      const set = ids(lc.map((v) => t.typeByName().get(v)));
      return (i) => set.has(c.type[i]!);
    }
    default:
      return never;
  }
}

export function findCompanies(t: Tables, filters: CompanyFlatFilters): Int32Array {
  const parts: Predicate[] = [];
  for (const [key, values] of Object.entries(filters) as Array<[string, Array<string | number> | undefined]>)
    if (values && values.length > 0) parts.push(flatKey(t, key, values.map(String)));
  return scan(t.companies.count, combine('and', parts));
}

type Column =
  | { kind: 'text'; get: (c: number) => string | null; normalize?: (s: string) => string }
  | { kind: 'date'; get: (c: number) => string | null }
  | { kind: 'number'; get: (c: number) => number }
  | { kind: 'list'; get: (c: number) => string[] };

function companyColumns(t: Tables): Record<string, Column> {
  return t.once('companyColumns', () => {
    const c = t.companies;
    const geo = t.geo;
    const city = (i: number) => geo.cities[c.city[i]!]!;
    const text = (get: (c: number) => string | null, normalize?: (s: string) => string): Column => ({ kind: 'text', get, normalize });
    const number = (get: (c: number) => number): Column => ({ kind: 'number', get });
    return {
      company_id: text((i) => t.companyId(i)),
      name: text((i) => c.name[i]!),
      domain: text((i) => c.domain[i]!, domainKey),
      industry: text(t.industryOf),
      employee_count: number((i) => c.employees[i]!),
      employee_count_range: text(t.bandOf, (s) => normalizeHeadcountBand(s) ?? s.toLowerCase()),
      revenue: number((i) => c.revenue[i]!),
      revenue_range: text(t.revenueRangeOf),
      hq_location: text(t.hqOf),
      hq_city: text((i) => city(i).name),
      hq_state: text((i) => geo.states[city(i).state]!.name),
      hq_country: text((i) => geo.countries[city(i).country]!.name),
      hq_country_iso3: text((i) => geo.countries[city(i).country]!.iso3),
      funding_stage: text(t.stageOf),
      last_funding_date: { kind: 'date', get: t.fundingDateOf },
      founded_year: number((i) => c.founded[i]!),
      company_type: text(t.typeOf),
      growth: number((i) => c.growthTenths[i]! / 10),
      investors: {
        kind: 'list',
        get: (i) =>
          Array.from(c.investors.subarray(i * MAX_INVESTORS, i * MAX_INVESTORS + c.investorCount[i]!), (k) => c.investorNames[k]!),
      },
      description: text((i) => c.description[i]!),
      linkedin_url: text(t.companyLinkedinUrl, (s) => linkedinCompanySlug(s) ?? s.toLowerCase()),
    };
  });
}

/** A predicate on a number or an ISO date: gte, lte or between (either bound may be null). */
function bounds<T extends number | string>(
  type: string,
  value: unknown,
  parse: (v: unknown) => T | undefined,
): ((x: T) => boolean) | undefined {
  if (type === 'gte' || type === 'lte') {
    const v = parse(value);
    if (v === undefined) return undefined;
    return type === 'gte' ? (x) => x >= v : (x) => x <= v;
  }
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const lo = value[0] === null ? null : parse(value[0]);
  const hi = value[1] === null ? null : parse(value[1]);
  if (lo === undefined || hi === undefined) return undefined;
  return (x) => (lo === null || x >= lo) && (hi === null || x <= hi);
}

const isoDate = (v: unknown): string | undefined => (typeof v === 'string' && /^\d{4}(-\d{2}(-\d{2})?)?$/.test(v) ? v : undefined);

function companyCondition(t: Tables, column: string, type: string, value: unknown): Predicate {
  const all = companyColumns(t);
  const col = Object.hasOwn(all, column) ? all[column] : undefined;
  if (!col) return never;
  const negate = type === 'not_in' || type === 'not_contains';
  switch (type) {
    case 'in':
    case 'not_in':
    case 'eq':
    case 'contains':
    case 'not_contains': {
      const kind = type === 'contains' || type === 'not_contains' ? 'contains' : 'in';
      const values = valueStrings(value);
      if (col.kind === 'number') {
        if (kind === 'in') {
          const set = new Set(values.map(asNumber));
          return (i) => set.has(col.get(i)) !== negate;
        }
        const test = textTest('contains', values);
        return (i) => test(String(col.get(i))) !== negate;
      }
      const test = textTest(kind, values, col.kind === 'text' ? col.normalize : undefined);
      if (col.kind === 'list') return (i) => col.get(i).some(test) !== negate;
      return (i) => {
        const x = col.get(i);
        return (x !== null && test(x)) !== negate;
      };
    }
    case 'gte':
    case 'lte':
    case 'between': {
      if (col.kind === 'number') {
        const within = bounds(type, value, asNumber);
        return within ? (i) => within(col.get(i)) : never;
      }
      if (col.kind === 'date') {
        const within = bounds(type, value, isoDate);
        return within
          ? (i) => {
              const x = col.get(i);
              return x !== null && within(x);
            }
          : never;
      }
      return never;
    }
    default:
      return never;
  }
}

export function compileCompanyFilter(t: Tables, filter: CompanyRawFilter): Predicate {
  const node = (n: unknown): Predicate => {
    if (!isObject(n)) return never;
    if (Array.isArray(n.conditions)) return n.op === 'and' || n.op === 'or' ? combine(n.op, n.conditions.map(node)) : never;
    if (typeof n.column !== 'string' || typeof n.type !== 'string') return never;
    return companyCondition(t, n.column, n.type, n.value);
  };
  return node(filter);
}
