import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ConfigurationError,
  PaidCallAbortedError,
  SpendDeclinedError,
  type CsvImportPlan,
  type LeadRow,
  type Quote,
} from '../../src/index.js';
import { enrichmentArea } from '../../src/sandbox/engine/enrichment.js';
import { control } from '../sandbox/helpers.js';
import {
  BOTH_EXPORT,
  BOTH_MAPPING,
  CRM_MAPPING as MAPPING,
  crmEmail,
  crmPhone,
  emailsExport as crmCsv,
  PHONES_EXPORT,
  PHONES_MAPPING,
} from '../helpers/crm-export.js';
import { balanceOf, useSdkSandbox } from './helpers.js';

/**
 * client.lists.importCsv with enrichment pays only for the rows that lack what the enrichment
 * finds (issue 31), as `prospect import --enrich` does: a row holding an email (partial), a phone
 * (phone_only: any of the phone columns) or both (full) is imported free and keeps the file's
 * value; with full a row holding one part gets the other alone; { allRows: true } enriches every
 * row, as before. Figures are read back from the sandbox: its balance, the list's leads, the
 * requests it took.
 */
const t = useSdkSandbox();

const CSV_IMPORT = /^POST \/lead-lists\/[^/]+\/csv-import$/;
const imports = () => t.sent.filter((r) => CSV_IMPORT.test(r)).length;
const estimates = () => t.sent.filter((r) => r === 'POST /credits/estimate').length;

// Runs stay where they started (their reservation taken, nothing settled) until the test moves the clock: the balance shows what was reserved.
beforeEach(() => control(t.sb, 'POST', '/clock', { freeze: true }));
/** Every run started so far ends. */
const runsEnd = () => control(t.sb, 'POST', '/clock', { advance_ms: 60 * 60_000 });

/** A new list (its request left out of `t.sent`). */
async function newList(name: string): Promise<string> {
  const { list_id } = await t.client.lists.create({ name: `${name} ${Math.random()}` });
  t.sent.length = 0;
  return list_id;
}

/** Each lead by its first name (the rows' own key). */
async function leadsByName(listId: string): Promise<Map<string, LeadRow>> {
  const leads = await t.clientWith({}).lists.leads(listId).toArray({ limit: 1000 });
  return new Map(leads.map((l) => [l.first_name!, l]));
}

/** What the runs charged once settled. */
async function chargedBy(workflowIds: readonly string[]): Promise<number> {
  let sum = 0;
  for (const id of workflowIds) {
    const s = await t.client.enrichment.status(id);
    expect(s.status).toMatch(/^completed/);
    sum += s.credits_charged ?? 0;
  }
  return sum;
}

