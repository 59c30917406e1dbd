import { filterValues, searchCompaniesPages, similarCompanies } from '../../api/resources/search.js';
import { PagePromise } from '../../api/paginate.js';
import type {
  CompanyColumnLabel,
  CompanyFilterField,
  CompanyRawFilter,
  CompanySearchBody,
  CompanySearchResponse,
  CompanySearchRow,
  FilterValuesResponse,
  SimilarCompaniesBody,
  SimilarCompaniesResponse,
} from '../../api/schemas/search.js';
import { Resource } from '../core.js';
import type { CompanyCriteria, CompanyFilters } from '../filters.js';
import type { CallOptions } from '../options.js';

/** companies.search(): exactly one of `filters` (flat keys, or the raw {op, conditions} shape) or `criteria`. */
export type CompanySearchParams = ({ filters: CompanyFilters | CompanyRawFilter; criteria?: undefined } | { criteria: CompanyCriteria; filters?: undefined }) & {
  /** Rows per page, 1 to 500 (default 500: the most a page holds). */
  limit?: number;
  cursor?: string;
  /** Fields beyond the defaults: Revenue, Funding, Last funding, Founded, LinkedIn, Headcount. */
  columns?: readonly CompanyColumnLabel[];
};

/** Companies: search, similar companies and filter values (free). */
export class Companies extends Resource {
  /** POST /search/companies. Awaited: the first page. Iterated: every company, page after page. */
  search(params: CompanySearchParams, opts: CallOptions = {}): PagePromise<CompanySearchResponse, CompanySearchRow> {
    const { cursor, columns, ...rest } = params;
    // The raw {op, conditions} shape is an interface, which TypeScript does not take for a record.
    const body = { ...rest, ...(columns ? { columns: [...columns] } : {}) } as Omit<CompanySearchBody, 'cursor'>;
    return new PagePromise(() => searchCompaniesPages(this.core, body, { signal: opts.signal, ...(cursor ? { cursor } : {}) }));
  }

  /** Companies like a seed (company_domain or company_id), with a similarity score from 0 to 1. */
  async similar(params: SimilarCompaniesBody, opts: CallOptions = {}): Promise<SimilarCompaniesResponse> {
    return similarCompanies(this.core, params, opts);
  }

  /** Values of a filter field containing `query`, most common first (at most 50). */
  async filterValues(field: CompanyFilterField, query: string, opts: CallOptions = {}): Promise<FilterValuesResponse> {
    return filterValues(this.core, 'companies', field, query, opts);
  }
}
