import type { PageBudget } from '../api/paginate.js';
import type { FlagSpec } from './command.js';
import { usageError } from './errors.js';
import { intInRange } from './parse.js';
import { formatCount } from './output/numbers.js';

/**
 * --limit, --page-size and --all of the paged commands, as in gh: --limit N is how many rows
 * the command returns in all, following cursors over as many requests as that takes;
 * --page-size is how many rows each request asks for (the smaller of --limit and the
 * endpoint's largest page unless given); --all reads every row, in pages of the largest size.
 * --limit and --all do not go together. --max-pages, where a command has it, caps the requests
 * of either.
 */

/** The most rows --limit takes: a bound on what one command holds in memory, not a service limit. */
export const MAX_TOTAL = 1_000_000;

/** An endpoint's page sizes (from src/api/schemas): `max` rows a request returns at most; `default` rows read without --limit. */
export interface PageSizes {
  min: number;
  max: number;
  default: number;
}

export interface PagingOptions {
  limit?: number | undefined;
  pageSize?: number | undefined;
  all?: boolean | undefined;
  cursor?: string | undefined;
  maxPages?: number | undefined;
}

/** --limit and --page-size of a paged command; `noun` names its rows ("leads"). */
export function limitFlags(noun: string, s: PageSizes) {
  return [
    {
      flags: '--limit <n>',
      description: `how many ${noun} in all, over as many requests as it takes (1-${formatCount(MAX_TOTAL)})`,
      parse: intInRange('--limit', 1, MAX_TOTAL),
      defaultDescription: String(s.default),
    },
    {
      flags: '--page-size <n>',
      description: `${noun} a request asks for (${s.min}-${s.max})`,
      parse: intInRange('--page-size', s.min, s.max),
      defaultDescription: `the smaller of --limit and ${s.max}; ${s.max} with --all`,
    },
  ] as const satisfies readonly FlagSpec[];
}

/** The budget of a run: every row with --all (or --resume), else --limit or the default; refuses --all with --limit. */
export function pageBudget(opts: PagingOptions, s: PageSizes, maxPages?: number): PageBudget {
  if (opts.all && opts.limit !== undefined)
    throw usageError(
      '--all and --limit cannot be combined: --all reads every row, --limit N reads N',
      'Drop one of them. The rows each request asks for are set with --page-size.',
    );
  const total = opts.all ? undefined : (opts.limit ?? s.default);
  return { total, pageSize: opts.pageSize ?? Math.min(total ?? s.max, s.max), maxPages };
}
