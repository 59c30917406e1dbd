import { CURRENT_YEAR, EMAIL_PATTERNS, type CompanyTable } from './companies.js';
import { SECOND_LANGUAGES, geoPickers, type Geo } from './geo.js';
import { nameBook, type NameBook } from './names.js';
import { columnPostings } from './postings.js';
import { Rng, WeightedPicker } from './prng.js';
import { roleCatalog, type RoleCatalog } from './roles.js';
import { GENERAL_SKILLS, SKILLS_BY_DEPARTMENT } from './skills.js';
import { asciiWords } from './text.js';

/**
 * People, stored column by column as indexes into dictionaries (names, roles, cities, skills...),
 * so half a million people stay small; PersonFacts are assembled from these on demand.
 */

export const SCHOOL_SLOTS = 2;
export const SKILL_SLOTS = 6;
export const LANGUAGE_SLOTS = 3;
export const PAST_SLOTS = 3;
export const NONE16 = 0xffff;
export const NONE8 = 0xff;

export const HAS_EMAIL = 1;
export const HAS_PHONE = 2;
export const ROLE_VERIFIED = 4;

const YEARS_IN_ROLE_WEIGHTS = [10, 14, 14, 12, 10, 8, 6, 5, 4, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 0.5];
/** Most years anyone stays in a role of each rank (trainee, entry, senior, then managers up); unpaid roles last. */
const MAX_YEARS_BY_RANK = [1, 5, 12, 25, 25, 25, 25];
const MAX_YEARS_UNPAID = 10;

export interface PeopleTable {
  count: number;
  company: Int32Array;
  role: Uint16Array;
  first: Uint16Array;
  last: Uint16Array;
  city: Uint16Array;
  years: Uint8Array;
  /** HAS_EMAIL | HAS_PHONE | ROLE_VERIFIED */
  flags: Uint8Array;
  /** 0 for the first person at a company with an email local part, 1 for the second... */
  emailOrdinal: Uint8Array;
  /** SCHOOL_SLOTS per person into Geo.schools, NONE16 when unused; likewise the others. */
  schools: Uint16Array;
  skills: Uint16Array;
  languages: Uint8Array;
  pastRole: Uint16Array;
  pastCompany: Int32Array;
  skillNames: string[];
  languageNames: string[];
}

class Dictionary {
  readonly names: string[] = [];
  private readonly at = new Map<string, number>();
  id(name: string): number {
    let i = this.at.get(name);
    if (i === undefined) this.at.set(name, (i = this.names.push(name) - 1));
    return i;
  }
}

/** Folded ASCII forms of names, for email local parts (José and Jose are the same mailbox). */
export function asciiNames(names: readonly string[]): string[] {
  return names.map((n) => asciiWords(n, ''));
}

