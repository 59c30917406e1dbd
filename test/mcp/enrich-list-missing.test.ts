import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { tempDir } from '../helpers/temp-dir.js';
import type { JournalEntry } from '../../src/workflows/journal/entry.js';
import { MemoryJournalStore } from '../../src/workflows/journal/memory-store.js';
import { balance, callTool, structuredOf, textOf, useMcpSandbox, type Session } from './helpers.js';

/**
 * enrich_list pays only for what is missing (issue 31): leads that already hold what the scope
 * finds, here imported from a CRM export, are left out unless all_leads is true, and their data
 * is left as it was. Several runs (scope full over leads holding one part) are priced together
 * and run by one quote_id, each with its own quote.
 */
const t = useMcpSandbox();

const runs = (sent: string[], route: string) => sent.filter((r) => r === route).length;
const BULK = 'POST /enrichment/bulk';
/** Every run started so far ends (the sandbox's clock moves on). */
const runsEnd = () => control(t.sb, 'POST', '/clock', { advance_ms: 60 * 60_000 });

/** 40 rows, the even ones with the CRM's own email, every fourth with a phone (so 10 with both, 10 with an email alone, 20 with neither). */
function crmExport(dir: string): string {
  const rows = Array.from(
    { length: 40 },
    (_, i) =>
      `Ann${i},Lee${i},Acme ${i},acme${i}.example,${i % 2 === 0 ? `ann${i}@crm.example` : ''},${i % 4 === 0 ? `+1555000${String(i).padStart(4, '0')}` : ''}`,
  );
  writeFileSync(path.join(dir, 'crm.csv'), `First Name,Last Name,Company,Website,Email,Phone\n${rows.join('\n')}\n`);
  return 'crm.csv';
}
const MAPPING = {
  first_name: 'First Name',
  last_name: 'Last Name',
  company_name: 'Company',
  company_domain: 'Website',
  email: 'Email',
  phone: 'Phone',
};

interface Lead {
  lead_id: string;
  email: string | null;
  phone: string | null;
}

async function leadsOf(s: Session, list_id: string): Promise<Lead[]> {
  const r = structuredOf(await callTool(s, 'lists_leads', { list_id, limit: 100, fields: ['lead_id', 'email', 'phone'] }));
  return r.leads as Lead[];
}

/** A session in a folder holding the CRM export, and the list it was imported into (free). */
async function importedList(opts: Parameters<typeof t.session>[0] = {}): Promise<{ s: Session; list: string }> {
  const dir = tempDir('mcp-enrich-');
  const file = crmExport(dir);
  const s = await t.session({ cwd: dir, ...opts });
  const list = await t.seededList('CRM', 0);
  const imported = await callTool(s, 'lists_import_csv', { list_id: list, file, column_mapping: MAPPING, dispatch_enrichment: false });
  expect(structuredOf(imported), textOf(imported)).toMatchObject({ status: 'ran', result: { rows_imported: 40 } });
  return { s, list };
}

