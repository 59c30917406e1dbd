import { describe, expect, it } from 'vitest';
import { budgetedPages, newPagingState, pages, requestsFor } from '../../src/api/paginate.js';
import { pageBudget } from '../../src/cli/paging.js';
import { TERMINAL_STATUSES, waitForWorkflow, PollTimeoutError } from '../../src/api/poll.js';

describe('cursor iteration', () => {
  it('follows cursors until null and yields every row once', async () => {
    const data: Record<string, { rows: number[]; cursor: string | null }> = {
      start: { rows: [1, 2], cursor: 'c1' },
      c1: { rows: [3], cursor: 'c2' },
      c2: { rows: [4, 5], cursor: null },
    };
    const seen: (string | undefined)[] = [];
    const all: number[] = [];
    for await (const page of pages<number>(async (c) => {
      seen.push(c);
      const p = data[c ?? 'start']!;
      return { items: p.rows, cursor: p.cursor, page: p };
    }))
      all.push(...page.items);
    expect(all).toEqual([1, 2, 3, 4, 5]);
    expect(seen).toEqual([undefined, 'c1', 'c2']);
  });

  it('stops when the server repeats a cursor instead of looping forever', async () => {
    const it = pages<number>(async () => ({ items: [1], cursor: 'same', page: {} }));
    await expect(async () => {
      for await (const _ of it) void _;
    }).rejects.toThrow(/same cursor twice/);
  });
});

describe('--limit as a total: budgeted pages', () => {
  /** A service of `rows` rows that honours the size asked for; records each size. */
  function service(rows: number) {
    const asked: number[] = [];
    const fetch = async (size: number, cursor: string | undefined) => {
      asked.push(size);
      const from = Number(cursor ?? 0);
      const end = Math.min(rows, from + Math.min(size, 100));
      return { items: Array.from({ length: end - from }, (_, i) => from + i), cursor: end < rows ? String(end) : null, page: {} };
    };
    return { asked, fetch };
  }
  const read = async (fetch: ReturnType<typeof service>['fetch'], budget: Parameters<typeof budgetedPages>[1], start?: string) => {
    const state = newPagingState();
    const got: number[] = [];
    for await (const p of budgetedPages(fetch, budget, state, start)) got.push(...p.items);
    return { got, state };
  };

  it('--limit 250 in pages of 100 asks for 100, 100, 50 and ends with the cursor after the 250th row', async () => {
    const s = service(1000);
    const { got, state } = await read(s.fetch, pageBudget({ limit: 250 }, { min: 1, max: 100, default: 25 }));
    expect(s.asked).toEqual([100, 100, 50]);
    expect(got).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect(state).toEqual({ rows: 250, requests: 3, next: '250', stoppedAtMaxPages: false });
  });

  it('fewer rows than --limit: stops at the last page; --all reads to the end in the largest pages', async () => {
    const s = service(130);
    expect((await read(s.fetch, { total: 500, pageSize: 100 })).got).toHaveLength(130);
    expect(s.asked).toEqual([100, 100]);
    const all = service(230);
    const { state } = await read(all.fetch, pageBudget({ all: true }, { min: 1, max: 100, default: 25 }));
    expect(all.asked).toEqual([100, 100, 100]);
    expect(state).toMatchObject({ rows: 230, next: null });
  });

  it('--max-pages stops early and says so; a start cursor continues', async () => {
    const s = service(1000);
    const { state } = await read(s.fetch, { total: 250, pageSize: 50, maxPages: 2 });
    expect(state).toEqual({ rows: 100, requests: 2, next: '100', stoppedAtMaxPages: true });
    const rest = await read(s.fetch, { total: 150, pageSize: 50, maxPages: 2 }, '100');
    expect(rest.got[0]).toBe(100);
    expect(rest.state.stoppedAtMaxPages).toBe(true);
  });

  it('the requests a budget takes, and the defaults of pageBudget', () => {
    const sizes = { min: 1, max: 100, default: 25 };
    expect(requestsFor(pageBudget({ limit: 250 }, sizes))).toBe(3);
    expect(requestsFor(pageBudget({ limit: 250, pageSize: 50 }, sizes))).toBe(5);
    expect(requestsFor(pageBudget({ limit: 250 }, sizes), 120)).toBe(2);
    expect(requestsFor(pageBudget({ all: true }, sizes, 10))).toBe(10);
    expect(requestsFor(pageBudget({ all: true }, sizes))).toBeUndefined();
    expect(pageBudget({}, sizes)).toEqual({ total: 25, pageSize: 25, maxPages: undefined });
    expect(() => pageBudget({ all: true, limit: 5 }, sizes)).toThrow(/--all and --limit cannot be combined/);
  });
});

describe('waitForWorkflow', () => {
  for (const terminal of TERMINAL_STATUSES) {
    it(`exits on ${terminal}`, async () => {
      const states = ['pending', 'processing', terminal];
      let i = 0;
      const sleeps: number[] = [];
      const end = await waitForWorkflow({
        fetchStatus: async () => ({ status: states[i++] }),
        sleep: async (ms) => void sleeps.push(ms),
        initialIntervalMs: 100,
      });
      expect(end.status).toBe(terminal);
      expect(i).toBe(3);
      expect(sleeps).toEqual([100, 150]);
    });
  }

  it('an abort ends the wait between polls', async () => {
    const controller = new AbortController();
    const waiting = waitForWorkflow({
      fetchStatus: async () => ({ status: 'processing' }),
      onProgress: () => controller.abort(new Error('stop')),
      initialIntervalMs: 60_000,
      signal: controller.signal,
    });
    await expect(waiting).rejects.toThrow('stop');
  });

  it('reports progress and gives up after its timeout with the last status', async () => {
    let t = 0;
    const progress: unknown[] = [];
    await expect(
      waitForWorkflow({
        fetchStatus: async () => ({ status: 'processing', processed: t }),
        onProgress: (s) => progress.push(s),
        sleep: async (ms) => void (t += ms),
        now: () => t,
        timeoutMs: 1000,
        initialIntervalMs: 400,
      }),
    ).rejects.toBeInstanceOf(PollTimeoutError);
    expect(progress.length).toBeGreaterThan(1);
  });
});