export function generatePeople(seed: number, count: number, companies: CompanyTable, geo: Geo): PeopleTable {
  if (count > 0 && companies.count === 0) throw new RangeError('a data set with people needs at least one company');
  const rng = new Rng(seed, 2);
  const names: NameBook = nameBook();
  const roles: RoleCatalog = roleCatalog();
  const pickers = geoPickers(geo);
  const rolePicker = new WeightedPicker(roles.weights);
  const yearsPicker = new WeightedPicker(YEARS_IN_ROLE_WEIGHTS);
  const originPickers = geo.countries.map((c) => new WeightedPicker(c.origins.map((o) => o[1])));

  const skillDict = new Dictionary();
  const skillsByDept = new Map(Object.entries(SKILLS_BY_DEPARTMENT).map(([d, list]) => [d, list.map((s) => skillDict.id(s))]));
  const generalSkills = GENERAL_SKILLS.map((s) => skillDict.id(s));
  const langDict = new Dictionary();
  const countryLangs = geo.countries.map((c) => c.languages.map((l) => langDict.id(l)));
  const originLang = new Map(Object.entries(names.language).map(([o, l]) => [o, l === null ? -1 : langDict.id(l)]));
  const secondLangs = SECOND_LANGUAGES.map((l) => langDict.id(l));
  const english = langDict.id('English');

  const companyWeights = new Float64Array(companies.count);
  for (let c = 0; c < companies.count; c++) {
    const e = companies.employees[c]!;
    companyWeights[c] = Math.min(e, 3 + Math.floor(2 * Math.sqrt(e)));
  }
  const companyPicker = new WeightedPicker(companyWeights);
  const headcount = new Int32Array(companies.count);

  const p: PeopleTable = {
    count,
    company: new Int32Array(count),
    role: new Uint16Array(count),
    first: new Uint16Array(count),
    last: new Uint16Array(count),
    city: new Uint16Array(count),
    years: new Uint8Array(count),
    flags: new Uint8Array(count),
    emailOrdinal: new Uint8Array(count),
    schools: new Uint16Array(count * SCHOOL_SLOTS).fill(NONE16),
    skills: new Uint16Array(count * SKILL_SLOTS).fill(NONE16),
    languages: new Uint8Array(count * LANGUAGE_SLOTS).fill(NONE8),
    pastRole: new Uint16Array(count * PAST_SLOTS).fill(NONE16),
    pastCompany: new Int32Array(count * PAST_SLOTS).fill(-1),
    skillNames: skillDict.names,
    languageNames: langDict.names,
  };

  // The people at the first slots of a shuffled order work one at each company, at its HQ,
  // so every company has someone and every HQ country has people.
  const order = rng.permutation(count);
  const guaranteed = new Int32Array(count).fill(-1);
  for (let k = 0; k < Math.min(count, companies.count); k++) {
    guaranteed[order[k]!] = k;
    headcount[k] = 1;
  }

  /** Puts v in the first free slot of row i unless the row has it already (or is full); true when added. */
  const put = (data: Uint16Array | Uint8Array, slots: number, none: number, i: number, v: number): boolean => {
    for (let k = i * slots; k < i * slots + slots; k++) {
      if (data[k] === v) return false;
      if (data[k] === none) {
        data[k] = v;
        return true;
      }
    }
    return false;
  };
  /** Puts `n` distinct picks from `pool` (fewer if the pool runs dry). */
  const putDistinct = (data: Uint16Array, slots: number, i: number, n: number, pool: readonly number[]): void => {
    for (let added = 0, tries = 0; added < n && tries < n * 4; tries++) if (put(data, slots, NONE16, i, rng.pick(pool))) added++;
  };

  for (let i = 0; i < count; i++) {
    let company = guaranteed[i]!;
    if (company < 0) {
      for (let tries = 0; tries < 20; tries++) {
        company = companyPicker.pick(rng);
        if (headcount[company]! < companies.employees[company]!) break;
      }
      headcount[company]!++;
    }
    const employees = companies.employees[company]!;

    let role = rolePicker.pick(rng);
    for (let tries = 0; tries < 5; tries++) {
      const s = roles.roles[role]!.seniority;
      if (!((s === 'Owner' && employees > 200) || (s === 'Founder' && employees > 5000))) break;
      role = rolePicker.pick(rng);
    }
    const r = roles.roles[role]!;

    const hq = companies.city[company]!;
    const hqCountry = geo.cities[hq]!.country;
    let city = hq;
    const where = rng.int(100);
    if (guaranteed[i]! < 0 && where >= 65) {
      const country = where < 85 ? hqCountry : pickers.country.pick(rng);
      city = geo.countries[country]!.cities[pickers.city[country]!.pick(rng)]!;
    }
    const country = geo.cities[city]!.country;
    const spec = geo.countries[country]!;

    const origin = spec.origins[originPickers[country]!.pick(rng)]![0];
    p.first[i] = rng.pick(names.firstByOrigin[origin]);
    p.last[i] = rng.pick(names.lastByOrigin[origin]);
    p.company[i] = company;
    p.role[i] = role;
    p.city[i] = city;
    const maxYears = Math.min(
      r.rank < 0 ? MAX_YEARS_UNPAID : MAX_YEARS_BY_RANK[r.rank]!,
      Math.max(0, CURRENT_YEAR - companies.founded[company]!),
    );
    p.years[i] = Math.min(yearsPicker.pick(rng), maxYears);
    p.flags[i] = (rng.chance(85) ? HAS_EMAIL : 0) | (rng.chance(40) ? HAS_PHONE : 0) | (rng.chance(90) ? ROLE_VERIFIED : 0);

    const schoolCount = r.seniority === 'Trainee' || !rng.chance(45) ? 1 : 2;
    for (let k = 0; k < schoolCount; k++)
      put(p.schools, SCHOOL_SLOTS, NONE16, i, rng.chance(75) ? rng.pick(spec.schools) : rng.int(geo.schools.length));

    putDistinct(p.skills, SKILL_SLOTS, i, rng.range(2, 4), skillsByDept.get(r.department)!);
    putDistinct(p.skills, SKILL_SLOTS, i, rng.int(3), generalSkills);

    const local = countryLangs[country]!;
    put(p.languages, LANGUAGE_SLOTS, NONE8, i, rng.chance(75) ? local[0]! : rng.pick(local));
    const fromOrigin = originLang.get(origin)!;
    if (fromOrigin >= 0 && rng.chance(40)) put(p.languages, LANGUAGE_SLOTS, NONE8, i, fromOrigin);
    if (rng.chance(80)) put(p.languages, LANGUAGE_SLOTS, NONE8, i, english);
    if (rng.chance(15)) put(p.languages, LANGUAGE_SLOTS, NONE8, i, rng.pick(secondLangs));

    // Earlier roles: the same step or one lower each time, mostly in the same department.
    const pastCount = r.rank <= 0 ? 1 : r.rank === 1 ? rng.range(1, 2) : rng.range(1, PAST_SLOTS);
    let rank = r.rank < 0 ? rng.range(2, 6) : r.rank;
    for (let k = 0; k < pastCount; k++) {
      rank = Math.max(0, rank - rng.int(2));
      const pool = (rng.chance(80) ? roles.byDepartmentRank.get(r.department)?.[rank] : undefined) ?? [];
      let past = rng.pick(pool.length ? pool : roles.byRank[rank]!);
      if (k > 0 && past === p.pastRole[i * PAST_SLOTS + k - 1]) past = rng.pick(roles.byRank[rank]!);
      p.pastRole[i * PAST_SLOTS + k] = past;
      let employer = companyPicker.pick(rng);
      if (employer === company && companies.count > 1) employer = (employer + 1 + rng.int(companies.count - 1)) % companies.count;
      p.pastCompany[i * PAST_SLOTS + k] = employer;
    }
  }
  numberSharedMailboxes(p, companies, names);
  return p;
}

