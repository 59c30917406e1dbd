import { describe, expect, it } from 'vitest';
import { items, pages } from '../../src/api/paginate.js';
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
    for await (const r of items<number>(async (c) => {
      seen.push(c);
      const p = data[c ?? 'start']!;
      return { items: p.rows, cursor: p.cursor, page: p };
    }))
      all.push(r);
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
