import * as z from 'zod/mini';
import { describe, expect, test } from 'vitest';
import { control } from './helpers.js';
import {
  accepted,
  balance,
  call,
  enrich,
  estimate,
  expectOk,
  expectPublicError,
  finished,
  leadsOf,
  listOf,
  paidFor,
  quoteFor,
  setHitRates,
  statusOf,
  useEnrichmentSandbox,
} from './enrichment-helpers.js';
import { BulkEnrichStarted } from '../../src/api/schemas/enrichment.js';

const cast = useEnrichmentSandbox();

const leadIds = async (list: string): Promise<string[]> => (await leadsOf(cast, list)).map((l) => l.lead_id);

/** Adds `n` more data-set people (from person `from`) to the list. */
async function grow(list: string, n: number, from: number): Promise<void> {
  const extra = await listOf(cast, `Extra ${from}`, n, from);
  expectOk(await call(cast.sb, 'POST', `/lead-lists/${list}/leads`, { body: { lead_ids: await leadIds(extra) } }));
}

describe('POST /enrichment/bulk, whole list', () => {
  test('reserves leads x price of the scope, answers pending with the quote, settles to 1 per email + 10 per phone found', async () => {
    const list = await listOf(cast, 'Accounts', 8, 200);
    const quote = await estimate(cast, { tool: 'enrich_list', list_id: list, scope: 'full' });
    expect(quote).toMatchObject({ estimated_cost: 88, row_count: 8 });
    const before = await balance(cast);
    const r = accepted(await enrich(cast, 'bulk', { list_id: list, scope: 'full', quote_id: quote.quote_id }));
    expect(z.safeParse(BulkEnrichStarted, r).success).toBe(true);
    expect(r).toMatchObject({ status: 'pending', total_leads: 8, estimated_cost: 88, credits_reserved: 88 });
    expect(r.workflow_id).toMatch(/^bulk-enrich-[0-9a-f-]{36}$/);
    expect(r.poll_url).toBe(`${cast.sb.url}/api/v2/enrichment/status/${r.workflow_id}`);
    expect(await balance(cast)).toBe(before - 88);

    const done = await finished(cast, r.workflow_id);
    const leads = await leadsOf(cast, list);
    const missed = leads.filter((l) => !l.email && !l.phone).length;
    expect(done).toMatchObject({
      status: missed ? 'completed_with_errors' : 'completed',
      total: 8,
      processed: 8,
      completed: 8 - missed,
      failed: missed,
      enrichment_type: 'full',
      lead_list_id: list,
      result: null,
      credits_charged: paidFor(leads),
      refund_status: 'not_applicable',
    });
    expect(done.credits_charged).toBeGreaterThan(8);
    expect(done.credits_refunded).toBe(88 - done.credits_charged);
    expect(await balance(cast)).toBe(before - done.credits_charged);
    expect(expectOk(await call(cast.sb, 'GET', `/lead-lists/${list}`)).enriched_count).toBe(8 - missed);
  });

  test('scope defaults to partial (1 per lead); phone-only is 10 per lead; the quote of the default matches the run that spells it', async () => {
    const list = await listOf(cast, 'Accounts', 4, 300);
    const partial = accepted(
      await enrich(cast, 'bulk', {
        list_id: list,
        scope: 'partial',
        quote_id: await quoteFor(cast, { tool: 'enrich_list', list_id: list }),
      }),
    );
    expect(partial).toMatchObject({ credits_reserved: 4, estimated_cost: 4 });
    expect((await finished(cast, partial.workflow_id)).enrichment_type).toBe('partial');
    const phone = accepted(
      await enrich(cast, 'bulk', {
        list_id: list,
        scope: 'phone-only',
        quote_id: await quoteFor(cast, { tool: 'enrich_list', list_id: list, scope: 'phone-only' }),
      }),
    );
    expect(phone).toMatchObject({ credits_reserved: 40 });
    expect((await statusOf(cast, phone.workflow_id)).enrichment_type).toBe('phone_only');
  });

  test('refused at no cost: scope phone_only is 422 naming the hyphen, an empty list 400, no quote 400 quote_required, an unknown list 404', async () => {
    const list = await listOf(cast, 'Accounts', 2);
    const empty = await listOf(cast, 'Empty', 0);
    const before = await balance(cast);
    const e = expectPublicError(await enrich(cast, 'bulk', { list_id: list, scope: 'phone_only', quote_id: 'q' }), 422, 'validation_error');
    expect(e.details.errors).toEqual([
      { type: 'invalid_value', loc: ['body', 'scope'], msg: expect.stringContaining('phone-only with a hyphen') },
    ]);
    expect(expectPublicError(await enrich(cast, 'bulk', { list_id: empty, quote_id: 'q' }), 400, 'validation_error').problem).toMatch(
      /empty/,
    );
    expectPublicError(await enrich(cast, 'bulk', { list_id: list }), 400, 'quote_required');
    expectPublicError(await enrich(cast, 'bulk', { list_id: 'lst_nope', quote_id: 'q' }), 404, 'list_not_found');
    expect(await balance(cast)).toBe(before);
  });
});

