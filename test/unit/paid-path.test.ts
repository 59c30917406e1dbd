import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client } from '../../src/api/client.js';
import { call, sendableWithoutPaidPath } from '../../src/api/endpoints/call.js';
import { API, CATALOG } from '../../src/api/endpoints/index.js';
import { SRC } from '../helpers/src-imports.js';

/**
 * Every paid entry is sent through the paid path (sendPaid: a quote, the journal passed
 * explicitly, a lost answer resolved through the quote), in every face. call() refuses one, and
 * nothing but the paid path, call() itself and the two raw senders reaches client.request.
 * The exceptions, each with its own rule: a CSV import that dispatches no enrichment spends
 * nothing; one with an idempotency_key replays its first answer when sent again (24 hours, no
 * re-charge); v1 bulk takes no quote, so its POST is never resent after a lost answer.
 */

const paidEntries = CATALOG.filter((e) => e.paid);

describe('the paid path', () => {
  it('knows the paid entries of the catalog: the five enrichment and agent runs, the two syncs, CSV import and v1 bulk', () => {
    expect(paidEntries.map((e) => e.id).sort()).toEqual(
      [
        'agents.run',
        'enrichment.bulk',
        'enrichment.byTask',
        'enrichment.company',
        'enrichment.person',
        'legacy.bulkEnrich',
        'lists.importCsv',
        'sync.crm',
        'sync.sequencer',
      ].sort(),
    );
  });

  it('call() refuses every paid entry that takes a quote, before anything is sent', async () => {
    // A port nothing listens on: a request that went out would fail as a connection, not a configuration error.
    const client = new Client({ baseUrl: 'http://127.0.0.1:9', token: 'svcapi_x' });
    for (const e of paidEntries.filter((p) => p.paid!.tools.length > 0 && p !== API.lists.importCsv)) {
      await expect(call(client, e, { body: { quote_id: 'qte_v1_x' }, params: { list_id: 'lst_1' } }), e.id).rejects.toMatchObject({
        name: 'ConfigurationError',
        message: expect.stringContaining('paid path'),
      });
    }
    await expect(
      call(client, API.lists.importCsv, {
        params: { list_id: 'lst_1' },
        body: { csv_content_base64: '', column_mapping: {}, enrichment_type: 'partial' } as never,
      }),
    ).rejects.toMatchObject({
      name: 'ConfigurationError',
    });
  });

  it('the exceptions are exactly the CSV import without enrichment or with an idempotency key, and v1 bulk', () => {
    const csv = API.lists.importCsv;
    expect(sendableWithoutPaidPath(csv, { dispatch_enrichment: false })).toBe(true);
    expect(sendableWithoutPaidPath(csv, { enrichment_type: 'full', idempotency_key: 'k1' })).toBe(true);
    expect(sendableWithoutPaidPath(csv, { enrichment_type: 'full' })).toBe(false);
    expect(sendableWithoutPaidPath(csv, { dispatch_enrichment: true, idempotency_key: '' })).toBe(false);
    expect(sendableWithoutPaidPath(API.legacy.bulkEnrich, { contacts: [] })).toBe(true);
    expect(API.legacy.bulkEnrich.idempotent).toBe(false);
    for (const e of paidEntries.filter((p) => p !== csv && p !== API.legacy.bulkEnrich))
      expect(sendableWithoutPaidPath(e, {}), e.id).toBe(false);
  });

  it('nothing else sends a request: client.request is reached only from the paid path, call(), the sandbox controls and `prospect api`', () => {
    const senders = readdirSync(SRC, { withFileTypes: true, recursive: true })
      .filter((d) => d.isFile() && d.name.endsWith('.ts'))
      .map((d) => path.relative(SRC, path.join(d.parentPath, d.name)).split(path.sep).join('/'))
      .filter((f) => !f.startsWith('sandbox/'))
      .filter((f) => /\bclient\.request\s*[<(]|\bthis\.request\s*[<(]/.test(readFileSync(path.join(SRC, f), 'utf8')));
    // commands/api/api.ts is the raw escape hatch: the person supplies the quote, which is single use, so a resend cannot pay twice.
    expect(senders.sort()).toEqual([
      'api/client.ts',
      'api/endpoints/call.ts',
      'api/paid-call.ts',
      'cli/sandbox-target.ts',
      'commands/api/api.ts',
    ]);
  });

  it('each paid entry is sent by its area through sendQuoted, which passes sendPaid the journal its caller gives', () => {
    const areas = readdirSync(path.join(SRC, 'api', 'resources'))
      .map((f) => readFileSync(path.join(SRC, 'api', 'resources', f), 'utf8'))
      .join('\n');
    for (const e of CATALOG.filter((entry) => entry.paid && entry.paid.tools.length > 0)) {
      const [area, verb] = e.id.split('.') as [string, string];
      expect(areas, e.id).toMatch(new RegExp(`sendQuoted(<\\w+>)?\\(\\s*${area}\\.${verb}\\b`));
    }
    const core = readFileSync(path.join(SRC, 'api', 'resource.ts'), 'utf8');
    expect(core).toMatch(/sendPaid<R>\(client, sent, .*journal: opts\.journal \}\)/);
    expect(readFileSync(path.join(SRC, 'api', 'paid-call.ts'), 'utf8')).not.toMatch(/new WeakMap|^let |^const \w+ = new Map/m);
  });
});
