import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { json } from '../helpers/json.js';
import { tempDir } from '../helpers/temp-dir.js';
import { fastClock, runInProcess, sandboxClock } from '../helpers/in-process.js';
import { usePaidSandbox } from './enrich-helpers.js';
import { CSV_IMPORT_LIMITS } from '../../src/api/schemas/values/lists.js';
import { base64Length } from '../../src/commands/import/shared/chunks.js';

/**
 * import: chunks as full as the limits allow, and the checkpoint of acknowledged chunks that
 * makes a re-run send only what the service has not taken (nothing, once the file is in).
 */
const t = usePaidSandbox();

/** POST .../csv-import requests that reached the sandbox (its request log). */
const csvImports = () => t.sb.services.requestLog.list().filter((r) => r.method === 'POST' && r.path.endsWith('/csv-import')).length;

/** Runs the command and returns it with the csv-import requests it made. */
async function counted(...args: string[]) {
  const before = csvImports();
  const r = await t.run(...args);
  return { ...r, requests: csvImports() - before };
}

/** A CSV whose columns all map (so the CSV sent is the file's bytes): `rows` rows, each line `width` bytes when given. */
function leadsCsv(rows: number, width?: number): string {
  const lines = ['first_name,last_name,email,job_title'];
  for (let i = 0; i < rows; i++) {
    const line = `First${i},Last${i},p${i}@firm${i % 40}.example,`;
    lines.push(line + (width ? 't'.repeat(width - line.length - 1) : 'Buyer'));
  }
  const file = path.join(tempDir(), 'leads.csv');
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

/** A CSV of `rows` people named with their company, without an email: each row needs what --enrich partial finds. */
function leadsToEnrich(rows: number): string {
  const lines = [
    'first_name,last_name,company_domain,job_title',
    ...Array.from({ length: rows }, (_, i) => `First${i},Last${i},firm${i % 40}.example,Buyer`),
  ];
  const file = path.join(tempDir(), 'leads.csv');
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

const checkpointsIn = (dataDir: string) => {
  const dir = path.join(dataDir, 'imports');
  return readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .map((n) => path.join(dir, n));
};

describe('import: chunks as full as the limits allow', () => {
  it('a 600-row file goes in one request', async () => {
    const r = await counted('import', 'Six hundred', leadsCsv(600), '--create', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(json(r.stdout)).toMatchObject({ rows_imported: 600, chunks: 1 });
    expect(r.requests).toBe(1);
  });

  it('rows of 300 bytes: at most 1.03 times the fewest requests the 150 KB allow, and the service takes each one', async () => {
    const file = leadsCsv(2_880, 300);
    const minimum = Math.ceil(base64Length(statSync(file).size) / CSV_IMPORT_LIMITS.maxBytes);
    expect(minimum).toBeGreaterThan(Math.ceil(2_880 / CSV_IMPORT_LIMITS.maxRows));
    const r = await counted('import', 'Wide', file, '--create', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(json(r.stdout)).toMatchObject({ rows_imported: 2_880, chunks: r.requests });
    expect(r.requests).toBeLessThanOrEqual(Math.floor(minimum * 1.03));
    const statuses = t.sb.services.requestLog.list({ limit: r.requests }).map((q) => q.status_code);
    expect(statuses).toEqual(Array(r.requests).fill(201));
  });
});

describe('import: the checkpoint of acknowledged chunks', () => {
  it('a re-run of a finished import sends no csv-import request, says so, and prints the same summary', async () => {
    const file = leadsCsv(1_500);
    const first = await counted('import', 'Done', file, '--create', '--json');
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.requests).toBe(3);

    const again = await counted('import', 'Done', file, '--json');
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.requests).toBe(0);
    expect(json(again.stdout)).toEqual({ ...json(first.stdout), chunks_replayed: 3, chunks_from_checkpoint: 3 });
    expect(again.stderr).toMatch(
      /leads\.csv was already imported into lst_\w+: all 3 chunks are acknowledged in the checkpoint .*\. Nothing is sent again\./,
    );
  });

  it('is a private file (0600 in a 0700 folder) in the data dir, holding no credentials and no row data', async () => {
    const r = await t.run('import', 'Private', leadsCsv(700), '--create', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    const [file, ...others] = checkpointsIn(t.env.PROSPECT_DATA_DIR!);
    expect(others).toEqual([]);
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file!)).mode & 0o777).toBe(0o700);
    const text = readFileSync(file!, 'utf8');
    expect(text).not.toContain(t.sb.demoKey);
    expect(text).not.toContain('p0@firm0.example');
    expect(JSON.parse(text)).toMatchObject({
      list_id: json(r.stdout).list_id,
      enrichment: 'none',
      total_chunks: 2,
      chunks: [
        { index: 0, rows: 600 },
        { index: 1, rows: 100 },
      ],
    });
  });

  it('stopped part way (Ctrl-C), the same command again sends only the chunks not acknowledged', async () => {
    await control(t.sb, 'POST', '/faults', { rules: [{ method: 'POST', path: '/csv-import', kind: 'latency', latency_ms: 30 }] });
    const file = leadsCsv(6_000);
    const listId = json((await t.run('lists', 'create', 'Stopped', '--json')).stdout).list_id as string;
    const stop = new AbortController();
    const started = csvImports();
    const running = runInProcess(['import', 'Stopped', file], { env: t.env, clock: sandboxClock(t.sb), signal: stop.signal });
    await expect.poll(() => csvImports() - started, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    stop.abort();
    const stopped = await running;
    await control(t.sb, 'DELETE', '/faults');
    expect(stopped.code, stopped.stderr).toBe(130);
    const done = Number(/Stopped after (\d+) chunks?/.exec(stopped.stderr)?.[1]);
    expect(done).toBeGreaterThanOrEqual(2);
    expect(stopped.stderr).toContain(`Run the same command again to send only the others`);
    expect(stopped.stderr).toContain(`\n  prospect import Stopped ${file}\n`);

    const again = await counted('import', 'Stopped', file, '--json');
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toContain(`${done} of 10 chunks were imported earlier; sending the remaining ${10 - done}.`);
    expect(again.requests).toBe(10 - done);
    expect(json(again.stdout)).toMatchObject({ rows_imported: 6_000, chunks: 10, chunks_from_checkpoint: done });
    expect((await t.leads(listId)).length).toBeGreaterThan(0);
    expect(json((await t.run('lists', 'get', listId, '--json')).stdout).lead_count).toBe(6_000);
  });

  it('deleted (another machine, a new data dir), the service replays every chunk: nothing is imported twice', async () => {
    const file = leadsCsv(1_500);
    const first = await t.run('import', 'Elsewhere', file, '--create', '--json');
    expect(first.exitCode, first.stderr).toBe(0);
    rmSync(path.join(t.env.PROSPECT_DATA_DIR!, 'imports'), { recursive: true });

    const again = await counted('import', 'Elsewhere', file, '--json');
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.requests).toBe(3);
    expect(json(again.stdout)).toMatchObject({ rows_imported: 1_500, chunks_replayed: 3, chunks_from_checkpoint: 0 });
    expect(again.stderr).toContain('3 of 3 chunks were already imported (by an earlier run, or by this one before an answer was lost)');
    expect(json((await t.run('lists', 'get', 'Elsewhere', '--json')).stdout).lead_count).toBe(1_500);
  });

  it('a data dir that cannot be written: the import goes on with a warning, and a re-run is replayed by the service', async () => {
    const notADir = path.join(tempDir(), 'file');
    writeFileSync(notADir, '');
    const env = { ...t.env, PROSPECT_DATA_DIR: path.join(notADir, 'data') };
    const file = leadsCsv(700);
    const first = await runInProcess(['import', 'Unwritable', file, '--create', '--json'], { env, clock: sandboxClock(t.sb) });
    expect(first.code, first.stderr).toBe(0);
    expect(json(first.stdout)).toMatchObject({ rows_imported: 700, chunks: 2 });
    expect(first.stderr.match(/warning: cannot write the checkpoint .* \(ENOTDIR\); the import goes on/g)).toHaveLength(1);
    const before = csvImports();
    const again = await runInProcess(['import', 'Unwritable', file, '--json'], { env, clock: sandboxClock(t.sb) });
    expect(again.code, again.stderr).toBe(0);
    expect(csvImports() - before).toBe(2);
    expect(json(again.stdout)).toMatchObject({ rows_imported: 700, chunks_replayed: 2, chunks_from_checkpoint: 0 });
  });

  it('past the 24-hour replay window it is dropped, and the same command sends the file again, as the service would take it', async () => {
    const file = leadsCsv(700);
    expect((await t.run('import', 'Later', file, '--create')).exitCode).toBe(0);
    t.sb.services.clock.advance(CSV_IMPORT_LIMITS.idempotencyReplayMs);
    const again = await counted('import', 'Later', file, '--json');
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.requests).toBe(2);
    // The rows are in the list already: the service skips them as duplicates.
    expect(json(again.stdout)).toMatchObject({
      rows_imported: 0,
      chunks_replayed: 0,
      chunks_from_checkpoint: 0,
      skip_reasons: { duplicate_email: 700 },
    });
  });

  it('is not used for another list given the same id (a sandbox reset): every chunk is sent', async () => {
    const file = leadsCsv(700);
    const first = await t.run('import', 'Again', file, '--create', '--json');
    expect(first.exitCode, first.stderr).toBe(0);
    await control(t.sb, 'POST', '/reset', {});
    await control(t.sb, 'POST', '/rate-limits', { enabled: false });
    const made = await t.run('lists', 'create', 'Again', '--json');
    expect(json(made.stdout).list_id).toBe(json(first.stdout).list_id);

    const again = await counted('import', 'Again', file, '--json');
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.requests).toBe(2);
    expect(json(again.stdout)).toMatchObject({ rows_imported: 700, chunks_from_checkpoint: 0 });
    expect(again.stderr).toMatch(/The checkpoint .* is not used: list lst_\w+ (was created at|holds 0 leads)/);
  });
});

