import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { RatePacer } from '../../src/api/pacer.js';
import { sleep } from '../../src/api/sleep.js';
import { createProgress } from '../../src/cli/progress.js';
import { describeLimit, noticeWaits, waitText } from '../../src/cli/wait-notice.js';
import type { TraceEvent } from '../../src/api/client.js';
import { Capture } from '../helpers/streams.js';

const url = 'http://127.0.0.1/api/v2/lead-lists';

describe('waits named for a person', () => {
  it('names the limit, the window and whom it counts', () => {
    expect(describeLimit({ limit: 30, windowMs: 60_000, scope: 'api_key' })).toBe('30 requests a minute per API key');
    expect(describeLimit({ limit: 60, windowMs: 60_000, scope: 'organization' })).toBe('60 requests a minute per organization');
    expect(describeLimit({ limit: 60, windowMs: 86_400_000, scope: 'organization_people_search' })).toBe(
      '60 people searches a day per organization',
    );
    expect(describeLimit({ limit: 10, windowMs: 5_000 })).toBe('10 requests per 5 s');
  });

  it('says what each wait is for', () => {
    const pace: TraceEvent = { type: 'pace', method: 'GET', url, waitMs: 13_200, limit: { limit: 30, windowMs: 60_000, scope: 'api_key' } };
    expect(waitText(pace)).toBe('waiting 14 s for the rate limit, 30 requests a minute per API key');
    const limited: TraceEvent = {
      type: 'retry',
      method: 'GET',
      url,
      reason: '429 rate_limited',
      waitMs: 14_000,
      attempt: 0,
      limit: { limit: 60, windowMs: 60_000, scope: 'organization' },
    };
    expect(waitText(limited)).toBe('waiting 14 s: rate limited, 60 requests a minute per organization');
    expect(waitText({ type: 'retry', method: 'GET', url, reason: '503 internal_error', waitMs: 1_500, attempt: 1 })).toBe(
      'the service answered 503 internal_error: trying again in 2 s',
    );
    expect(waitText({ type: 'request', method: 'GET', url, headers: {}, attempt: 0 })).toBeUndefined();
  });

  it('on the spinner line while one shows, cleared by the next request; otherwise a line of its own for long waits', async () => {
    const err = Object.assign(new Capture(), { isTTY: true, columns: 200, cursorTo() {}, clearLine() {}, moveCursor() {} });
    const progress = createProgress({ stderr: err, enabled: true, color: false });
    const lines: string[] = [];
    const notice = noticeWaits({ note: (t) => progress.note(t), line: (t) => lines.push(t) });
    const pace: TraceEvent = { type: 'pace', method: 'GET', url, waitMs: 20_000, limit: { limit: 30, windowMs: 60_000, scope: 'api_key' } };

    notice(pace);
    expect(lines).toEqual(['Waiting 20 s for the rate limit, 30 requests a minute per API key...']);
    notice({ ...pace, waitMs: 500 });
    expect(lines).toHaveLength(1);

    await progress.start('Exporting: 500 rows');
    notice(pace);
    // The spinner draws its next frame with the note.
    await expect.poll(() => err.text).toContain('Exporting: 500 rows · waiting 20 s for the rate limit, 30 requests a minute per API key');
    expect(lines).toHaveLength(1);
    notice({ type: 'request', method: 'GET', url, headers: {}, attempt: 0 });
    const before = err.text.length;
    await expect.poll(() => err.text.slice(before)).toContain('Exporting: 500 rows');
    expect(err.text.slice(before)).not.toContain('waiting');
    progress.stop();
  });
});

describe('a long run on one signal', () => {
  it('leaves no abort listener behind after each wait (MaxListenersExceededWarning)', async () => {
    const controller = new AbortController();
    for (let i = 0; i < 50; i++) await sleep(0, controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('the pacer waits on the same signal a thousand times without piling up listeners', async () => {
    const controller = new AbortController();
    let now = 0;
    const pacer = new RatePacer(
      () => now,
      async (ms, signal) => {
        now += ms;
        await sleep(0, signal);
      },
    );
    pacer.learn('30;w=60');
    for (let i = 0; i < 1000; i++) await pacer.take(controller.signal);
    expect(now).toBeGreaterThan(30 * 60_000);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
