import { describe, expect, test } from 'vitest';
import { control, raw } from './helpers.js';
import { call, expectOk, seedList, useListsSandbox } from './lists-helpers.js';
import { csvImport, expectCreated, expectPublicError, importBody, leadCount, leadRecords, newList } from './csv-import-helpers.js';
import { CSV_IMPORT_LIMITS } from '../../src/api/schemas/lists.js';
import { MAX_BODY_BYTES } from '../../src/sandbox/http.js';

const cast = useListsSandbox();

const HEADER = 'Name,Email,Company,LinkedIn';
const rowsOf = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `Person ${from + i},p${from + i}@acme.io,Acme,`);
const csvOf = (n: number) => [HEADER, ...rowsOf(n)].join('\n');

describe('limits', () => {
  test(`413 above ${CSV_IMPORT_LIMITS.maxRows} data rows, with the figures and a fix to split the file; exactly the limit imports`, async () => {
    const id = await newList(cast);
    const e = expectPublicError(await csvImport(cast, id, importBody(csvOf(CSV_IMPORT_LIMITS.maxRows + 1))), 413, 'validation_error');
    expect(e.details).toMatchObject({
      max_bytes: CSV_IMPORT_LIMITS.maxBytes,
      max_rows: CSV_IMPORT_LIMITS.maxRows,
      rows: CSV_IMPORT_LIMITS.maxRows + 1,
    });
    expect(e.fix).toMatch(/split/i);
    expect(leadRecords(cast, id)).toEqual([]);
    expect(expectCreated(await csvImport(cast, id, importBody(csvOf(CSV_IMPORT_LIMITS.maxRows)))).rows_imported).toBe(
      CSV_IMPORT_LIMITS.maxRows,
    );
  });

  test(`413 above ${CSV_IMPORT_LIMITS.maxBytes} bytes (a body of about 205 KB of base64 gets through to say so); exactly the limit is read`, async () => {
    const id = await newList(cast);
    const head = `${HEADER}\nAnn Lee,ann@acme.io,Acme,\n`;
    const filler = (bytes: number) => `Bo Chan,bo@acme.io,"${'x'.repeat(bytes - head.length - 'Bo Chan,bo@acme.io,"",\n'.length)}",\n`;
    const atLimit = head + filler(CSV_IMPORT_LIMITS.maxBytes);
    expect(Buffer.byteLength(atLimit)).toBe(CSV_IMPORT_LIMITS.maxBytes);
    const over = `${atLimit}C`;
    const e = expectPublicError(await csvImport(cast, id, importBody(over)), 413, 'validation_error');
    expect(e.details).toMatchObject({
      max_bytes: CSV_IMPORT_LIMITS.maxBytes,
      max_rows: CSV_IMPORT_LIMITS.maxRows,
      bytes: CSV_IMPORT_LIMITS.maxBytes + 1,
    });
    expect(e.fix).toMatch(/split/i);
    expect(expectCreated(await csvImport(cast, id, importBody(atLimit))).rows_imported).toBe(2);
  });

  test('a body far above any CSV is refused with 413, and the sandbox answers on', async () => {
    const id = await newList(cast);
    const huge = JSON.stringify(importBody('x'.repeat(MAX_BODY_BYTES)));
    const r = await raw(cast.sb, 'POST', `/api/v2/lead-lists/${id}/csv-import`, { token: cast.owner, rawBody: huge });
    expect(r.status).toBe(413);
    expect(expectOk(await call(cast.sb, 'GET', `/lead-lists/${id}`)).lead_count).toBe(0);
  });

  test('403 lead_cap_reached when the rows would pass the per-list cap: nothing is imported, no lead record made', async () => {
    const id = await newList(cast);
    expectCreated(await csvImport(cast, id, importBody(csvOf(3))));
    await control(cast.sb, 'POST', '/caps', { leads_per_list: 5 });
    const before = leadCount(cast);
    const more = [HEADER, ...rowsOf(3, 10)].join('\n');
    const e = expectPublicError(await csvImport(cast, id, importBody(more)), 403, 'lead_cap_reached');
    expect(e.details).toEqual({ lead_count: 3, adding: 3, cap: 5 });
    expect(leadCount(cast)).toBe(before);
    expect(leadRecords(cast, id)).toHaveLength(3);
    const twoMore = [HEADER, ...rowsOf(2, 10), ',,,'].join('\n');
    expect(expectCreated(await csvImport(cast, id, importBody(twoMore))).rows_imported).toBe(2);
  });
});

