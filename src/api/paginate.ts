/**
 * Async iteration over opaque cursors. A page function gets the cursor (undefined for the
 * first page) and returns the page; iteration ends when the page's cursor is null.
 */
export interface CursorPageResult<T> {
  items: T[];
  cursor: string | null | undefined;
  page: unknown;
}

export type PageFetcher<T> = (cursor: string | undefined) => Promise<CursorPageResult<T>>;

/** A page function that is also told how many rows to ask for. */
export type SizedPageFetcher<T> = (size: number, cursor: string | undefined) => Promise<CursorPageResult<T>>;

/**
 * How much a paged read takes: at most `total` rows in all (undefined: every row, to the
 * last page), at most `pageSize` rows a request, at most `maxPages` requests.
 */
export interface PageBudget {
  total?: number | undefined;
  pageSize: number;
  maxPages?: number | undefined;
}

/** Where a paged read got to: rows and requests so far, the cursor after the last row read (null at the end), whether --max-pages stopped it. */
export interface PagingState {
  rows: number;
  requests: number;
  next: string | null;
  stoppedAtMaxPages: boolean;
}

export const newPagingState = (): PagingState => ({ rows: 0, requests: 0, next: null, stoppedAtMaxPages: false });

/** How many requests a budget takes at most when enough rows match (undefined: unbounded). */
export function requestsFor(budget: PageBudget, matching = Infinity): number | undefined {
  const rows = Math.min(budget.total ?? Infinity, matching);
  const pages = rows === Infinity ? Infinity : Math.max(1, Math.ceil(rows / budget.pageSize));
  const capped = Math.min(pages, budget.maxPages ?? Infinity);
  return capped === Infinity ? undefined : capped;
}

/**
 * Pages within a budget: each request asks only for the rows still wanted (so the last page of
 * `--limit 250` in pages of 100 asks for 50), until the total, the last page or `maxPages`.
 * `state` is updated before each page is yielded.
 */
export async function* budgetedPages<T>(
  fetchPage: SizedPageFetcher<T>,
  budget: PageBudget,
  state: PagingState = newPagingState(),
  startCursor?: string,
): AsyncGenerator<CursorPageResult<T>> {
  let cursor = startCursor;
  const seen = new Set<string>();
  for (;;) {
    const want = budget.total === undefined ? budget.pageSize : Math.min(budget.pageSize, budget.total - state.rows);
    const page = await fetchPage(want, cursor);
    const next = page.cursor || null;
    state.rows += page.items.length;
    state.requests += 1;
    state.next = next;
    const full = budget.total !== undefined && state.rows >= budget.total;
    state.stoppedAtMaxPages = next !== null && !full && budget.maxPages !== undefined && state.requests >= budget.maxPages;
    yield page;
    if (next === null || full || state.stoppedAtMaxPages) return;
    // A server that hands back a cursor it already gave would loop forever.
    if (seen.has(next)) throw new Error(`the service returned the same cursor twice (${next.slice(0, 16)}...)`);
    seen.add(next);
    cursor = next;
  }
}

export function pages<T>(fetchPage: PageFetcher<T>, startCursor?: string): AsyncGenerator<CursorPageResult<T>> {
  return budgetedPages((_size, cursor) => fetchPage(cursor), { pageSize: Infinity }, newPagingState(), startCursor);
}

export async function* items<T>(fetchPage: PageFetcher<T>, startCursor?: string): AsyncGenerator<T> {
  for await (const page of pages(fetchPage, startCursor)) yield* page.items;
}

/** Adapts a JSON page like `{leads: [...], cursor}` to the iterator's shape. */
export function pageOf<T>(page: Record<string, unknown>, key: string): CursorPageResult<T> {
  const list = page[key];
  return {
    items: Array.isArray(list) ? (list as T[]) : [],
    cursor: typeof page.cursor === 'string' ? page.cursor : null,
    page,
  };
}

/** The pages of a paged read as the resources' *Pages functions yield them: each page's items and the page itself. */
export type PageSource<Page, Item> = () => AsyncGenerator<CursorPageResult<Item> & { page: Page }>;

/**
 * What a paged SDK call returns, in the manner of openai-node's PagePromise: awaited, the first
 * page as the service answers it (its rows, total and cursor); iterated with `for await`, every
 * item of every page, each page asked for only when the items before it are used up.
 * `pages()` iterates whole pages. Nothing is sent until the object is awaited or iterated; a
 * first page already awaited is not asked for again by the iteration that follows.
 */
export class PagePromise<Page, Item> implements PromiseLike<Page>, AsyncIterable<Item> {
  readonly #open: PageSource<Page, Item>;
  #started: { pages: AsyncGenerator<CursorPageResult<Item> & { page: Page }>; first: Promise<IteratorResult<CursorPageResult<Item> & { page: Page }>> } | undefined;
  #startedTaken = false;

  constructor(open: PageSource<Page, Item>) {
    this.#open = open;
  }

  #start() {
    if (!this.#started) {
      const pages = this.#open();
      this.#started = { pages, first: pages.next() };
    }
    return this.#started;
  }

  /** The first page. */
  then<A = Page, B = never>(onfulfilled?: ((page: Page) => A | PromiseLike<A>) | null, onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    const first = this.#start().first.then((r) => {
      if (r.done) throw new Error('the service answered no page');
      return r.value.page;
    });
    return first.then(onfulfilled, onrejected);
  }

  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page | B> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<Page> {
    return this.then().finally(onfinally);
  }

  /** Every page, following cursors from the first. */
  async *pages(): AsyncGenerator<Page, void, undefined> {
    for await (const p of this.#pageResults()) yield p.page;
  }

  /** Every item of every page. Stop early with `break`: no further page is asked for. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const p of this.#pageResults()) yield* p.items;
  }

  /** The first `limit` items across pages (fewer when the pages run out first). */
  async toArray(opts: { limit: number }): Promise<Item[]> {
    const out: Item[] = [];
    if (opts.limit <= 0) return out;
    for await (const item of this) {
      out.push(item);
      if (out.length >= opts.limit) break;
    }
    return out;
  }

  /** The pages, starting with the one already asked for when the first iteration follows an await. */
  async *#pageResults(): AsyncGenerator<CursorPageResult<Item> & { page: Page }> {
    if (this.#started && !this.#startedTaken) {
      this.#startedTaken = true;
      const { pages, first } = this.#started;
      const r = await first;
      if (r.done) return;
      yield r.value;
      yield* pages;
      return;
    }
    yield* this.#open();
  }

  get [Symbol.toStringTag](): string {
    return 'PagePromise';
  }
}
