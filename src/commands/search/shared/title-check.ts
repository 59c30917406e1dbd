import { nextCommand } from '../../../cli/command-line.js';
import type { Context } from '../../../cli/context.js';
import { usageError } from '../../../cli/errors.js';
import type { FlagSpec } from '../../../cli/command.js';
import { TITLES_MATCH_EXACTLY, findUnheldTitle } from '../../../workflows/search/title-check.js';

/** --title values are looked up for free before a search is spent (workflows/search/title-check.ts); this renders a refusal. */

export const NO_CHECK_FLAG = {
  flags: '--no-check',
  description: 'send --title values as typed, without looking each up first (the lookup is free and spends no search)',
} as const satisfies FlagSpec;

/** Refuses (exit 2, nothing searched) a title no person holds exactly. */
export async function checkTitles(ctx: Context, titles: readonly string[]): Promise<void> {
  const unheld = await findUnheldTitle(ctx.api, titles);
  if (!unheld) return;
  const { title, nearest: near } = unheld;
  throw usageError(
    `--title ${title}: no person holds exactly this title (${TITLES_MATCH_EXACTLY})${near.length ? `; did you mean ${near.join(', ')}?` : ''}`,
    near.length
      ? `Use --title "${near[0]}", or pass --no-check to search as typed.`
      : `Look titles up with: ${nextCommand(ctx, ['search', 'people', 'filters', 'titles', title])}; or pass --no-check.`,
  );
}
