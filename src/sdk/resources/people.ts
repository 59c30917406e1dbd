import type { CallOptions } from '../../api/resource.js';
import type { PagePromise } from '../../api/paginate.js';
import { People as PeopleArea } from '../../api/resources/search.js';
import type { CompileResponse, PeopleSearchResponse, PersonSearchRow } from '../../api/schemas/search.js';
import type { CrmProvider } from '../../api/schemas/values/sync.js';
import { cappedPeopleSearch } from '../../workflows/search/people-pages.js';
import type { SdkHost } from '../host.js';
import type { CompanyCriteria, PeopleFilters, PersonCriteria } from '../filters.js';

/** people.search(): exactly one of `filters` (the 17 flat keys) or `criteria`. */
export type PeopleSearchParams = ({ filters: PeopleFilters; criteria?: undefined } | { criteria: PersonCriteria; filters?: undefined }) & {
  /**
   * Rows per page, 1 to 500; one response carries at most 100. Default 100 (the most a page
   * holds: each page counts as one search toward the daily cap of 60).
   */
  limit?: number;
  /** Start from this cursor of an earlier page (sent with the same filters). */
  cursor?: string;
};

/** What people.search() takes beside its parameters. */
export interface PeopleSearchOptions extends CallOptions {
  /**
   * The most pages (searches) one iteration (`for await`, `.pages()`, `.toArray()`) may use,
   * a whole number of 1 or more. Default 10: each page uses one of the organization's 60 people
   * searches a day, so an iteration with more pages left after its cap throws
   * SearchPageCapError (every row of the pages used was given first) instead of spending the
   * day's searches. Raise it explicitly to read further, e.g. `{ maxPages: 30 }`. Awaiting
   * the first page uses one search whatever the cap.
   */
  maxPages?: number;
}

export interface CompileParams {
  criteria: PersonCriteria;
  company_criteria?: CompanyCriteria;
  /** A connected CRM whose records the exclusions read. */
  crm?: CrmProvider;
}

/** People: search (free; counts toward the daily search cap), criteria compile, filter values, find-at-companies jobs. */
export class People extends PeopleArea {
  /** @internal */
  declare protected readonly host: SdkHost;

  /**
   * POST /people/find. Awaited: the first page (rows, total, cursor, and the page's cohort
   * task_id for lists.addLeads). Iterated: every person, page after page, up to `maxPages`
   * pages (default 10, one daily search each); with pages left after that it throws
   * SearchPageCapError, whose `cursor` continues the search and whose message says how to raise the cap.
   *
   * @example
   * ```ts
   * try {
   *   for await (const person of client.people.search({ filters: { seniority: ['Director'] } })) use(person);
   * } catch (e) {
   *   if (!(e instanceof SearchPageCapError)) throw e;
   *   // e.cursor: search again from there, or raise the cap: client.people.search(params, { maxPages: 30 })
   * }
   * ```
   */
  override search(params: PeopleSearchParams, opts: PeopleSearchOptions = {}): PagePromise<PeopleSearchResponse, PersonSearchRow> {
    return cappedPeopleSearch(super.search(params, opts), opts.maxPages);
  }

  /** What the service makes of a criteria object (route, raw filters, warnings). Free; not a search. */
  override compile(params: CompileParams, opts?: CallOptions): Promise<CompileResponse> {
    // Here for its typed params (PersonCriteria, CrmProvider): the api takes any record.
    return super.compile(params, opts);
  }
}