describe('who may import', () => {
  test("404 list_not_found for an unknown list, another organization's list and a teammate's private list", async () => {
    const foreign = (await seedList(cast.sb, { name: 'Theirs', organization_id: cast.otherOrgId })).list_id;
    const private_ = (await seedList(cast.sb, { name: 'Mine', user_id: cast.teammateId })).list_id;
    for (const id of ['lst_unknown', foreign, private_])
      expectPublicError(await csvImport(cast, id, importBody(`${HEADER}\n`)), 404, 'list_not_found');
  });

  test('403 list_not_editable on a list shared view-only or visible to the organization; an edit share imports', async () => {
    await control(cast.sb, 'POST', '/scopes', { user_id: cast.teammateId, scopes: ['lists:read', 'lists:write'] });
    const view = (await seedList(cast.sb, { name: 'View', shares: { [cast.teammateId]: 'view' } })).list_id;
    const org = (await seedList(cast.sb, { name: 'Org', visibility: 'organization' })).list_id;
    const edit = (await seedList(cast.sb, { name: 'Edit', shares: { [cast.teammateId]: 'edit' } })).list_id;
    const body = importBody(`${HEADER}\nAnn Lee,ann@acme.io,Acme,\n`);
    expectPublicError(await csvImport(cast, view, body, cast.teammate), 403, 'list_not_editable');
    expectPublicError(await csvImport(cast, org, body, cast.teammate), 403, 'list_not_editable');
    expect(expectCreated(await csvImport(cast, edit, body, cast.teammate)).rows_imported).toBe(1);
  });

  test('403 insufficient_scope without lists:write (the demo teammate reads only)', async () => {
    const id = (await seedList(cast.sb, { name: 'Shared', shares: { [cast.teammateId]: 'edit' } })).list_id;
    const e = expectPublicError(await csvImport(cast, id, importBody(`${HEADER}\n`), cast.teammate), 403, 'insufficient_scope');
    expect(e.details.required_scope).toBe('lists:write');
  });

  test('dispatching needs enrich:write too (403 insufficient_scope, nothing imported); without dispatch lists:write is enough', async () => {
    await control(cast.sb, 'POST', '/scopes', { user_id: cast.teammateId, scopes: ['lists:read', 'lists:write'] });
    const id = (await seedList(cast.sb, { name: 'Shared', shares: { [cast.teammateId]: 'edit' } })).list_id;
    const csv = `${HEADER}\nAnn Lee,ann@acme.io,Acme,\n`;
    const e = expectPublicError(
      await csvImport(cast, id, importBody(csv, { dispatch_enrichment: true, enrichment_type: 'partial' }), cast.teammate),
      403,
      'insufficient_scope',
    );
    expect(e.details).toEqual({ required_scope: 'enrich:write', granted_scopes: ['lists:read', 'lists:write'] });
    expect(leadRecords(cast, id)).toEqual([]);
    expect(expectCreated(await csvImport(cast, id, importBody(csv), cast.teammate))).not.toHaveProperty('message');
  });

  test('with enrich:write a dispatching import imports the rows and starts their enrichment, reserving the price per row', async () => {
    const id = await newList(cast);
    const body = importBody(`${HEADER}\nAnn Lee,ann@acme.io,Acme,\n`, { dispatch_enrichment: undefined, enrichment_type: 'full' });
    const r = expectCreated(await csvImport(cast, id, body));
    expect(r).toMatchObject({ rows_imported: 1, idempotency_replayed: false });
    expect(r.workflow_id).toMatch(/^bulk-enrich-/);
    expect(expectOk(await call(cast.sb, 'GET', '/credits/balance')).credits).toBe(5000 - 11);
  });
});

describe('maintenance', () => {
  test('503 not_enabled while imports are switched off, before any other check; a reset switches them back on', async () => {
    const id = await newList(cast);
    expect(await control(cast.sb, 'POST', '/imports', { enabled: false })).toEqual({ enabled: false, processing_ms: 0 });
    const e = expectPublicError(await csvImport(cast, id, {}), 503, 'not_enabled');
    expect(e.retryable).toBe(false);
    expectPublicError(await csvImport(cast, 'lst_unknown', importBody(`${HEADER}\n`)), 503, 'not_enabled');
    await control(cast.sb, 'POST', '/reset');
    expect(await control(cast.sb, 'GET', '/imports')).toEqual({ enabled: true, processing_ms: 0 });
    const again = await newList(cast);
    expect(expectCreated(await csvImport(cast, again, importBody(`${HEADER}\nAnn Lee,ann@acme.io,Acme,\n`))).rows_imported).toBe(1);
  });

  test('the same route answers under /api/v1/public', async () => {
    const id = await newList(cast);
    const r = await call(cast.sb, 'POST', `/lead-lists/${id}/csv-import`, {
      prefix: '/api/v1/public',
      body: importBody(`${HEADER}\nAnn Lee,ann@acme.io,Acme,\n`),
    });
    expect(expectCreated(r).rows_imported).toBe(1);
  });
});
