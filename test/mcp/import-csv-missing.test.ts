import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { tempDir } from '../helpers/temp-dir.js';
import { MemoryJournalStore } from '../../src/workflows/journal/memory-store.js';
import {
  BOTH_EXPORT,
  BOTH_MAPPING,
  CRM_MAPPING as MAPPING,
  crmEmail,
  crmPhone,
  emailsExport,
  PHONES_EXPORT,
  PHONES_MAPPING,
} from '../helpers/crm-export.js';
import { balance, callTool, structuredOf, textOf, useMcpSandbox, type Session, type SessionOptions } from './helpers.js';

/**
 * lists_import_csv with enrichment pays only for the rows that lack what the enrichment finds
 * (issue 31), as `prospect import --enrich` and the SDK's lists.importCsv do: a row holding an
 * email (partial), a phone (phone_only: any phone column) or both (full) is imported free and
 * keeps the file's value; with full a row holding one part gets the other alone; all_rows: true
 * enriches every row, as before. Figures are read back from the sandbox: its balance, the list's
 * leads, the requests it took.
 */
const t = useMcpSandbox();

const importsSent = (s: Session) => s.sent.filter((r) => /^POST \/lead-lists\/[^/]+\/csv-import$/.test(r)).length;
const estimatesSent = (s: Session) => s.sent.filter((r) => r === 'POST /credits/estimate').length;

// Runs stay where they started (their reservation taken, nothing settled) until the test moves the clock: the balance shows what was reserved.
beforeEach(() => control(t.sb, 'POST', '/clock', { freeze: true }));
/** Every run started so far ends. */
const runsEnd = () => control(t.sb, 'POST', '/clock', { advance_ms: 60 * 60_000 });

/** A session in a folder (`dir`) holding `csv` as crm.csv, and a new empty list. */
async function withFile(csv: string, opts: SessionOptions = {}): Promise<{ s: Session; list: string; file: string; dir: string }> {
  const dir = tempDir('mcp-import-');
  writeFileSync(path.join(dir, 'crm.csv'), csv);
  const s = await t.session({ cwd: dir, ...opts });
  return { s, list: await t.seededList('CRM', 0), file: 'crm.csv', dir };
}

interface Lead {
  first_name: string;
  email: string | null;
  phone: string | null;
}

async function leadsOf(s: Session, list_id: string): Promise<Map<string, Lead>> {
  const r = structuredOf(await callTool(s, 'lists_leads', { list_id, limit: 100, fields: ['first_name', 'email', 'phone'] }));
  return new Map((r.leads as Lead[]).map((l) => [l.first_name, l]));
}

/** What the runs charged once settled. */
async function chargedBy(s: Session, ids: readonly string[]): Promise<number> {
  let sum = 0;
  for (const id of ids) {
    const done = structuredOf(await callTool(s, 'run_status', { kind: 'enrichment', id }));
    expect(done.status.status).toMatch(/^completed/);
    sum += done.status.credits_charged as number;
  }
  return sum;
}

