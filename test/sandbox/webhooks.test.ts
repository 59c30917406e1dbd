import * as z from 'zod/mini';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { control } from './helpers.js';
import { call, expectOk, expectPublicError, useListsSandbox } from './lists-helpers.js';
import {
  RUN_MS,
  START_MS,
  answerWith,
  byName,
  byUrl,
  deliveries,
  eventually,
  expectGenericError,
  finish,
  hitRates,
  reachablePeople,
  receiver,
  started,
  unknownProfile,
  v1Status,
  type Receiver,
} from './legacy-helpers.js';
import { WEBHOOK_POLICY, WebhookDeliveries, WebhookPayload } from '../../src/api/schemas/legacy.js';
import { deliveriesOf } from '../../src/sandbox/engine/webhooks.js';

const cast = useListsSandbox();
// Waits and the 10 s timeout scaled to 5 %: the 500 ms timeout outlasts a receiver's answer on a
// loaded 2-core machine (at 1 %, a busy worker's 100 ms ran out before an answered attempt).
const SCALE = 0.05;
const receivers: Receiver[] = [];

beforeEach(async () => {
  await control(cast.sb, 'POST', '/clock', { set_ms: START_MS, freeze: true });
  await control(cast.sb, 'POST', '/webhooks', { time_scale: SCALE });
  hitRates(cast.sb, 1);
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function listen(...args: Parameters<typeof receiver>): Promise<Receiver> {
  const r = await receiver(...args);
  receivers.push(r);
  return r;
}

/** A run of one contact posting to `url`, ended; returns its answer. */
async function endedRun(url: string, contacts = [byUrl(reachablePeople(cast, 1)[0]!)]): Promise<any> {
  const run = await started(cast, { webhook_url: url, contacts });
  await finish(cast, run.workflow_id);
  return run;
}

/**
 * The delivery rows once `n` attempts are recorded (newest first). The wait reads the store (reading
 * the route every few ms would meet the organization's rate limit while the clock stands still).
 */
async function rowsWhen(workflowId: string, n: number): Promise<any[]> {
  await vi.waitFor(() => expect(deliveriesOf(cast.sb.store, workflowId, n).length).toBeGreaterThanOrEqual(n), {
    timeout: 15_000,
    interval: 10,
  });
  const rows = expectOk(await deliveries(cast, { workflow_id: workflowId }));
  expect(rows.length).toBeGreaterThanOrEqual(n);
  expect(z.safeParse(WebhookDeliveries, rows).success).toBe(true);
  return rows;
}

/** Waits until no delivery is under way. */
const settled = () =>
  eventually(
    () => control(cast.sb, 'GET', '/webhooks'),
    (v: any) => v.pending_deliveries === 0,
  );

describe('the enrichment.completed webhook', () => {
  test('a 2xx receiver gets one unsigned JSON POST with the payload of the spec; one delivered row', async () => {
    const hook = await listen(answerWith(200));
    const [a, b] = reachablePeople(cast, 2);
    const contacts = [
      byUrl(a!),
      { ...unknownProfile(1), first_name: ' ' },
      { ...byName(cast, b!), company_name: cast.ds.company(b!.company_index).name },
    ];
    const run = await started(cast, { webhook_url: hook.url, contacts });
    await finish(cast, run.workflow_id);
    const [row] = await rowsWhen(run.workflow_id, 1);
    await settled();

    expect(hook.hits).toHaveLength(1);
    const hit = hook.hits[0]!;
    expect(hit.method).toBe('POST');
    expect(hit.url).toBe('/hook');
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.headers).not.toHaveProperty('authorization');
    expect(Object.keys(hit.headers).filter((h) => h.startsWith('x-'))).toEqual([]);

    const payload = JSON.parse(hit.body);
    expect(z.safeParse(WebhookPayload, payload).success).toBe(true);
    const endedAt = new Date(START_MS + 1000).toISOString();
    expect(payload).toMatchObject({
      event: 'enrichment.completed',
      workflow_id: run.workflow_id,
      lead_list_id: run.lead_list_id,
      enrichment_type: 'partial',
      status: 'completed_with_errors',
      summary: { total: 3, successful: 2, failed: 1, missed: 1, errors: 0, throttled: 0, emails_found: 2, phones_found: 0 },
      results_limit: 500,
      results_truncated: 0,
      results_endpoint: `/api/v1/public/enrich/status?workflow_id=${run.workflow_id}`,
      completed_at: endedAt,
    });
    expect(payload.results.map((r: any) => [r.task_id, r.status])).toEqual([
      [run.task_ids[0], 'completed'],
      [run.task_ids[1], 'failed'],
      [run.task_ids[2], 'completed'],
    ]);
    expect(payload.results[0]).toMatchObject({
      prospect_id: a!.lead_id,
      result: { email: a!.email, other_emails: [], phones: [], provider: 'provider_a', linkedin_url: a!.linkedin_url },
      error: null,
      input: { linkedin_url: a!.linkedin_url, first_name: null, full_name: null },
    });
    expect(payload.results[1]).toMatchObject({
      result: null,
      error: expect.any(String),
      input: { first_name: null, linkedin_url: unknownProfile(1).linkedin_url },
    });
    expect(payload.results[2].input).toMatchObject({
      full_name: `${b!.first_name} ${b!.last_name}`,
      company_name: cast.ds.company(b!.company_index).name,
    });

    expect(row).toEqual({
      id: expect.any(String),
      webhook_id: hook.url,
      workflow_id: run.workflow_id,
      event_type: 'enrichment.completed',
      attempt_number: 1,
      status: 'delivered',
      response_status_code: 200,
      error_message: null,
      duration_ms: expect.any(Number),
      // The sandbox clock when the attempt was made (it was moved past the run's end).
      created_at: new Date(START_MS + RUN_MS).toISOString(),
    });
  });

  test('a run in which no contact was found is still delivered, as failed', async () => {
    hitRates(cast.sb, 0);
    const hook = await listen(answerWith(204));
    const run = await endedRun(hook.url);
    const [row] = await rowsWhen(run.workflow_id, 1);
    expect(row).toMatchObject({ status: 'delivered', response_status_code: 204 });
    const payload = JSON.parse(hook.hits[0]!.body);
    expect(payload).toMatchObject({ status: 'failed', summary: { total: 1, successful: 0, failed: 1, missed: 1 } });
  });

  test('completed_with_errors queued through the outcome control: a genuinely failed contact, and the webhook, v1 status and v2 status agree', async () => {
    await control(cast.sb, 'POST', '/enrichment/outcomes', { status: 'completed_with_errors', kinds: ['legacy'] });
    const hook = await listen(answerWith(200));
    // Every contact would be found (hit rate 1): the queued state makes one of them fail.
    const run = await endedRun(hook.url, reachablePeople(cast, 3).map(byUrl));
    await rowsWhen(run.workflow_id, 1);
    const payload = JSON.parse(hook.hits[0]!.body);
    expect(payload).toMatchObject({
      status: 'completed_with_errors',
      summary: { total: 3, successful: 2, failed: 1, missed: 0, errors: 1, throttled: 0, emails_found: 2 },
    });
    expect(payload.results.map((r: any) => r.status)).toEqual(['completed', 'completed', 'failed']);
    expect(payload.results[2]).toMatchObject({ result: null, error: expect.any(String) });
    const v1 = (await v1Status(cast, { workflow_id: run.workflow_id })).json.workflow;
    expect(v1).toMatchObject({
      status: 'completed_with_errors',
      total_prospects: 3,
      completed_prospects: 2,
      failed_prospects: 1,
      emails_found: 2,
    });
    const task = (await v1Status(cast, { task_id: run.task_ids[2] })).json.task;
    expect(task).toMatchObject({ status: 'failed', error: expect.any(String) });
    const v2 = await call(cast.sb, 'GET', `/enrichment/status/${run.workflow_id}`);
    expect(v2.json).toMatchObject({ status: 'completed_with_errors', total: 3, completed: 2, failed: 1 });
  });

  test('a 500 receiver: 5 failed attempts, at least the scaled 1, 2, 4 and 8 s apart, then no more', async () => {
    const hook = await listen(answerWith(500));
    const run = await endedRun(hook.url);
    const rows = await rowsWhen(run.workflow_id, 5);
    await settled();
    expect(hook.hits).toHaveLength(5);
    expect(rows.map((r) => [r.attempt_number, r.status, r.response_status_code])).toEqual([5, 4, 3, 2, 1].map((n) => [n, 'failed', 500]));
    expect(rows[0].error_message).toContain('500');
    const gaps = hook.hits.slice(1).map((h, i) => h.at - hook.hits[i]!.at);
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(WEBHOOK_POLICY.waitsMs[i]! * SCALE - 1));
  });

  test('a receiver that fails twice and then answers 200: 3 rows, the last delivered', async () => {
    const hook = await listen((n, res) => answerWith(n <= 2 ? 503 : 200)(n, res));
    const run = await endedRun(hook.url);
    await rowsWhen(run.workflow_id, 3);
    await settled();
    const rows = expectOk(await deliveries(cast, { workflow_id: run.workflow_id }));
    expect(rows.map((r: any) => [r.attempt_number, r.status, r.response_status_code])).toEqual([
      [3, 'delivered', 200],
      [2, 'failed', 503],
      [1, 'failed', 503],
    ]);
    expect(hook.hits).toHaveLength(3);
    // Each attempt posts the same payload.
    expect(new Set(hook.hits.map((h) => h.body)).size).toBe(1);
  });

  test('a 3xx is a failed attempt: the Location is never requested', async () => {
    let elsewhere = 0;
    const hook = await listen((n, res, hit) => {
      if (hit.url !== '/hook') elsewhere++;
      answerWith(302, { location: '/elsewhere' })(n, res);
    });
    const run = await endedRun(hook.url);
    const rows = await rowsWhen(run.workflow_id, 5);
    await settled();
    expect(elsewhere).toBe(0);
    expect(hook.hits.map((h) => h.url)).toEqual(Array(5).fill('/hook'));
    expect(rows.every((r) => r.status === 'failed' && r.response_status_code === 302)).toBe(true);
    expect(rows[0].error_message).toMatch(/redirect not followed/);
  });

  test('a receiver slower than the (scaled) 10 s timeout: 5 failed attempts with no status and a timeout message', async () => {
    const hook = await listen(() => {
      // never answers
    });
    const run = await endedRun(hook.url);
    const rows = await rowsWhen(run.workflow_id, 5);
    await settled();
    const timeout = WEBHOOK_POLICY.timeoutMs * SCALE;
    for (const r of rows) {
      expect(r).toMatchObject({ status: 'failed', response_status_code: null });
      expect(r.error_message).toMatch(/timeout/);
      expect(r.duration_ms).toBeGreaterThanOrEqual(timeout - 1);
    }
    expect(hook.hits).toHaveLength(5);
  });

  test('a refused connection is a failed attempt without a status', async () => {
    const closed = await receiver(answerWith(200));
    await closed.close();
    const run = await endedRun(closed.url);
    const rows = await rowsWhen(run.workflow_id, 5);
    expect(rows[4]).toMatchObject({ attempt_number: 1, status: 'failed', response_status_code: null, error_message: 'connection refused' });
  });

  test('an https URL is posted over TLS: a plain-HTTP receiver never sees a request, each attempt fails without a status', async () => {
    const hook = await listen(answerWith(200));
    const run = await endedRun(hook.url.replace('http:', 'https:'));
    const rows = await rowsWhen(run.workflow_id, 5);
    expect(rows.every((r) => r.status === 'failed' && r.response_status_code === null && r.error_message)).toBe(true);
    expect(hook.hits).toHaveLength(0);
  });

  test('a reset cancels the attempts still to come and restores the time scale', async () => {
    // Scaled (it must differ from 1) so the second attempt is due about a second after the first: ample time to reset before it.
    const scale = 0.99;
    await control(cast.sb, 'POST', '/webhooks', { time_scale: scale });
    const hook = await listen(answerWith(500));
    const set = vi.spyOn(globalThis, 'setTimeout');
    const clear = vi.spyOn(globalThis, 'clearTimeout');
    try {
      const run = await endedRun(hook.url);
      await hook.arrived(1);
      // The first attempt's row is recorded in the same step that sets the timer of the second.
      await rowsWhen(run.workflow_id, 1);
      expect((await control(cast.sb, 'GET', '/webhooks')).pending_deliveries).toBe(1);
      const retryMs = Math.round(WEBHOOK_POLICY.waitsMs[0] * scale);
      const retries = set.mock.calls.flatMap((c, i) => (c[1] === retryMs ? [set.mock.results[i]!.value as NodeJS.Timeout] : []));
      expect(retries).toHaveLength(1);
      await control(cast.sb, 'POST', '/reset');
      expect(await control(cast.sb, 'GET', '/webhooks')).toEqual({ time_scale: 1, pending_deliveries: 0 });
      // The second attempt's timer was cleared by the reset, so no second request can come.
      expect(clear).toHaveBeenCalledWith(retries[0]);
      expect(hook.hits).toHaveLength(1);
    } finally {
      set.mockRestore();
      clear.mockRestore();
    }
  });
});