describe('enrich_list pays only for the leads that lack what the scope finds', () => {
  it('after a CSV import with 20 emails: priced and reserved for 20, the imported emails kept byte for byte, and again it pays nothing', async () => {
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 1 } });
    const { s, list } = await importedList({ maxCredits: 100 });
    const held = new Map((await leadsOf(s, list)).filter((l) => l.email).map((l) => [l.lead_id, l.email]));
    expect(held.size).toBe(20);
    const before = await balance(t.sb);

    const priced = await callTool(s, 'enrich_list', { list_id: list, scope: 'partial' });
    const p = structuredOf(priced);
    expect(p, textOf(priced)).toMatchObject({
      status: 'priced',
      quote: { row_count: 20, estimated_cost: 20 },
      left_out: { skipped: { has_email: 20 }, check: { leads_read: 40 } },
    });
    const said = '20 already have an email, skipped (all_leads: true enriches them again)';
    expect(textOf(priced)).toContain(said);
    expect(p.left_out.summary).toContain(said);
    expect(runs(s.sent, BULK)).toBe(0);
    expect(await balance(t.sb)).toBe(before);

    const ran = structuredOf(await callTool(s, 'enrich_list', { list_id: list, scope: 'partial', quote_id: p.quote.quote_id }));
    expect(ran).toMatchObject({ status: 'ran', result: { credits_reserved: 20, total_leads: 20 }, spend: { spent_up_to: 20 } });
    expect(await balance(t.sb)).toBe(before - 20);
    await runsEnd();
    const done = structuredOf(await callTool(s, 'run_status', { kind: 'enrichment', id: ran.result.workflow_id }));
    expect(done.status.status).toMatch(/^completed/);
    const after = await leadsOf(s, list);
    for (const [id, email] of held) expect(after.find((l) => l.lead_id === id)?.email).toBe(email);
    expect(after.filter((l) => l.email)).toHaveLength(40);
    const charged = done.status.credits_charged as number;
    expect(charged).toBeLessThanOrEqual(20);
    expect(await balance(t.sb)).toBe(before - charged);

    // Again: every lead has an email now, so nothing is priced, sent or spent.
    const again = await callTool(s, 'enrich_list', { list_id: list, scope: 'partial' });
    expect(structuredOf(again), textOf(again)).toMatchObject({
      status: 'nothing_to_do',
      quote: null,
      left_out: { skipped: { has_email: 40 } },
    });
    expect(textOf(again)).toContain(
      'nothing to enrich: every selected lead (40) already has an email; all_leads: true enriches them again, paid again. Nothing was priced or spent.',
    );
    expect(runs(s.sent, 'POST /credits/estimate')).toBe(1);
    expect(runs(s.sent, BULK)).toBe(1);
    expect(await balance(t.sb)).toBe(before - charged);
  });

  it('all_leads: true prices every lead, whatever it holds', async () => {
    const { s, list } = await importedList();
    const before = await balance(t.sb);
    const r = await callTool(s, 'enrich_list', { list_id: list, scope: 'partial', all_leads: true });
    expect(structuredOf(r), textOf(r)).toMatchObject({ status: 'priced', quote: { row_count: 40, estimated_cost: 40 } });
    expect(structuredOf(r).left_out).toBeUndefined();
    expect(runs(s.sent, `GET /lead-lists/${list}/leads`)).toBe(0);
    expect(await balance(t.sb)).toBe(before);
    const bad = await callTool(s, 'enrich_list', { list_id: list, all_leads: 'yes' });
    expect(textOf(bad)).toContain('Error validation_error: all_leads: "yes" is not true or false');
  });

  it('tools/list offers all_leads as a boolean argument', async () => {
    const s = await t.session();
    const tool = (await s.mcp.listTools()).tools.find((x) => x.name === 'enrich_list')!;
    expect(tool.inputSchema.properties?.all_leads).toMatchObject({ type: 'boolean' });
    expect(tool.description).toContain('all_leads: true enriches them again');
  });
});

