import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { balance, callTool, structuredOf, textOf, useMcpSandbox } from './helpers.js';

const t = useMcpSandbox();

const seededList = (name: string, people: number): Promise<string> => t.seededList(name, people);
/** Runs stay where they started (their reservation taken, nothing settled) until the test moves the clock. */
const freezeClock = () => control(t.sb, 'POST', '/clock', { freeze: true });
const runs = (sent: string[], route: string) => sent.filter((r) => r === route).length;

describe('paid tools are priced first', () => {
  it('called without quote_id: the estimate, the quote and the balance, and nothing spent', async () => {
    const s = await t.session();
    const list = await seededList('Priced', 6);
    const before = await balance(t.sb);
    const r = await callTool(s, 'enrich_list', { list_id: list, scope: 'full' });
    expect(r.isError).toBeFalsy();
    expect(structuredOf(r)).toMatchObject({
      status: 'priced',
      quote: {
        tool: 'enrich_list',
        row_count: 6,
        estimated_cost: 66,
        available_credits: before,
        sufficient: true,
        quote_id: expect.stringMatching(/^qte_v1_/),
      },
      spend: { spent_up_to: 0, max_credits: 0, budget_left: 0, approved_by_person: 0 },
    });
    expect(textOf(r)).toContain('priced at up to 66 credits for 6 rows');
    expect(textOf(r)).toContain('Nothing was spent');
    // The list's leads are read first (free): only those lacking what the scope finds are priced.
    expect(s.sent).toEqual([`GET /lead-lists/${list}/leads`, 'POST /credits/estimate']);
    expect(await balance(t.sb)).toBe(before);
  });

  it('a balance short of the cost is said, and nothing is asked or spent', async () => {
    const s = await t.session({ answer: 'accept', maxCredits: 1000 });
    const list = await seededList('Poor', 6);
    await control(t.sb, 'POST', '/balance', { credits: 10 });
    const r = await callTool(s, 'enrich_list', { list_id: list, scope: 'full' });
    expect(structuredOf(r)).toMatchObject({ status: 'priced', quote: { sufficient: false, available_credits: 10 } });
    expect(textOf(r)).toContain('does not cover it');
    expect(s.asked).toEqual([]);
    expect(await balance(t.sb)).toBe(10);
  });
});

