import type { Client } from '../api/client.js';
import { newPagingState, type CursorPageResult, type PageBudget, type PagePromise, type PagingState } from '../api/paginate.js';
import { appendToStdout, sameCommand, sameCommandWith } from './command-line.js';
import type { FlagSpec } from './command.js';
import type { Context } from './context.js';
import { printablePages } from './output/output.js';
import { formatCount } from './output/numbers.js';
import { etaText } from './wait-notice.js';

/** The header flag of the `--all` commands: a continuation appended to a csv or tsv file must not repeat it. */
export const NO_HEADER_FLAG = {
  flags: '--no-header',
  description: 'csv and tsv: leave out the header line (to append to a file that has one)',
} as const satisfies FlagSpec;

/**
 * The same command from the next page: its cursor, the rows left of --limit, the pages left
 * of --max-pages, and (appending csv or tsv to what was written) no second header.
 */
export function continuation(ctx: Context, cursor: string, left: { pages?: number | undefined; rows?: number | undefined } = {}): string {
  const flags: Record<string, string> = {
    '--cursor': cursor,
    ...(left.rows ? { '--limit': String(left.rows) } : {}),
    ...(left.pages ? { '--max-pages': String(left.pages) } : {}),
  };
  const cmd = sameCommandWith(ctx, flags);
  const headed = ctx.out.format === 'csv' || ctx.out.format === 'tsv';
  return headed && !ctx.argv.includes('--no-header') ? `${cmd} --no-header` : cmd;
}

/**
 * A loop over pages with a progress line (rows so far, the total, an ETA under the rate limit)
 * and, when stopped (Ctrl-C, a signal, an error), what to run next: with rows already on stdout
 * (`streamed`), the same command from the next page with `--cursor`, appending to the file
 * stdout went to; otherwise the same command again.
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
    /** --limit of this run: at most this many rows are read. */
    limit?: number | undefined;
    /** Rows are printed page by page as they come (else all at once at the end). */
    streamed: boolean;
    /** When stopped, the caller prints the rows read and says what is left (a bounded run in a format that can be continued). */
    callerPrintsRead?: boolean;
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
      const wanted = total !== undefined ? Math.min(total, o.limit ?? Infinity) : undefined;
      const eta = wanted !== undefined ? etaText(client.paceEstimate(Math.ceil(Math.max(0, wanted - rows) / o.pageSize))) : undefined;
      ctx.progress.update(
        `Reading ${o.noun}: ${formatCount(rows)}${wanted !== undefined ? ` of ${formatCount(wanted)}` : ''}${eta ? ` · ${eta}` : ''}`,
      );
      yield page;
    }
  } catch (e) {
    ctx.progress.stop();
    if (next && o.callerPrintsRead && rows > 0) {
      // The caller prints the rows read, then the command for the rest.
    } else if (next && (!o.streamed || ctx.out.format === 'json')) {
      ctx.out.info(
        `Stopped after ${formatCount(rows)} ${o.noun}, before printing them (they are printed together at the end). Run the command again:\n  ${sameCommand(ctx)}`,
      );
    } else if (next) {
      const append = appendToStdout(ctx);
      ctx.out.info(
        `Stopped after ${formatCount(rows)} ${o.noun}. Continue from the next page with:\n  ${continuation(ctx, next, { pages: o.maxPages && o.maxPages - fetched })}${append}`,
      );
    }
    throw e;
  }
  ctx.progress.stop();
}

/**
 * The pages of a bounded run as one page of the service's shape: the rows of every page under
 * `rowsKey`, the cursor after the last row, and (several pages, several cohorts) `task_ids`
 * in place of the one `task_id`. One page is returned as it came.
 */
export function mergePages(pages: readonly unknown[], rowsKey: string): Record<string, unknown> {
  const first = (pages[0] ?? {}) as Record<string, unknown>;
  if (pages.length <= 1) return first;
  const all = pages as ReadonlyArray<Record<string, unknown>>;
  const { task_id: _one, ...rest } = first;
  return {
    ...rest,
    [rowsKey]: all.flatMap((p) => (Array.isArray(p[rowsKey]) ? (p[rowsKey] as unknown[]) : [])),
    cursor: all[all.length - 1]!.cursor ?? null,
    ...('task_id' in first ? { task_ids: all.map((p) => p.task_id) } : {}),
  };
}

/** Where a printed listing got to, with the match count of its first page. */
export interface PagedResult extends PagingState {
  total?: number | undefined;
}

/** A paged listing to print: its pages (the call, from its --cursor), and how its rows show. */
export interface PagedListing<T, P = unknown> {
  pages: PagePromise<P, T>;
  budget: PageBudget;
  /** --all: every row, streamed page by page (json: one array at the end). */
  all: boolean;
  noun: string;
  columns?: readonly string[];
  tableColumns?: readonly string[];
  emptyMessage?: string;
  /** csv and tsv with --all: false leaves out the header (--no-header). */
  header?: boolean;
  /** Each page as it comes, before it is printed (warnings, saving its cohort). */
  onPage?(page: CursorPageResult<T> & { page: P }): Promise<void> | void;
  /** json output of a bounded run: keys added to the merged page (what --save-to saved). */
  extra?(): Record<string, unknown>;
}

