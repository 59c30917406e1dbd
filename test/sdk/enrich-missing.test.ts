import { describe, expect, it, vi } from 'vitest';
import { ConfigurationError, SpendDeclinedError, type BulkEnrichPlan, type LeadRow, type SpendQuote } from '../../src/index.js';
import { control } from '../sandbox/helpers.js';
import { balanceOf, FAST_POLL, useSdkSandbox } from './helpers.js';

/**
 * client.enrichment.bulk pays only for what is missing (issue 31): a lead that already holds what
 * the scope finds, here an email from a CSV import, is left out, not paid for, and keeps its
 * value; a second call pays nothing; { allLeads: true } opts in to everyone.
 */
const t = useSdkSandbox();

/** 40 rows of a CRM export, the even ones with an email (a name and a domain let the sandbox find the others'). */
const CRM_EXPORT = [
  'First,Last,Company,Domain,Email',
  ...Array.from(
    { length: 40 },
    (_, i) => `Lead${i},Crm${i},Company ${i % 7},company${i % 7}.example,${i % 2 === 0 ? `Lead${i}.CRM@Own-${i}.example` : ''}`,
  ),
].join('\n');
const MAPPING = { first_name: 'First', last_name: 'Last', company_name: 'Company', company_domain: 'Domain', email: 'Email' };

/** A new list holding the imported leads (the 40 of CRM_EXPORT, 20 with an email, unless `csv` says otherwise). */
async function importedList(csv = CRM_EXPORT): Promise<string> {
  const { list_id } = await t.client.lists.create({ name: `CRM ${Math.random()}` });
  const r = await t.client.lists.importCsv(list_id, { csv, column_mapping: MAPPING, dispatch_enrichment: false });
  expect(r.rows_imported).toBe(csv.split('\n').length - 1);
  return list_id;
}

const leadsOf = (listId: string): Promise<LeadRow[]> => t.clientWith({}).lists.leads(listId).toArray({ limit: 1000 });
const emailsOf = (leads: readonly LeadRow[]) => new Map(leads.filter((l) => l.email).map((l) => [l.lead_id, l.email]));
const sentRuns = () => t.sent.filter((r) => r === 'POST /enrichment/bulk').length;
const estimates = () => t.sent.filter((r) => r === 'POST /credits/estimate').length;

