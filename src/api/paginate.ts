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

export async function* pages<T>(fetchPage: PageFetcher<T>, startCursor?: string): AsyncGenerator<CursorPageResult<T>> {
  let cursor = startCursor;
  const seen = new Set<string>();
  for (;;) {
    const page = await fetchPage(cursor);
    yield page;
    const next = page.cursor ?? null;
    if (next === null || next === '') return;
    // A server that hands back a cursor it already gave would loop forever.
    if (seen.has(next)) throw new Error(`the service returned the same cursor twice (${next.slice(0, 16)}...)`);
    seen.add(next);
    cursor = next;
  }
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