describe('POST /enrichment/bulk, lead_ids subset', () => {
  test('only the subset is enriched; the quote of the sorted unique ids matches ids sent in any order', async () => {
    const list = await listOf(cast, 'Accounts', 6, 400);
    const ids = await leadIds(list);
    const subset = [ids[4]!, ids[1]!, ids[4]!, ids[2]!];
    const sorted = [...new Set(subset)].sort();
    const quote = await estimate(cast, {
      tool: 'enrich_list',
      row_count: 3,
      scope: 'partial',
      filters: { list_id: list, scope: 'partial', lead_ids: sorted },
    });
    await setHitRates(cast, { email: 1 });
    const r = accepted(await enrich(cast, 'bulk', { list_id: list, lead_ids: subset, quote_id: quote.quote_id }));
    expect(r).toMatchObject({ total_leads: 3, credits_reserved: 3, estimated_cost: 3 });
    expect(await finished(cast, r.workflow_id)).toMatchObject({ status: 'completed', total: 3, credits_charged: 3 });
    expect(
      (await leadsOf(cast, list))
        .filter((l) => l.email)
        .map((l) => l.lead_id)
        .sort(),
    ).toEqual(sorted);
  });

  test('409 conflict when a quoted lead left the list: the ids named, nothing charged, and the quote still runs once the lead is back', async () => {
    const list = await listOf(cast, 'Accounts', 5, 500);
    const ids = await leadIds(list);
    const subset = ids.slice(0, 3).sort();
    const quote_id = await quoteFor(cast, { tool: 'enrich_list', row_count: 3, filters: { list_id: list, lead_ids: subset } });
    expectOk(await call(cast.sb, 'DELETE', `/lead-lists/${list}/leads`, { body: { lead_ids: [subset[1]] } }));
    const before = await balance(cast);
    const e = expectPublicError(await enrich(cast, 'bulk', { list_id: list, lead_ids: subset, quote_id }), 409, 'conflict');
    expect(e.problem).toMatch(/selection changed after the quote/);
    expect(e.details).toEqual({ list_id: list, lead_ids: [subset[1]] });
    expect(await balance(cast)).toBe(before);
    expectOk(await call(cast.sb, 'POST', `/lead-lists/${list}/leads`, { body: { lead_ids: [subset[1]] } }));
    expect(accepted(await enrich(cast, 'bulk', { list_id: list, lead_ids: subset, quote_id })).total_leads).toBe(3);
  });

  test('403 feature_gated for a partner-license-only workspace; the whole list still runs', async () => {
    const list = await listOf(cast, 'Accounts', 2, 600);
    const quote_id = await quoteFor(cast, { tool: 'enrich_list', list_id: list });
    await control(cast.sb, 'POST', '/plan', { plan: 'free', partner_tier: 6 });
    const e = expectPublicError(
      await enrich(cast, 'bulk', { list_id: list, lead_ids: await leadIds(list), quote_id }),
      403,
      'feature_gated',
    );
    expect(e.details).toMatchObject({ feature: 'bulk_enrichment_subset' });
    expect(accepted(await enrich(cast, 'bulk', { list_id: list, quote_id })).total_leads).toBe(2);
  });
});

