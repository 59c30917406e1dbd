import { HEADCOUNT_BANDS } from '../../api/schemas/values/search.js';
import { COMPANY_TYPES, FUNDING_STAGES, REVENUE_RANGES, fundingDateString, type CompanyTable } from './companies.js';
import type { Geo } from './geo.js';
import { INDUSTRIES } from './industries.js';
import type { NameBook } from './names.js';
import type { PeopleTable } from './people.js';
import { Feistel, hash32, hex8, seedWords } from './prng.js';
import type { RoleCatalog } from './roles.js';
import { domainKey } from './text.js';

/**
 * Everything generated for one seed, plus the derived look-ups the query modules share
 * (built on first use, once).
 */
export class Tables {
  readonly idCodec: { lead: Feistel; company: Feistel; profile: Feistel };
  readonly seedLo: number;

  constructor(
    readonly seed: number,
    readonly geo: Geo,
    readonly roles: RoleCatalog,
    readonly names: NameBook,
    readonly companies: CompanyTable,
    readonly people: PeopleTable,
  ) {
    this.idCodec = { lead: new Feistel(seed, 0x1ead), company: new Feistel(seed, 0xc0), profile: new Feistel(seed, 0x11) };
    this.seedLo = seedWords(seed)[0];
  }

  leadId(i: number): string {
    return `sp_${hex8(this.idCodec.lead.encode(i))}${hex8(hash32(this.seedLo, i, 0x1ead))}`;
  }

  companyId(c: number): string {
    return `cmp_${hex8(this.idCodec.company.encode(c))}${hex8(hash32(this.seedLo, c, 0xc0))}`;
  }

  /** The index an id encodes (the Feistel code after the prefix), when the id is exactly that index's id. */
  decodeId(id: string, prefix: 'sp_' | 'cmp_', codec: Feistel, count: number, idOf: (i: number) => string): number | undefined {
    if (id.length !== prefix.length + 16 || !id.startsWith(prefix)) return undefined;
    const head = id.slice(prefix.length, prefix.length + 8);
    if (!/^[0-9a-f]{8}$/.test(head)) return undefined;
    const i = codec.decode(parseInt(head, 16));
    return i < count && idOf(i) === id ? i : undefined;
  }

  // Per-company text, as rows and filters show it.
  industryOf = (c: number): string => INDUSTRIES[this.companies.industry[c]!]!.label;
  bandOf = (c: number): string => HEADCOUNT_BANDS[this.companies.band[c]!]!;
  revenueRangeOf = (c: number): string => REVENUE_RANGES[this.companies.revenueRange[c]!]!;
  stageOf = (c: number): string => FUNDING_STAGES[this.companies.stage[c]!]!;
  typeOf = (c: number): string => COMPANY_TYPES[this.companies.type[c]!]!;
  hqOf = (c: number): string => this.geo.cities[this.companies.city[c]!]!.label;
  fundingDateOf = (c: number): string | null => fundingDateString(this.companies.fundingDate[c]!);
  companyLinkedinUrl = (c: number): string => `https://www.linkedin.com/company/${this.companies.slug[c]}`;
  countryOfCity = (city: number): number => this.geo.cities[city]!.country;
  stateOfCity = (city: number): number => this.geo.cities[city]!.state;

  private cache = new Map<string, unknown>();

  /** A value computed once per data set. */
  once<T>(key: string, build: () => T): T {
    if (!this.cache.has(key)) this.cache.set(key, build());
    return this.cache.get(key) as T;
  }

  /** Lower-cased text -> the indexes carrying it. */
  lookup(key: string, count: number, textOf: (i: number) => string): Map<string, number[]> {
    return this.once(`lookup:${key}`, () => {
      const m = new Map<string, number[]>();
      for (let i = 0; i < count; i++) {
        const k = textOf(i).toLowerCase();
        const at = m.get(k);
        if (at) at.push(i);
        else m.set(k, [i]);
      }
      return m;
    });
  }

  // The look-ups the flat filters, raw filters and id resolution share.
  cityByLabel = () => this.lookup('cityLabel', this.geo.cities.length, (i) => this.geo.cities[i]!.label);
  cityByName = () => this.lookup('cityName', this.geo.cities.length, (i) => this.geo.cities[i]!.name);
  stateByName = () => this.lookup('stateName', this.geo.states.length, (i) => this.geo.states[i]!.name);
  countryByName = () => this.lookup('countryName', this.geo.countries.length, (i) => this.geo.countries[i]!.name);
  countryByIso3 = () => this.lookup('countryIso3', this.geo.countries.length, (i) => this.geo.countries[i]!.iso3);
  industryByName = () => this.lookup('industry', INDUSTRIES.length, (i) => INDUSTRIES[i]!.label);
  companyByName = () => this.lookup('companyName', this.companies.count, (c) => this.companies.name[c]!);
  companyByDomain = () => this.lookup('companyDomain', this.companies.count, (c) => domainKey(this.companies.domain[c]!));
  companyBySlug = () => this.lookup('companySlug', this.companies.count, (c) => this.companies.slug[c]!);
  schoolByName = () => this.lookup('school', this.geo.schools.length, (i) => this.geo.schools[i]!);
  skillByName = () => this.lookup('skill', this.people.skillNames.length, (i) => this.people.skillNames[i]!);
  languageByName = () => this.lookup('language', this.people.languageNames.length, (i) => this.people.languageNames[i]!);
  typeByName = () => this.lookup('companyType', COMPANY_TYPES.length, (i) => COMPANY_TYPES[i]!);

  /** Exact (case-sensitive) title -> role. */
  roleByTitle = (): Map<string, number> => this.once('roleByTitle', () => new Map(this.roles.roles.map((r, i) => [r.title, i])));

  /**
   * HQ places a company location value names: a full "City, State, Country" literal, or a bare
   * city, state or country name (case-insensitive).
   */
  places(value: string): { cities: number[]; states: number[]; countries: number[] } {
    const v = value.toLowerCase();
    return {
      cities: [...(this.cityByLabel().get(v) ?? []), ...(this.cityByName().get(v) ?? [])],
      states: this.stateByName().get(v) ?? [],
      countries: this.countryByName().get(v) ?? [],
    };
  }
}
