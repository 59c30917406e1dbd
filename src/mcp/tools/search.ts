import { API } from '../../api/endpoints/index.js';
import { SEARCH_LIMITS } from '../../api/schemas/values/search.js';
import { TITLES_MATCH_EXACTLY, findUnheldTitle, titlesOf, type UnheldTitle } from '../../workflows/search/title-check.js';
import { ToolArgError, argError, bodyArgs, checkBody } from '../args.js';
import type { Args, ToolEnv, ToolSpec } from '../tool.js';

const PAGING = 'Answers one page; the answer says the cursor to pass for the next one. Free.';

const CHECK_TITLES = 'check_titles';

/** A title no person holds: refused, naming the nearest exact titles, before a search is spent. */
function titleNotHeld({ title, nearest }: UnheldTitle): ToolArgError {
  const near = nearest.map((t) => JSON.stringify(t)).join(', ');
  return new ToolArgError(
    `titles: no person holds exactly ${JSON.stringify(title)} (${TITLES_MATCH_EXACTLY}); ${nearest.length ? `the nearest exact titles: ${near}` : 'no exact title is near it'}. Nothing was searched.`,
    nearest.length
      ? `Pass titles with an exact title (e.g. [${JSON.stringify(nearest[0])}]), or ${CHECK_TITLES}: false to search as typed.`
      : `Look titles up with people_filter_values (field "titles"), or pass ${CHECK_TITLES}: false to search as typed.`,
    { title, nearest_titles: nearest },
  );
}

/** One page of a people search, its flat-filter titles looked up first for free (as the CLI's --title). */
async function searchPeopleChecked(args: Args, env: ToolEnv): Promise<unknown> {
  const check = args[CHECK_TITLES];
  if (check !== undefined && typeof check !== 'boolean')
    throw argError(
      CHECK_TITLES,
      `${JSON.stringify(check)} is not true or false`,
      `Pass ${CHECK_TITLES}: false to send titles as typed, or leave it out.`,
    );
  const body = bodyArgs(API.people.search, args, [CHECK_TITLES]);
  checkBody(API.people.search, body);
  if (check !== false) {
    const unheld = await findUnheldTitle(env.api, titlesOf(body), env.signal);
    if (unheld) throw titleNotHeld(unheld);
  }
  // The page the arguments size, else the service's default one (the search's own pages are larger).
  return env.api.people.search({ limit: SEARCH_LIMITS.people.default, ...body }, { signal: env.signal });
}

export const searchTools: ToolSpec[] = [
  {
    name: 'people_search',
    title: 'Search people',
    entry: API.people.search,
    toolset: 'read',
    readOnly: true,
    note:
      `${PAGING} Titles match exactly and by case: each of filters.titles is looked up first for free, and one no person holds is refused ` +
      `with the nearest exact titles, spending no search (check_titles: false skips the lookup). Rows carry no email or phone: enrich them ` +
      `(enrich_cohort with the answer's task_id, or save them to a list with lists_add_leads and enrich_list). Look filter values up with people_filter_values.`,
    args: {
      add: {
        [CHECK_TITLES]: {
          type: 'boolean',
          default: true,
          description:
            'false: send filters.titles as typed, without the free lookup that refuses a title no person holds (such a search finds nothing and still uses a search).',
        },
      },
    },
    run: searchPeopleChecked,
  },
  { name: 'people_filter_values', title: 'People filter values', entry: API.people.filterValues, toolset: 'read' },
  { name: 'people_compile', title: 'Compile people criteria', entry: API.people.compile, toolset: 'read', readOnly: true },
  { name: 'companies_search', title: 'Search companies', entry: API.companies.search, toolset: 'read', readOnly: true, note: PAGING },
  { name: 'companies_filter_values', title: 'Company filter values', entry: API.companies.filterValues, toolset: 'read' },
  { name: 'companies_similar', title: 'Similar companies', entry: API.companies.similar, toolset: 'read', readOnly: true },
];