describe('quotes on the enrichment routes', () => {
  test('quote_invalid, quote_mismatch for another scope or list, quote_expired after 5 minutes: all 400 and free', async () => {
    const list = await listOf(cast, 'Accounts', 3, 700);
    const other = await listOf(cast, 'Other', 3, 710);
    const quote_id = await quoteFor(cast, { tool: 'enrich_list', list_id: list, scope: 'partial' });
    const before = await balance(cast);
    const run = (body: Record<string, unknown>) => enrich(cast, 'bulk', { list_id: list, quote_id, ...body });
    expectPublicError(await run({ quote_id: 'qte_v1_garbage.sig' }), 400, 'quote_invalid');
    expectPublicError(await run({ quote_id: `${quote_id.slice(0, -2)}xx` }), 400, 'quote_invalid');
    expectPublicError(await run({ scope: 'full' }), 400, 'quote_mismatch');
    expectPublicError(await run({ list_id: other }), 400, 'quote_mismatch');
    expectPublicError(await enrich(cast, 'person', { lead_list_id: list, email: 'a@b.example', quote_id }), 400, 'quote_mismatch');
    await control(cast.sb, 'POST', '/clock', { advance_ms: 5 * 60_000 });
    expectPublicError(await run({}), 400, 'quote_expired');
    expect(await balance(cast)).toBe(before);
  });

  test('a used quote is 400 quote_already_redeemed naming the run it paid for', async () => {
    const list = await listOf(cast, 'Accounts', 2, 720);
    const quote_id = await quoteFor(cast, { tool: 'enrich_list', list_id: list });
    const first = accepted(await enrich(cast, 'bulk', { list_id: list, quote_id }));
    const before = await balance(cast);
    const e = expectPublicError(await enrich(cast, 'bulk', { list_id: list, quote_id }), 400, 'quote_already_redeemed');
    expect(e.details).toMatchObject({ workflow_id: first.workflow_id, list_id: list });
    expect(e.fix).toContain(first.workflow_id);
    expect(await balance(cast)).toBe(before);
  });

  test('the list grew within 10 %: the run goes on, reserving and charging at most the quote; over 10 %: 400 spend_cap_exceeded', async () => {
    const list = await listOf(cast, 'Accounts', 10, 800);
    const quote_id = await quoteFor(cast, { tool: 'enrich_list', list_id: list });
    await grow(list, 1, 900);
    await setHitRates(cast, { email: 1 });
    const before = await balance(cast);
    const r = accepted(await enrich(cast, 'bulk', { list_id: list, quote_id }));
    expect(r).toMatchObject({ total_leads: 11, estimated_cost: 10, credits_reserved: 10 });
    const done = await finished(cast, r.workflow_id);
    expect(done).toMatchObject({ completed: 11, credits_charged: 10, credits_refunded: 0 });
    expect((await leadsOf(cast, list)).every((l) => l.email)).toBe(true);
    expect(await balance(cast)).toBe(before - 10);

    const bigger = await listOf(cast, 'Bigger', 10, 1000);
    const quote2 = await quoteFor(cast, { tool: 'enrich_list', list_id: bigger });
    await grow(bigger, 2, 1100);
    const e = expectPublicError(await enrich(cast, 'bulk', { list_id: bigger, quote_id: quote2 }), 400, 'spend_cap_exceeded');
    expect(e.details).toMatchObject({ quoted_rows: 10, rows: 12, max_rows: 11, estimated_cost: 10 });
    expect(await balance(cast)).toBe(before - 10);
  });

  test("the list shrank since the quote: the run reserves the smaller cost and still reports the quote's estimated_cost", async () => {
    const list = await listOf(cast, 'Accounts', 4, 1250);
    const quote_id = await quoteFor(cast, { tool: 'enrich_list', list_id: list, scope: 'phone-only' });
    expectOk(await call(cast.sb, 'DELETE', `/lead-lists/${list}/leads`, { body: { lead_ids: (await leadIds(list)).slice(0, 1) } }));
    const r = accepted(await enrich(cast, 'bulk', { list_id: list, scope: 'phone-only', quote_id }));
    expect(r).toMatchObject({ total_leads: 3, estimated_cost: 40, credits_reserved: 30 });
  });

  test('400 insufficient_credits with the figures leaves the quote usable', async () => {
    const list = await listOf(cast, 'Accounts', 3, 1200);
    const quote_id = await quoteFor(cast, { tool: 'enrich_list', list_id: list, scope: 'full' });
    await control(cast.sb, 'POST', '/balance', { credits: 20 });
    const e = expectPublicError(await enrich(cast, 'bulk', { list_id: list, scope: 'full', quote_id }), 400, 'insufficient_credits');
    expect(e).toMatchObject({ estimated_cost_credits: 33, available_credits: 20, shortfall_credits: 13 });
    await control(cast.sb, 'POST', '/balance', { credits: 40 });
    expect(accepted(await enrich(cast, 'bulk', { list_id: list, scope: 'full', quote_id })).credits_reserved).toBe(33);
    expect(await balance(cast)).toBe(7);
  });
});
