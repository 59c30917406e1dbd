import type { Client } from '../api/client.js';
import type { CursorPageResult } from '../api/paginate.js';
import { appendToStdout, sameCommand, sameCommandWith } from './command-line.js';
import type { FlagSpec } from './command.js';
import type { Context } from './context.js';
import { formatCount } from './output/numbers.js';
import { etaText } from './wait-notice.js';

/** The header flag of the `--all` commands: a continuation appended to a csv or tsv file must not repeat it. */
export const NO_HEADER_FLAG: FlagSpec = { flags: '--no-header', description: 'csv and tsv: leave out the header line (to append to a file that has one)' };

/** The same command from the next page: its cursor, the pages left of --max-pages, and no second header. */
export function continuation(ctx: Context, cursor: string, pagesLeft?: number | undefined): string {
  const flags: Record<string, string> = { '--cursor': cursor, ...(pagesLeft ? { '--max-pages': String(pagesLeft) } : {}) };
  const cmd = sameCommandWith(ctx, flags);
  const headed = ctx.out.format === 'csv' || ctx.out.format === 'tsv';
  return headed && !ctx.argv.includes('--no-header') ? `${cmd} --no-header` : cmd;
}

/**
 * An `--all` loop over pages with a progress line (rows so far, the total, an ETA under the
 * rate limit) and, when stopped (Ctrl-C, a signal, an error), the command that continues
 * from the next page: the same command with `--cursor`, appending to the file stdout went to.
 */
export async function* withPagingProgress<T>(
  ctx: Context,
  client: Client,
  pages: AsyncIterable<CursorPageResult<T>>,
  o: {
    noun: string;
    pageSize: number;
    totalOf: (page: unknown) => number | undefined;
    /** --max-pages of this run: the continuation gets the pages left of it. */
    maxPages?: number | undefined;
  },
): AsyncGenerator<CursorPageResult<T>> {
  let rows = 0;
  let fetched = 0;
  let next: string | null | undefined;
  await ctx.progress.start(`Reading ${o.noun}`);
  try {
    for await (const page of pages) {
      rows += page.items.length;
      fetched += 1;
      next = page.cursor;
      const total = o.totalOf(page.page);
      const eta = total !== undefined ? etaText(client.paceEstimate(Math.ceil(Math.max(0, total - rows) / o.pageSize))) : undefined;
      ctx.progress.update(`Reading ${o.noun}: ${formatCount(rows)}${total !== undefined ? ` of ${formatCount(total)}` : ''}${eta ? ` · ${eta}` : ''}`);
      yield page;
    }
  } catch (e) {
    ctx.progress.stop();
    if (next && ctx.out.format === 'json') {
      ctx.out.info(`Stopped after ${formatCount(rows)} ${o.noun}, before printing them (--format json prints one array at the end). Run the command again:\n  ${sameCommand(ctx)}`);
    } else if (next) {
      const append = appendToStdout(ctx);
      ctx.out.info(`Stopped after ${formatCount(rows)} ${o.noun}. Continue from the next page with:\n  ${continuation(ctx, next, o.maxPages && o.maxPages - fetched)}${append}`);
    }
    throw e;
  }
  ctx.progress.stop();
}