describe('lists.importCsv partial pays only for the rows without an email', () => {
  it('20 rows, 10 with an email: 10 quoted and reserved, the CRM emails kept byte for byte; the same import again pays nothing more', async () => {
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 1 } });
    const list = await newList('CRM');
    const before = await balanceOf(t);
    const confirm = vi.fn((_q: Quote, _plan: CsvImportPlan) => true);

    const r = await t.client.lists.importCsv(list, { csv: crmCsv(20), column_mapping: MAPPING, enrichment_type: 'partial' }, { confirm });
    expect(confirm).toHaveBeenCalledOnce();
    const [quote, plan] = confirm.mock.calls[0]!;
    expect(quote).toMatchObject({
      tool: 'bulk_import_csv',
      estimated_cost: 10,
      row_count: 10,
      quote_id: expect.stringMatching(/^qte_v1_/),
    });
    expect(plan).toEqual({
      list_id: list,
      type: 'partial',
      rows_by_type: { partial: 10 },
      skipped: { has_email: 10 },
      summary: '10 rows already have an email, not enriched ({ allRows: true } enriches them too)',
      most_cost: 10,
      requests: 2,
      quotes: [quote],
    });
    // Two requests: the 10 rows with an email without enrichment (free), the 10 others with it.
    expect(imports()).toBe(2);
    expect(r).toMatchObject({ list_id: list, rows_parsed: 20, rows_imported: 20, rows_skipped: 0, idempotency_replayed: false });
    expect(r.workflow_ids).toHaveLength(1);
    expect(r.workflow_id).toBe(r.workflow_ids[0]);
    expect(r.enrichment).toEqual({ type: 'partial', rows_by_type: { partial: 10 }, skipped: { has_email: 10 }, summary: plan.summary });
    expect(await balanceOf(t)).toBe(before - 10);

    await runsEnd();
    const charged = await chargedBy(r.workflow_ids);
    expect(charged).toBe(10);
    expect(await balanceOf(t)).toBe(before - charged);
    const leads = await leadsByName(list);
    expect(leads.size).toBe(20);
    for (let i = 0; i < 20; i += 2) expect(leads.get(`Ann${i}`)?.email).toBe(crmEmail(i));
    for (let i = 1; i < 20; i += 2) expect(leads.get(`Ann${i}`)?.email).toBeTruthy();

    // The same import again: replayed by the service through the same keys, nothing imported or charged again.
    t.sent.length = 0;
    const again = await t.client.lists.importCsv(
      list,
      { csv: crmCsv(20), column_mapping: MAPPING, enrichment_type: 'partial' },
      { maxCredits: 10 },
    );
    expect(again).toMatchObject({
      rows_imported: 20,
      idempotency_replayed: true,
      workflow_ids: r.workflow_ids,
      enrichment: { skipped: { has_email: 10 } },
    });
    expect(imports()).toBe(2);
    await runsEnd();
    expect(await balanceOf(t)).toBe(before - charged);
    expect(await leadsByName(list)).toEqual(leads);
  });

  it('{ allRows: true } enriches every row, as before: one request, all 20 reserved', async () => {
    const list = await newList('All');
    const before = await balanceOf(t);
    const confirm = vi.fn((_q: Quote, _plan: CsvImportPlan) => true);
    const r = await t.client.lists.importCsv(
      list,
      { csv: crmCsv(20), column_mapping: MAPPING, enrichment_type: 'partial', allRows: true },
      { confirm },
    );
    expect(confirm.mock.calls[0]![0]).toMatchObject({ estimated_cost: 20, row_count: 20 });
    expect(confirm.mock.calls[0]![1]).toMatchObject({ skipped: {}, summary: '', requests: 1, rows_by_type: { partial: 20 } });
    expect(imports()).toBe(1);
    expect(r).toMatchObject({ rows_imported: 20, enrichment: { skipped: {}, rows_by_type: { partial: 20 } } });
    expect(r.workflow_ids).toHaveLength(1);
    expect(await balanceOf(t)).toBe(before - 20);
  });

  it('every row holding an email: imported free, nobody asked, no estimate', async () => {
    const list = await newList('Held');
    const before = await balanceOf(t);
    const confirm = vi.fn(() => true);
    const csv = 'Email,First Name,Last Name,Company\na@crm.example,Ann,Lee,Acme\nb@crm.example,Bo,Lee,Acme\n';
    const r = await t.client.lists.importCsv(
      list,
      {
        csv,
        column_mapping: { email: 'Email', first_name: 'First Name', last_name: 'Last Name', company_name: 'Company' },
        enrichment_type: 'partial',
      },
      { confirm },
    );
    expect(confirm).not.toHaveBeenCalled();
    expect(t.sent).toEqual([`POST /lead-lists/${list}/csv-import`]);
    expect(r).toMatchObject({
      rows_imported: 2,
      workflow_id: null,
      workflow_ids: [],
      enrichment: { skipped: { has_email: 2 }, rows_by_type: {} },
    });
    expect(await balanceOf(t)).toBe(before);
  });

  it('a skipped row is named by its row number in the CSV given, whatever request carried it', async () => {
    const list = await newList('Skips');
    // Row 4 (header = 1) has neither a name, a company nor an email: missing_required, in the paid request.
    const csv = [
      'First Name,Last Name,Company,Website,Email',
      'Ann0,Lee,Acme 0,acme0.example,ann0@crm.example',
      'Ann1,Lee,Acme 1,acme1.example,',
      ',,,,',
      'Ann3,Lee,Acme 3,acme3.example,',
    ].join('\n');
    const r = await t.client.lists.importCsv(list, { csv, column_mapping: MAPPING, enrichment_type: 'partial' }, { maxCredits: 3 });
    expect(r).toMatchObject({
      rows_parsed: 4,
      rows_imported: 3,
      rows_skipped: 1,
      skip_reasons: { missing_required: 1 },
      sample_skip_rows: [4],
    });
  });
});