describe('import --enrich, resumed', () => {
  it('asks to spend only for the rows not imported yet, and sends only the chunks left', async () => {
    const file = leadsToEnrich(1_300);
    await control(t.sb, 'POST', '/faults', { rules: [{ method: 'POST', path: '/csv-import', after: 1, kind: 'status', status: 500 }] });
    // The retries of the 500 wait in real time: cut to a few milliseconds.
    const failed = await runInProcess(['import', 'Paid', file, '--create', '--enrich', 'partial', '--yes'], {
      env: t.env,
      clock: fastClock,
    });
    await control(t.sb, 'DELETE', '/faults');
    expect(failed.code, failed.stderr).toBe(9);

    const unconfirmed = await counted('import', 'Paid', file, '--enrich', 'partial');
    expect(unconfirmed.exitCode, unconfirmed.stderr).toBe(10);
    expect(unconfirmed.stderr).toContain('1 of 3 chunks were imported earlier; sending the remaining 2.');
    expect(unconfirmed.stderr).toContain('Estimate: up to 700 credits for 700 rows (bulk_import_csv)');
    expect(unconfirmed.requests).toBe(0);

    const r = await counted('import', 'Paid', file, '--enrich', 'partial', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests).toBe(2);
    expect(json(r.stdout)).toMatchObject({ rows_imported: 1_300, chunks_from_checkpoint: 1, enrichment: { runs: 3, rows: 1_300 } });
  });
});