describe('a quote runs once, within the session budget', () => {
  it('within --max-credits the quote runs exactly once; the same quote again answers that run, not charged twice', async () => {
    await freezeClock();
    const s = await t.session({ maxCredits: 100 });
    const list = await seededList('Run', 6);
    const before = await balance(t.sb);
    const priced = structuredOf(await callTool(s, 'enrich_list', { list_id: list, scope: 'full' }));
    const ran = await callTool(s, 'enrich_list', { list_id: list, scope: 'full', quote_id: priced.quote.quote_id });
    expect(ran.isError).toBeFalsy();
    expect(structuredOf(ran)).toMatchObject({
      status: 'ran',
      result: { status: 'pending', credits_reserved: 66 },
      spend: { spent_up_to: 66, budget_left: 34 },
    });
    expect(textOf(ran)).toContain('Session: spent up to 66 credits');
    const again = await callTool(s, 'enrich_list', { list_id: list, scope: 'full', quote_id: priced.quote.quote_id });
    expect(structuredOf(again)).toMatchObject({
      status: 'ran',
      result: { workflow_id: structuredOf(ran).result.workflow_id },
      spend: { spent_up_to: 66 },
    });
    expect(textOf(again)).toContain('already ran with this quote; this is its answer. Nothing more was spent.');
    expect(await balance(t.sb)).toBe(before - 66);
    expect(runs(s.sent, 'POST /enrichment/bulk')).toBe(1);
  });

  it('with the default --max-credits 0 and a client that cannot ask, a quote is refused and nothing is spent', async () => {
    const s = await t.session();
    const list = await seededList('Zero', 2);
    const before = await balance(t.sb);
    const priced = structuredOf(await callTool(s, 'enrich_list', { list_id: list }));
    const r = await callTool(s, 'enrich_list', { list_id: list, quote_id: priced.quote.quote_id });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('Error over_session_budget');
    expect(textOf(r)).toMatch(/Fix: .*--max-credits/);
    expect(runs(s.sent, 'POST /enrichment/bulk')).toBe(0);
    expect(await balance(t.sb)).toBe(before);
  });

  it('the session cap holds across calls: what does not fit in what is left is refused', async () => {
    await freezeClock();
    const s = await t.session({ maxCredits: 12 });
    const before = await balance(t.sb);
    const lead_list_id = await seededList('People', 0);
    const full = { lead_list_id, email: 'ada@example.com', enrichment_type: 'full' };
    const first = structuredOf(await callTool(s, 'enrich_person', full));
    expect(first.quote.estimated_cost).toBe(11);
    expect(structuredOf(await callTool(s, 'enrich_person', { ...full, quote_id: first.quote.quote_id })).status).toBe('ran');
    const second = structuredOf(await callTool(s, 'enrich_person', { ...full, email: 'grace@example.com' }));
    const refused = await callTool(s, 'enrich_person', { ...full, email: 'grace@example.com', quote_id: second.quote.quote_id });
    expect(textOf(refused)).toContain('would spend up to 11 credits and this session may spend 1 credit more');
    const partial = { lead_list_id, email: 'grace@example.com', enrichment_type: 'partial' };
    const third = structuredOf(await callTool(s, 'enrich_person', partial));
    expect(structuredOf(await callTool(s, 'enrich_person', { ...partial, quote_id: third.quote.quote_id }))).toMatchObject({
      status: 'ran',
      spend: { spent_up_to: 12, budget_left: 0 },
    });
    expect(await balance(t.sb)).toBe(before - 12);
    expect(runs(s.sent, 'POST /enrichment/person')).toBe(2);
  });

  it('a quote runs only the arguments it priced, on this session, before it expires', async () => {
    let now = Date.now();
    const s = await t.session({ maxCredits: 100, now: () => now });
    const list = await seededList('Bound', 4);
    const priced = structuredOf(await callTool(s, 'enrich_list', { list_id: list, scope: 'partial' }));
    const other = await callTool(s, 'enrich_list', { list_id: list, scope: 'full', quote_id: priced.quote.quote_id });
    expect(textOf(other)).toContain('Error quote_mismatch: quote');
    expect(textOf(other)).toContain('priced other arguments for enrich_list; nothing was spent');
    const tool = await callTool(s, 'agents_run', {
      list_id: list,
      agent_type: 'title_normalizer',
      column_name: 'clean',
      quote_id: priced.quote.quote_id,
    });
    expect(textOf(tool)).toContain('Error quote_mismatch');
    const unknown = await callTool(s, 'enrich_list', { list_id: list, scope: 'partial', quote_id: 'qte_v1_made_up' });
    expect(textOf(unknown)).toContain('Error quote_unknown');
    now += 301_000;
    const late = await callTool(s, 'enrich_list', { list_id: list, scope: 'partial', quote_id: priced.quote.quote_id });
    expect(textOf(late)).toContain('Error quote_expired');
    expect(textOf(late)).toContain('without quote_id');
    expect(runs(s.sent, 'POST /enrichment/bulk')).toBe(0);
  });

  it('a quote of credits_estimate runs the request it priced, and the service refuses it for any other', async () => {
    const s = await t.session({ maxCredits: 100 });
    const list = await seededList('Estimated', 3);
    const q = structuredOf(await callTool(s, 'credits_estimate', { tool: 'enrich_list', list_id: list, scope: 'partial' }));
    const ran = await callTool(s, 'enrich_list', { list_id: list, scope: 'partial', quote_id: q.quote_id });
    expect(structuredOf(ran)).toMatchObject({ status: 'ran', spend: { spent_up_to: 3 } });
    const q2 = structuredOf(await callTool(s, 'credits_estimate', { tool: 'enrich_list', list_id: list, scope: 'partial' }));
    const wrong = await callTool(s, 'enrich_list', { list_id: list, scope: 'full', quote_id: q2.quote_id });
    expect(wrong.isError).toBe(true);
    expect(textOf(wrong)).toContain('Error quote_mismatch');
    // Refused by the service: nothing was done, so it does not count against the budget.
    expect(structuredOf(await callTool(s, 'enrich_list', { list_id: list, scope: 'partial' })).spend.spent_up_to).toBe(3);
  });
});

