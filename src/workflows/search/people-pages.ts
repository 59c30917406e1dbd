import type { PagePromise } from '../../api/paginate.js';
import type { PeopleSearchResponse, PersonSearchRow } from '../../api/schemas/search.js';
import { SearchPageCapError, pageCapOf } from './page-cap.js';

/**
 * A people search whose iterations use at most `maxPages` pages, one daily search each, counted
 * as the CLI counts them (--max-pages): with pages left after them, the iteration throws
 * SearchPageCapError, carrying the cursor to go on from, instead of spending another search.
 * Default PEOPLE_SEARCH_PAGE_CAP.
 */
export function cappedPeopleSearch(
  search: PagePromise<PeopleSearchResponse, PersonSearchRow>,
  maxPages?: number,
): PagePromise<PeopleSearchResponse, PersonSearchRow> {
  // Checked when the search is first read, so a bad cap is an error of the read, before anything is sent.
  return search.capped({
    get maxPages() {
      return pageCapOf(maxPages);
    },
    tooMany: (read, last) =>
      new SearchPageCapError({
        cursor: read.next!,
        pagesUsed: read.requests,
        maxPages: pageCapOf(maxPages),
        rowsRead: read.rows,
        total: last.total,
      }),
  });
}
