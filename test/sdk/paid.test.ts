import { describe, expect, it, vi } from 'vitest';
import {
  ConfigurationError,
  CreditsError,
  LostResponseError,
  SpendDeclinedError,
  type PaidOptions,
  type Quote,
  type SpendQuote,
} from '../../src/index.js';
import { control } from '../sandbox/helpers.js';
import { balanceOf, FAST_POLL, seededList, useSdkSandbox } from './helpers.js';

const t = useSdkSandbox();

/** What a paid call rejects with. */
const refusal = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => expect.fail('the paid call went ahead'),
    (e: unknown) => e,
  );

describe('paid methods: estimate, decide, then send with the quote', () => {
  it('a declined confirm spends nothing and sends nothing but the free reads and the estimate', async () => {
    const list = await seededList(t, 'Decline', 6);
    const before = await balanceOf(t);
    const confirm = vi.fn((_q: SpendQuote) => false);
    const e = await refusal(t.client.enrichment.bulk({ list_id: list, scope: 'full' }, { confirm }));
    expect(e).toBeInstanceOf(SpendDeclinedError);
    expect(e).toMatchObject({ reason: 'declined', spent: 0, quote: { tool: 'enrich_list', row_count: 6, estimated_cost: 66 } });
    expect(confirm).toHaveBeenCalledOnce();
    expect(confirm.mock.calls[0]![0]).toMatchObject({ estimated_cost: 66, sufficient: true, quote_id: expect.stringMatching(/^qte_v1_/) });
    expect(t.sent).toEqual([`GET /lead-lists/${list}/leads`, 'POST /credits/estimate']);
    expect(await balanceOf(t)).toBe(before);
  });

  it('an accepted confirm sends the run once with its quote; the balance moves by what the run charged', async () => {
    const list = await seededList(t, 'Accept', 6);
    const before = await balanceOf(t);
    const {
      runs: [started],
    } = await t.client.enrichment.bulk({ list_id: list, scope: 'full' }, { confirm: (q) => q.estimated_cost <= 100 });
    expect(started).toMatchObject({ status: 'pending', credits_reserved: 66 });
    const done = await t.client.enrichment.waitFor(started!.workflow_id, FAST_POLL);
    expect(done.status).toMatch(/^completed/);
    expect(t.sent.filter((r) => r === 'POST /enrichment/bulk')).toHaveLength(1);
    expect(await balanceOf(t)).toBe(before - done.credits_charged);
  });

  it('maxCredits: an estimate over it is refused without asking; within it the run goes without a confirm', async () => {
    const list = await seededList(t, 'Capped', 6);
    const confirm = vi.fn(() => true);
    const e = await refusal(t.client.enrichment.bulk({ list_id: list, scope: 'full' }, { maxCredits: 65, confirm }));
    expect(e).toMatchObject({ name: 'SpendDeclinedError', reason: 'over_max_credits', spent: 0 });
    expect((e as Error).message).toBe('enrich_list would cost up to 66 credits, over maxCredits 65; nothing was spent');
    expect(confirm).not.toHaveBeenCalled();
    expect(t.sent).toEqual([`GET /lead-lists/${list}/leads`, 'POST /credits/estimate']);
    const started = await t.client.enrichment.bulk({ list_id: list, scope: 'full' }, { maxCredits: 66 });
    expect(started.credits_reserved).toBe(66);
  });

  it('a balance short of the estimate is refused before anything is asked or sent', async () => {
    const list = await seededList(t, 'Poor', 6);
    await control(t.sb, 'POST', '/balance', { credits: 10 });
    const confirm = vi.fn(() => true);
    const e = await refusal(t.client.enrichment.bulk({ list_id: list, scope: 'full' }, { confirm }));
    expect(e).toMatchObject({ reason: 'insufficient_credits', quote: { available_credits: 10, sufficient: false } });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('a paid call without confirm, maxCredits or quote is refused before sending (JavaScript callers)', async () => {
    const e = await refusal(t.client.enrichment.company({ domain: 'example.com' }, {} as PaidOptions));
    expect(e).toBeInstanceOf(ConfigurationError);
    expect(t.sent).toEqual([]);
  });

  it('a quote that expired while confirm decided is renewed and not asked about again at the same cost', async () => {
    const list = await seededList(t, 'Slow', 3);
    const confirm = vi.fn(async () => {
      await control(t.sb, 'POST', '/clock', { advance_ms: 6 * 60_000 });
      return true;
    });
    const started = await t.client.enrichment.bulk({ list_id: list }, { confirm });
    expect(started.runs[0]!.status).toBe('pending');
    expect(confirm).toHaveBeenCalledOnce();
    expect(t.sent).toEqual([
      `GET /lead-lists/${list}/leads`,
      'POST /credits/estimate',
      'POST /enrichment/bulk',
      'POST /credits/estimate',
      'POST /enrichment/bulk',
    ]);
  });

  it('a quote you estimated yourself is sent as is; a used one reads back the run it paid for instead of paying again', async () => {
    const list = await seededList(t, 'Own quote', 4);
    const quote = await t.client.credits.estimate({ tool: 'enrich_list', list_id: list, scope: 'partial' });
    const first = await t.client.enrichment.bulk({ list_id: list, scope: 'partial' }, { quote });
    const after = await balanceOf(t);
    // The same call again, as after a crash that lost the first answer: the quote paid once.
    // allLeads: the exact request the quote prices, whatever the first run found since.
    const again = await t.client.enrichment.bulk({ list_id: list, scope: 'partial', allLeads: true }, { quote: quote.quote_id! });
    expect(again.workflow_ids).toEqual(first.workflow_ids);
    expect(await balanceOf(t)).toBe(after);
  });
});

describe('lost answers are resolved through the quote, never paid twice', () => {
  it('the connection drops after the run started: the SDK resends with the same quote and reads the run back', async () => {
    const list = await seededList(t, 'Dropped', 6);
    const before = await balanceOf(t);
    await control(t.sb, 'POST', '/faults', {
      rules: [{ method: 'POST', path: '/enrichment/bulk', kind: 'drop', phase: 'after', count: 1 }],
    });
    const {
      runs: [started],
    } = await t.client.enrichment.bulk({ list_id: list, scope: 'full' }, { maxCredits: 100 });
    expect(started!.workflow_id).toMatch(/^bulk-enrich-/);
    expect(started!.message).toMatch(/found through its quote/);
    const done = await t.client.enrichment.waitFor(started!.workflow_id, FAST_POLL);
    expect((await control(t.sb, 'GET', '/enrichment')).active).toEqual([]);
    expect(await balanceOf(t)).toBe(before - done.credits_charged);
    expect(t.sent.filter((r) => r === 'POST /enrichment/bulk')).toHaveLength(2);
  });

  it('a synchronous run whose answer is lost is reported (LostResponseError), not paid for again', async () => {
    await control(t.sb, 'POST', '/faults', {
      rules: [{ method: 'POST', path: '/enrichment/company', kind: 'drop', phase: 'after', count: 1 }],
    });
    const before = await balanceOf(t);
    const e = await refusal(t.client.enrichment.company({ domain: await anyCompanyDomain() }, { maxCredits: 1 }));
    expect(e).toBeInstanceOf(LostResponseError);
    expect(e).toMatchObject({ code: 'dispatch_outcome_unknown', reason: 'quote_used' });
    expect(await balanceOf(t)).toBe(before - 1);
  });
});

describe('every paid area takes the same approval', () => {
  it('enrichment.person and byTask, agents.run, sync.crm, lists.importCsv with enrichment, legacy.bulkEnrich', async () => {
    const confirm = vi.fn((_q: Quote) => true);
    const list = await seededList(t, 'Everything', 3);
    // The person enriched is added to the list: it holds 4 leads from here on.
    const person = await t.client.enrichment.person(
      { lead_list_id: list, email: 'ada@example.com', enrichment_type: 'partial' },
      { confirm },
    );
    expect(person.status).toBe('pending');

    const page = await t.client.people.search({ filters: { seniority: ['Director'] }, limit: 2 });
    const cohort = await t.client.enrichment.byTask({ task_id: page.task_id!, data_points: ['Email'] }, { confirm });
    expect(cohort.entity_kind).toBe('person');

    const run = await t.client.agents.run({ list_id: list, agent_type: 'title_normalizer', column_name: 'clean_title' }, { confirm });
    expect(run.status).toBe('pending');

    await control(t.sb, 'POST', '/connections', { provider: 'crm_one', connected: true });
    const synced = await t.client.sync.crm({ provider: 'crm_one', list_id: list }, { confirm });
    expect(synced.provider).toBe('crm_one');

    const csv = 'First,Last,Company\nAda,Lovelace,Analytical\n"Grace ""Amazing""",Hopper,"Navy,\nUS"\n';
    const mapping = { first_name: 'First', last_name: 'Last', company_name: 'Company' };
    const imported = await t.client.lists.importCsv(list, { csv, column_mapping: mapping, enrichment_type: 'partial' }, { confirm });
    expect(imported.rows_imported).toBe(2);

    const legacy = await t.client.legacy.bulkEnrich(
      { enrichment_type: 'partial', contacts: [{ linkedin_url: 'https://linkedin.com/in/ada' }] },
      { confirm },
    );
    expect(legacy.total_contacts).toBe(1);

    expect(confirm.mock.calls.map(([q]) => [q.tool, q.row_count])).toEqual([
      ['enrich_person', 1],
      ['add_person_enrichments', 2],
      ['run_smart_agent', 4],
      ['sync_to_crm', 4],
      ['bulk_import_csv', 2],
      ['bulk_import_csv', 1],
    ]);
  });

  it('a free CSV import asks nothing and sends no estimate', async () => {
    const list = await seededList(t, 'Free import', 0);
    const r = await t.client.lists.importCsv(list, {
      csv: 'First,Last,Company\nAda,Lovelace,Analytical\n',
      column_mapping: { first_name: 'First', last_name: 'Last', company_name: 'Company' },
      dispatch_enrichment: false,
    });
    expect(r.rows_imported).toBe(1);
    expect(t.sent).toEqual([`POST /lead-lists/${list}/csv-import`]);
  });

  it('the service refusing the run after the decision is its typed error (a quote of another request: CreditsError)', async () => {
    const list = await seededList(t, 'Mismatch', 2);
    const other = await t.client.credits.estimate({ tool: 'enrich_list', list_id: list, scope: 'full' });
    const e = await refusal(t.client.enrichment.bulk({ list_id: list, scope: 'partial' }, { quote: other }));
    expect(e).toBeInstanceOf(CreditsError);
    expect((e as CreditsError).code).toBe('quote_mismatch');
  });
});

async function anyCompanyDomain(): Promise<string> {
  const page = await t.client.companies.search({ filters: { employee_count_ranges: ['51-200'] }, limit: 1 });
  return page.results[0]!.domain!;
}