describe('lists.importCsv phone_only and full', () => {
  it('phone_only: a phone in the phone, mobile or work phone column is held, not paid for and not replaced', async () => {
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { phone: 1 } });
    const list = await newList('Phones');
    const before = await balanceOf(t);
    const confirm = vi.fn((_q: Quote, _plan: CsvImportPlan) => true);
    const r = await t.client.lists.importCsv(
      list,
      { csv: PHONES_EXPORT.replaceAll('\n', '\r\n'), column_mapping: PHONES_MAPPING, enrichment_type: 'phone_only' },
      { confirm },
    );
    expect(confirm.mock.calls[0]![0]).toMatchObject({ estimated_cost: 40, row_count: 4 });
    expect(confirm.mock.calls[0]![1].summary).toBe('8 rows already have a phone, not enriched ({ allRows: true } enriches them too)');
    expect(imports()).toBe(2);
    expect(r).toMatchObject({ rows_imported: 12, enrichment: { skipped: { has_phone: 8 }, rows_by_type: { phone_only: 4 } } });
    expect(await balanceOf(t)).toBe(before - 40);

    await runsEnd();
    const charged = await chargedBy(r.workflow_ids);
    expect(charged).toBe(40);
    expect(await balanceOf(t)).toBe(before - 40);
    const leads = await leadsByName(list);
    for (let i = 0; i < 8; i++) expect(leads.get(`Ann${i}`)?.phone).toBe(crmPhone(i));
    for (let i = 8; i < 12; i++) expect(leads.get(`Ann${i}`)?.phone).toBeTruthy();
  });

  it('full: a row holding both goes free, one holding an email gets the phone alone, one holding a phone the email alone; decided once on the sum', async () => {
    const params = { csv: BOTH_EXPORT, column_mapping: BOTH_MAPPING, enrichment_type: 'full' as const };
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 1, phone: 1 } });
    const list = await newList('Full');
    const before = await balanceOf(t);

    const refused = await t.client.lists.importCsv(list, params, { maxCredits: 43 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SpendDeclinedError);
    expect(refused).toMatchObject({ reason: 'over_max_credits', spent: 0, quote: { estimated_cost: 44, row_count: 6 } });
    expect(imports()).toBe(0);
    expect(estimates()).toBe(3);

    const confirm = vi.fn((_q: Quote, _plan: CsvImportPlan) => true);
    const r = await t.client.lists.importCsv(list, params, { confirm });
    expect(confirm).toHaveBeenCalledOnce();
    const [quote, plan] = confirm.mock.calls[0]!;
    expect(quote).toMatchObject({ tool: 'bulk_import_csv', estimated_cost: 44, row_count: 6, quote_id: null });
    expect(plan).toMatchObject({
      type: 'full',
      rows_by_type: { partial: 2, phone_only: 2, full: 2 },
      skipped: { has_email_and_phone: 2 },
      most_cost: 44,
      requests: 4,
    });
    expect(plan.quotes.map((q) => [q.estimated_cost, q.row_count])).toEqual([
      [2, 2],
      [20, 2],
      [22, 2],
    ]);
    expect(plan.summary).toBe(
      '2 rows already have an email and a phone, not enriched ({ allRows: true } enriches them too); 2 rows with an email get the phone alone (phone_only); 2 rows with a phone get the email alone (partial)',
    );
    // Four requests: the free one, then partial, phone_only and full.
    expect(imports()).toBe(4);
    expect(r).toMatchObject({ rows_imported: 8, enrichment: { skipped: { has_email_and_phone: 2 } } });
    expect(r.workflow_ids).toHaveLength(3);
    expect(await balanceOf(t)).toBe(before - 44);

    await runsEnd();
    expect(await chargedBy(r.workflow_ids)).toBe(44);
    expect(await balanceOf(t)).toBe(before - 44);
    const leads = await leadsByName(list);
    for (let i = 0; i < 4; i++) expect(leads.get(`Ann${i}`)?.email).toBe(crmEmail(i));
    for (const i of [0, 1, 4, 5]) expect(leads.get(`Ann${i}`)?.phone).toBe(crmPhone(i));
    for (const l of leads.values()) expect(l.email && l.phone).toBeTruthy();
  });
});

