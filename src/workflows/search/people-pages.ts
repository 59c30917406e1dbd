import type { Client } from '../../api/client.js';
import { budgetedPages, newPagingState, type CursorPageResult } from '../../api/paginate.js';
import { searchPeople } from '../../api/resources/search.js';
import type { PeopleFindBody, PeopleSearchResponse, PersonSearchRow } from '../../api/schemas/search.js';
import { SEARCH_LIMITS } from '../../api/schemas/values/search.js';
import { SearchPageCapError, pageCapOf } from './page-cap.js';

type PeoplePage = CursorPageResult<PersonSearchRow> & { page: PeopleSearchResponse };

export interface PeoplePagesOptions {
  signal?: AbortSignal | undefined;
  /** Start after this cursor of an earlier page (sent with the same filters). */
  cursor?: string | undefined;
  /** The most pages (searches) the iteration uses; default PEOPLE_SEARCH_PAGE_CAP. */
  maxPages?: number | undefined;
}

/**
 * The pages of a people search, following cursors, one daily search each, counted as the CLI
 * counts them (budgetedPages). With pages left after `maxPages`, the iteration throws
 * SearchPageCapError, carrying the cursor to go on from, instead of spending another search.
 * Pages are as large as one response carries unless `body.limit` says otherwise.
 */
export async function* cappedPeoplePages(
  client: Client,
  body: Omit<PeopleFindBody, 'cursor'>,
  opts: PeoplePagesOptions = {},
): AsyncGenerator<PeoplePage> {
  const maxPages = pageCapOf(opts.maxPages);
  const state = newPagingState();
  let total = 0;
  const fetchPage = async (limit: number, cursor: string | undefined): Promise<PeoplePage> => {
    const page = await searchPeople(client, { ...body, limit, ...(cursor ? { cursor } : {}) } as PeopleFindBody, { signal: opts.signal });
    total = page.total;
    return { items: page.results, cursor: page.cursor, page };
  };
  const budget = { pageSize: body.limit ?? SEARCH_LIMITS.people.perResponse, maxPages };
  yield* budgetedPages(fetchPage, budget, state, opts.cursor) as AsyncGenerator<PeoplePage>;
  if (state.stoppedAtMaxPages) throw new SearchPageCapError({ cursor: state.next!, pagesUsed: state.requests, maxPages, rowsRead: state.rows, total });
}