describe('import --enrich with --no-wait', () => {
  it('prints the workflow id alone, which enrich status "$WF" --wait watches to the end', async () => {
    const r = await t.run('import', 'Handle', leadsToEnrich(20), '--create', '--enrich', 'partial', '--yes', '--no-wait');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^[\w-]+\n$/);
    const wf = r.stdout.trim();
    expect(r.stderr).toContain(`Watch the run with: prospect enrich status ${wf} --wait`);
    expect(r.stderr).toContain('Imported 20 of 20 rows');

    const status = await t.run('enrich', 'status', wf, '--wait', '--json');
    expect(status.exitCode, status.stderr).toBe(0);
    expect(json(status.stdout)).toMatchObject({ workflow_id: wf, total: 20 });
  });

  it('one run per chunk: one id a line (the summary object with --json), each watched by enrich status', async () => {
    const file = leadsToEnrich(700);
    const r = await t.run('import', 'Handles', file, '--create', '--enrich', 'partial', '--yes', '--no-wait');
    expect(r.exitCode, r.stderr).toBe(0);
    const ids = r.stdout.split('\n').filter(Boolean);
    expect(ids).toHaveLength(2);
    expect(r.stdout).toBe(ids.map((id) => `${id}\n`).join(''));
    expect(r.stderr).toContain(`2 runs started, one per chunk. Watch them with: prospect enrich status ${ids.join(' ')} --wait`);
    const s = await t.run('enrich', 'status', ...ids, '--wait', '--json');
    expect(s.exitCode, s.stderr).toBe(0);
    expect(json(s.stdout).map((run: { workflow_id: string }) => run.workflow_id)).toEqual(ids);
    // Run again (from the checkpoint, nothing sent) with --json: the summary object with the same ids.
    const again = await t.run('import', 'Handles', file, '--enrich', 'partial', '--yes', '--no-wait', '--json');
    expect(again.exitCode, again.stderr).toBe(0);
    expect(json(again.stdout)).toMatchObject({ chunks: 2, chunks_from_checkpoint: 2, enrichment: { workflow_ids: ids } });
  });
});