describe('lists.importCsv: what it refuses before sending anything', () => {
  it('a quote of the whole CSV when rows are left out; with { allRows: true } it is exactly the request and runs', async () => {
    const list = await newList('Quoted');
    const quote = await t.client.credits.estimate({ tool: 'bulk_import_csv', enrichment_type: 'partial', row_count: 20 });
    t.sent.length = 0;
    const e = await t.client.lists
      .importCsv(list, { csv: crmCsv(20), column_mapping: MAPPING, enrichment_type: 'partial' }, { quote })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ConfigurationError);
    expect((e as Error).message).toContain(
      'the quote given prices the whole CSV with partial, but 10 rows already have an email, not enriched',
    );
    expect(t.sent).toEqual([]);
    const before = await balanceOf(t);
    const r = await t.client.lists.importCsv(
      list,
      { csv: crmCsv(20), column_mapping: MAPPING, enrichment_type: 'partial', allRows: true },
      { quote },
    );
    expect(r).toMatchObject({ rows_imported: 20 });
    expect(await balanceOf(t)).toBe(before - 20);
  });

  it('allRows without enrichment, and an enrichment_type that does not exist', async () => {
    const list = await newList('Bad');
    const free = t.client.lists.importCsv(list, {
      csv: crmCsv(2),
      column_mapping: MAPPING,
      dispatch_enrichment: false,
      allRows: true,
    } as never);
    await expect(free).rejects.toThrow('allRows applies only to an import that enriches');
    const bad = t.client.lists.importCsv(list, { csv: crmCsv(2), column_mapping: MAPPING, enrichment_type: 'emails' } as never, {
      maxCredits: 5,
    });
    await expect(bad).rejects.toThrow('enrichment_type "emails" is not one of partial, phone_only, full');
    expect(t.sent).toEqual([]);
  });
});

describe('lists.importCsv pays once', () => {
  const workflowIds = () => Object.keys(enrichmentArea(t.sb.services.store).workflows);
  /** The answer of the second csv-import request (the paid one, after the free one) comes 3 s late, the request handled first (its run started). */
  const holdPaidAnswer = () =>
    control(t.sb, 'POST', '/faults', {
      rules: [{ method: 'POST', path: '/csv-import', kind: 'latency', phase: 'after', latency_ms: 3_000, after: 1, count: 1 }],
    });
  const params = () => ({ csv: crmCsv(20), column_mapping: MAPPING, enrichment_type: 'partial' as const });

  it('two identical imports at once: one run, the second takes its answer, 10 reserved once', async () => {
    const list = await newList('Twice');
    const before = await balanceOf(t);
    await holdPaidAnswer();
    const first = t.client.lists.importCsv(list, params(), { maxCredits: 10 });
    await expect.poll(workflowIds, { timeout: 20_000 }).toHaveLength(1);
    const second = await t.client.lists.importCsv(list, params(), { maxCredits: 10 });
    const one = await first;
    expect(one.workflow_ids).toEqual(workflowIds());
    expect(second).toMatchObject({ rows_imported: 20, workflow_ids: one.workflow_ids });
    // The second priced nothing: the first's paid request was on its way, and its answer was taken.
    expect(estimates()).toBe(1);
    expect(await balanceOf(t)).toBe(before - 10);
  });

  it('stopped after its paid request went out: PaidCallAbortedError with the quote; the same import again returns that run, paid once', async () => {
    const list = await newList('Stopped');
    const before = await balanceOf(t);
    await holdPaidAnswer();
    const stop = new AbortController();
    const running = t.client.lists.importCsv(list, params(), { maxCredits: 10, signal: stop.signal }).catch((e: unknown) => e);
    await expect.poll(workflowIds, { timeout: 20_000 }).toHaveLength(1);
    stop.abort();
    const e = await running;
    expect(e).toBeInstanceOf(PaidCallAbortedError);
    expect(e).toMatchObject({ sent: true, quote: { estimated_cost: 10 } });

    const again = await t.client.lists.importCsv(list, params(), { maxCredits: 10 });
    expect(again).toMatchObject({ rows_imported: 20, workflow_ids: workflowIds() });
    expect(estimates()).toBe(1);
    expect(await balanceOf(t)).toBe(before - 10);
  });
});
