import { describe, expect, test } from 'vitest';
import { control, raw } from './helpers.js';
import {
  PACE,
  accepted,
  advance,
  balance,
  enrich,
  finished,
  leadsOf,
  listOf,
  paidFor,
  quoteFor,
  setHitRates,
  statusOf,
  useEnrichmentSandbox,
} from './enrichment-helpers.js';
import { DEFAULT_PACE } from '../../src/sandbox/engine/enrichment.js';

const cast = useEnrichmentSandbox();

const outcomes = (body: Record<string, unknown>) => raw(cast.sb, 'POST', '/__sandbox/enrichment/outcomes', { body });
const endRun = (id: string, status: string) => raw(cast.sb, 'POST', `/__sandbox/enrichment/workflows/${id}/end`, { body: { status } });

async function personRun(list: string, from: number, type = 'full'): Promise<any> {
  return accepted(await enrich(cast, 'person', { lead_list_id: list, person_id: cast.ds.person(from).lead_id, enrichment_type: type }));
}

async function bulkRun(list: string): Promise<any> {
  return accepted(await enrich(cast, 'bulk', { list_id: list, quote_id: await quoteFor(cast, { tool: 'enrich_list', list_id: list }) }));
}

describe('settings', () => {
  test('GET shows the settings and the runs in flight; POST changes what it names; out-of-range values are 422; a reset restores the defaults', async () => {
    const list = await listOf(cast, 'Target', 0);
    const run = await personRun(list, 10);
    const view = await control(cast.sb, 'GET', '/enrichment');
    expect(view.settings).toMatchObject({ hit_rates: { email: null, phone: null }, pace: PACE, next_outcomes: [] });
    expect(view.active).toEqual([expect.objectContaining({ workflow_id: run.workflow_id, kind: 'person', status: 'processing' })]);
    const set = await control(cast.sb, 'POST', '/enrichment', { hit_rates: { phone: 0.25 }, pace: { row_ms: 7 } });
    expect(set.settings).toMatchObject({ hit_rates: { email: null, phone: 0.25 }, pace: { ...PACE, row_ms: 7 } });
    for (const body of [{ hit_rates: { email: 1.5 } }, { pace: { pending_ms: -1 } }, {}]) {
      expect((await raw(cast.sb, 'POST', '/__sandbox/enrichment', { body })).status).toBe(422);
    }
    expect((await outcomes({ status: 'failed' })).status).toBe(200);

    await control(cast.sb, 'POST', '/reset');
    const fresh = await control(cast.sb, 'GET', '/enrichment');
    expect(fresh).toEqual({ settings: { hit_rates: { email: null, phone: null }, pace: DEFAULT_PACE, next_outcomes: [] }, active: [] });
  });

  test('pace: a run stays pending for pending_ms and ends min_run_ms later (or row_ms per row when longer)', async () => {
    await control(cast.sb, 'POST', '/enrichment', { pace: { pending_ms: 30, min_run_ms: 100, row_ms: 40 } });
    const list = await listOf(cast, 'Accounts', 4, 20);
    const run = await bulkRun(list);
    expect((await statusOf(cast, run.workflow_id)).status).toBe('pending');
    await advance(cast, 30);
    expect(await statusOf(cast, run.workflow_id)).toMatchObject({ status: 'processing', processed: 0 });
    await advance(cast, 80);
    expect(await statusOf(cast, run.workflow_id)).toMatchObject({ status: 'processing', processed: 2, progress: 50 });
    await advance(cast, 80);
    expect((await statusOf(cast, run.workflow_id)).status).toMatch(/^completed/);
  });
});

