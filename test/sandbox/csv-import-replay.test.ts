import { beforeEach, describe, expect, test } from 'vitest';
import { control } from './helpers.js';
import { seedList, useListsSandbox } from './lists-helpers.js';
import { csvImport, expectCreated, expectPublicError, importBody, leadCount, leadRecords, newList } from './csv-import-helpers.js';
import { CSV_IMPORT_LIMITS } from '../../src/api/schemas/lists.js';

const cast = useListsSandbox();
beforeEach(() => control(cast.sb, 'POST', '/clock', { set_ms: Date.UTC(2031, 2, 3, 12), freeze: true }));

const HEADER = 'Name,Email,Company,LinkedIn';
const advance = (ms: number) => control(cast.sb, 'POST', '/clock', { advance_ms: ms });
const ANN = `${HEADER}\nAnn Lee,ann@acme.io,Acme,\nbad row\n`;
const BO = `${HEADER}\nBo Chan,bo@acme.io,Bolt,\n`;

describe('idempotency_key', () => {
  test('the same key and body within 24 h replays the first response (201, idempotency_replayed true) without importing again', async () => {
    const id = await newList(cast);
    const body = importBody(ANN, { idempotency_key: 'import-1' });
    const first = expectCreated(await csvImport(cast, id, body));
    expect(first).toMatchObject({ rows_imported: 1, rows_skipped: 1, idempotency_replayed: false });
    const records = leadCount(cast);
    await advance(CSV_IMPORT_LIMITS.idempotencyReplayMs - 1);
    const again = expectCreated(await csvImport(cast, id, body));
    const { timestamp_ms: _a, ...firstRest } = first;
    const { timestamp_ms: _b, ...againRest } = again;
    expect(againRest).toEqual({ ...firstRest, idempotency_replayed: true });
    expect(leadCount(cast)).toBe(records);
    expect(leadRecords(cast, id)).toHaveLength(1);
  });

  test('key order of the body and an explicit dispatch default do not make another request', async () => {
    const id = await newList(cast);
    const body = {
      csv_content_base64: Buffer.from(BO).toString('base64'),
      column_mapping: { email: 'Email', full_name: 'Name' },
      enrichment_type: 'partial',
      idempotency_key: 'k',
    };
    expectCreated(await csvImport(cast, id, body));
    const reordered = {
      idempotency_key: 'k',
      dispatch_enrichment: true,
      enrichment_type: 'partial',
      column_mapping: { full_name: 'Name', email: 'Email' },
      csv_content_base64: body.csv_content_base64,
    };
    expect(expectCreated(await csvImport(cast, id, reordered)).idempotency_replayed).toBe(true);
  });

  test('the key is organization-wide: a teammate repeating the request gets the replay; another organization has its own keys', async () => {
    await control(cast.sb, 'POST', '/scopes', { user_id: cast.teammateId, scopes: ['lists:read', 'lists:write'] });
    const id = (await seedList(cast.sb, { name: 'Shared', shares: { [cast.teammateId]: 'edit' } })).list_id;
    const body = importBody(BO, { idempotency_key: 'shared-key' });
    expectCreated(await csvImport(cast, id, body));
    expect(expectCreated(await csvImport(cast, id, body, cast.teammate)).idempotency_replayed).toBe(true);
    const theirs = (await seedList(cast.sb, { name: 'Theirs', organization_id: cast.otherOrgId })).list_id;
    const r = expectCreated(await csvImport(cast, theirs, importBody(ANN, { idempotency_key: 'shared-key' }), cast.other));
    expect(r).toMatchObject({ rows_imported: 1, idempotency_replayed: false });
  });

  test('the same key with another body or another list is 409 idempotency_conflict, nothing imported', async () => {
    const id = await newList(cast);
    const other = await newList(cast, 'Other');
    expectCreated(await csvImport(cast, id, importBody(ANN, { idempotency_key: 'k1' })));
    const records = leadCount(cast);
    const e = expectPublicError(await csvImport(cast, id, importBody(BO, { idempotency_key: 'k1' })), 409, 'idempotency_conflict');
    expect(e.details).toEqual({ idempotency_key: 'k1' });
    expectPublicError(
      await csvImport(cast, id, importBody(ANN, { idempotency_key: 'k1', dispatch_enrichment: true, enrichment_type: 'full' })),
      409,
      'idempotency_conflict',
    );
    expectPublicError(await csvImport(cast, other, importBody(ANN, { idempotency_key: 'k1' })), 409, 'idempotency_conflict');
    expect(leadCount(cast)).toBe(records);
    expect(expectCreated(await csvImport(cast, other, importBody(ANN, { idempotency_key: 'k2' }))).rows_imported).toBe(1);
  });

  test('after 24 h the key is free again: the same body imports anew, another body is accepted', async () => {
    const id = await newList(cast);
    const other = await newList(cast, 'Other');
    expectCreated(await csvImport(cast, id, importBody(ANN, { idempotency_key: 'daily' })));
    await advance(CSV_IMPORT_LIMITS.idempotencyReplayMs);
    const r = expectCreated(await csvImport(cast, other, importBody(ANN, { idempotency_key: 'daily' })));
    expect(r).toMatchObject({ list_id: other, rows_imported: 1, idempotency_replayed: false });
    expect(expectCreated(await csvImport(cast, other, importBody(ANN, { idempotency_key: 'daily' }))).idempotency_replayed).toBe(true);
  });

  test('a key whose import failed is not taken: the corrected request imports under it', async () => {
    const id = await newList(cast);
    expectPublicError(
      await csvImport(cast, id, importBody(ANN, { idempotency_key: 'k', column_mapping: { email: 'Mail' } })),
      400,
      'validation_error',
    );
    expect(expectCreated(await csvImport(cast, id, importBody(ANN, { idempotency_key: 'k' }))).rows_imported).toBe(1);
  });

  test('keys that are names of object members are keys like any other', async () => {
    const id = await newList(cast);
    for (const key of ['__proto__', 'constructor', 'toString']) {
      expect(expectCreated(await csvImport(cast, id, importBody(BO, { idempotency_key: key }))).idempotency_replayed).toBe(false);
      expect(expectCreated(await csvImport(cast, id, importBody(BO, { idempotency_key: key }))).idempotency_replayed).toBe(true);
      expectPublicError(await csvImport(cast, id, importBody(ANN, { idempotency_key: key })), 409, 'idempotency_conflict');
    }
  });
});

