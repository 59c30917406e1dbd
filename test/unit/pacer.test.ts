import { describe, expect, it } from 'vitest';
import { RatePacer, parseRatePolicy } from '../../src/api/pacer.js';

function fakeClock() {
  let now = 1_000_000;
  const waits: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
    advance: (ms: number) => (now += ms),
    waits,
  };
}

/** The most requests any fixed window of `windowMs` (aligned to multiples of it, as the service counts) received. */
function busiestFixedWindow(times: number[], windowMs: number): number {
  const counts = new Map<number, number>();
  for (const t of times) counts.set(Math.floor(t / windowMs), (counts.get(Math.floor(t / windowMs)) ?? 0) + 1);
  return Math.max(...counts.values());
}

describe('RateLimit-Policy parsing', () => {
  it('reads each limit and window, ignoring items it cannot read', () => {
    expect(parseRatePolicy('60;w=60;comment="organization", 30;w=60;comment="api_key"')).toEqual([
      { limit: 60, windowMs: 60_000, scope: 'organization' },
      { limit: 30, windowMs: 60_000, scope: 'api_key' },
    ]);
    expect(parseRatePolicy('30;w=5')).toEqual([{ limit: 30, windowMs: 5_000 }]);
    expect(parseRatePolicy('abc, 10, 5;q=1')).toEqual([]);
    expect(parseRatePolicy(undefined)).toEqual([]);
  });
});

describe('RatePacer', () => {
  it('does not wait while nothing was announced', async () => {
    const c = fakeClock();
    const p = new RatePacer(c.now, c.sleep);
    for (let i = 0; i < 200; i++) await p.take();
    expect(c.waits).toEqual([]);
  });

  it('never puts more than the limit into one fixed window, and runs within 2 % of the ceiling', async () => {
    const c = fakeClock();
    const p = new RatePacer(c.now, c.sleep);
    p.learn('60;w=5, 30;w=5');
    const sent: number[] = [];
    const start = c.now();
    for (let i = 0; i < 300; i++) {
      await p.take();
      sent.push(c.now());
      c.advance(7); // each request takes a little time
    }
    expect(busiestFixedWindow(sent, 5_000)).toBeLessThanOrEqual(30);
    const perWindow = (300 / (c.now() - start)) * 5_000;
    expect(perWindow).toBeGreaterThan(30 * 0.95);
  });

  it('keeps the last announced policy when an answer carries none', async () => {
    const c = fakeClock();
    const p = new RatePacer(c.now, c.sleep);
    p.learn('2;w=1');
    p.learn(undefined);
    await p.take();
    await p.take();
    expect(p.delayMs()).toBeGreaterThan(1_000);
  });
});