describe('lists_import_csv partial pays only for the rows without an email', () => {
  const csv = emailsExport(20);

  it('20 rows, 10 with an email: priced and reserved for 10, the CRM emails kept byte for byte; the same import again pays nothing more', async () => {
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 1 } });
    const { s, list, file } = await withFile(csv, { maxCredits: 100 });
    const args = { list_id: list, file, column_mapping: MAPPING, enrichment_type: 'partial' };
    const before = await balance(t.sb);

    const priced = await callTool(s, 'lists_import_csv', args);
    const p = structuredOf(priced);
    const said = '10 rows already have an email, not enriched (all_rows: true enriches them too).';
    expect(p, textOf(priced)).toMatchObject({
      status: 'priced',
      quote: { tool: 'bulk_import_csv', row_count: 10, estimated_cost: 10 },
      left_out: { summary: said, type: 'partial', skipped: { has_email: 10 }, rows_by_type: { partial: 10 }, most_cost: 10 },
    });
    expect(p.quotes).toBeUndefined();
    expect(textOf(priced)).toContain(said);
    expect(importsSent(s)).toBe(0);
    expect(await balance(t.sb)).toBe(before);

    const ran = structuredOf(await callTool(s, 'lists_import_csv', { ...args, quote_id: p.quote.quote_id }));
    expect(ran).toMatchObject({
      status: 'ran',
      spend: { spent_up_to: 10 },
      result: {
        list_id: list,
        rows_parsed: 20,
        rows_imported: 20,
        rows_skipped: 0,
        enrichment: { skipped: { has_email: 10 }, summary: said.slice(0, -1) },
      },
    });
    expect(ran.result.workflow_ids).toHaveLength(1);
    expect(ran.result.workflow_id).toBe(ran.result.workflow_ids[0]);
    // Two requests: the rows with an email without enrichment (free), then the others with it.
    expect(importsSent(s)).toBe(2);
    expect(await balance(t.sb)).toBe(before - 10);

    await runsEnd();
    const charged = await chargedBy(s, ran.result.workflow_ids);
    expect(charged).toBe(10);
    expect(await balance(t.sb)).toBe(before - charged);
    const leads = await leadsOf(s, list);
    expect(leads.size).toBe(20);
    for (let i = 0; i < 20; i += 2) expect(leads.get(`Ann${i}`)?.email).toBe(crmEmail(i));
    for (let i = 1; i < 20; i += 2) expect(leads.get(`Ann${i}`)?.email).toBeTruthy();

    // The same import again: priced (free), then replayed by the service through the same keys; nothing imported or charged again.
    const again = structuredOf(await callTool(s, 'lists_import_csv', args));
    const replayed = structuredOf(await callTool(s, 'lists_import_csv', { ...args, quote_id: again.quote.quote_id }));
    expect(replayed).toMatchObject({
      status: 'ran',
      result: { rows_imported: 20, idempotency_replayed: true, workflow_ids: ran.result.workflow_ids },
    });
    await runsEnd();
    expect(await balance(t.sb)).toBe(before - charged);
    expect(await leadsOf(s, list)).toEqual(leads);
  });

  it('all_rows: true enriches every row, as before: one request, all 20 priced and reserved', async () => {
    const { s, list, file } = await withFile(csv, { maxCredits: 100 });
    const args = { list_id: list, file, column_mapping: MAPPING, enrichment_type: 'partial', all_rows: true };
    const before = await balance(t.sb);
    const p = structuredOf(await callTool(s, 'lists_import_csv', args));
    expect(p).toMatchObject({ status: 'priced', quote: { row_count: 20, estimated_cost: 20 } });
    expect(p.left_out).toBeUndefined();
    const ran = structuredOf(await callTool(s, 'lists_import_csv', { ...args, quote_id: p.quote.quote_id }));
    expect(ran).toMatchObject({ status: 'ran', result: { rows_imported: 20, enrichment: { skipped: {}, rows_by_type: { partial: 20 } } } });
    expect(importsSent(s)).toBe(1);
    expect(await balance(t.sb)).toBe(before - 20);
  });

  it('every row holding an email: imported at once, free, saying what was left out', async () => {
    const { s, list, file } = await withFile('Email,First Name,Last Name,Company\na@crm.example,Ann,Lee,Acme\nb@crm.example,Bo,Lee,Acme\n');
    const before = await balance(t.sb);
    const r = await callTool(s, 'lists_import_csv', {
      list_id: list,
      file,
      column_mapping: { email: 'Email', first_name: 'First Name', last_name: 'Last Name', company_name: 'Company' },
      enrichment_type: 'partial',
    });
    expect(structuredOf(r), textOf(r)).toMatchObject({
      status: 'ran',
      quote: null,
      left_out: { skipped: { has_email: 2 } },
      result: { rows_imported: 2, workflow_id: null, workflow_ids: [] },
    });
    expect(textOf(r)).toContain('2 rows already have an email, not enriched (all_rows: true enriches them too).');
    expect(textOf(r)).toContain('lists_import_csv: ran (free: nothing to price).');
    expect(estimatesSent(s)).toBe(0);
    expect(importsSent(s)).toBe(1);
    expect(await balance(t.sb)).toBe(before);
  });

  it('all_rows must be true or false, and applies only to an import that enriches; tools/list offers it', async () => {
    const { s, list, file } = await withFile(csv);
    const bad = await callTool(s, 'lists_import_csv', {
      list_id: list,
      file,
      column_mapping: MAPPING,
      enrichment_type: 'partial',
      all_rows: 'yes',
    });
    expect(textOf(bad)).toContain('Error validation_error: all_rows: "yes" is not true or false');
    const free = await callTool(s, 'lists_import_csv', {
      list_id: list,
      file,
      column_mapping: MAPPING,
      dispatch_enrichment: false,
      all_rows: true,
    });
    expect(textOf(free)).toContain('Error validation_error: all_rows: applies only to an import that enriches');
    expect(s.sent).toEqual([]);
    const tool = (await s.mcp.listTools()).tools.find((x) => x.name === 'lists_import_csv')!;
    expect(tool.inputSchema.properties?.all_rows).toMatchObject({ type: 'boolean' });
    expect(tool.description).toContain('all_rows: true enriches every row');
  });
});