describe('an import still processing', () => {
  test('409 conflict for another import into the list until it completes, with the time left; then the same key replays', async () => {
    expect(await control(cast.sb, 'POST', '/imports', { processing_ms: 5000 })).toEqual({ enabled: true, processing_ms: 5000 });
    const id = await newList(cast);
    const other = await newList(cast, 'Other');
    const body = importBody(ANN, { idempotency_key: 'slow' });
    const first = expectCreated(await csvImport(cast, id, body));
    expect(leadRecords(cast, id)).toHaveLength(1);
    const busy = expectPublicError(await csvImport(cast, id, importBody(BO)), 409, 'conflict');
    expect(busy.retry_after_ms).toBe(5000);
    expect(busy.fix).toMatch(/retry/i);
    await advance(2000);
    expect(expectPublicError(await csvImport(cast, id, body), 409, 'conflict').retry_after_ms).toBe(3000);
    expect(expectCreated(await csvImport(cast, other, importBody(BO))).rows_imported).toBe(1);
    await advance(2999);
    expect(expectPublicError(await csvImport(cast, id, body), 409, 'conflict').retry_after_ms).toBe(1);
    await advance(1);
    const replay = expectCreated(await csvImport(cast, id, body));
    expect(replay).toMatchObject({ rows_imported: first.rows_imported, idempotency_replayed: true });
    expect(leadRecords(cast, id)).toHaveLength(1);
    expect(expectCreated(await csvImport(cast, id, importBody(BO))).rows_imported).toBe(1);
  });

  test('imports take no time by default, and a reset clears the processing time', async () => {
    const id = await newList(cast);
    expectCreated(await csvImport(cast, id, importBody(ANN)));
    expect(expectCreated(await csvImport(cast, id, importBody(BO))).rows_imported).toBe(1);
    await control(cast.sb, 'POST', '/imports', { processing_ms: 60_000 });
    await control(cast.sb, 'POST', '/reset');
    expect((await control(cast.sb, 'GET', '/imports')).processing_ms).toBe(0);
  });
});
