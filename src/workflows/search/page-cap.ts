import { ConfigurationError } from '../../api/errors.js';
import { RATE_LIMITS } from '../../api/schemas/values/limits.js';
import { counted, formatCount } from '../counts.js';

/**
 * Each page of a people search uses one of the organization's 60 searches a day (API keys,
 * all keys combined), so a read that follows cursors stops after this many pages unless raised
 * explicitly: the CLI's --all (--max-pages) and the SDK's iteration (maxPages) alike.
 */
export const PEOPLE_SEARCH_PAGE_CAP = 10;

export interface PageCapStop {
  /** The cursor of the next page: search again with it and the same filters to go on. */
  cursor: string;
  /** The searches (pages) this iteration used. */
  pagesUsed: number;
  /** The cap it stopped at. */
  maxPages: number;
  /** The rows it read. */
  rowsRead: number;
  /** How many people match the search in all. */
  total: number;
}

/**
 * A people-search iteration reached its page cap with more pages to go: every row of the pages
 * it used was read, and nothing more was searched. Go on by raising the cap explicitly
 * (`{ maxPages: 30 }`), or by searching again from `cursor` with the same filters.
 */
export class SearchPageCapError extends Error {
  readonly code = 'search_page_cap';
  readonly cursor: string;
  readonly pagesUsed: number;
  readonly maxPages: number;
  readonly rowsRead: number;
  readonly total: number;

  /** Made by the SDK; not for your own code to construct. */
  constructor(stop: PageCapStop) {
    super(
      `people search stopped after ${counted(stop.pagesUsed, 'page')} (maxPages ${stop.maxPages}), ${counted(stop.rowsRead, 'person', 'people')} read of ` +
        `${formatCount(stop.total)} matching: each page uses one of the organization's ${RATE_LIMITS.peopleSearchesPerDay} people searches a day. ` +
        `To go on, raise the cap explicitly (people.search(params, { maxPages: ${stop.maxPages * 2} })), or search again from this error's cursor with the same filters.`,
    );
    this.name = 'SearchPageCapError';
    this.cursor = stop.cursor;
    this.pagesUsed = stop.pagesUsed;
    this.maxPages = stop.maxPages;
    this.rowsRead = stop.rowsRead;
    this.total = stop.total;
  }
}

/** The cap of one iteration: `maxPages` when given (a whole number of 1 or more), else the default. */
export function pageCapOf(maxPages: number | undefined): number {
  if (maxPages === undefined) return PEOPLE_SEARCH_PAGE_CAP;
  if (!Number.isSafeInteger(maxPages) || maxPages < 1)
    throw new ConfigurationError(
      `maxPages ${String(maxPages)} is not a whole number of pages of 1 or more; nothing was searched`,
      `Pass maxPages as a whole number (e.g. { maxPages: 30 }), or leave it out for the default of ${PEOPLE_SEARCH_PAGE_CAP}.`,
    );
  return maxPages;
}
