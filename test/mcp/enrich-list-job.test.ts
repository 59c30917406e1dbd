import { describe, expect, it } from 'vitest';
import { clientFor, control } from '../sandbox/helpers.js';
import { apiOf } from '../../src/api/api.js';
import { MemoryJournalStore } from '../../src/workflows/journal/memory-store.js';
import { balance, callTool, structuredOf, textOf, useMcpSandbox, type Session } from './helpers.js';

/**
 * enrich_list runs the list enrichment job every face runs (workflows/enrich-list/job.ts): a
 * credits_estimate quote, which prices every lead, does not pay for leads that already hold what
 * the scope finds (finding 1 of the review), and after a job of two runs was interrupted, calling
 * again resolves the run lost and prices the one never sent (finding 4): 800 credits in all, as
 * the CLI's `enrich list` and the SDK's bulk.
 */
const t = useMcpSandbox();

const BULK = 'POST /enrichment/bulk';
const sentCount = (s: Session, route: string) => s.sent.filter((r) => r === route).length;
const MAPPING = { first_name: 'First', last_name: 'Last', company_name: 'Company', company_domain: 'Domain', email: 'Email' };

/** A CRM export of rows `from` to `to` (exclusive), those `withEmail(i)` holding the CRM's own email. */
function crmRows(from: number, to: number, withEmail: (i: number) => boolean): string {
  const rows = [];
  for (let i = from; i < to; i++)
    rows.push(`Lead${i},Crm${i},Company ${i % 7},company${i % 7}.example,${withEmail(i) ? `Lead${i}.CRM@Own-${i}.example` : ''}`);
  return ['First,Last,Company,Domain,Email', ...rows].join('\n') + '\n';
}

/** A new list of `rows` imported leads (free, in requests of 500 rows), those `withEmail(i)` with an email. */
async function importedList(rows: number, withEmail: (i: number) => boolean): Promise<string> {
  const list = await t.seededList('CRM', 0);
  const api = clientFor(t.sb);
  for (let from = 0; from < rows; from += 500) {
    const csv = crmRows(from, Math.min(rows, from + 500), withEmail);
    const r = await apiOf(api).lists.sendImportCsv(list, {
      csv_content_base64: Buffer.from(csv).toString('base64'),
      column_mapping: MAPPING,
      dispatch_enrichment: false,
    });
    expect(r.rows_imported).toBe(Math.min(rows, from + 500) - from);
  }
  api.close();
  return list;
}

interface Lead {
  lead_id: string;
  email: string | null;
}

async function emailsOf(s: Session, list: string): Promise<Map<string, string | null>> {
  const leads = structuredOf(await callTool(s, 'lists_leads', { list_id: list, limit: 100, fields: ['lead_id', 'email'] })).leads as Lead[];
  return new Map(leads.map((l) => [l.lead_id, l.email]));
}

describe('a credits_estimate quote used with enrich_list', () => {
  it('prices the whole list, so it is refused while leads hold what the scope finds: nothing sent, balance and emails unchanged; with all_leads: true it runs', async () => {
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 1 } });
    const list = await importedList(40, (i) => i % 2 === 0);
    const s = await t.session({ maxCredits: 1000 });
    const emails = await emailsOf(s, list);
    expect([...emails.values()].filter(Boolean)).toHaveLength(20);
    const before = await balance(t.sb);

    const q = structuredOf(await callTool(s, 'credits_estimate', { tool: 'enrich_list', list_id: list, scope: 'partial' }));
    expect(q).toMatchObject({ row_count: 40, estimated_cost: 40 });
    const r = await callTool(s, 'enrich_list', { list_id: list, scope: 'partial', quote_id: q.quote_id });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain(
      'Error quote_mismatch: the credits_estimate quote prices the whole list, while 20 leads already have an email; nothing was spent',
    );
    expect(textOf(r)).toContain(
      'Call enrich_list without quote_id to price only the leads that lack an email, or with all_leads: true to pay for all of them',
    );
    expect(textOf(r)).toContain('Session: spent up to 0 credits');
    expect(sentCount(s, BULK)).toBe(0);
    expect(await balance(t.sb)).toBe(before);
    expect(await emailsOf(s, list)).toEqual(emails);

    // The person chose to pay for every lead: the same quote runs the request it priced.
    const all = await callTool(s, 'enrich_list', { list_id: list, scope: 'partial', all_leads: true, quote_id: q.quote_id });
    expect(structuredOf(all), textOf(all)).toMatchObject({
      status: 'ran',
      quote: { quote_id: q.quote_id },
      result: { total_leads: 40, credits_reserved: 40 },
      spend: { spent_up_to: 40 },
    });
    expect(sentCount(s, BULK)).toBe(1);
    expect(await balance(t.sb)).toBe(before - 40);
  });

  it('prices exactly what enrich_list sends on a list where no lead holds anything: it runs', async () => {
    const list = await importedList(10, () => false);
    const s = await t.session({ maxCredits: 100 });
    const before = await balance(t.sb);
    const q = structuredOf(await callTool(s, 'credits_estimate', { tool: 'enrich_list', list_id: list, scope: 'partial' }));
    const r = await callTool(s, 'enrich_list', { list_id: list, scope: 'partial', quote_id: q.quote_id });
    expect(structuredOf(r), textOf(r)).toMatchObject({ status: 'ran', result: { total_leads: 10, credits_reserved: 10 } });
    expect(await balance(t.sb)).toBe(before - 10);
  });

  it('its tool tells to price a paid tool by calling it', async () => {
    const s = await t.session();
    const tool = (await s.mcp.listTools()).tools.find((x) => x.name === 'credits_estimate')!;
    expect(tool.description).toContain('To run a paid tool, call that tool without quote_id instead');
  });
});