describe('terminal states', () => {
  test('queued completed_with_errors: refused for single-person runs (422), passed by a person run, and the next bulk run ends with a genuinely failed row, not charged or written', async () => {
    expect((await outcomes({ status: 'completed_with_errors', kinds: ['person'] })).status).toBe(422);
    const list = await listOf(cast, 'Accounts', 4, 30);
    await setHitRates(cast, { email: 1 });
    await outcomes({ status: 'completed_with_errors' });
    const target = await listOf(cast, 'Target', 0);
    const person = await finished(cast, (await personRun(target, 40, 'partial')).workflow_id);
    expect(person).toMatchObject({ status: 'completed', completed: 1, failed: 0 });
    const bulk = await finished(cast, (await bulkRun(list)).workflow_id);
    expect(bulk).toMatchObject({
      status: 'completed_with_errors',
      total: 4,
      processed: 4,
      completed: 3,
      failed: 1,
      refund_status: 'not_applicable',
    });
    const leads = await leadsOf(cast, list);
    expect(leads.filter((l) => l.email)).toHaveLength(3);
    expect(bulk).toMatchObject({ credits_charged: paidFor(leads), credits_refunded: bulk.credits_reserved - paidFor(leads) });
    expect((await control(cast.sb, 'GET', '/enrichment')).settings.next_outcomes).toEqual([]);
  });

  test('queued completed: every row succeeds (rows that would find nothing are found), so failed is 0', async () => {
    await setHitRates(cast, { email: 0, phone: 0 });
    await outcomes({ status: 'completed', kinds: ['bulk'] });
    const list = await listOf(cast, 'Accounts', 3, 60);
    const bulk = await finished(cast, (await bulkRun(list)).workflow_id);
    expect(bulk).toMatchObject({ status: 'completed', total: 3, completed: 3, failed: 0 });
    const leads = await leadsOf(cast, list);
    expect(leads.every((l) => l.email)).toBe(true);
    expect(bulk.credits_charged).toBe(paidFor(leads));
    // Without the queued state the same run finds nothing and says so.
    const again = await finished(cast, (await bulkRun(await listOf(cast, 'Others', 3, 70))).workflow_id);
    expect(again).toMatchObject({ status: 'completed_with_errors', completed: 0, failed: 3, credits_charged: 0 });
  });

  test('ending a run now completed_with_errors shapes its rows the same way; a run of one row cannot end so (400)', async () => {
    await setHitRates(cast, { email: 1 });
    const list = await listOf(cast, 'Accounts', 2, 80);
    const run = await bulkRun(list);
    const ended = await endRun(run.workflow_id, 'completed_with_errors');
    expect(ended.status, ended.text).toBe(200);
    expect(ended.json).toMatchObject({ status: 'completed_with_errors', completed: 1, failed: 1 });
    const one = await bulkRun(await listOf(cast, 'One', 1, 90));
    expect((await endRun(one.workflow_id, 'completed_with_errors')).status).toBe(400);
  });

  // Spec: a reservation model that "on a terminal state refunds the unused part", and for a whole run
  // failed "On a prepaid run needing manual refund, refund_status is pending_review": only then.
  test('failed: nothing charged or written to the leads, the whole reservation refunded at once (refund_status not_applicable)', async () => {
    const list = await listOf(cast, 'Accounts', 3, 50);
    expect((await outcomes({ status: 'failed', count: 2 })).json.next_outcomes).toHaveLength(2);
    const before = await balance(cast);
    const bulk = await finished(cast, (await bulkRun(list)).workflow_id);
    expect(bulk).toMatchObject({
      status: 'failed',
      processed: 0,
      completed: 0,
      failed: 3,
      credits_charged: 0,
      credits_refunded: 3,
      refund_status: 'not_applicable',
      credits_reserved: 3,
    });
    const target = await listOf(cast, 'Target', 0);
    const person = await finished(cast, (await personRun(target, 60)).workflow_id);
    expect(person).toMatchObject({
      status: 'failed',
      credits_charged: 0,
      credits_refunded: 11,
      refund_status: 'not_applicable',
      result: { status: 'not_found', email: null, phone: null },
    });
    expect(await balance(cast)).toBe(before);
    expect([...(await leadsOf(cast, list)), ...(await leadsOf(cast, target))].every((l) => !l.email && !l.phone)).toBe(true);
  });

  test('failed, for an organization whose prepaid runs need a manual refund (fixture manual_refunds): the reservation is kept, refund_status pending_review', async () => {
    cast.sb.store.organization(cast.sb.store.demo.organization_id)!.manual_refunds = true;
    const list = await listOf(cast, 'Accounts', 3, 50);
    await outcomes({ status: 'failed', count: 2 });
    const before = await balance(cast);
    const bulk = await finished(cast, (await bulkRun(list)).workflow_id);
    expect(bulk).toMatchObject({
      status: 'failed',
      processed: 0,
      failed: 3,
      credits_charged: 0,
      credits_refunded: 0,
      refund_status: 'pending_review',
      credits_reserved: 3,
    });
    const run = await personRun(await listOf(cast, 'Target', 0), 60);
    expect(await endRun(run.workflow_id, 'failed').then((r) => r.json)).toMatchObject({
      status: 'failed',
      credits_refunded: 0,
      refund_status: 'pending_review',
      result: { status: 'not_found' },
    });
    expect(await balance(cast)).toBe(before - 3 - 11);
  });

  test('canceled and terminated end a person run: stopped mid-run, by the control or queued, nothing is processed or charged', async () => {
    const target = await listOf(cast, 'Target', 0);
    await setHitRates(cast, { email: 1, phone: 1 });
    const before = await balance(cast);
    for (const [status, from] of [
      ['canceled', 70],
      ['terminated', 71],
    ] as const) {
      const run = await personRun(target, from);
      await advance(cast, 20);
      const r = await endRun(run.workflow_id, status);
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({
        status,
        processed: 0,
        credits_charged: 0,
        credits_refunded: 11,
        refund_status: 'not_applicable',
        result: { status: 'not_found' },
      });
    }
    expect(await balance(cast)).toBe(before);
    expect((await leadsOf(cast, target)).every((l) => !l.email && !l.phone)).toBe(true);

    await outcomes({ status: 'terminated', kinds: ['person'] });
    const queued = await finished(cast, (await personRun(target, 72)).workflow_id);
    expect(queued).toMatchObject({
      status: 'terminated',
      processed: 0,
      credits_charged: 0,
      credits_refunded: 11,
      result: { status: 'not_found' },
    });
    expect(await balance(cast)).toBe(before);
  });

  test('a failed outcome queued for bulk runs passes a person run by; refusals: canceled for other kinds (422), ending a bulk run canceled (400), an ended run (409), an unknown one (404)', async () => {
    expect((await outcomes({ status: 'canceled' })).status).toBe(422);
    expect((await outcomes({ status: 'terminated', kinds: ['person', 'bulk'] })).status).toBe(422);
    await outcomes({ status: 'failed', kinds: ['bulk'] });
    const target = await listOf(cast, 'Target', 0);
    const person = await personRun(target, 80);
    const list = await listOf(cast, 'Accounts', 2, 90);
    const bulk = await bulkRun(list);
    expect((await endRun(bulk.workflow_id, 'canceled')).status).toBe(400);
    expect((await finished(cast, person.workflow_id)).status).toBe('completed');
    expect((await statusOf(cast, bulk.workflow_id)).status).toBe('failed');
    expect((await endRun(bulk.workflow_id, 'completed')).status).toBe(409);
    expect((await endRun('enrich-unknown', 'failed')).status).toBe(404);
  });
});
