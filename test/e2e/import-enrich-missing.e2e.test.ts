import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientFor, control } from '../sandbox/helpers.js';
import { apiOf } from '../../src/api/api.js';
import { json } from '../helpers/json.js';
import { tempDir } from '../helpers/temp-dir.js';
import { fastClock, runInProcess, sandboxClock } from '../helpers/in-process.js';
import { usePaidSandbox } from './enrich-helpers.js';

/**
 * import --enrich pays only for what a row lacks (issue 31): a row holding what the enrichment
 * finds (an email for partial, a phone for phone_only, both for full) is imported without it,
 * free, and keeps its value; with full a row holding one part gets the other alone; --all-rows
 * enriches every row. Figures are read back from the sandbox: its balance, the list's leads and
 * the requests it took.
 */
const t = usePaidSandbox();

type Logged = { method: string; path: string; status_code: number };
/** csv-import requests that reached the sandbox so far. */
const csvImports = () =>
  (t.sb.services.requestLog.list() as Logged[]).filter((r) => r.method === 'POST' && r.path.endsWith('/csv-import')).length;

async function counted(...args: string[]) {
  const before = csvImports();
  const r = await t.run(...args);
  return { ...r, requests: csvImports() - before };
}

function csvFile(header: string, rows: readonly string[]): string {
  const file = path.join(tempDir(), 'crm.csv');
  writeFileSync(file, `${header}\n${rows.join('\n')}\n`);
  return file;
}

/** A CRM export of `rows` people at different companies; every even row holds the CRM's own email. */
const crmCsv = (rows: number) =>
  csvFile(
    'First Name,Last Name,Company,Website,Email',
    Array.from({ length: rows }, (_, i) => `Ann${i},Lee,Acme ${i},acme${i}.example,${i % 2 === 0 ? `ann${i}@crm.example` : ''}`),
  );

/** Each lead's email and phone by its first name (the rows' own key), every page read. */
async function heldBy(listId: string): Promise<Map<string, { email: string | null; phone: string | null }>> {
  const out = new Map<string, { email: string | null; phone: string | null }>();
  for await (const l of apiOf(clientFor(t.sb)).lists.leads(listId, { limit: 500 }))
    out.set(l.first_name!, { email: l.email, phone: l.phone });
  return out;
}

