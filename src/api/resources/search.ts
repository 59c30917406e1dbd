import type { PagePromise } from '../paginate.js';
import { APIResource, lazyEntries, type CallOptions, type WaitOptions } from '../resource.js';
import type {
  CompanyFilterField,
  CompanySearchBody,
  CompanySearchResponse,
  CompanySearchRow,
  CompileBody,
  CompileResponse,
  FilterValuesResponse,
  FindAtCompaniesBody,
  FindAtCompaniesStarted,
  FindAtCompaniesStatusResponse,
  PeopleFilterField,
  PeopleFindBody,
  PeopleSearchResponse,
  PersonSearchRow,
  SimilarCompaniesBody,
  SimilarCompaniesResponse,
} from '../schemas/search.js';
import type { CompanyRawFilter } from '../schemas/values/search.js';

const people = lazyEntries(() => import('../endpoints/search.js').then((m) => m.people));
const companies = lazyEntries(() => import('../endpoints/search.js').then((m) => m.companies));

/**
 * A company search as the SDK's typed params give it too: the raw {op, conditions} filter is an
 * interface, which TypeScript does not take for a record, and columns may be a readonly list.
 */
export type CompanySearch = Omit<CompanySearchBody, 'filters' | 'columns'> & {
  filters?: CompanySearchBody['filters'] | CompanyRawFilter;
  columns?: readonly string[] | undefined;
};

/** People: search (free; each page counts toward the daily search cap), criteria compile, filter values, find-at-companies jobs. */
export class People extends APIResource {
  /** One search: awaited, the first page (rows, total, cursor, the page's cohort task_id); iterated, every person, page after page (as large as one answer holds unless `limit` says). */
  search(body: PeopleFindBody, opts?: CallOptions): PagePromise<PeopleSearchResponse, PersonSearchRow> {
    return this.paged(people.search, { body }, opts);
  }

  /** What the service makes of a criteria object (route, raw filters, warnings). Free; not a search. */
  compile(params: CompileBody, opts?: CallOptions): Promise<CompileResponse> {
    return this.send(people.compile, { body: params }, opts);
  }

  /** Values of a filter field containing `query`, most common first (at most 50). */
  filterValues(field: PeopleFilterField, query: string, opts?: CallOptions): Promise<FilterValuesResponse> {
    return this.send(people.filterValues, { query: { field, query } }, opts);
  }

  /** Starts a job finding people at companies (free); poll its task_id. */
  findAtCompanies(body: FindAtCompaniesBody, opts?: CallOptions): Promise<FindAtCompaniesStarted> {
    return this.send(people.findAtCompanies, { body }, opts);
  }

  /** The job's state; completed, it holds one block of results and the cursor of the next (send findAtCompanies again with it). */
  findAtCompaniesStatus(taskId: string, opts?: CallOptions): Promise<FindAtCompaniesStatusResponse> {
    return this.send(people.findAtCompaniesStatus, { params: { task_id: taskId } }, opts);
  }

  /** Polls the job until it is completed or failed. */
  waitForFindAtCompanies(taskId: string, opts: WaitOptions<FindAtCompaniesStatusResponse> = {}): Promise<FindAtCompaniesStatusResponse> {
    return this.poll(() => this.findAtCompaniesStatus(taskId, opts), opts);
  }
}

/** Companies: search, similar companies and filter values (free). */
export class Companies extends APIResource {
  /** One search: awaited, the first page; iterated, every company, page after page. */
  search(body: CompanySearch, opts?: CallOptions): PagePromise<CompanySearchResponse, CompanySearchRow> {
    return this.paged(companies.search, { body: body as CompanySearchBody }, opts);
  }

  /** Companies like a seed (company_domain or company_id), with a similarity score from 0 to 1. */
  similar(params: SimilarCompaniesBody, opts?: CallOptions): Promise<SimilarCompaniesResponse> {
    return this.send(companies.similar, { body: params }, opts);
  }

  /** Values of a filter field containing `query`, most common first (at most 50). */
  filterValues(field: CompanyFilterField, query: string, opts?: CallOptions): Promise<FilterValuesResponse> {
    return this.send(companies.filterValues, { query: { field, query } }, opts);
  }
}
