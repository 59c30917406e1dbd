import type { Context } from '../../cli/context.js';
import type { Client } from '../../api/client.js';
import { printablePages } from '../../cli/output/output.js';
import { continuation, withPagingProgress } from '../../cli/paging-progress.js';
import { pages } from '../../api/paginate.js';
import { RATE_LIMITS } from '../../api/schemas/values/limits.js';
import { formatCount as n } from '../../cli/output/numbers.js';

/** What people scan in a table; csv, tsv and json keep every field. */
export const PERSON_TABLE_COLUMNS = ['full_name', 'title', 'company', 'location', 'seniority'] as const;
export const COMPANY_TABLE_COLUMNS = ['name', 'domain', 'industry', 'employee_count', 'hq_location', 'funding_stage'] as const;

/** A search page as both search endpoints answer it. */
export interface SearchPage<Row> {
  results: Row[];
  total: number;
  cursor: string | null;
  truncation_warning?: string | null | undefined;
  warnings?: string[] | undefined;
  task_id?: string | null | undefined;
}

export interface PagingOptions {
  limit?: number | undefined;
  cursor?: string | undefined;
  all?: boolean | undefined;
  maxPages?: number | undefined;
  header?: boolean | undefined;
}

export interface SearchRun<Row> {
  /** The client the pages come through (its rate limits give the ETA of --all). */
  client: Client;
  /** One request: the page after `cursor` with `limit` rows asked for. */
  fetchPage(limit: number | undefined, cursor: string | undefined): Promise<SearchPage<Row>>;
  /** "people" or "companies", for messages. */
  noun: string;
  tableColumns: readonly string[];
  /** Rows one response carries at most. */
  perResponse: number;
  /** People search: every page counts toward the daily search cap of API keys. */
  countsAsSearch: boolean;
  emptyMessage: string;
  /** Called with every page once it is printed or streamed (saving its cohort to a list). */
  onPage?(page: SearchPage<Row>): Promise<void>;
}


function warnings(ctx: Context, page: SearchPage<unknown>): void {
  if (page.truncation_warning) ctx.out.warn(page.truncation_warning);
  for (const w of page.warnings ?? []) ctx.out.warn(w);
}

/** One page, or with --all every page (streamed, up to --max-pages), then what it took. */
export async function runSearch<Row>(ctx: Context, o: PagingOptions, s: SearchRun<Row>): Promise<void> {
  if (!o.all) {
    const page = await s.fetchPage(o.limit, o.cursor);
    await ctx.out.print({
      kind: 'rows',
      payload: page,
      rows: page.results,
      tableColumns: s.tableColumns,
      emptyMessage: s.emptyMessage,
    });
    warnings(ctx, page);
    await s.onPage?.(page);
    if (page.results.length > 0)
      ctx.out.info(`${n(page.results.length)} of ${n(page.total)} ${s.noun}${page.cursor ? `; next page: --cursor ${page.cursor}` : ''}`);
    return;
  }

  const pageSize = Math.min(o.limit ?? s.perResponse, s.perResponse);
  const maxPages = o.maxPages;
  const cap = RATE_LIMITS.peopleSearchesPerDay;
  if (s.countsAsSearch)
    ctx.out.info(
      `Following cursors: at most ${maxPages} searches (--max-pages). Each page counts toward the ${cap} people searches a day ` +
        'of the organization with API keys.',
    );
  let fetched = 0;
  let stoppedAt: string | null = null;
  const all = pages<Row>(async (cursor) => {
    const page = await s.fetchPage(pageSize, cursor);
    fetched += 1;
    if (fetched === 1) {
      ctx.out.hints(page);
      if (!o.cursor) {
        const needed = Math.max(1, Math.ceil(page.total / pageSize));
        if (s.countsAsSearch && maxPages !== undefined && needed > maxPages)
          ctx.out.warn(
            `${n(page.total)} ${s.noun} match: all of them take ${needed} searches; stopping after ${maxPages}. Raise --max-pages to fetch more.`,
          );
        else ctx.out.info(`${n(page.total)} ${s.noun} match: ${needed} ${s.countsAsSearch ? 'search' : 'page'}${needed === 1 ? '' : 's'}.`);
      }
    }
    warnings(ctx, page);
    await s.onPage?.(page);
    let next = page.cursor;
    if (next && maxPages !== undefined && fetched >= maxPages) {
      stoppedAt = next;
      next = null;
    }
    return { items: page.results, cursor: next, page };
  }, o.cursor);
  const watched = withPagingProgress(ctx, s.client, all, { noun: s.noun, pageSize, maxPages, totalOf: (p) => (p as { total?: number }).total });
  const count = await ctx.out.printPages(printablePages(watched), undefined, s.tableColumns, { header: o.header !== false });
  const used = s.countsAsSearch ? `${fetched} ${fetched === 1 ? 'search' : 'searches'} used` : `${fetched} ${fetched === 1 ? 'page' : 'pages'}`;
  ctx.out.info(
    `${n(count)} ${s.noun} in ${used}.` + (stoppedAt ? ` Stopped at --max-pages ${maxPages}; continue with:\n  ${continuation(ctx, stoppedAt)}` : ''),
  );
}
