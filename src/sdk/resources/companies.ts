import type { CallOptions } from '../../api/resource.js';
import type { PagePromise } from '../../api/paginate.js';
import { Companies as CompaniesArea } from '../../api/resources/search.js';
import type { CompanyColumnLabel, CompanyRawFilter, CompanySearchResponse, CompanySearchRow } from '../../api/schemas/search.js';
import type { CompanyCriteria, CompanyFilters } from '../filters.js';

/** companies.search(): exactly one of `filters` (flat keys, or the raw {op, conditions} shape) or `criteria`. */
export type CompanySearchParams = (
  { filters: CompanyFilters | CompanyRawFilter; criteria?: undefined } | { criteria: CompanyCriteria; filters?: undefined }
) & {
  /** Rows per page, 1 to 500 (default 500: the most a page holds). */
  limit?: number;
  cursor?: string;
  /** Fields beyond the defaults: Revenue, Funding, Last funding, Founded, LinkedIn, Headcount. */
  columns?: readonly CompanyColumnLabel[];
};

/** Companies: search, similar companies and filter values (free). */
export class Companies extends CompaniesArea {
  /** POST /search/companies. Awaited: the first page. Iterated: every company, page after page. */
  override search(params: CompanySearchParams, opts?: CallOptions): PagePromise<CompanySearchResponse, CompanySearchRow> {
    // Here for its typed params (the flat keys, criteria, column labels): the api takes any record.
    return super.search(params, opts);
  }
}
