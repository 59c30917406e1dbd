import type { CompanyOptionalField, CompanyRecord, CompanySearchRow, PersonSearchRow } from '../../api/schemas/search.js';
import type { CompanyFlatFilters, CompanyRawFilter, PeopleFlatFilters, PersonGroupFilter } from '../../api/schemas/values/search.js';
import { generateCompanies } from './companies.js';
import { compileCompanyFilter, findCompanies } from './company-search.js';
import {
  DEFAULT_DATASET_SIZE,
  type CompanyFacts,
  type Dataset,
  type DatasetSize,
  type FilterValueCount,
  type PersonFacts,
} from './dataset.js';
import { filterValues } from './filter-values.js';
import { geography } from './geo.js';
import { nameBook } from './names.js';
import { generatePeople } from './people.js';
import { PeopleSearch } from './people-search.js';
import { compilePersonFilter } from './person-filter.js';
import { list } from './postings.js';
import { scan } from './raw-filter.js';
import { companyFacts, companyRecord, companyRow, personFacts, personRow } from './records.js';
import { roleCatalog } from './roles.js';
import { similarCompanies } from './similar.js';
import { Tables } from './tables.js';
import { domainKey, linkedinCompanySlug } from './text.js';
import { expandTitles } from './titles.js';

class SyntheticDataset implements Dataset {
  private readonly peopleSearch: PeopleSearch;

  constructor(private readonly t: Tables) {
    this.peopleSearch = new PeopleSearch(t);
  }

  get seed(): number {
    return this.t.seed;
  }

  get size(): DatasetSize {
    return { people: this.t.people.count, companies: this.t.companies.count };
  }

  private checkPerson(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.t.people.count) throw new RangeError(`no person at index ${index}`);
  }

  private checkCompany(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.t.companies.count) throw new RangeError(`no company at index ${index}`);
  }

  person(index: number): PersonFacts {
    this.checkPerson(index);
    return personFacts(this.t, index);
  }

  company(index: number): CompanyFacts {
    this.checkCompany(index);
    return companyFacts(this.t, index);
  }

  personRow(index: number): PersonSearchRow {
    this.checkPerson(index);
    return personRow(this.t, index);
  }

  companyRow(index: number, extra?: readonly CompanyOptionalField[]): CompanySearchRow {
    this.checkCompany(index);
    return companyRow(this.t, index, extra);
  }

  companyRecord(index: number): CompanyRecord {
    this.checkCompany(index);
    return companyRecord(this.t, index);
  }

  personIndexByLeadId(leadId: string): number | undefined {
    const t = this.t;
    return t.decodeId(leadId, 'sp_', t.idCodec.lead, t.people.count, (i) => t.leadId(i));
  }

  companyIndexById(companyId: string): number | undefined {
    const t = this.t;
    return t.decodeId(companyId, 'cmp_', t.idCodec.company, t.companies.count, (c) => t.companyId(c));
  }

  companyIndexByDomain(domain: string): number | undefined {
    return this.t.companyByDomain().get(domainKey(domain))?.[0];
  }

  companyIndexByLinkedinUrl(url: string): number | undefined {
    const slug = linkedinCompanySlug(url);
    return slug === undefined ? undefined : this.t.companyBySlug().get(slug)?.[0];
  }

  peopleAt(companyIndex: number): Int32Array {
    return list(this.peopleSearch.byCompany(), companyIndex).slice();
  }

  findPeople(filters: PeopleFlatFilters): Int32Array {
    return this.peopleSearch.find(filters);
  }

  findCompanies(filters: CompanyFlatFilters): Int32Array {
    return findCompanies(this.t, filters);
  }

  matchPersonFilter(filter: PersonGroupFilter, within?: Int32Array): Int32Array {
    return scan(this.t.people.count, compilePersonFilter(this.t, filter), within);
  }

  matchCompanyFilter(filter: CompanyRawFilter): Int32Array {
    return scan(this.t.companies.count, compileCompanyFilter(this.t, filter));
  }

  expandTitle(text: string): string[] {
    return expandTitles(
      text,
      this.t.once('titles', () => this.t.roles.roles.map((r) => r.title)),
    );
  }

  similarCompanies(companyIndex: number, limit: number): Array<{ index: number; score: number }> {
    return similarCompanies(this.t, companyIndex, limit);
  }

  filterValues(kind: 'people' | 'companies', field: string, query: string, limit: number): FilterValueCount[] {
    return filterValues(this.t, kind, field, query, limit);
  }
}

/** The synthetic data set of a seed: the same seed and size give the same rows everywhere. */
export function generateDataset(seed: number, size: DatasetSize = DEFAULT_DATASET_SIZE): Dataset {
  const { people, companies } = size;
  if (!Number.isInteger(people) || people < 0 || !Number.isInteger(companies) || companies < 0)
    throw new RangeError(`data set size must be whole numbers of people and companies (got ${people} and ${companies})`);
  const geo = geography();
  const companyTable = generateCompanies(seed, companies, geo);
  const peopleTable = generatePeople(seed, people, companyTable, geo);
  return new SyntheticDataset(new Tables(seed, geo, roleCatalog(), nameBook(), companyTable, peopleTable));
}
