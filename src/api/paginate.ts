/**
 * Async iteration over opaque cursors. A page function gets the cursor (undefined for the
 * first page) and returns the page; iteration ends when the page's cursor is null.
 */
export interface CursorPageResult<T> {
  items: T[];
  cursor: string | null | undefined;
  page: unknown;
}

type PageFetcher<T> = (cursor: string | undefined) => Promise<CursorPageResult<T>>;

/** A page function that is also told how many rows to ask for. */
type SizedPageFetcher<T> = (size: number, cursor: string | undefined) => Promise<CursorPageResult<T>>;

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

/** Adapts a JSON page like `{leads: [...], cursor}` to the iterator's shape. */
function pageOf<T>(page: Record<string, unknown>, key: string): CursorPageResult<T> {
  const list = page[key];
  return {
    items: Array.isArray(list) ? (list as T[]) : [],
    cursor: typeof page.cursor === 'string' ? page.cursor : null,
    page,
  };
}

/** Asks for one page: `size` rows (undefined: the operation's default) after `cursor` (undefined: the first page). */
export type PageRequest<Page> = (size: number | undefined, cursor: string | undefined) => Promise<Page>;

/** How a paged operation's pages are read (the catalog's Paging), and where a read starts. */
export interface PageReading {
  /** The key of the page that holds the rows. */
  rows: string;
  /** Rows asked for a page (undefined: the service's default). */
  size?: number | undefined;
  /** Start after this cursor of an earlier page. */
  cursor?: string | undefined;
}

type PageResult<Page, Item> = CursorPageResult<Item> & { page: Page };

/** The most pages one iteration may read, and the error it throws instead of reading a page after them. */
export interface PageCap<Page> {
  maxPages: number;
  tooMany(read: PagingState, last: Page): Error;
}

/**
 * What a paged call returns, in the manner of openai-node's PagePromise: awaited, the first
 * page as the service answers it (its rows, total and cursor); iterated with `for await`, every
 * item of every page, each page asked for only when the items before it are used up.
 * `pages()` iterates whole pages. Nothing is sent until the object is awaited or iterated; a
 * first page already awaited is not asked for again by the iteration that follows.
 */
export class PagePromise<Page, Item> implements PromiseLike<Page>, AsyncIterable<Item> {
  readonly #request: PageRequest<Page>;
  /** How the pages are read, known once the operation's entry is loaded. */
  readonly #reading: Promise<PageReading>;
  #rows: string | undefined;
  readonly #cap: PageCap<Page> | undefined;
  #started: { pages: AsyncGenerator<PageResult<Page, Item>>; first: Promise<IteratorResult<PageResult<Page, Item>>> } | undefined;
  #startedTaken = false;

  /** @internal */
  constructor(request: PageRequest<Page>, reading: PageReading | Promise<PageReading>, cap?: PageCap<Page>) {
    this.#request = request;
    this.#reading = Promise.resolve(reading);
    this.#reading.then((r) => (this.#rows = r.rows)).catch(() => undefined);
    this.#cap = cap;
  }

  /** @internal The key of a page's rows (known once a page was asked for). */
  get rows(): string {
    if (this.#rows === undefined) throw new Error('PagePromise: the rows key is known once a page was asked for');
    return this.#rows;
  }

  /**
   * @internal The same read, each iteration stopping after `cap.maxPages` pages: with pages left
   * it throws `cap.tooMany` (every row of the pages read given first). Awaiting the first page is
   * not capped.
   */
  capped(cap: PageCap<Page>): PagePromise<Page, Item> {
    return new PagePromise(this.#request, this.#reading, cap);
  }

  async #page(size: number | undefined, cursor: string | undefined): Promise<PageResult<Page, Item>> {
    const { rows } = await this.#reading;
    const page = await this.#request(size === Infinity ? undefined : size, cursor);
    return pageOf<Item>(page as Record<string, unknown>, rows) as PageResult<Page, Item>;
  }

  async *#open(): AsyncGenerator<PageResult<Page, Item>> {
    const cap = this.#cap;
    const { size } = await this.#reading;
    const state = newPagingState();
    let last: Page | undefined;
    for await (const page of this.budgeted({ pageSize: size ?? Infinity, maxPages: cap?.maxPages }, state)) {
      last = page.page;
      yield page;
    }
    if (cap && state.stoppedAtMaxPages) throw cap.tooMany(state, last!);
  }

  /**
   * @internal The pages within a budget (the CLI's --limit and --max-pages): each request asks
   * only for the rows still wanted; `state` says where the read got to. `seen` is told of each
   * page before it counts as read (a page it fails on is left to read again).
   */
  async *budgeted(
    budget: PageBudget,
    state?: PagingState,
    seen?: (page: PageResult<Page, Item>) => Promise<void> | void,
  ): AsyncGenerator<PageResult<Page, Item>> {
    const { cursor: start } = await this.#reading;
    const read = async (size: number, cursor: string | undefined) => {
      const page = await this.#page(size, cursor);
      await seen?.(page);
      return page;
    };
    yield* budgetedPages(read, budget, state, start) as AsyncGenerator<PageResult<Page, Item>>;
  }

  /** @internal Every page as rows and page, at the operation's page size. */
  rowPages(): AsyncGenerator<PageResult<Page, Item>> {
    return this.#open();
  }

  #start() {
    if (!this.#started) {
      const pages = this.#open();
      this.#started = { pages, first: pages.next() };
    }
    return this.#started;
  }
  /** The first page. */
  then<A = Page, B = never>(
    onfulfilled?: ((page: Page) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
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
  async *#pageResults(): AsyncGenerator<PageResult<Page, Item>> {
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
