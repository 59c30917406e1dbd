import { afterEach, beforeEach, expect, test } from 'vitest';
import { control } from './helpers.js';
import { expectOk, useListsSandbox } from './lists-helpers.js';
import {
  byUrl,
  deliveries,
  eventually,
  finish,
  hitRates,
  reachablePeople,
  receiver,
  started,
  START_MS,
  type Receiver,
} from './legacy-helpers.js';
import { WEBHOOK_POLICY } from '../../src/api/schemas/values/legacy.js';

/**
 * The delivery rules at their real figures (other webhook tests shorten them): an attempt the
 * receiver holds past 10 s fails as a timeout, and the next attempt follows 1 s later.
 */
const cast = useListsSandbox();
let hook: Receiver | undefined;

beforeEach(async () => {
  await control(cast.sb, 'POST', '/clock', { set_ms: START_MS, freeze: true });
  await control(cast.sb, 'POST', '/rate-limits', { enabled: false });
  hitRates(cast.sb, 1);
});
afterEach(async () => {
  await hook?.close();
});

test(
  'a receiver slower than 10 s: the attempt fails after 10 s, the second comes 1 s later and is delivered',
  { timeout: 30_000 },
  async () => {
    hook = await receiver((n, res) => {
      if (n > 1) res.end('ok');
      // The first request is held: the service gives up on it after its timeout.
    });
    const run = await started(cast, { webhook_url: hook.url, contacts: [byUrl(reachablePeople(cast, 1)[0]!)] });
    await finish(cast, run.workflow_id);
    const rows = await eventually(
      async () => expectOk(await deliveries(cast, { workflow_id: run.workflow_id })),
      (r: any[]) => r.length >= 2,
      20_000,
    );
    const [second, first] = rows;
    expect(first).toMatchObject({
      attempt_number: 1,
      status: 'failed',
      response_status_code: null,
      error_message: expect.stringMatching(/timeout/),
    });
    expect(first.duration_ms).toBeGreaterThanOrEqual(WEBHOOK_POLICY.timeoutMs - 5);
    expect(first.duration_ms).toBeLessThan(WEBHOOK_POLICY.timeoutMs + 1_500);
    expect(second).toMatchObject({ attempt_number: 2, status: 'delivered', response_status_code: 200, error_message: null });
    // Arrival times at the receiver carry each attempt's connect time, which differs under load; the
    // service's own measure (duration_ms above) is the exact one.
    const [a, b] = hook.hits;
    expect(b!.at - a!.at).toBeGreaterThanOrEqual(WEBHOOK_POLICY.timeoutMs + WEBHOOK_POLICY.waitsMs[0] - 250);
    expect(hook.hits).toHaveLength(2);
  },
);