describe('enrichment.bulk pays only for what is missing', () => {
  it('an imported list of 40, 20 with an email: 20 are quoted and reserved, at most 20 charged, the 20 emails stay byte-identical; again: nothing', async () => {
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 1 } });
    const list = await importedList();
    const imported = emailsOf(await leadsOf(list));
    expect(imported.size).toBe(20);
    const before = await balanceOf(t);

    const job = await t.client.enrichment.bulk({ list_id: list, scope: 'partial' }, { maxCredits: 100 });
    expect(job).toMatchObject({
      list_id: list,
      scope: 'partial',
      credits_reserved: 20,
      skipped: { has_email: 20 },
      check: { leads_read: 40, requests: 1 },
    });
    expect(job.quote).toMatchObject({ estimated_cost: 20, row_count: 20 });
    expect(job.runs).toHaveLength(1);
    expect(job.workflow_ids).toEqual([job.runs[0]!.workflow_id]);
    expect(job.summary).toBe(
      'Checked 40 leads in 1 request (its leads in pages of 500): 20 already have an email, skipped ({ allLeads: true } enriches them again).',
    );
    const done = await t.client.enrichment.waitFor(job.workflow_ids[0]!, FAST_POLL);
    expect(done.credits_charged).toBeLessThanOrEqual(20);
    expect(await balanceOf(t)).toBe(before - done.credits_charged);

    const after = await leadsOf(list);
    for (const [id, email] of imported) expect(after.find((l) => l.lead_id === id)?.email).toBe(email);
    expect(emailsOf(after).size).toBe(40);

    t.sent.length = 0;
    const again = await t.client.enrichment.bulk({ list_id: list, scope: 'partial' }, { maxCredits: 100 });
    expect(again).toMatchObject({ runs: [], workflow_ids: [], credits_reserved: 0, quote: null, skipped: { has_email: 40 } });
    expect(again.summary).toContain('40 already have an email, skipped');
    // The earlier run of this list, from the client's journal, is read once to see whether it still goes (it ended).
    expect(t.sent).toEqual([`GET /enrichment/status/${job.workflow_ids[0]}`, `GET /lead-lists/${list}/leads`]);
    expect(await balanceOf(t)).toBe(before - done.credits_charged);
  });

  it('confirm is told what was skipped beside the quote; { allLeads: true } prices all 40', async () => {
    const list = await importedList();
    const before = await balanceOf(t);
    const confirm = vi.fn((_q: SpendQuote, _plan: BulkEnrichPlan) => false);
    const declined = await t.client.enrichment.bulk({ list_id: list, scope: 'partial' }, { confirm }).catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(SpendDeclinedError);
    expect(confirm).toHaveBeenCalledOnce();
    const [quote, plan] = confirm.mock.calls[0]!;
    expect(quote).toMatchObject({ tool: 'enrich_list', estimated_cost: 20, row_count: 20, quote_id: expect.stringMatching(/^qte_v1_/) });
    expect(plan).toMatchObject({
      list_id: list,
      scope: 'partial',
      skipped: { has_email: 20 },
      runs: 1,
      check: { leads_read: 40, requests: 1 },
    });
    expect(plan.quotes).toEqual([quote]);
    expect(plan.summary).toContain('20 already have an email, skipped ({ allLeads: true } enriches them again)');

    const all = await t.client.enrichment.bulk({ list_id: list, scope: 'partial', allLeads: true }, { confirm }).catch((e: unknown) => e);
    expect(all).toMatchObject({ reason: 'declined', spent: 0, quote: { estimated_cost: 40, row_count: 40 } });
    expect(confirm.mock.calls[1]![1]).toMatchObject({ skipped: {}, runs: 1, check: null });
    expect(sentRuns()).toBe(0);
    expect(await balanceOf(t)).toBe(before);
  });

  it('scope full: a lead with an email gets the phone alone, the others everything; two runs decided on once, their sum', async () => {
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 1, phone: 1 } });
    const list = await importedList();
    const imported = emailsOf(await leadsOf(list));
    const confirm = vi.fn((_q: SpendQuote, _plan: BulkEnrichPlan) => true);
    const before = await balanceOf(t);
    const job = await t.client.enrichment.bulk({ list_id: list, scope: 'full' }, { confirm });
    expect(confirm).toHaveBeenCalledOnce();
    const [quote, plan] = confirm.mock.calls[0]!;
    const [fullRun, phoneRun] = plan.quotes;
    expect(plan.runs).toBe(2);
    expect(quote).toMatchObject({ row_count: 40, estimated_cost: fullRun!.estimated_cost + phoneRun!.estimated_cost });
    expect(quote.quote_id).toBeUndefined();
    expect(plan.summary).toContain('20 with an email get the phone alone');
    expect(job.runs).toHaveLength(2);
    expect(job.credits_reserved).toBe(quote.estimated_cost);
    expect(estimates()).toBe(2);
    expect(sentRuns()).toBe(2);

    let charged = 0;
    for (const id of job.workflow_ids) charged += (await t.client.enrichment.waitFor(id, FAST_POLL)).credits_charged;
    expect(charged).toBeLessThanOrEqual(quote.estimated_cost);
    expect(await balanceOf(t)).toBe(before - charged);
    const after = await leadsOf(list);
    for (const [id, email] of imported) expect(after.find((l) => l.lead_id === id)?.email).toBe(email);
  });

  it('lead_ids: only those, and of those only the ones without an email', async () => {
    const list = await importedList();
    const leads = await leadsOf(list);
    const ids = leads.slice(0, 6).map((l) => l.lead_id);
    const lacking = leads.slice(0, 6).filter((l) => !l.email).length;
    const job = await t.client.enrichment.bulk({ list_id: list, scope: 'partial', lead_ids: ids }, { maxCredits: 100 });
    expect(job).toMatchObject({ credits_reserved: lacking, skipped: { has_email: 6 - lacking } });
    expect(job.runs[0]).toMatchObject({ total_leads: lacking });
    const none = await t.client.enrichment.bulk({ list_id: list, lead_ids: [] }, { maxCredits: 100 }).catch((e: unknown) => e);
    expect(none).toBeInstanceOf(ConfigurationError);
    expect((none as Error).message).toBe('lead_ids is empty: no lead to enrich');
  });

  it('a quote estimated for the whole list is refused when only part is missing (nothing sent); with allLeads it is sent as is', async () => {
    const list = await importedList();
    const before = await balanceOf(t);
    const quote = await t.client.credits.estimate({ tool: 'enrich_list', list_id: list, scope: 'partial' });
    expect(quote.estimated_cost).toBe(40);
    const e = await t.client.enrichment.bulk({ list_id: list, scope: 'partial' }, { quote }).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(ConfigurationError);
    expect((e as Error).message).toContain('20 already have an email, skipped');
    expect(sentRuns()).toBe(0);
    expect(await balanceOf(t)).toBe(before);

    const all = await t.client.enrichment.bulk({ list_id: list, scope: 'partial', allLeads: true }, { quote });
    expect(all).toMatchObject({ credits_reserved: 40, skipped: {} });
    expect(sentRuns()).toBe(1);
  });

  it('over 500 leads missing: runs of up to 500 with a quote each, one decision on their sum', async () => {
    const rows = Array.from({ length: 600 }, (_, i) => `Big${i},Row${i},Big Co,bigco.example,${i < 50 ? `big${i}@own.example` : ''}`);
    const list = await importedList(['First,Last,Company,Domain,Email', ...rows].join('\n'));
    const confirm = vi.fn((_q: SpendQuote, _plan: BulkEnrichPlan) => true);
    const job = await t.client.enrichment.bulk({ list_id: list, scope: 'partial' }, { confirm, maxCredits: 550 });
    expect(confirm).toHaveBeenCalledOnce();
    const [quote, plan] = confirm.mock.calls[0]!;
    expect(quote).toMatchObject({ estimated_cost: 550, row_count: 550 });
    expect(plan.quotes.map((q) => q.row_count)).toEqual([500, 50]);
    expect(job).toMatchObject({ credits_reserved: 550, skipped: { has_email: 50 }, check: { leads_read: 600, requests: 2 } });
    expect(job.runs.map((r) => r.total_leads)).toEqual([500, 50]);
  });

  it('quotes that expired while confirm decided are renewed run by run, not asked about again at the same cost', async () => {
    const list = await importedList();
    const confirm = vi.fn(async () => {
      await control(t.sb, 'POST', '/clock', { advance_ms: 6 * 60_000 });
      return true;
    });
    const job = await t.client.enrichment.bulk({ list_id: list, scope: 'full' }, { confirm });
    expect(confirm).toHaveBeenCalledOnce();
    expect(job.runs).toHaveLength(2);
    const paid = t.sent.filter((r) => r === 'POST /credits/estimate' || r === 'POST /enrichment/bulk');
    expect(paid).toEqual([
      'POST /credits/estimate',
      'POST /credits/estimate',
      ...Array(2).fill(['POST /enrichment/bulk', 'POST /credits/estimate', 'POST /enrichment/bulk']).flat(),
    ]);
  });
});
