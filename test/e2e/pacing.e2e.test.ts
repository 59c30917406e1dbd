import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { prospect, sandboxClock } from '../helpers/in-process.js';

/**
 * A loop over many pages paces itself under the limits the service announces
 * (RateLimit-Policy) instead of bouncing off 429s. The sandbox's minute window is
 * shortened to one second, and the CLI paces on the sandbox's clock: its waits move the
 * sandbox's time into the next window without taking real time.
 */
describe('paced loops', () => {
  const t = useSandboxEnv({ withKey: true });

  it('lists leads --all over 75 pages gets every row with no 429 on the way', async () => {
    const list = (await control(t.sb, 'POST', '/lists', { name: 'Paced', people: 75 })).list_id as string;
    await control(t.sb, 'POST', '/rate-limits', { enabled: true, window_ms: 1000 });
    const r = await prospect(['lists', 'leads', list, '--all', '--page-size', '1', '--format', 'ndjson', '--debug'], {
      env: t.env,
      clock: sandboxClock(t.sb),
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const ids = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).lead_id);
    expect(new Set(ids).size).toBe(75);
    const log = (await control(t.sb, 'GET', '/requests?limit=1000')).requests as Array<{ status_code: number; route: string }>;
    const pages = log.filter((x) => x.route === '/lead-lists/{list_id}/leads');
    expect(pages.length).toBeGreaterThanOrEqual(75);
    expect(log.filter((x) => x.status_code === 429)).toEqual([]);
    // It waited for the window rather than being refused.
    expect(r.stderr).toMatch(/\[debug\] pacing GET/);
  });
});
