import { companies, people } from '../endpoints/search.js';
import { call } from '../endpoints/call.js';
import type { Client } from '../client.js';
import { pages, type CursorPageResult } from '../paginate.js';
import { waitForWorkflow, type PollOptions } from '../poll.js';
import { SEARCH_LIMITS } from '../schemas/values/search.js';
import type {
  CompanySearchBody,
  CompanySearchResponse,
  CompileBody,
  CompileResponse,
  FilterValuesResponse,
  FindAtCompaniesBody,
  FindAtCompaniesStarted,
  FindAtCompaniesStatusResponse,
  PeopleFindBody,
  PeopleSearchResponse,
  SimilarCompaniesBody,
  SimilarCompaniesResponse,
} from '../schemas/search.js';

/** Search (free): people, companies, similar companies, find-at-companies jobs and filter values. */

interface Call {
  signal?: AbortSignal | undefined;
}

/**
 * POST /people/find: one page. Send the cursor of the previous page with the same filters.
 * A read that charges nothing, so a lost answer is asked again like a GET (idempotent).
 */
export function searchPeople(client: Client, body: PeopleFindBody, opts: Call = {}): Promise<PeopleSearchResponse> {
  return call(client, people.search, { body, signal: opts.signal });
}

/**
 * Every page of a people search, following cursors; each page counts as one search toward the
 * daily cap, so pages are as large as one response carries unless `body.limit` says otherwise.
 */
export function searchPeoplePages(client: Client, body: Omit<PeopleFindBody, 'cursor'>, opts: Call & { cursor?: string } = {}) {
  const sized = { ...body, limit: body.limit ?? SEARCH_LIMITS.people.perResponse };
  return searchPages<PeopleFindBody, PeopleSearchResponse>((b) => searchPeople(client, b, opts), sized, opts.cursor);
}

/** Pages of a search endpoint: the body again with each cursor, until the cursor is null. */
function searchPages<B extends { cursor?: string }, P extends { results: unknown[]; cursor: string | null }>(
  fetch: (body: B) => Promise<P>,
  body: Omit<B, 'cursor'>,
  startCursor: string | undefined,
): AsyncGenerator<CursorPageResult<P['results'][number]> & { page: P }> {
  return pages(async (cursor) => {
    const page = await fetch({ ...body, ...(cursor ? { cursor } : {}) } as B);
    return { items: page.results, cursor: page.cursor, page };
  }, startCursor) as AsyncGenerator<CursorPageResult<P['results'][number]> & { page: P }>;
}

/** POST /people/find/compile: what the service makes of a criteria object. Free; not a search. */
export function compileCriteria(client: Client, body: CompileBody, opts: Call = {}): Promise<CompileResponse> {
  return call(client, people.compile, { body, signal: opts.signal });
}

/** GET /people/find/filters or /search/companies/filters: values of a filter field containing the query. */
export function filterValues(
  client: Client,
  kind: 'people' | 'companies',
  field: string,
  query: string,
  opts: Call = {},
): Promise<FilterValuesResponse> {
  return call(client, kind === 'people' ? people.filterValues : companies.filterValues, { query: { field, query }, signal: opts.signal });
}

/** POST /search/companies: one page. */
export function searchCompanies(client: Client, body: CompanySearchBody, opts: Call = {}): Promise<CompanySearchResponse> {
  return call(client, companies.search, { body, signal: opts.signal });
}

/** Every page of a company search, following cursors, as large as one response carries unless `body.limit` says otherwise. */
export function searchCompaniesPages(client: Client, body: Omit<CompanySearchBody, 'cursor'>, opts: Call & { cursor?: string } = {}) {
  const sized = { ...body, limit: body.limit ?? SEARCH_LIMITS.companies.perResponse };
  return searchPages<CompanySearchBody, CompanySearchResponse>((b) => searchCompanies(client, b, opts), sized, opts.cursor);
}

/** POST /search/companies/similar: companies like a seed (by domain or id). No credits. */
export function similarCompanies(client: Client, body: SimilarCompaniesBody, opts: Call = {}): Promise<SimilarCompaniesResponse> {
  return call(client, companies.similar, { body, signal: opts.signal });
}

/** POST /people/find-at-companies: starts the job; poll its task_id. */
export function startFindAtCompanies(client: Client, body: FindAtCompaniesBody, opts: Call = {}): Promise<FindAtCompaniesStarted> {
  return call(client, people.findAtCompanies, { body, signal: opts.signal });
}

/** GET /people/find-at-companies/status/{task_id} */
export function findAtCompaniesStatus(client: Client, taskId: string, opts: Call = {}): Promise<FindAtCompaniesStatusResponse> {
  return call(client, people.findAtCompaniesStatus, { params: { task_id: taskId }, signal: opts.signal });
}

/** Polls a find-at-companies job until it is completed or failed. */
export function waitForFindAtCompanies(
  client: Client,
  taskId: string,
  opts: Call & Omit<PollOptions<FindAtCompaniesStatusResponse>, 'fetchStatus'> = {},
): Promise<FindAtCompaniesStatusResponse> {
  return waitForWorkflow({
    initialIntervalMs: 500,
    maxIntervalMs: 5_000,
    ...opts,
    fetchStatus: () => findAtCompaniesStatus(client, taskId, opts),
  });
}
