import { describe, expect, test } from 'vitest';
import { control } from './helpers.js';
import {
  balance,
  estimate,
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
import { b64, csvImport, expectCreated, leadCount } from './csv-import-helpers.js';

const cast = useEnrichmentSandbox();

const MAP = { full_name: 'Name', email: 'Email', company_name: 'Company', linkedin_url: 'LinkedIn' };

/** A CSV of data-set people (from person `from`) without emails: name, company and LinkedIn URL. */
function peopleCsv(n: number, from: number): string {
  const rows = Array.from({ length: n }, (_, k) => {
    const p = cast.ds.person(from + k);
    return `"${p.first_name} ${p.last_name}",,"${cast.ds.company(p.company_index).name}",${p.linkedin_url}`;
  });
  return ['Name,Email,Company,LinkedIn', ...rows].join('\n');
}

/** An import body dispatching enrichment of `type`. */
const dispatching = (csv: string, type: string, extra: Record<string, unknown> = {}) => ({
  csv_content_base64: b64(csv),
  column_mapping: MAP,
  enrichment_type: type,
  ...extra,
});

describe('CSV import dispatching enrichment', () => {
  test('the imported rows are enriched: rows x price reserved up front, workflow and status URL answered, settled to what was found', async () => {
    const list = await listOf(cast, 'Imports', 0);
    const before = await balance(cast);
    const r = expectCreated(await csvImport(cast, list, dispatching(peopleCsv(4, 1500), 'full')));
    expect(r).toMatchObject({ rows_imported: 4, idempotency_replayed: false });
    expect(r).not.toHaveProperty('message');
    expect(r.workflow_id).toMatch(/^bulk-enrich-/);
    expect(r.enrichment_status_url).toBe(`${cast.sb.url}/api/v2/enrichment/status/${r.workflow_id}`);
    expect(await balance(cast)).toBe(before - 44);
    expect(await statusOf(cast, r.workflow_id)).toMatchObject({
      total: 4,
      credits_reserved: 44,
      enrichment_type: 'full',
      lead_list_id: list,
    });

    const done = await finished(cast, r.workflow_id);
    const leads = await leadsOf(cast, list);
    expect(leads).toHaveLength(4);
    expect(done).toMatchObject({ processed: 4, credits_charged: paidFor(leads), credits_refunded: 44 - paidFor(leads) });
    expect(done.credits_charged).toBeGreaterThan(0);
    expect(await balance(cast)).toBe(before - done.credits_charged);
  });

  test('with a quote (tool bulk_import_csv) the run reserves at most its cost; the quote used again is 409 quote_already_redeemed naming the run, and nothing is imported', async () => {
    const list = await listOf(cast, 'Imports', 0);
    const quote = await estimate(cast, { tool: 'bulk_import_csv', row_count: 3, enrichment_type: 'partial' });
    expect(quote.estimated_cost).toBe(3);
    const first = expectCreated(await csvImport(cast, list, dispatching(peopleCsv(3, 1600), 'partial', { quote_id: quote.quote_id })));
    expect((await statusOf(cast, first.workflow_id)).credits_reserved).toBe(3);
    const records = leadCount(cast);
    const before = await balance(cast);
    const e = expectPublicError(
      await csvImport(cast, list, dispatching(peopleCsv(3, 1700), 'partial', { quote_id: quote.quote_id })),
      409,
      'quote_already_redeemed',
    );
    expect(e.details.workflow_id).toBe(first.workflow_id);
    expect([leadCount(cast), await balance(cast)]).toEqual([records, before]);
  });

  test('refused before any row is imported: quote_mismatch (another type), spend_cap_exceeded (rows over the quote + 10 %), insufficient_credits', async () => {
    const list = await listOf(cast, 'Imports', 0);
    const records = leadCount(cast);
    const csv = peopleCsv(3, 1800);
    const partial = await quoteFor(cast, { tool: 'bulk_import_csv', row_count: 3, enrichment_type: 'partial' });
    expectPublicError(await csvImport(cast, list, dispatching(csv, 'full', { quote_id: partial })), 400, 'quote_mismatch');
    const two = await quoteFor(cast, { tool: 'bulk_import_csv', row_count: 2, enrichment_type: 'partial' });
    expect(
      expectPublicError(await csvImport(cast, list, dispatching(csv, 'partial', { quote_id: two })), 400, 'spend_cap_exceeded').details,
    ).toMatchObject({ quoted_rows: 2, rows: 3 });
    await control(cast.sb, 'POST', '/balance', { credits: 32 });
    expect(expectPublicError(await csvImport(cast, list, dispatching(csv, 'full')), 400, 'insufficient_credits')).toMatchObject({
      estimated_cost_credits: 33,
      available_credits: 32,
    });
    expect(leadCount(cast)).toBe(records);
    expect(await balance(cast)).toBe(32);
    expect(expectCreated(await csvImport(cast, list, dispatching(csv, 'partial', { quote_id: partial }))).rows_imported).toBe(3);
  });

  test('no row imported: no workflow, nothing reserved, and the message says so', async () => {
    const list = await listOf(cast, 'Imports', 0);
    const csv = peopleCsv(2, 1900);
    expectCreated(await csvImport(cast, list, dispatching(csv, 'partial', { dispatch_enrichment: false })));
    const before = await balance(cast);
    const r = expectCreated(await csvImport(cast, list, dispatching(csv, 'full')));
    expect(r).toMatchObject({ rows_imported: 0, rows_skipped: 2, workflow_id: null, enrichment_status_url: null });
    expect(r.message).toMatch(/no enrichment was dispatched/i);
    expect(await balance(cast)).toBe(before);
  });

  test('an idempotent replay answers the first response and charges once; the same chunk with a fresh quote replays too and leaves that quote unused', async () => {
    const list = await listOf(cast, 'Imports', 0);
    await setHitRates(cast, { email: 1 });
    const csv = peopleCsv(3, 2000);
    const q1 = await quoteFor(cast, { tool: 'bulk_import_csv', row_count: 3, enrichment_type: 'partial' });
    const first = expectCreated(await csvImport(cast, list, dispatching(csv, 'partial', { quote_id: q1, idempotency_key: 'chunk-1' })));
    const before = await balance(cast);
    const q2 = await quoteFor(cast, { tool: 'bulk_import_csv', row_count: 3, enrichment_type: 'partial' });
    for (const quote_id of [q1, q2]) {
      const again = expectCreated(await csvImport(cast, list, dispatching(csv, 'partial', { quote_id, idempotency_key: 'chunk-1' })));
      expect(again).toMatchObject({ workflow_id: first.workflow_id, rows_imported: 3, idempotency_replayed: true });
    }
    expect(await balance(cast)).toBe(before);
    expect(await leadsOf(cast, list)).toHaveLength(3);
    const next = expectCreated(
      await csvImport(cast, list, dispatching(peopleCsv(3, 2100), 'partial', { quote_id: q2, idempotency_key: 'chunk-2' })),
    );
    expect(next.workflow_id).not.toBe(first.workflow_id);
    expect((await finished(cast, next.workflow_id)).credits_charged).toBe(3);
  });
});
