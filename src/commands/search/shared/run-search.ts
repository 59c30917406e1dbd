import type { Context } from '../../../cli/context.js';
import { moreCommand, printPaged } from '../../../cli/paging-progress.js';
import { pageBudget, type PageSizes, type PagingOptions as PagingFlags } from '../../../cli/paging.js';
import { requestsFor, type PageBudget, type PagePromise } from '../../../api/paginate.js';
import { RATE_LIMITS } from '../../../api/schemas/values/limits.js';
import { formatCount as n } from '../../../cli/output/numbers.js';

/** What people scan in a table; csv, tsv and json keep every field. */
export const PERSON_TABLE_COLUMNS = ['full_name', 'title', 'company', 'location', 'seniority'] as const;
export const COMPANY_TABLE_COLUMNS = ['name', 'domain', 'industry', 'employee_count', 'hq_location', 'funding_stage'] as const;

/** A search page as both search endpoints answer it (beside its rows). */
export interface SearchPage {
  total: number;
  cursor: string | null;
  truncation_warning?: string | null | undefined;
  warnings?: string[] | undefined;
  task_id?: string | null | undefined;
}

export interface PagingOptions extends PagingFlags {
  header?: boolean | undefined;
}

export interface SearchRun<Row> {
  /** The search's pages from `start` (the --cursor given, if any). */
  search(start: { cursor?: string }): PagePromise<SearchPage, Row>;
  /** "people" or "companies", for messages. */
  noun: string;
  tableColumns: readonly string[];
  /** The page sizes of the endpoint: the most one response carries, the rows read without --limit. */
  sizes: PageSizes;
  /** People search: every page counts toward the daily search cap of API keys. */
  countsAsSearch: boolean;
  /** --max-pages when --all is given without it. */
  maxPagesWithAll?: number | undefined;
  emptyMessage: string;
  /** Called with every page and its rows as they come (saving its cohort to a list). */
  onPage?(page: SearchPage, rows: readonly Row[]): Promise<void>;
  /** json output: what is added to the search's page (the list saved to and its counts). */
  extra?: () => Record<string, unknown>;
}

const CAP = RATE_LIMITS.peopleSearchesPerDay;
const searches = (k: number) => `${n(k)} ${k === 1 ? 'search' : 'searches'}`;

/** Before the first request of a people search that goes past one page: the daily searches it will use. */
function announce(ctx: Context, o: PagingOptions, budget: PageBudget, s: SearchRun<unknown>): void {
  if (!s.countsAsSearch) return;
  const planned = requestsFor(budget);
  if (budget.total === undefined) {
    ctx.out.info(
      `Following cursors: at most ${planned === undefined ? 'every page, one search each' : searches(planned)} (--max-pages). ` +
        `Each page counts toward the ${CAP} people searches a day of the organization with API keys.`,
    );
    return;
  }
  if (planned === undefined || planned <= 1) return;
  const what = `--limit ${budget.total} takes up to ${searches(planned)} (pages of ${budget.pageSize}${o.maxPages ? `, --max-pages ${o.maxPages}` : ''})`;
  if (planned > CAP)
    ctx.out.warn(
      `${what}, more than the ${CAP} people searches a day your organization has with API keys: the searches after the ${CAP}th are refused. Lower --limit.`,
    );
  else ctx.out.info(`${what} of the ${CAP} people searches a day your organization has with API keys.`);
}

/** With --all, once the first page tells how many match: the searches (or pages) all of them take. */
function announceAll(ctx: Context, page: SearchPage, budget: PageBudget, s: SearchRun<unknown>): void {
  const needed = Math.max(1, Math.ceil(page.total / budget.pageSize));
  if (s.countsAsSearch && budget.maxPages !== undefined && needed > budget.maxPages)
    ctx.out.warn(
      `${n(page.total)} ${s.noun} match: all of them take ${needed} searches; stopping after ${budget.maxPages}. Raise --max-pages to fetch more.`,
    );
  else ctx.out.info(`${n(page.total)} ${s.noun} match: ${needed} ${s.countsAsSearch ? 'search' : 'page'}${needed === 1 ? '' : 's'}.`);
}

/**
 * --limit rows over as many pages as that takes (printed together), or with --all every
 * page (streamed, up to --max-pages); then what it took and the command for what is left.
 */
export async function runSearch<Row>(ctx: Context, o: PagingOptions, s: SearchRun<Row>): Promise<void> {
  const budget = pageBudget(o, s.sizes, o.maxPages ?? (o.all ? s.maxPagesWithAll : undefined));
  announce(ctx, o, budget, s);
  let total: number | undefined;
  const shown = new Set<string>();
  const state = await printPaged(ctx, {
    pages: s.search(o.cursor ? { cursor: o.cursor } : {}),
    budget,
    all: Boolean(o.all),
    noun: s.noun,
    tableColumns: s.tableColumns,
    emptyMessage: s.emptyMessage,
    header: o.header !== false,
    onPage: async ({ page, items }) => {
      if (total === undefined) {
        total = page.total;
        ctx.out.hints(page);
        if (o.all && !o.cursor) announceAll(ctx, page, budget, s);
      }
      for (const w of [page.truncation_warning, ...(page.warnings ?? [])])
        if (w && !shown.has(w)) {
          shown.add(w);
          ctx.out.warn(w);
        }
      await s.onPage?.(page, items);
    },
    ...(s.extra ? { extra: s.extra } : {}),
  });
  const used = s.countsAsSearch ? `${searches(state.requests)} used` : `${n(state.requests)} ${state.requests === 1 ? 'page' : 'pages'}`;
  const more = moreCommand(ctx, state, budget);
  if (state.stoppedAtMaxPages) {
    ctx.out.info(`${n(state.rows)} ${s.noun} in ${used}. Stopped at --max-pages ${budget.maxPages}; continue with:\n  ${more}`);
  } else if (o.all) {
    ctx.out.info(`${n(state.rows)} ${s.noun} in ${used}.`);
  } else if (state.rows > 0) {
    ctx.out.info(
      `${n(state.rows)} of ${n(total ?? state.rows)} ${s.noun}, ${used}.${more ? ` The next ${n(budget.total ?? 0)}:\n  ${more}` : ''}`,
    );
  }
}
