import { defineCommand } from '../../cli/command.js';
import { intInRange } from '../../cli/parse.js';
import { limitFlags, pageBudget } from '../../cli/paging.js';
import { SAVE_TO_FLAGS, checkSaveToFlags, saverFromFlags } from '../../cli/cmdutil/save-to.js';
import { checkPeopleFilters, checkPersonCriteria } from '../../api/search-check.js';
import { PEOPLE_FLAT_KEYS, SEARCH_LIMITS } from '../../api/schemas/values/search.js';
import { RATE_LIMITS } from '../../api/schemas/values/limits.js';
import { filterFlagSpecs, filtersFromFlags } from './shared/filter-flags.js';
import { readSearchInput } from './shared/search-input.js';
import { PEOPLE_FILTER_FLAGS } from './shared/people-flags.js';
import { PERSON_TABLE_COLUMNS, runSearch } from './shared/run-search.js';
import { NO_HEADER_FLAG } from '../../cli/paging-progress.js';
import { NO_CHECK_FLAG, checkTitles } from './shared/title-check.js';
import { titlesOf } from '../../workflows/search/title-check.js';
import { PEOPLE_SEARCH_PAGE_CAP } from '../../workflows/search/page-cap.js';

const L = SEARCH_LIMITS.people;
/** One response carries at most perResponse rows: the largest page. */
const SIZES = { min: L.min, max: L.perResponse, default: L.default };

export const command = defineCommand({
  description:
    'Flat filters: AND across keys, OR within one (repeat a flag or give a comma list). Keys and fixed values are checked ' +
    'before anything is sent. --criteria sends the structured criteria form instead. Search is free, but with an API key ' +
    `each page counts toward ${RATE_LIMITS.peopleSearchesPerDay} people searches a day per organization. --limit N returns N rows in all, ` +
    `in pages of up to ${L.perResponse} (one search each; --page-size sets the page); the searches it takes are said before a second page. ` +
    'Rows carry no email or phone. With --save-to and --json the output carries saved_to: the list id and the counts.',
  flags: [
    ...filterFlagSpecs(PEOPLE_FILTER_FLAGS),
    { flags: '--filters <file|json>', description: 'flat filters as a JSON object: a file, - for stdin, or inline JSON (flags add to it)' },
    { flags: '--criteria <file|json>', description: 'the criteria form as a JSON object: a file, - for stdin, or inline JSON' },
    ...limitFlags('people', SIZES),
    { flags: '--cursor <cursor>', description: 'start after a previous page (send the same filters)' },
    { flags: '--all', description: 'follow cursors to the last page and stream every row (not with --limit)' },
    NO_HEADER_FLAG,
    {
      flags: '--max-pages <n>',
      description: 'stop after this many searches (pages)',
      parse: intInRange('--max-pages', 1, 10_000),
      defaultDescription: `${PEOPLE_SEARCH_PAGE_CAP} with --all, else what --limit takes`,
    },
    ...SAVE_TO_FLAGS,
    NO_CHECK_FLAG,
  ],
  examples: [
    'prospect search people --title "Chief Technology Officer" --country Germany',
    'prospect search people --seniority "Director,Vice President" --department Sales --limit 50',
    'prospect search people --company-domains acme.com --all --format ndjson > people.ndjson',
    `prospect search people --filters '{"titles":["CTO"],"company_headcount":["51-200"]}'`,
    'prospect search people --criteria criteria.json --json',
    'prospect search people --title CTO --country Germany --limit 250 --save-to "German CTOs" --create',
  ],
  related: ['prospect lists leads', 'prospect search people filters', 'prospect search people compile', 'prospect search companies'],
  async run(opts, ctx) {
    const body = await readSearchInput(ctx, opts, filtersFromFlags(PEOPLE_FILTER_FLAGS, opts), {
      checkCriteria: checkPersonCriteria,
      checkFilters: checkPeopleFilters,
      example: '--title "CTO" or --company-domains acme.com',
      keys: PEOPLE_FLAT_KEYS.join(', '),
    });
    checkSaveToFlags(opts);
    pageBudget(opts, SIZES);
    // Before the list is made or a search spent: a title no person holds is refused.
    if (opts.check !== false) await checkTitles(ctx, titlesOf(body));
    const saver = await saverFromFlags(ctx, opts, 'people');
    await runSearch(ctx, opts, {
      search: (start) => ctx.api.people.search({ ...body, ...start }),
      noun: 'people',
      tableColumns: PERSON_TABLE_COLUMNS,
      sizes: SIZES,
      countsAsSearch: true,
      maxPagesWithAll: PEOPLE_SEARCH_PAGE_CAP,
      emptyMessage: 'No people match these filters.',
      ...(saver ? { onPage: saver.save, extra: () => ({ saved_to: saver.result() }) } : {}),
    });
    saver?.report();
  },
});
