import type { Api } from '../../api/api.js';
import { RATE_LIMITS } from '../../api/schemas/values/limits.js';
import { FILTER_VALUES_MAX } from '../../api/schemas/values/search.js';
import { TITLE_EXPANSIONS } from '../../api/schemas/values/titles.js';
import { ownValue } from '../../api/schemas/values/own-key.js';
import { closest } from '../../api/suggest.js';

/**
 * Titles match exactly and case-sensitively on the service, and a search that finds nothing
 * still uses one of the daily people searches. So each title is looked up first in the free
 * filter-values lookup, and one no person holds is refused (by each face, its own way) with
 * the nearest exact titles, before a search is spent.
 */

/** Why a title no person holds is refused, as each face says it. */
export const TITLES_MATCH_EXACTLY = `titles match exactly and by case, and a search that finds nothing still uses one of the ${RATE_LIMITS.peopleSearchesPerDay} daily searches`;

/** A title no person holds exactly, and the exact titles nearest to it (at most 3, best first). */
export interface UnheldTitle {
  title: string;
  nearest: string[];
}

/** The exact titles the service holds that contain `text`. */
async function titlesLike(api: Api, text: string, signal: AbortSignal | undefined): Promise<string[]> {
  return (await api.people.filterValues('titles', text, { signal })).values.map((v) => v.value);
}

/** The exact titles nearest to one no person holds: other case, near spelling, the spelled-out form. */
async function nearestTitles(api: Api, title: string, like: readonly string[], signal: AbortSignal | undefined): Promise<string[]> {
  const near = like.filter((t) => t.toLowerCase() === title.toLowerCase());
  const spelled = closest(title, like);
  if (spelled !== undefined) near.push(spelled);
  const long = ownValue(TITLE_EXPANSIONS, title.toLowerCase());
  if (long && (await titlesLike(api, long, signal)).includes(long)) near.push(long);
  return [...new Set(near)].slice(0, 3);
}

/** The first of `titles` no person holds exactly, looked up for free; undefined when each is held (or may be). */
export async function findUnheldTitle(api: Api, titles: readonly string[], signal?: AbortSignal): Promise<UnheldTitle | undefined> {
  for (const title of titles) {
    const like = await titlesLike(api, title, signal);
    if (like.includes(title)) continue;
    // A full answer may have left the exact title out: it says no person holds it only when it
    // shows the title in another case; a shorter answer says so in any case.
    const otherCase = like.some((t) => t.toLowerCase() === title.toLowerCase());
    if (like.length >= FILTER_VALUES_MAX && !otherCase) continue;
    return { title, nearest: await nearestTitles(api, title, like, signal) };
  }
  return undefined;
}

/** The titles a people search body filters on (flat filters; the criteria form is checked by the service). */
export function titlesOf(body: unknown): string[] {
  const titles = (body as { filters?: { titles?: unknown } } | undefined)?.filters?.titles;
  return Array.isArray(titles) ? titles.filter((t): t is string => typeof t === 'string') : [];
}