/** Two people at one company whose address would be the same get 2, 3... after the local part. */
function numberSharedMailboxes(p: PeopleTable, companies: CompanyTable, names: NameBook): void {
  const firstKey = foldedIds(names.first);
  const lastKey = foldedIds(names.last);
  const byCompany = columnPostings(p.company, companies.count);
  const seen = new Map<number, number>();
  for (let c = 0; c < companies.count; c++) {
    seen.clear();
    const pattern = EMAIL_PATTERNS[companies.emailPattern[c]!];
    for (let k = byCompany.offsets[c]!; k < byCompany.offsets[c + 1]!; k++) {
      const i = byCompany.items[k]!;
      // flast uses only the initial; first uses no last name.
      const a = pattern === 'flast' ? firstKey.initial[p.first[i]!]! : firstKey.ids[p.first[i]!]!;
      const b = pattern === 'first' ? 0 : lastKey.ids[p.last[i]!]! + 1;
      const key = a * 65536 + b;
      const n = seen.get(key) ?? 0;
      seen.set(key, n + 1);
      p.emailOrdinal[i] = Math.min(n, 255);
    }
  }
}

function foldedIds(names: readonly string[]): { ids: Int32Array; initial: Int32Array } {
  const at = new Map<string, number>();
  const ids = new Int32Array(names.length);
  const initial = new Int32Array(names.length);
  asciiNames(names).forEach((n, i) => {
    let id = at.get(n);
    if (id === undefined) at.set(n, (id = at.size));
    ids[i] = id;
    initial[i] = n.charCodeAt(0) || 0;
  });
  return { ids, initial };
}