describe('v1 GET /webhooks/deliveries', () => {
  test('newest first, limit 1 to 200 (default 50); a run without a webhook has none; unknown or foreign runs are 404', async () => {
    const hook = await listen(answerWith(500));
    const run = await endedRun(hook.url);
    await rowsWhen(run.workflow_id, 5);
    const two = expectOk(await deliveries(cast, { workflow_id: run.workflow_id, limit: '2' }));
    expect(two.map((r: any) => r.attempt_number)).toEqual([5, 4]);
    for (const limit of ['0', '201', 'x']) {
      const err = expectPublicError(await deliveries(cast, { workflow_id: run.workflow_id, limit }), 422, 'validation_error');
      expect(err.details.errors[0].loc).toEqual(['query', 'limit']);
    }
    expectPublicError(await deliveries(cast, {}), 422, 'validation_error');

    const quiet = await started(cast, { contacts: [byUrl(reachablePeople(cast, 2)[1]!)] });
    expect(expectOk(await deliveries(cast, { workflow_id: quiet.workflow_id }))).toEqual([]);
    expectGenericError(await deliveries(cast, { workflow_id: run.workflow_id }, cast.other), 404, 'RESOURCE_NOT_FOUND');
    expectGenericError(await deliveries(cast, { workflow_id: 'public_bulk_unknown' }), 404, 'RESOURCE_NOT_FOUND');
  });

  test('time_scale outside 0.001..1 is refused', async () => {
    for (const time_scale of [0, 0.0001, 2]) {
      await expect(control(cast.sb, 'POST', '/webhooks', { time_scale })).rejects.toThrow(/422/);
    }
  });
});
