import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SandboxClock } from '../../src/sandbox/engine/clock.js';
import { openSandbox, control, type RunningSandbox } from './helpers.js';

describe('SandboxClock', () => {
  let real = 1_000_000;
  const clock = () => new SandboxClock(() => real);

  test('runs with real time plus the offset; set and advance move it', () => {
    real = 1_000_000;
    const c = clock();
    c.set(5_000_000);
    real += 250;
    expect(c.now()).toBe(5_000_250);
    c.advance(1000);
    expect(c.now()).toBe(5_001_250);
    expect(c.offsetMs).toBe(5_001_250 - real);
  });

  test('frozen, it stands still until moved, and runs on from there when thawed', () => {
    real = 1_000_000;
    const c = clock();
    c.set(7_000_000);
    c.frozen = true;
    real += 10_000;
    expect(c.now()).toBe(7_000_000);
    c.advance(500);
    expect(c.now()).toBe(7_000_500);
    c.set(8_000_000);
    real += 10_000;
    expect(c.now()).toBe(8_000_000);
    expect(c.offsetMs).toBe(8_000_000 - real);
    c.frozen = false;
    real += 40;
    expect(c.now()).toBe(8_000_040);
  });

  test('a snapshot offset of a frozen clock reloads to the same time', () => {
    real = 2_000_000;
    const c = clock();
    c.set(9_000_000);
    c.frozen = true;
    const reloaded = clock();
    reloaded.offsetMs = c.offsetMs;
    expect(reloaded.now()).toBe(9_000_000);
  });
});

describe('POST /__sandbox/clock freeze', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await openSandbox();
  });
  afterAll(() => sb.close());

  test('freeze holds the sandbox time exactly; reset lets it run again', async () => {
    const at = Date.UTC(2031, 4, 1, 8, 0, 0, 123);
    const frozen = await control(sb, 'POST', '/clock', { set_ms: at, freeze: true });
    expect(frozen).toMatchObject({ now_ms: at, frozen: true });
    // No sleep: offset_ms (sandbox minus the server's real time) shrinks as real time passes, so read until it did and see now_ms hold.
    const reads: { now_ms: number; offset_ms: number }[] = [];
    const offset = async () => {
      const c = await control(sb, 'GET', '/clock');
      reads.push(c);
      return c.offset_ms;
    };
    await expect.poll(offset, { interval: 5 }).toBeLessThan(frozen.offset_ms);
    expect(reads.map((r) => r.now_ms)).toEqual(reads.map(() => at));
    expect((await control(sb, 'POST', '/clock', { advance_ms: 1500 })).now_ms).toBe(at + 1500);
    const reset = await control(sb, 'POST', '/reset');
    expect(reset.frozen).toBe(false);
    expect(Math.abs(reset.now_ms - Date.now())).toBeLessThan(60_000);
  });

  test('thawing runs on from the frozen time', async () => {
    const at = Date.UTC(2031, 4, 1, 9);
    await control(sb, 'POST', '/clock', { set_ms: at, freeze: true });
    const thawed = await control(sb, 'POST', '/clock', { freeze: false });
    expect(thawed.frozen).toBe(false);
    expect(thawed.now_ms).toBeGreaterThanOrEqual(at);
    expect(thawed.now_ms).toBeLessThan(at + 60_000);
  });

  test('advance_ms with set_ms, or an empty body, is refused', async () => {
    for (const body of [{ advance_ms: 1, set_ms: 1 }, {}]) {
      await expect(control(sb, 'POST', '/clock', body)).rejects.toThrow(/422/);
    }
  });
});