describe('a job of two runs interrupted, then enrich_list again', () => {
  /** 2,000 imported leads, 1,200 with an email: 800 to enrich, in runs of 500 and 300. */
  const withEmail = (i: number) => i % 5 < 3;
  const ARGS = (list_id: string) => ({ list_id, scope: 'partial' });

  /** Runs stay where they started (the sandbox's clock stands still): the balance shows what was reserved. */
  async function pricedJob(s: Session) {
    await control(t.sb, 'POST', '/clock', { freeze: true });
    const list = await importedList(2000, withEmail);
    const before = await balance(t.sb);
    const p = structuredOf(await callTool(s, 'enrich_list', ARGS(list)));
    expect(p).toMatchObject({
      status: 'priced',
      quote: { row_count: 800, estimated_cost: 800 },
      left_out: { skipped: { has_email: 1200 } },
    });
    expect(p.quotes.map((q: { row_count: number }) => q.row_count)).toEqual([500, 300]);
    return { list, before, quote: p.quote.quote_id as string };
  }

  it('cancelled while the first run’s answer is on its way: the run lost is resolved, the 300 never sent are priced and run; 800 credits in all', async () => {
    const store = new MemoryJournalStore();
    const s = await t.session({ maxCredits: 5000, store });
    const { list, before, quote } = await pricedJob(s);
    // The first run is handled and its answer held back: the client cancels the call meanwhile.
    await control(t.sb, 'POST', '/faults', {
      rules: [{ method: 'POST', path: '/enrichment/bulk', kind: 'latency', phase: 'after', latency_ms: 1500, count: 1 }],
    });
    const stop = new AbortController();
    const cancelled = s.mcp
      .callTool({ name: 'enrich_list', arguments: { ...ARGS(list), quote_id: quote } }, undefined, { signal: stop.signal })
      .catch((e: unknown) => e);
    await s.sending(BULK);
    stop.abort();
    expect(await cancelled).toBeInstanceOf(Error);
    // Handed to the network whole, no answer yet: a run lost to this call, whose server still waits for it.
    await expect.poll(() => store.open().map((e) => e.state)).toEqual(['sent']);

    const again = await callTool(s, 'enrich_list', ARGS(list));
    const a = structuredOf(again);
    // The first run's answer is waited for and taken (not sent again), its leads left out; the 300 never sent are priced.
    expect(a, textOf(again)).toMatchObject({
      status: 'priced',
      quote: { row_count: 300, estimated_cost: 300 },
      earlier_runs: [{ total_leads: 500, credits_reserved: 500 }],
      left_out: { skipped: { has_email: 1200, in_earlier_run: 500 } },
    });
    expect(a.quote.quote_id).not.toBe(quote);
    expect(sentCount(s, BULK)).toBe(1);
    const ran = await callTool(s, 'enrich_list', { ...ARGS(list), quote_id: a.quote.quote_id });
    expect(structuredOf(ran), textOf(ran)).toMatchObject({ status: 'ran', result: { total_leads: 300, credits_reserved: 300 } });
    expect(sentCount(s, BULK)).toBe(2);
    expect(await balance(t.sb)).toBe(before - 800);
    // Once the first run's answer came (to the cancelled call), nothing is left to enrich.
    await expect.poll(() => store.open().length, { timeout: 20_000 }).toBe(0);
    const last = await callTool(s, 'enrich_list', ARGS(list));
    expect(structuredOf(last), textOf(last)).toMatchObject({
      status: 'nothing_to_do',
      left_out: { skipped: { has_email: 1200, in_earlier_run: 800 } },
    });
  });

  it('lost with its server: the next server resolves the first run through its quote and asks for the 300 never sent; 800 credits in all', async () => {
    const store = new MemoryJournalStore();
    const first = await t.session({ maxCredits: 5000, store });
    const { list, before, quote } = await pricedJob(first);
    // The first run is handled and its answer lost, and its resends in that call never arrive: the call ends there.
    await control(t.sb, 'POST', '/faults', {
      rules: [
        { method: 'POST', path: '/enrichment/bulk', kind: 'drop', phase: 'after', count: 1 },
        { method: 'POST', path: '/enrichment/bulk', kind: 'drop', phase: 'before', count: 3 },
      ],
    });
    expect(textOf(await callTool(first, 'enrich_list', { ...ARGS(list), quote_id: quote }))).toContain('Error dispatch_outcome_unknown');
    expect(store.open()).toHaveLength(1);
    await control(t.sb, 'DELETE', '/faults');

    // A client that can ask, on a restarted server.
    const next = await t.session({ answer: 'accept', store });
    const r = await callTool(next, 'enrich_list', ARGS(list));
    const out = structuredOf(r);
    expect(out, textOf(r)).toMatchObject({
      status: 'ran',
      quote: { row_count: 300, estimated_cost: 300 },
      result: { total_leads: 300, credits_reserved: 300 },
      earlier_runs: [{ total_leads: 500, credits_reserved: 500 }],
      left_out: { skipped: { has_email: 1200, in_earlier_run: 500 } },
      spend: { approved_by_person: 300 },
    });
    expect(textOf(r)).toContain(
      `1 run of this list sent earlier got no answer and was resolved through its quote (${out.earlier_runs[0].workflow_id}): its leads are left out.`,
    );
    expect(textOf(r)).toContain(
      'enrich_list: ran, as sent by an earlier server whose answer was lost (found through its quote, paid once), for up to 500 credits.',
    );
    expect(next.asked).toHaveLength(1);
    expect(next.asked[0]).toContain('spend up to 300 credits for 300 rows?');
    expect(store.open()).toHaveLength(0);
    expect(sentCount(next, BULK)).toBe(2);
    expect(await balance(t.sb)).toBe(before - 800);
  });
});
