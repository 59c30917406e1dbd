import {
  DEPARTMENTS,
  HEADCOUNT_BANDS,
  JOB_FUNCTIONS,
  MANAGEMENT_LEVELS,
  SENIORITY_LEVELS,
  normalizeHeadcountBand,
  type PeopleFlatFilters,
} from '../../api/schemas/values/search.js';
import { INDUSTRIES } from './industries.js';
import { LANGUAGE_SLOTS, NONE16, NONE8, SCHOOL_SLOTS, SKILL_SLOTS } from './people.js';
import { EMPTY, buildPostings, columnPostings, intersectAll, list, range, union, type Postings } from './postings.js';
import type { Tables } from './tables.js';
import { domainKey } from './text.js';

/**
 * Flat people search from postings: each key's values resolve to posting lists (OR within
 * the key), the keys' unions are intersected smallest first (AND across keys). Postings are
 * built the first time a key is used.
 */

/** A value's index in a fixed list, compared case-insensitively. */
function fixedIndex(list: readonly string[], value: string): number {
  const v = value.toLowerCase();
  return list.findIndex((x) => x.toLowerCase() === v);
}

export class PeopleSearch {
  constructor(private readonly t: Tables) {}

  private postings(key: string, build: () => Postings): Postings {
    return this.t.once(`postings:${key}`, build);
  }

  private byColumn(key: string, column: ArrayLike<number>, valueCount: number): Postings {
    return this.postings(key, () => columnPostings(column, valueCount));
  }

  /** Postings of a value derived per row: valueOf(i) in 0..valueCount-1. */
  private byDerived(key: string, valueCount: number, valueOf: (i: number) => number): Postings {
    const n = this.t.people.count;
    return this.postings(key, () => {
      const column = new Int32Array(n);
      for (let i = 0; i < n; i++) column[i] = valueOf(i);
      return columnPostings(column, valueCount);
    });
  }

  private bySlots(key: string, data: ArrayLike<number>, slots: number, none: number, valueCount: number): Postings {
    return this.postings(key, () =>
      buildPostings(this.t.people.count, valueCount, (i, emit) => {
        for (let k = 0; k < slots; k++) {
          const v = data[i * slots + k]!;
          if (v !== none) emit(v);
        }
      }),
    );
  }

  /** People at each company (company -> people). */
  byCompany(): Postings {
    return this.byColumn('company', this.t.people.company, this.t.companies.count);
  }

  private roleAttribute(key: string, values: readonly string[], of: (role: number) => string | null): Postings {
    const roleValue = this.t.roles.roles.map((_, r) => {
      const v = of(r);
      return v === null ? values.length : values.indexOf(v);
    });
    return this.byDerived(key, values.length + 1, (i) => roleValue[this.t.people.role[i]!]!);
  }

  /**
   * People by where they live (`home`) or where their employer has its HQ, at the level of
   * city, state or country.
   */
  private byPlace(whose: 'home' | 'hq', level: 'city' | 'state' | 'country'): Postings {
    const t = this.t;
    const p = t.people;
    const [count, of] =
      level === 'city'
        ? [t.geo.cities.length, (city: number) => city]
        : level === 'state'
          ? [t.geo.states.length, t.stateOfCity]
          : [t.geo.countries.length, t.countryOfCity];
    if (whose === 'home')
      return level === 'city' ? this.byColumn('city', p.city, count) : this.byDerived(`home:${level}`, count, (i) => of(p.city[i]!));
    return this.byDerived(`hq:${level}`, count, (i) => of(t.companies.city[p.company[i]!]!));
  }

  /** The posting lists one value of a key names. */
  private resolve(key: string, value: string): Int32Array[] {
    const t = this.t;
    const p = t.people;
    const c = t.companies;
    const lists = (post: Postings, ids: readonly number[] | undefined) => (ids ?? []).map((id) => list(post, id));
    const v = value.toLowerCase();
    const roles = t.roles.roles;
    switch (key) {
      case 'titles': {
        const role = t.roleByTitle().get(value);
        return role === undefined ? [] : [list(this.byColumn('role', p.role, roles.length), role)];
      }
      case 'seniority':
        return [
          list(
            this.roleAttribute('seniority', SENIORITY_LEVELS, (r) => roles[r]!.seniority),
            fixedIndex(SENIORITY_LEVELS, value),
          ),
        ];
      case 'management_levels':
        return [
          list(
            this.roleAttribute('management', MANAGEMENT_LEVELS, (r) => roles[r]!.management_level),
            fixedIndex(MANAGEMENT_LEVELS, value),
          ),
        ];
      case 'departments':
        return [
          list(
            this.roleAttribute('department', DEPARTMENTS, (r) => roles[r]!.department),
            fixedIndex(DEPARTMENTS, value),
          ),
        ];
      case 'job_functions':
        return [
          list(
            this.roleAttribute('function', JOB_FUNCTIONS, (r) => roles[r]!.job_function),
            fixedIndex(JOB_FUNCTIONS, value),
          ),
        ];
      case 'locations':
        return lists(this.byPlace('home', 'city'), t.cityByLabel().get(v));
      case 'location_city':
        return lists(this.byPlace('home', 'city'), t.cityByName().get(v));
      case 'location_state':
        return lists(this.byPlace('home', 'state'), t.stateByName().get(v));
      case 'location_country':
        return lists(this.byPlace('home', 'country'), t.countryByName().get(v));
      case 'school_names':
        return lists(this.bySlots('school', p.schools, SCHOOL_SLOTS, NONE16, t.geo.schools.length), t.schoolByName().get(v));
      case 'skills':
        return lists(this.bySlots('skill', p.skills, SKILL_SLOTS, NONE16, p.skillNames.length), t.skillByName().get(v));
      case 'languages':
        return lists(this.bySlots('language', p.languages, LANGUAGE_SLOTS, NONE8, p.languageNames.length), t.languageByName().get(v));
      case 'company_names':
        return lists(this.byCompany(), t.companyByName().get(v));
      case 'company_domains':
        return lists(this.byCompany(), t.companyByDomain().get(domainKey(value)));
      case 'company_industries':
        return lists(
          this.byDerived('industry', INDUSTRIES.length, (i) => c.industry[p.company[i]!]!),
          t.industryByName().get(v),
        );
      case 'company_headcount': {
        const band = normalizeHeadcountBand(value);
        if (band === undefined) return [];
        return [
          list(
            this.byDerived('band', HEADCOUNT_BANDS.length, (i) => c.band[p.company[i]!]!),
            HEADCOUNT_BANDS.indexOf(band),
          ),
        ];
      }
      case 'company_locations': {
        const places = t.places(value);
        return [
          ...lists(this.byPlace('hq', 'city'), places.cities),
          ...lists(this.byPlace('hq', 'state'), places.states),
          ...lists(this.byPlace('hq', 'country'), places.countries),
        ];
      }
      default:
        return [];
    }
  }

  find(filters: PeopleFlatFilters): Int32Array {
    const n = this.t.people.count;
    const perKey: Int32Array[] = [];
    for (const [key, values] of Object.entries(filters) as Array<[string, string[] | undefined]>) {
      if (!values || values.length === 0) continue;
      const matched = union(
        values.flatMap((value) => this.resolve(key, value)),
        n,
      );
      if (matched.length === 0) return EMPTY.slice();
      perKey.push(matched);
    }
    // slice(): a single key's list may be a view into the postings, which callers must not change.
    return perKey.length === 0 ? range(n) : intersectAll(perKey).slice();
  }
}