describe('a job of several runs: priced together, run by one quote_id, each run with its own quote', () => {
  const FULL = { scope: 'full' };
  /** Scope full over the import: 10 hold both (skipped), 10 an email alone (a phone-only run), 20 neither (a full run). */
  const JOB = { row_count: 30, estimated_cost: 20 * 11 + 10 * 10 };

  // Runs stay where they started (their reservation taken, nothing settled): the balance shows what was reserved.
  beforeEach(() => control(t.sb, 'POST', '/clock', { freeze: true }));

  it('priced once on the sum, run once: two runs sent, each written down with its own quote before it went out', async () => {
    const store = new MemoryJournalStore();
    // The entries written as their requests went out (sent, no answer yet).
    const written: JournalEntry[] = [];
    const write = store.write.bind(store);
    store.write = (e) => (e.state === 'sent' && written.push(structuredClone(e)), write(e));
    const { s, list } = await importedList({ maxCredits: 1000, store });
    const before = await balance(t.sb);
    const priced = await callTool(s, 'enrich_list', { list_id: list, ...FULL });
    const p = structuredOf(priced);
    expect(p, textOf(priced)).toMatchObject({ status: 'priced', quote: JOB, left_out: { skipped: { has_email_and_phone: 10 } } });
    expect(p.quotes).toHaveLength(2);
    expect(p.quote.quote_id).toBe(p.quotes[0].quote_id);
    expect(textOf(priced)).toContain('priced at up to 320 credits for 30 rows in 2 runs, one quote each');
    expect(textOf(priced)).toContain('10 with an email get the phone alone');

    const args = { list_id: list, ...FULL, quote_id: p.quote.quote_id };
    const ran = structuredOf(await callTool(s, 'enrich_list', args));
    expect(ran).toMatchObject({ status: 'ran', spend: { spent_up_to: 320 } });
    expect(ran.runs.map((r: { credits_reserved: number }) => r.credits_reserved).sort()).toEqual([100, 220]);
    expect(written.map((r) => r.quote.quote_id)).toEqual(p.quotes.map((q: { quote_id: string }) => q.quote_id));
    expect(written.map((r) => r.what)).toEqual([
      'Enrich a lead list (MCP enrich_list), run 1 of 2',
      'Enrich a lead list (MCP enrich_list), run 2 of 2',
    ]);
    expect(written.every((r) => Array.isArray((r.request.body as { lead_ids: string[] }).lead_ids))).toBe(true);
    expect(store.open()).toHaveLength(0);
    expect(await balance(t.sb)).toBe(before - 320);

    const again = await callTool(s, 'enrich_list', args);
    expect(textOf(again)).toContain('already ran with this quote; this is its answer. Nothing more was spent.');
    expect(runs(s.sent, BULK)).toBe(2);
    expect(await balance(t.sb)).toBe(before - 320);
  });

  it('two calls at once with the job quote: each run sent once, the same answer for both', async () => {
    const { s, list } = await importedList({ maxCredits: 1000 });
    const p = structuredOf(await callTool(s, 'enrich_list', { list_id: list, ...FULL }));
    await control(t.sb, 'POST', '/faults', {
      rules: [{ method: 'POST', path: '/enrichment/bulk', kind: 'latency', phase: 'after', latency_ms: 200 }],
    });
    const before = await balance(t.sb);
    const both = await Promise.all([1, 2].map(() => callTool(s, 'enrich_list', { list_id: list, ...FULL, quote_id: p.quote.quote_id })));
    expect(structuredOf(both[1]!).runs).toEqual(structuredOf(both[0]!).runs);
    expect(runs(s.sent, BULK)).toBe(2);
    expect(await balance(t.sb)).toBe(before - 320);
  });

  it('over the budget, a client that cannot ask is refused on the sum and nothing is sent', async () => {
    const { s, list } = await importedList({ maxCredits: 300 });
    const p = structuredOf(await callTool(s, 'enrich_list', { list_id: list, ...FULL }));
    const r = await callTool(s, 'enrich_list', { list_id: list, ...FULL, quote_id: p.quote.quote_id });
    expect(textOf(r)).toContain(
      'Error over_session_budget: enrich_list would spend up to 320 credits and this session may spend 300 credits more',
    );
    expect(runs(s.sent, BULK)).toBe(0);
  });

  it('the person is asked once, on the sum and what was skipped', async () => {
    const { s, list } = await importedList({ answer: 'accept' });
    const before = await balance(t.sb);
    const r = structuredOf(await callTool(s, 'enrich_list', { list_id: list, ...FULL }));
    expect(s.asked).toHaveLength(1);
    expect(s.asked[0]).toContain('spend up to 320 credits for 30 rows in 2 runs?');
    expect(s.asked[0]).toContain('10 already have an email and a phone, skipped');
    expect(r).toMatchObject({ status: 'ran', spend: { approved_by_person: 320 } });
    expect(await balance(t.sb)).toBe(before - 320);
  });

  it('a run whose answer was lost with the server is resolved by the next one through its own quote; the run answered is not sent again', async () => {
    const store = new MemoryJournalStore();
    const { s, list } = await importedList({ maxCredits: 1000, store });
    const before = await balance(t.sb);
    const p = structuredOf(await callTool(s, 'enrich_list', { list_id: list, ...FULL }));
    // The second run is handled and its answer lost, and every resend of it never arrives.
    await control(t.sb, 'POST', '/faults', {
      rules: [
        { method: 'POST', path: '/enrichment/bulk', kind: 'drop', phase: 'after', after: 1, count: 1 },
        { method: 'POST', path: '/enrichment/bulk', kind: 'drop', phase: 'before', after: 1, count: 3 },
      ],
    });
    const lost = await callTool(s, 'enrich_list', { list_id: list, ...FULL, quote_id: p.quote.quote_id });
    expect(textOf(lost)).toContain('Error dispatch_outcome_unknown');
    expect(textOf(lost)).toContain('1 of 2 runs had started before this stopped and go on');
    expect(store.open().map((r) => r.quote.quote_id)).toEqual([p.quotes[1].quote_id]);
    await control(t.sb, 'DELETE', '/faults');

    const next = await t.session({ maxCredits: 0, store });
    const r = await callTool(next, 'enrich_list', { list_id: list, ...FULL });
    // The journal keeps each run with its own quote: the answer names the quote of the run it resolved.
    expect(structuredOf(r), textOf(r)).toMatchObject({
      status: 'ran',
      quote: { quote_id: p.quotes[1].quote_id },
      result: { workflow_id: expect.stringMatching(/^bulk-enrich-/) },
    });
    expect(textOf(r)).toContain('as sent by an earlier server whose answer was lost');
    expect(runs(next.sent, 'POST /credits/estimate')).toBe(0);
    expect(runs(next.sent, BULK)).toBe(1);
    expect(store.open()).toHaveLength(0);
    expect(await balance(t.sb)).toBe(before - 320);
  });
});
