import { expect, test } from 'vitest';
import { WEBHOOK_DELIVERIES_LIMITS, WEBHOOK_EVENT, WEBHOOK_POLICY, WEBHOOK_RESULTS_LIMIT } from '../../src/api/schemas/legacy.js';
import { WEBHOOK_TIME_SCALE } from '../../src/sandbox/engine/webhooks.js';

test("the webhook delivery rules are the spec's: 10 s per attempt, 5 attempts, waits of 1, 2, 4 and 8 s", () => {
  expect(WEBHOOK_POLICY).toEqual({ timeoutMs: 10_000, attempts: 5, waitsMs: [1_000, 2_000, 4_000, 8_000] });
  expect(WEBHOOK_POLICY.waitsMs).toHaveLength(WEBHOOK_POLICY.attempts - 1);
  expect(WEBHOOK_EVENT).toBe('enrichment.completed');
  expect(WEBHOOK_RESULTS_LIMIT).toBe(500);
  expect(WEBHOOK_DELIVERIES_LIMITS.limit).toEqual({ min: 1, max: 200, default: 50 });
  expect(WEBHOOK_TIME_SCALE).toEqual({ min: 0.001, max: 1, default: 1 });
});