describe('import --enrich partial pays only for the rows without an email', () => {
  it('20 rows, 10 with an email: the dry run, the estimate and the charge cover the 10 others; the CRM emails stay byte for byte; a re-run pays nothing', async () => {
    const file = crmCsv(20);
    const dry = await t.run('import', 'CRM', file, '--enrich', 'partial', '--dry-run', '--json');
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(json(dry.stdout).enrichment).toEqual({
      type: 'partial',
      rows_by_type: { partial: 10 },
      skipped: { has_email: 10 },
      most_cost: 10,
    });
    expect(dry.stderr).toContain('10 rows already have an email, not enriched (--all-rows enriches them too).');
    expect(dry.stderr).toContain('With --enrich partial: up to 10 credits (10 rows x 1), asked before spending.');

    const balance = await t.balance();
    const r = await counted('import', 'CRM', file, '--create', '--enrich', 'partial', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /10 rows already have an email, not enriched \(--all-rows enriches them too\)\.\nEstimate: up to 10 credits for 10 rows \(bulk_import_csv\)/,
    );
    // One chunk in two requests: the 10 rows with an email without enrichment (free), the 10 others with it.
    expect(r.requests).toBe(2);
    const out = json(r.stdout);
    expect(out).toMatchObject({ rows_parsed: 20, rows_imported: 20, rows_skipped: 0, chunks: 1 });
    expect(out.enrichment).toMatchObject({
      type: 'partial',
      runs: 1,
      rows: 10,
      credits_reserved: 10,
      skipped: { has_email: 10 },
      rows_by_type: { partial: 10 },
    });
    const leads = await heldBy(out.list_id);
    for (let i = 0; i < 20; i += 2) expect(leads.get(`Ann${i}`)?.email).toBe(`ann${i}@crm.example`);
    const found = [...leads.values()].filter((l) => l.email && !l.email.endsWith('@crm.example')).length;
    expect(out.enrichment.credits_charged).toBe(found);
    expect(await t.balance()).toBe(balance - out.enrichment.credits_charged);

    const again = await counted('import', 'CRM', file, '--enrich', 'partial', '--yes', '--json');
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.requests).toBe(0);
    expect(json(again.stdout)).toMatchObject({
      rows_imported: 20,
      chunks_from_checkpoint: 1,
      enrichment: { workflow_ids: out.enrichment.workflow_ids, skipped: { has_email: 10 } },
    });
    expect(await t.balance()).toBe(balance - out.enrichment.credits_charged);
    expect(await heldBy(out.list_id)).toEqual(leads);
  });

  it('--all-rows enriches every row, as before: one request, all 20 reserved', async () => {
    const file = crmCsv(20);
    const dry = await t.run('import', 'All', file, '--enrich', 'partial', '--all-rows', '--dry-run', '--json');
    expect(json(dry.stdout).enrichment).toEqual({ type: 'partial', rows_by_type: { partial: 20 }, skipped: {}, most_cost: 20 });
    expect(dry.stderr).not.toContain('already have');
    const balance = await t.balance();
    const r = await counted('import', 'All', file, '--create', '--enrich', 'partial', '--all-rows', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('Estimate: up to 20 credits for 20 rows (bulk_import_csv)');
    expect(r.requests).toBe(1);
    const e = json(r.stdout).enrichment;
    expect(e).toMatchObject({ runs: 1, rows: 20, credits_reserved: 20, skipped: {} });
    expect(await t.balance()).toBe(balance - e.credits_charged);
  });

  it('every row holding an email: nothing is asked or spent, and the import says so', async () => {
    const file = csvFile('Email,Name', ['a@crm.example,Ann Lee', 'b@crm.example,Bo Lee']);
    const balance = await t.balance();
    const r = await counted('import', 'Held', file, '--create', '--enrich', 'partial', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('Estimate:');
    expect(r.stderr).toContain('Nothing was enriched: every row already holds what --enrich partial finds (--all-rows enriches them too).');
    expect(r.requests).toBe(1);
    expect(json(r.stdout)).toMatchObject({
      rows_imported: 2,
      enrichment: { runs: 0, credits_reserved: 0, skipped: { has_email: 2 }, rows_by_type: {} },
    });
    expect(await t.balance()).toBe(balance);
  });

  it('--all-rows without --enrich is a usage error naming the fix', async () => {
    const r = await counted('import', 'X', crmCsv(2), '--create', '--all-rows');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--all-rows applies only with --enrich');
    expect(r.requests).toBe(0);
  });
});

describe('import --enrich phone_only and full', () => {
  it('phone_only: a phone in any of the phone, mobile and work phone columns is held, not paid for and not replaced', async () => {
    // 12 rows: 4 with a Phone, 2 with a Mobile Phone only, 2 with a Work Phone only, 4 with none.
    const phoneOf = (i: number) => `+1555000${String(i).padStart(4, '0')}`;
    const rows = Array.from({ length: 12 }, (_, i) => {
      const [phone, mobile, work] =
        i < 4 ? [phoneOf(i), '', ''] : i < 6 ? ['', phoneOf(i), ''] : i < 8 ? ['', '', phoneOf(i)] : ['', '', ''];
      return `Ann${i},Lee,Acme ${i},acme${i}.example,${phone},${mobile},${work}`;
    });
    const file = csvFile('First Name,Last Name,Company,Website,Phone,Mobile Phone,Work Phone', rows);
    const dry = await t.run('import', 'Phones', file, '--enrich', 'phone_only', '--dry-run', '--json');
    expect(dry.stderr).toMatch(/phone <- "Phone"\n\s+mobile_phone <- "Mobile Phone"\n\s+work_phone <- "Work Phone"/);
    expect(json(dry.stdout).enrichment).toEqual({
      type: 'phone_only',
      rows_by_type: { phone_only: 4 },
      skipped: { has_phone: 8 },
      most_cost: 40,
    });
    expect(dry.stderr).toContain('8 rows already have a phone, not enriched (--all-rows enriches them too).');

    await control(t.sb, 'POST', '/enrichment', { hit_rates: { phone: 1 } });
    const balance = await t.balance();
    const r = await counted('import', 'Phones', file, '--create', '--enrich', 'phone_only', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('Estimate: up to 40 credits for 4 rows (bulk_import_csv)');
    expect(r.requests).toBe(2);
    const out = json(r.stdout);
    expect(out.enrichment).toMatchObject({ runs: 1, rows: 4, credits_reserved: 40, skipped: { has_phone: 8 } });
    const leads = await heldBy(out.list_id);
    for (let i = 0; i < 8; i++) expect(leads.get(`Ann${i}`)?.phone).toBe(phoneOf(i));
    const found = [...leads.entries()].filter(([name, l]) => Number(name.slice(3)) >= 8 && l.phone).length;
    expect(found).toBeGreaterThan(0);
    expect(out.enrichment.credits_charged).toBe(10 * found);
    expect(await t.balance()).toBe(balance - out.enrichment.credits_charged);
  });

  it('full: a row holding both goes free, one holding an email gets the phone alone, one holding a phone the email alone', async () => {
    // 8 rows, two of each: email and phone, email only, phone only, neither.
    const email = (i: number) => `ann${i}@crm.example`;
    const phone = (i: number) => `+1555000${String(i).padStart(4, '0')}`;
    const rows = Array.from(
      { length: 8 },
      (_, i) => `Ann${i},Lee,Acme ${i},acme${i}.example,${i < 4 ? email(i) : ''},${i < 2 || (i >= 4 && i < 6) ? phone(i) : ''}`,
    );
    const file = csvFile('First Name,Last Name,Company,Website,Email,Phone', rows);
    const dry = await t.run('import', 'Full', file, '--enrich', 'full', '--dry-run', '--json');
    expect(json(dry.stdout).enrichment).toEqual({
      type: 'full',
      rows_by_type: { partial: 2, phone_only: 2, full: 2 },
      skipped: { has_email_and_phone: 2 },
      most_cost: 2 * 1 + 2 * 10 + 2 * 11,
    });
    expect(dry.stderr).toContain(
      '2 rows already have an email and a phone, not enriched (--all-rows enriches them too); 2 rows with an email get the phone alone (phone_only); 2 rows with a phone get the email alone (partial).',
    );
    expect(dry.stderr).toContain(
      'With --enrich full: up to 44 credits (2 rows x 1 (partial) + 2 rows x 10 (phone_only) + 2 rows x 11 (full)), asked before spending.',
    );

    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 1, phone: 1 } });
    const balance = await t.balance();
    const refused = await counted('import', 'Full', file, '--create', '--enrich', 'full', '--max-cost', '43');
    expect(refused.exitCode, refused.stderr).toBe(5);
    expect(refused.stderr).toContain('Estimate: up to 44 credits for 6 rows (bulk_import_csv)');
    expect(refused.stderr).toContain('partial: 2 credits for 2 rows; phone_only: 20 credits for 2 rows; full: 22 credits for 2 rows.');
    expect(refused.requests).toBe(0);

    const r = await counted('import', 'Full', file, '--create', '--enrich', 'full', '--max-cost', '44', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    // Four requests: the free one, then partial, phone_only and full.
    expect(r.requests).toBe(4);
    const out = json(r.stdout);
    expect(out).toMatchObject({ rows_imported: 8, chunks: 1 });
    expect(out.enrichment).toMatchObject({ runs: 3, rows: 6, credits_reserved: 44, skipped: { has_email_and_phone: 2 } });
    const leads = await heldBy(out.list_id);
    for (let i = 0; i < 4; i++) expect(leads.get(`Ann${i}`)?.email).toBe(email(i));
    for (const i of [0, 1, 4, 5]) expect(leads.get(`Ann${i}`)?.phone).toBe(phone(i));
    // Every hit: each row got what it lacked, and was charged for that alone.
    for (const l of leads.values()) expect(l.email && l.phone).toBeTruthy();
    expect(out.enrichment.credits_charged).toBe(44);
    expect(await t.balance()).toBe(balance - 44);
  });
});

