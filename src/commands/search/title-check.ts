import type { Client } from '../../api/client.js';
import { filterValues } from '../../api/resources/search.js';
import { RATE_LIMITS } from '../../api/schemas/values/limits.js';
import { FILTER_VALUES_MAX } from '../../api/schemas/values/search.js';
import { TITLE_EXPANSIONS } from '../../api/schemas/values/titles.js';
import { ownValue } from '../../api/schemas/values/own-key.js';
import { closest } from '../../api/suggest.js';
import { nextCommand } from '../../cli/command-line.js';
import type { Context } from '../../cli/context.js';
import { usageError } from '../../cli/errors.js';
import type { FlagSpec } from '../../cli/command.js';

/**
 * Titles match exactly and case-sensitively on the service, and a search that finds nothing
 * still uses one of the daily people searches. So each title is looked up first in the free
 * filter-values lookup; one no person holds is refused with the nearest exact titles.
 */

export const NO_CHECK_FLAG = {
  flags: '--no-check',
  description: 'send --title values as typed, without looking each up first (the lookup is free and spends no search)',
} as const satisfies FlagSpec;

/** The exact titles the service holds that contain `text`. */
async function titlesLike(ctx: Context, client: Client, text: string): Promise<string[]> {
  return (await filterValues(client, 'people', 'titles', text, { signal: ctx.signal })).values.map((v) => v.value);
}

/** The exact titles nearest to one no person holds: other case, near spelling, the spelled-out form. */
async function nearestTitles(ctx: Context, client: Client, title: string, like: readonly string[]): Promise<string[]> {
  const near = like.filter((t) => t.toLowerCase() === title.toLowerCase());
  const spelled = closest(title, like);
  if (spelled !== undefined) near.push(spelled);
  const long = ownValue(TITLE_EXPANSIONS, title.toLowerCase());
  if (long && (await titlesLike(ctx, client, long)).includes(long)) near.push(long);
  return [...new Set(near)].slice(0, 3);
}

/** Refuses (exit 2, nothing searched) a title no person holds exactly. */
export async function checkTitles(ctx: Context, client: Client, titles: readonly string[]): Promise<void> {
  for (const title of titles) {
    const like = await titlesLike(ctx, client, title);
    if (like.includes(title)) continue;
    // A full answer may have left the exact title out: it says no person holds it only when it
    // shows the title in another case; a shorter answer says so in any case.
    const otherCase = like.some((t) => t.toLowerCase() === title.toLowerCase());
    if (like.length >= FILTER_VALUES_MAX && !otherCase) continue;
    const near = await nearestTitles(ctx, client, title, like);
    const why = `titles match exactly and by case, and a search that finds nothing still uses one of the ${RATE_LIMITS.peopleSearchesPerDay} daily searches`;
    throw usageError(
      `--title ${title}: no person holds exactly this title (${why})${near.length ? `; did you mean ${near.join(', ')}?` : ''}`,
      near.length
        ? `Use --title "${near[0]}", or pass --no-check to search as typed.`
        : `Look titles up with: ${nextCommand(ctx, ['search', 'people', 'filters', 'titles', title])}; or pass --no-check.`,
    );
  }
}

/** The titles a people search body filters on (flat filters; the criteria form is checked by the service). */
export function titlesOf(body: unknown): string[] {
  const titles = (body as { filters?: { titles?: unknown } }).filters?.titles;
  return Array.isArray(titles) ? titles.filter((t): t is string => typeof t === 'string') : [];
}