/** The pages of a listing, watched with progress; `state` is kept up to date. */
async function* watchedPages<T, P>(
  ctx: Context,
  l: PagedListing<T, P>,
  state: PagedResult,
  streamed: boolean,
  printsRead = false,
): AsyncGenerator<CursorPageResult<T>> {
  const seen = async (page: CursorPageResult<T> & { page: P }) => {
    state.total ??= (page.page as { total?: number }).total;
    await l.onPage?.(page);
  };
  yield* withPagingProgress(ctx, await ctx.client(), l.pages.budgeted(l.budget, state, seen), {
    noun: l.noun,
    pageSize: l.budget.pageSize,
    maxPages: l.budget.maxPages,
    limit: l.budget.total,
    streamed,
    callerPrintsRead: printsRead && ctx.out.format !== 'json',
    totalOf: (p) => (p as { total?: number }).total,
  });
}

/**
 * A bounded run stopped part way (Ctrl-C, a failed page): the rows read are printed, so the
 * requests (and daily searches) they took are not spent again, then the same command for the
 * rows left from the next page, appending to the file stdout went to. json is one document, so
 * it is not continued into the same file: it prints nothing and says to run the command again.
 */
async function printRead<T, P>(
  ctx: Context,
  l: PagedListing<T, P>,
  state: PagedResult,
  got: ReadonlyArray<CursorPageResult<T>>,
): Promise<void> {
  if (ctx.out.format === 'json' || got.length === 0 || !state.next) return;
  await printRows(
    ctx,
    l,
    mergePages(
      got.map((p) => p.page),
      l.pages.rows,
    ),
    got.flatMap((p) => p.items),
  );
  const left = l.budget.total !== undefined ? l.budget.total - state.rows : undefined;
  const pages = l.budget.maxPages !== undefined ? l.budget.maxPages - state.requests : undefined;
  ctx.out.info(
    `Stopped after ${formatCount(state.rows)} ${l.noun}${left ? `, ${formatCount(left)} short of --limit ${formatCount(l.budget.total ?? 0)}` : ''}. ` +
      `The rest, from the next page:\n  ${continuation(ctx, state.next, { rows: left, pages })}${appendToStdout(ctx)}`,
  );
}

function printRows<T, P>(ctx: Context, l: PagedListing<T, P>, payload: Record<string, unknown>, rows: readonly T[]): Promise<void> {
  return ctx.out.print({
    kind: 'rows',
    payload,
    rows,
    ...(l.columns ? { columns: l.columns } : {}),
    ...(l.tableColumns ? { tableColumns: l.tableColumns } : {}),
    ...(l.emptyMessage ? { emptyMessage: l.emptyMessage } : {}),
  });
}

/** Every page of a listing read before anything is printed: one page of the service's shape (mergePages) and its rows. */
export async function readPaged<T, P>(
  ctx: Context,
  l: PagedListing<T, P>,
  /** Stopped part way, the rows read are printed with the command for the rest (printRead). */
  printsRead = false,
): Promise<{ result: PagedResult; payload: Record<string, unknown>; rows: T[] }> {
  const result: PagedResult = newPagingState();
  const got: Array<CursorPageResult<T>> = [];
  try {
    for await (const page of watchedPages(ctx, l, result, false, printsRead)) got.push(page);
  } catch (e) {
    if (printsRead) await printRead(ctx, l, result, got);
    throw e;
  }
  const payload = {
    ...mergePages(
      got.map((p) => p.page),
      l.pages.rows,
    ),
    ...l.extra?.(),
  };
  return { result, payload, rows: got.flatMap((p) => p.items) };
}

/**
 * Prints a paged listing. With --all the rows stream page by page; otherwise the pages of
 * --limit are read and printed together as one page of the service's shape (with --json: the
 * service's page object, whose `cursor` continues after the last row).
 */
export async function printPaged<T, P>(ctx: Context, l: PagedListing<T, P>): Promise<PagedResult> {
  if (l.all && !(ctx.out.format === 'json' && l.extra)) {
    const result: PagedResult = newPagingState();
    await ctx.out.printPages(printablePages(watchedPages(ctx, l, result, true)), l.columns, l.tableColumns, { header: l.header !== false });
    return result;
  }
  const { result, payload, rows } = await readPaged(ctx, l, true);
  await printRows(ctx, l, payload, rows);
  return result;
}

/**
 * What comes after the rows of a bounded run, when more are left: the same command from the
 * next row (`--cursor`), for the same --limit, or for the rows --max-pages left unread.
 */
export function moreCommand(ctx: Context, state: PagingState, budget: PageBudget): string | undefined {
  if (!state.next) return undefined;
  if (state.stoppedAtMaxPages)
    return continuation(ctx, state.next, { rows: budget.total !== undefined ? budget.total - state.rows : undefined });
  return sameCommandWith(ctx, { '--cursor': state.next });
}

/** The line after a bounded listing: "40 of 1,200 leads" and, when more are left, the command for the next --limit. */
export function pagedSummary(ctx: Context, r: PagedResult, budget: PageBudget, noun: string, note = ''): string {
  const more = moreCommand(ctx, r, budget);
  return `${formatCount(r.rows)} of ${formatCount(r.total ?? r.rows)} ${noun}${note}${more ? `; the next ${formatCount(budget.total ?? 0)}:\n  ${more}` : ''}`;
}