describe('lists_import_csv phone_only and full', () => {
  it('phone_only: a phone in the phone, mobile or work phone column is held, not priced and not replaced', async () => {
    const { s, list, file } = await withFile(PHONES_EXPORT, { maxCredits: 100 });
    const args = { list_id: list, file, column_mapping: PHONES_MAPPING, enrichment_type: 'phone_only' };
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { phone: 1 } });
    const before = await balance(t.sb);
    const p = structuredOf(await callTool(s, 'lists_import_csv', args));
    expect(p).toMatchObject({ status: 'priced', quote: { row_count: 4, estimated_cost: 40 }, left_out: { skipped: { has_phone: 8 } } });
    expect(p.left_out.summary).toBe('8 rows already have a phone, not enriched (all_rows: true enriches them too).');
    const ran = structuredOf(await callTool(s, 'lists_import_csv', { ...args, quote_id: p.quote.quote_id }));
    expect(ran).toMatchObject({ status: 'ran', result: { rows_imported: 12 } });
    expect(await balance(t.sb)).toBe(before - 40);

    await runsEnd();
    expect(await chargedBy(s, ran.result.workflow_ids)).toBe(40);
    const leads = await leadsOf(s, list);
    for (let i = 0; i < 8; i++) expect(leads.get(`Ann${i}`)?.phone).toBe(crmPhone(i));
    for (let i = 8; i < 12; i++) expect(leads.get(`Ann${i}`)?.phone).toBeTruthy();
  });

  it('full: a row holding both goes free, one holding an email gets the phone alone, one holding a phone the email alone; priced together, run by one quote_id', async () => {
    const { s, list, file } = await withFile(BOTH_EXPORT, { maxCredits: 100 });
    const args = { list_id: list, file, column_mapping: BOTH_MAPPING, enrichment_type: 'full' };
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 1, phone: 1 } });
    const before = await balance(t.sb);
    const priced = await callTool(s, 'lists_import_csv', args);
    const p = structuredOf(priced);
    expect(p, textOf(priced)).toMatchObject({
      status: 'priced',
      quote: { row_count: 6, estimated_cost: 44 },
      left_out: { skipped: { has_email_and_phone: 2 }, rows_by_type: { partial: 2, phone_only: 2, full: 2 }, most_cost: 44 },
    });
    expect(p.quotes.map((q: { estimated_cost: number }) => q.estimated_cost)).toEqual([2, 20, 22]);
    expect(textOf(priced)).toContain('priced at up to 44 credits for 6 rows in 3 runs, one quote each');
    expect(textOf(priced)).toContain(
      '2 rows with an email get the phone alone (phone_only); 2 rows with a phone get the email alone (partial).',
    );

    const ran = structuredOf(await callTool(s, 'lists_import_csv', { ...args, quote_id: p.quote.quote_id }));
    expect(ran).toMatchObject({
      status: 'ran',
      spend: { spent_up_to: 44 },
      result: { rows_imported: 8, enrichment: { skipped: { has_email_and_phone: 2 } } },
    });
    expect(ran.runs).toBeUndefined();
    expect(ran.result.workflow_ids).toHaveLength(3);
    // Four requests: the free one, then partial, phone_only and full.
    expect(importsSent(s)).toBe(4);
    expect(await balance(t.sb)).toBe(before - 44);

    await runsEnd();
    expect(await chargedBy(s, ran.result.workflow_ids)).toBe(44);
    const leads = await leadsOf(s, list);
    for (let i = 0; i < 4; i++) expect(leads.get(`Ann${i}`)?.email).toBe(crmEmail(i));
    for (const i of [0, 1, 4, 5]) expect(leads.get(`Ann${i}`)?.phone).toBe(crmPhone(i));
    for (const l of leads.values()) expect(l.email && l.phone).toBeTruthy();
  });
});

describe('lists_import_csv pays once', () => {
  it('a paid request whose answer was lost with the server is resolved by the next one through its own quote, not paid again', async () => {
    const store = new MemoryJournalStore();
    const { s, list, file, dir } = await withFile(emailsExport(20), { maxCredits: 100, store });
    const args = { list_id: list, file, column_mapping: MAPPING, enrichment_type: 'partial' };
    const before = await balance(t.sb);
    const p = structuredOf(await callTool(s, 'lists_import_csv', args));
    // The paid request (the second) is handled and its answer lost, and every resend of it never arrives.
    await control(t.sb, 'POST', '/faults', {
      rules: [
        { method: 'POST', path: '/csv-import', kind: 'drop', phase: 'after', after: 1, count: 1 },
        { method: 'POST', path: '/csv-import', kind: 'drop', phase: 'before', after: 1, count: 3 },
      ],
    });
    const lost = await callTool(s, 'lists_import_csv', { ...args, quote_id: p.quote.quote_id });
    expect(textOf(lost)).toContain('Error dispatch_outcome_unknown');
    expect(store.open().map((e) => e.quote.quote_id)).toEqual([p.quote.quote_id]);
    await control(t.sb, 'DELETE', '/faults');
    expect(await balance(t.sb)).toBe(before - 10);

    const next = await t.session({ cwd: dir, maxCredits: 0, store });
    const r = await callTool(next, 'lists_import_csv', args);
    expect(structuredOf(r), textOf(r)).toMatchObject({
      status: 'ran',
      quote: { quote_id: p.quote.quote_id },
      result: { rows_imported: 20, workflow_ids: [expect.any(String)], enrichment: { skipped: { has_email: 10 } } },
    });
    expect(textOf(r)).toContain('as sent by an earlier server whose answer was lost');
    expect(estimatesSent(next)).toBe(0);
    expect(store.open()).toHaveLength(0);
    expect(await balance(t.sb)).toBe(before - 10);
  });
});
