import { describe, expect, it } from 'vitest';
import { ConfigurationError, SearchPageCapError, values } from '../../src/index.js';
import { control } from '../sandbox/helpers.js';
import { useSdkSandbox } from './helpers.js';

/**
 * Each people-search page uses one of the organization's 60 searches a day: a plain `for await`
 * over a broad search stops at the default cap (10 pages, as the CLI's --all) with a typed error
 * carrying the cursor, and goes further only when the cap is raised explicitly.
 */

const t = useSdkSandbox();

/** Matches nearly everyone of the data set: about 50 pages of 100. */
const BROAD = { filters: { seniority: [...values.SENIORITY_LEVELS] } };

/** What iterating gives: the people read, and the error that ended it (undefined: it ran to the last page). */
async function iterate(search: AsyncIterable<{ lead_id: string }>): Promise<{ ids: string[]; stop: unknown }> {
  const ids: string[] = [];
  try {
    for await (const p of search) ids.push(p.lead_id);
  } catch (e) {
    return { ids, stop: e };
  }
  return { ids, stop: undefined };
}

/** The service's own count of the organization's daily people searches, as a page's agent_instructions say it (this page included). */
const searchesUsed = (instructions: string | null | undefined) =>
  Number(/(\d+) of 60 daily people searches used/.exec(instructions ?? '')?.[1]);

describe('people.search iteration stops at the page cap', () => {
  it('a for await over a broad search uses 10 searches, gives their 1,000 people, then throws SearchPageCapError with the cursor to go on', async () => {
    await control(t.sb, 'POST', '/rate-limits', { enabled: true }); // the sandbox counts the daily searches
    const { ids, stop } = await iterate(t.client.people.search(BROAD));

    expect(stop).toBeInstanceOf(SearchPageCapError);
    const e = stop as SearchPageCapError;
    expect(e).toMatchObject({ pagesUsed: 10, maxPages: 10, rowsRead: 1000, code: 'search_page_cap' });
    expect(e.total).toBeGreaterThan(4000);
    expect(e.message).toContain('people search stopped after 10 pages (maxPages 10), 1,000 people read of');
    expect(e.message).toContain('raise the cap explicitly (people.search(params, { maxPages: 20 }))');
    expect(ids).toHaveLength(1000);
    expect(new Set(ids).size).toBe(1000);
    expect(t.sent).toEqual(Array(10).fill('POST /people/find'));

    // Going on from the error's cursor: the next people, and the service counts this page as the 11th search of the day.
    const next = await t.client.people.search({ ...BROAD, cursor: e.cursor, limit: 5 });
    expect(searchesUsed(next.agent_instructions)).toBe(11);
    expect(next.results).toHaveLength(5);
    expect(next.results.some((p) => ids.includes(p.lead_id))).toBe(false);
  });

  it('raising the cap explicitly goes further: { maxPages: 15 } reads 1,500 people in 15 searches before it stops', async () => {
    const { ids, stop } = await iterate(t.client.people.search(BROAD, { maxPages: 15 }));
    expect(stop).toBeInstanceOf(SearchPageCapError);
    expect(stop).toMatchObject({ pagesUsed: 15, maxPages: 15, rowsRead: 1500 });
    expect(new Set(ids).size).toBe(1500);
    expect(t.sent).toHaveLength(15);
  });

  it('a search within its cap ends at its last page without an error; toArray and pages() are capped the same way', async () => {
    const narrow = { filters: { seniority: ['Director' as const], departments: ['Engineering' as const] }, limit: 20 };
    const first = await t.client.people.search(narrow);
    const pagesNeeded = Math.ceil(first.total / 20);
    expect(pagesNeeded).toBeGreaterThan(1);
    expect(pagesNeeded).toBeLessThanOrEqual(10);
    const { ids, stop } = await iterate(t.client.people.search(narrow));
    expect(stop).toBeUndefined();
    expect(ids).toHaveLength(first.total);

    t.sent.length = 0;
    await expect(t.client.people.search(BROAD, { maxPages: 2 }).toArray({ limit: 300 })).rejects.toMatchObject({
      name: 'SearchPageCapError',
      rowsRead: 200,
    });
    const pages: number[] = [];
    await expect(
      (async () => {
        for await (const p of t.client.people.search(BROAD, { maxPages: 3 }).pages()) pages.push(p.results.length);
      })(),
    ).rejects.toBeInstanceOf(SearchPageCapError);
    expect(pages).toEqual([100, 100, 100]);
    expect(t.sent).toHaveLength(5);
  });

  it('awaiting the first page is unchanged; iterating after it counts that page toward the cap and does not ask for it again', async () => {
    const search = t.client.people.search(BROAD, { maxPages: 1 });
    const page = await search;
    expect(page.results).toHaveLength(100);
    const { ids, stop } = await iterate(search);
    expect(ids).toEqual(page.results.map((p) => p.lead_id));
    expect(stop).toMatchObject({ pagesUsed: 1, cursor: page.cursor });
    expect(t.sent).toEqual(['POST /people/find']);
  });

  it('a maxPages that is not a whole number of 1 or more is refused before anything is sent', async () => {
    for (const bad of [0, -1, 2.5, Number.NaN]) {
      const e = await t.client.people.search(BROAD, { maxPages: bad }).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(ConfigurationError);
      expect((e as Error).message).toContain(`maxPages ${bad} is not a whole number of pages of 1 or more`);
    }
    expect(t.sent).toEqual([]);
  });
});