describe('where the client can ask, the person approves the cost', () => {
  it('accepted: asked once with the cost, run once', async () => {
    await freezeClock();
    const s = await t.session({ answer: 'accept' });
    const list = await seededList('Ask', 6);
    const before = await balance(t.sb);
    const r = await callTool(s, 'enrich_list', { list_id: list, scope: 'full' });
    expect(s.asked).toHaveLength(1);
    expect(s.asked[0]).toContain('spend up to 66 credits for 6 rows');
    expect(structuredOf(r)).toMatchObject({ status: 'ran', spend: { spent_up_to: 66, approved_by_person: 66, budget_left: 0 } });
    expect(textOf(r)).toContain('approved by the person');
    expect(runs(s.sent, 'POST /enrichment/bulk')).toBe(1);
    expect(await balance(t.sb)).toBe(before - 66);
  });

  it('declined (or dismissed): nothing is spent', async () => {
    for (const answer of ['decline', 'cancel'] as const) {
      const s = await t.session({ answer });
      const list = await seededList(`No ${answer}`, 6);
      const before = await balance(t.sb);
      const r = await callTool(s, 'enrich_list', { list_id: list, scope: 'full' });
      expect(structuredOf(r)).toMatchObject({ status: 'declined', spend: { spent_up_to: 0 } });
      expect(textOf(r)).toContain('Nothing was spent');
      expect(runs(s.sent, 'POST /enrichment/bulk')).toBe(0);
      expect(await balance(t.sb)).toBe(before);
    }
  });

  it('a quote over the budget is put to the person; within it, it runs without asking', async () => {
    const s = await t.session({ answer: 'accept', maxCredits: 5 });
    const list = await seededList('Over', 2);
    const small = structuredOf(
      await callTool(s, 'enrich_person', { lead_list_id: list, email: 'a@example.com', enrichment_type: 'partial' }),
    );
    expect(s.asked).toHaveLength(1);
    expect(small.status).toBe('ran');
    const q = structuredOf(await callTool(s, 'credits_estimate', { tool: 'enrich_list', list_id: list, scope: 'partial' }));
    // The estimate prices every lead, the one enrich_person gave an email too: all_leads: true is the request it priced.
    expect(
      structuredOf(await callTool(s, 'enrich_list', { list_id: list, scope: 'partial', all_leads: true, quote_id: q.quote_id })),
    ).toMatchObject({
      status: 'ran',
      spend: { spent_up_to: 4, approved_by_person: 1, budget_left: 2 },
    });
    expect(s.asked).toHaveLength(1);
  });
});

describe('lost answers', () => {
  it('the connection drops after the run started: resolved through the quote, charged once', async () => {
    const s = await t.session({ maxCredits: 100 });
    const list = await seededList('Dropped', 6);
    const before = await balance(t.sb);
    const priced = structuredOf(await callTool(s, 'enrich_list', { list_id: list, scope: 'full' }));
    await control(t.sb, 'POST', '/faults', {
      rules: [{ method: 'POST', path: '/enrichment/bulk', kind: 'drop', phase: 'after', count: 1 }],
    });
    const r = await callTool(s, 'enrich_list', { list_id: list, scope: 'full', quote_id: priced.quote.quote_id });
    expect(structuredOf(r)).toMatchObject({ status: 'ran', result: { workflow_id: expect.stringMatching(/^bulk-enrich-/) } });
    expect(runs(s.sent, 'POST /enrichment/bulk')).toBe(2);
    await control(t.sb, 'POST', '/clock', { advance_ms: 60_000 });
    const done = structuredOf(await callTool(s, 'run_status', { kind: 'enrichment', id: structuredOf(r).result.workflow_id }));
    expect(done.status.status).toMatch(/^completed/);
    expect(await balance(t.sb)).toBe(before - done.status.credits_charged);
  });

  it('a synchronous run whose answer is lost is reported as not retryable, still counted, and not paid again', async () => {
    const s = await t.session({ maxCredits: 5 });
    const page = structuredOf(await callTool(s, 'companies_search', { filters: { employee_count_ranges: ['51-200'] }, limit: 1 }));
    const domain = page.results[0].domain as string;
    const priced = structuredOf(await callTool(s, 'enrich_company', { domain }));
    await control(t.sb, 'POST', '/faults', {
      rules: [{ method: 'POST', path: '/enrichment/company', kind: 'drop', phase: 'after', count: 1 }],
    });
    const before = await balance(t.sb);
    const r = await callTool(s, 'enrich_company', { domain, quote_id: priced.quote.quote_id });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('Error dispatch_outcome_unknown');
    expect(textOf(r)).toContain('Retryable: no');
    expect(await balance(t.sb)).toBe(before - 1);
    const next = structuredOf(await callTool(s, 'enrich_person', { lead_list_id: await seededList('Next', 0), email: 'x@example.com' }));
    expect(next.spend).toMatchObject({ spent_up_to: 1, budget_left: 4 });
  });
});
