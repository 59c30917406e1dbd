import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { Quote } from '../../src/api/schemas/credits.js';
import { SCOPES } from '../../src/api/schemas/values/auth.js';
import { COHORT_SLIDING_MS } from '../../src/api/schemas/values/search.js';
import { estimateBodyFor, quoteShape, type PaidRun } from '../../src/api/quote-shape.js';
import { checkQuote, shapeHash } from '../../src/sandbox/engine/quotes.js';
import { control } from './helpers.js';
import { call } from './lists-helpers.js';
import { estimate, expectOk, expectPublicError, listOf, peopleCohort, quoteOf, useEstimateSandbox } from './estimate-helpers.js';

const cast = useEstimateSandbox();
const NOW_MS = Date.UTC(2031, 2, 3, 9, 30, 0);
const freeze = () => control(cast.sb, 'POST', '/clock', { set_ms: NOW_MS, freeze: true });
const balance = async () => expectOk(await call(cast.sb, 'GET', '/credits/balance')).credits;

describe('the quote', () => {
  test('quote_id qte_v1_..., expires_at now + 300 s in Unix seconds, the rows and cost, the balance and whether it covers the cost', async () => {
    await freeze();
    const { id } = await listOf(cast, 7);
    const q = await quoteOf(cast, { tool: 'enrich_list', list_id: id, scope: 'full' });
    expect(z.safeParse(Quote, q).success).toBe(true);
    expect(q.quote_id).toMatch(/^qte_v1_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(q).toMatchObject({
      expires_at: NOW_MS / 1000 + 300,
      estimated_cost: 77,
      tool: 'enrich_list',
      row_count: 7,
      available_credits: 5000,
      sufficient: true,
    });
    expect(q.filter_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(q.timestamp_ms).toBe(NOW_MS);
    expect(q.agent_instructions).toContain('5 minutes');
  });

  test('sufficient is false when the balance is short (and true when it is exactly the cost); available_credits is the balance', async () => {
    const { id } = await listOf(cast, 7);
    await control(cast.sb, 'POST', '/balance', { credits: 76 });
    const short = await quoteOf(cast, { tool: 'enrich_list', list_id: id, scope: 'full' });
    expect(short).toMatchObject({ estimated_cost: 77, available_credits: 76, sufficient: false });
    expect(short.quote_id).toMatch(/^qte_v1_/);
    expect(short.agent_instructions).toContain('The balance of 76 is 1 credit short');
    await control(cast.sb, 'POST', '/balance', { credits: 77 });
    expect(await quoteOf(cast, { tool: 'enrich_list', list_id: id, scope: 'full' })).toMatchObject({
      available_credits: 77,
      sufficient: true,
    });
  });

  test('the estimate is free: the balance is unchanged after many estimates', async () => {
    const { id } = await listOf(cast, 20);
    for (const scope of ['partial', 'full', 'phone-only', 'full']) await quoteOf(cast, { tool: 'enrich_list', list_id: id, scope });
    await quoteOf(cast, { tool: 'bulk_import_csv', row_count: 400, enrichment_type: 'full' });
    expect(await balance()).toBe(5000);
  });

  test('two estimates of one request give two quotes with one filter_hash', async () => {
    const a = await quoteOf(cast, { tool: 'enrich_person', enrichment_type: 'full' });
    const b = await quoteOf(cast, { tool: 'enrich_person', enrichment_type: 'full' });
    expect(a.quote_id).not.toBe(b.quote_id);
    expect(a.filter_hash).toBe(b.filter_hash);
  });

  test('it answers the same under /api/v1/public', async () => {
    const r = expectOk(
      await call(cast.sb, 'POST', '/credits/estimate', { prefix: '/api/v1/public', body: { tool: 'enrich_person', include_phone: true } }),
    );
    expect(r).toMatchObject({ tool: 'enrich_person', estimated_cost: 10, row_count: 1 });
    expect(r.filter_hash).toBe((await quoteOf(cast, { tool: 'enrich_person', enrichment_type: 'phone_only' })).filter_hash);
  });
});

describe('filter_hash', () => {
  test('equal for equal shapes in any key order, ids and data points in any order', async () => {
    const { id } = await listOf(cast, 4);
    const people = await peopleCohort(cast, 6);
    const pairs: Array<[Record<string, unknown>, Record<string, unknown>]> = [
      [
        { tool: 'sync_to_crm', provider: 'crm_two', list_id: id, field_mapping: { email: 'Email', title: 'JobTitle' } },
        {
          field_mapping: { title: 'JobTitle', email: 'Email' },
          sub_action: 'leads',
          list_id: id,
          provider: 'crm_two',
          tool: 'sync_to_crm',
        },
      ],
      [
        { tool: 'add_person_enrichments', task_id: people.task_id, data_points: ['Email', 'Phone'], entity_ids: people.ids.slice(0, 3) },
        {
          entity_ids: people.ids.slice(0, 3).reverse(),
          data_points: ['Phone', 'Email', 'Phone'],
          task_id: people.task_id,
          tool: 'add_person_enrichments',
        },
      ],
      [
        { tool: 'enrich_list', list_id: id },
        { scope: 'partial', list_id: id, tool: 'enrich_list', row_count: 99 },
      ],
    ];
    for (const [a, b] of pairs) expect((await quoteOf(cast, a)).filter_hash, JSON.stringify(a)).toBe((await quoteOf(cast, b)).filter_hash);
  });

  test('different for different shapes', async () => {
    const one = await listOf(cast, 4);
    const two = await listOf(cast, 4, { from_person: 50 });
    const hashes = [];
    for (const body of [
      { tool: 'enrich_list', list_id: one.id },
      { tool: 'enrich_list', list_id: two.id },
      { tool: 'enrich_list', list_id: one.id, scope: 'full' },
      { tool: 'enrich_list', filters: { list_id: one.id, lead_ids: one.leads } },
      { tool: 'sync_to_crm', provider: 'crm_one', list_id: one.id },
      { tool: 'sync_to_crm', provider: 'crm_two', list_id: one.id },
      { tool: 'sync_to_sequencer', provider: 'sequencer_one', list_id: one.id, campaign_id: 'a' },
      { tool: 'sync_to_sequencer', provider: 'sequencer_one', list_id: one.id, campaign_id: 'b' },
      { tool: 'run_smart_agent', list_id: one.id, column_name: 'A', prompt: 'p' },
      { tool: 'run_smart_agent', list_id: one.id, column_name: 'A', prompt: 'q' },
    ])
      hashes.push((await quoteOf(cast, body)).filter_hash);
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  test("is the hash of the run's shape, so a quote from the run's own estimate passes the quote check with the server's rows", async () => {
    const { id, leads } = await listOf(cast, 9);
    const runs: PaidRun[] = [
      { tool: 'enrich_list', body: { list_id: id, scope: 'phone-only' } },
      { tool: 'enrich_list', body: { list_id: id, scope: 'full', lead_ids: [leads[3]!, leads[1]!, leads[3]!] } },
      { tool: 'enrich_person', body: { lead_list_id: id, email: 'a@b.example', include_phone: true } },
    ];
    const orgId = cast.sb.store.demo.organization_id;
    for (const run of runs) {
      const q = await quoteOf(cast, estimateBodyFor(run));
      const shape = quoteShape(estimateBodyFor(run));
      expect(q.filter_hash).toBe(shapeHash(shape));
      const checked = checkQuote(cast.sb.store, cast.sb.services.clock, orgId, {
        quoteId: q.quote_id,
        required: true,
        tool: run.tool,
        shape,
        rows: q.row_count,
        cost: q.estimated_cost,
        redeemedStatus: 400,
      });
      expect(checked.cap).toBe(q.estimated_cost);
    }
  });
});

describe('refusals', () => {
  test('an unknown tool is a 400 validation_error suggesting the nearest tool and listing them all; no tool is a 422', async () => {
    const e = expectPublicError(await estimate(cast, { tool: 'enrich_persn' }), 400, 'validation_error');
    expect(e.details.errors[0]).toMatchObject({ loc: ['body', 'tool'] });
    expect(e.problem).toContain('did you mean enrich_person');
    expect(e.problem).toContain('sync_to_sequencer');
    expect(expectPublicError(await estimate(cast, { tool: 'sync' }), 400, 'validation_error').problem).toContain('Unknown tool "sync"');
    const missing = expectPublicError(await estimate(cast, { list_id: 'x' }), 422, 'validation_error');
    expect(missing.details.errors.map((x: any) => x.loc)).toContainEqual(['body', 'tool']);
  });

  test("another organization's list, a teammate's private list and an unknown list are 404 list_not_found", async () => {
    const theirs = await listOf(cast, 3, { organization_id: cast.otherOrgId });
    const mates = await listOf(cast, 0, { user_id: cast.teammateId });
    for (const list_id of [theirs.id, mates.id, 'lst_unknown']) {
      expectPublicError(await estimate(cast, { tool: 'enrich_list', list_id }), 404, 'list_not_found');
      expectPublicError(await estimate(cast, { tool: 'sync_to_crm', provider: 'crm_one', list_id }), 404, 'list_not_found');
      expectPublicError(await estimate(cast, { tool: 'enrich_list', filters: { list_id, lead_ids: ['ld_x'] } }), 404, 'list_not_found');
    }
  });

  test('a foreign, unknown or expired cohort is 404 task_not_found; a cohort in use stays alive', async () => {
    const foreign = await peopleCohort(cast, 3, cast.other);
    const body = (task_id: string) => ({ tool: 'add_person_enrichments', task_id, data_points: ['Email'] });
    expectPublicError(await estimate(cast, body(foreign.task_id)), 404, 'task_not_found');
    expectPublicError(await estimate(cast, body('svc-task_unknown')), 404, 'task_not_found');
    await freeze();
    const mine = await peopleCohort(cast, 3);
    const idle = await peopleCohort(cast, 3);
    await control(cast.sb, 'POST', '/clock', { advance_ms: COHORT_SLIDING_MS - 1000 });
    await quoteOf(cast, body(mine.task_id));
    await control(cast.sb, 'POST', '/clock', { advance_ms: 1000 });
    expectPublicError(await estimate(cast, body(idle.task_id)), 404, 'task_not_found');
    expect((await quoteOf(cast, body(mine.task_id))).row_count).toBe(3);
  });

  test('partner-license-only workspaces cannot quote a lead_ids subset (feature_gated)', async () => {
    const { id, leads } = await listOf(cast, 3);
    await control(cast.sb, 'POST', '/plan', { plan: 'free', partner_tier: 6 });
    expectPublicError(await estimate(cast, { tool: 'enrich_list', filters: { list_id: id, lead_ids: leads } }), 403, 'feature_gated');
    expect((await quoteOf(cast, { tool: 'enrich_list', list_id: id })).row_count).toBe(3);
  });

  test('it needs credits:read: 403 insufficient_scope without it, naming the scope', async () => {
    const demo = (await control(cast.sb, 'GET', '/state')).demo;
    await control(cast.sb, 'POST', '/scopes', { user_id: demo.user_id, scopes: SCOPES.filter((s) => s !== 'credits:read') });
    const e = expectPublicError(await estimate(cast, { tool: 'enrich_person' }), 403, 'insufficient_scope');
    expect(e.details.required_scope).toBe('credits:read');
    expect(e.details.granted_scopes).not.toContain('credits:read');
  });
});
