import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, ndjson } from '../helpers/json.js';
import { tempDir } from '../helpers/temp-dir.js';
import { faultsAfter, faultsBefore, lastingFault, useFaultSandbox, type Rule } from './faults-helpers.js';

/**
 * import LIST FILE.csv (3 chunks of up to 600 rows) under faults on the second chunk: the same
 * list and the same summary as without faults; a fault that outlasts the retries exits 9, and
 * running the same command again (documented as safe) sends only the chunks not acknowledged.
 */
const t = useFaultSandbox();

const ROWS = 1500;
const CHUNK = { method: 'POST', path: '/csv-import' };

function csvFile(): string {
  const lines = ['First Name,Last Name,Email,Company Domain'];
  for (let i = 0; i < ROWS; i++) lines.push(`Ann${i},Lee${i},ann${i}@firm${i % 40}.com,firm${i % 40}.com`);
  // Two rows the service skips, so the summary has skip counts to compare.
  lines.push(',,,', 'Bo,,,');
  const file = path.join(tempDir(), 'leads.csv');
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

/** The summary fields that do not depend on ids or on how many chunks were replayed. */
const summary = (stdout: string) => {
  const { list_id: _l, file: _f, chunks_replayed: _r, chunks_from_checkpoint: _c, ...rest } = json(stdout);
  return rest;
};

/** The list's leads as a user reads them back, without the ids the service gave them. */
async function listContent(): Promise<Array<Record<string, unknown>>> {
  const r = await t.cli('lists', 'leads', 'Imported', '--all', '--format', 'ndjson');
  expect(r.code, r.stderr).toBe(0);
  return ndjson(r.stdout).map(({ lead_id: _id, ...rest }) => rest);
}

/** csv-import requests that reached the sandbox (its request log). */
const csvImportRequests = () => t.sb.services.requestLog.list().filter((r) => r.path.endsWith('/csv-import')).length;

async function importWith(file: string, rules: Rule[]) {
  await t.faults(rules);
  return t.cli('import', 'Imported', file, '--create', '--json');
}

let clean: Promise<{ summary: Record<string, unknown>; leads: Array<Record<string, unknown>> }> | undefined;
async function cleanRun(file: string) {
  const r = await importWith(file, []);
  expect(r.code, r.stderr).toBe(0);
  expect(json(r.stdout)).toMatchObject({ chunks: 3, chunks_replayed: 0, rows_parsed: ROWS + 2 });
  const out = { summary: summary(r.stdout), leads: await listContent() };
  expect(out.leads).toHaveLength(ROWS);
  await t.fresh();
  return out;
}

describe('import under faults on the second chunk', () => {
  it.each([...faultsBefore(CHUNK.method, CHUNK.path, 1), ...faultsAfter(CHUNK.method, CHUNK.path, 1)])(
    '$name: the same list and summary',
    async (f) => {
      const file = csvFile();
      const baseline = await (clean ??= cleanRun(file));
      const r = await importWith(file, f.rules);
      await t.expectFaultsHit();
      expect(r.code, r.stderr).toBe(0);
      expect(summary(r.stdout)).toEqual(baseline.summary);
      expect(await listContent()).toEqual(baseline.leads);
    },
  );

  it('a 500 that outlasts the retries: exit 9 after the first chunk; the same command again sends only the other two', async () => {
    const file = csvFile();
    const baseline = await (clean ??= cleanRun(file));
    const failed = await importWith(file, lastingFault(CHUNK.method, CHUNK.path, 1));
    expect(failed.code, failed.stderr).toBe(9);
    expect(failed.stdout).toBe('');
    expect(await listContent()).toEqual(baseline.leads.slice(0, 600));

    const sent = csvImportRequests();
    const again = await importWith(file, []);
    expect(again.code, again.stderr).toBe(0);
    expect(csvImportRequests()).toBe(sent + 2);
    expect(json(again.stdout)).toMatchObject({ chunks: 3, chunks_replayed: 1, chunks_from_checkpoint: 1 });
    expect(summary(again.stdout)).toEqual(baseline.summary);
    expect(again.stderr).toContain('1 of 3 chunks were imported earlier; sending the remaining 2.');
    expect(await listContent()).toEqual(baseline.leads);
  });
});