/**
 * After a re-run of an import of crmCsv(rows) that was cut short: its report holds the runs of
 * both invocations (one a chunk), which reserved each row without an email once; the balance
 * is down by what they charged; every row is in the list, with the CRM's emails as they were.
 */
async function expectEachRowPaidOnce(out: Record<string, any>, listId: string, rows: number, balance: number) {
  expect(out.enrichment).toMatchObject({
    runs: Math.ceil(rows / 600),
    rows: rows / 2,
    credits_reserved: rows / 2,
    skipped: { has_email: rows / 2 },
  });
  expect(await t.balance()).toBe(balance - out.enrichment.credits_charged);
  const leads = await heldBy(listId);
  expect(leads.size).toBe(rows);
  for (let i = 0; i < rows; i += 2) expect(leads.get(`Ann${i}`)?.email).toBe(`ann${i}@crm.example`);
}

describe('import --enrich interrupted and run again pays each row once', () => {
  it('a failure between the parts of a chunk: the re-run asks only for the rows left, sends only the requests left, and the rows are charged once', async () => {
    // 1,300 rows in 3 chunks, half with an email: 650 rows to enrich, 2 requests a chunk.
    const file = crmCsv(1_300);
    const listId = await t.seedList('Resumed', 0);
    // The 4th request (the paid part of the second chunk) fails past the retries; the retries of the 500 wait in real time: cut to a few ms.
    await control(t.sb, 'POST', '/faults', { rules: [{ method: 'POST', path: '/csv-import', after: 3, kind: 'status', status: 500 }] });
    const balance = await t.balance();
    const failed = await runInProcess(['import', 'Resumed', file, '--enrich', 'partial', '--yes'], { env: t.env, clock: fastClock });
    await control(t.sb, 'DELETE', '/faults');
    expect(failed.code, failed.stderr).toBe(9);
    expect(failed.stderr).toContain('Estimate: up to 650 credits for 650 rows (bulk_import_csv)');

    // The first chunk (both parts) and the free part of the second are in the checkpoint: 300 + 100 rows of it are left to enrich.
    const unconfirmed = await counted('import', 'Resumed', file, '--enrich', 'partial');
    expect(unconfirmed.exitCode, unconfirmed.stderr).toBe(10);
    expect(unconfirmed.stderr).toContain('1 of 3 chunks were imported earlier; sending the remaining 2.');
    expect(unconfirmed.stderr).toContain('Estimate: up to 350 credits for 350 rows (bulk_import_csv)');
    expect(unconfirmed.requests).toBe(0);

    const r = await counted('import', 'Resumed', file, '--enrich', 'partial', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests).toBe(3);
    const out = json(r.stdout);
    expect(out).toMatchObject({ rows_imported: 1_300, chunks: 3, chunks_from_checkpoint: 1 });
    await expectEachRowPaidOnce(out, listId, 1_300, balance);
  });

  it('stopped (Ctrl-C) part way and run again: every row imported, the 1,500 without an email reserved once, the balance down by the charge', async () => {
    await control(t.sb, 'POST', '/faults', { rules: [{ method: 'POST', path: '/csv-import', kind: 'latency', latency_ms: 30 }] });
    // 3,000 rows: 5 chunks of 600, each in 2 requests.
    const file = crmCsv(3_000);
    const listId = await t.seedList('Stopped', 0);
    const balance = await t.balance();
    const stop = new AbortController();
    const started = csvImports();
    const running = runInProcess(['import', 'Stopped', file, '--enrich', 'partial', '--yes'], {
      env: t.env,
      clock: sandboxClock(t.sb),
      signal: stop.signal,
    });
    await expect.poll(() => csvImports() - started, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    stop.abort();
    const stopped = await running;
    await control(t.sb, 'DELETE', '/faults');
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(csvImports() - started).toBeLessThan(10);

    const r = await t.run('import', 'Stopped', file, '--enrich', 'partial', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(Number(/(\d) of 5 chunks were imported earlier/.exec(r.stderr)?.[1])).toBeGreaterThanOrEqual(1);
    const out = json(r.stdout);
    expect(out).toMatchObject({ rows_imported: 3_000, chunks: 5 });
    await expectEachRowPaidOnce(out, listId, 3_000, balance);
  });

  it('an answer lost after the service took a paid part: the part is sent again, replayed, and paid once', async () => {
    const file = crmCsv(20);
    const clean = await t.run('import', 'Clean', file, '--create', '--enrich', 'partial', '--yes', '--json');
    expect(clean.exitCode, clean.stderr).toBe(0);
    const charged = json(clean.stdout).enrichment.credits_charged as number;

    // The second request (the paid part) is taken, and its answer dropped.
    await control(t.sb, 'POST', '/faults', {
      rules: [{ method: 'POST', path: '/csv-import', after: 1, count: 1, kind: 'drop', phase: 'after' }],
    });
    const balance = await t.balance();
    const r = await counted('import', 'Dropped', file, '--create', '--enrich', 'partial', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests).toBe(3);
    const e = json(r.stdout).enrichment;
    expect(e).toMatchObject({ runs: 1, rows: 10, credits_reserved: 10, credits_charged: charged });
    expect(await t.balance()).toBe(balance - charged);
  });
});
