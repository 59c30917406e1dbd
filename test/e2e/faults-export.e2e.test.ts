import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dir.js';
import { faultsAfter, faultsBefore, lastingFault, useFaultSandbox, type Fault } from './faults-helpers.js';

/**
 * export json LIST --all -o FILE under faults on a later page: the same bytes as a clean run;
 * a fault that outlasts the retries exits 9 without FILE, and --resume completes it byte-exact.
 */
const t = useFaultSandbox();

const PAGE = { method: 'GET', path: '/export/json' };
const FORMATS = ['json', 'ndjson', 'csv'];

async function exportTo(format: string, rules: Fault['rules'], ...extra: string[]) {
  await t.faults(rules);
  const file = path.join(tempDir(), `leads.${format}`);
  const r = await t.cli('export', 'json', 'Q3', '--all', '--page-size', '10', '--format', format, '-o', file, ...extra);
  return { ...r, file };
}

async function cleanBytes(format: string): Promise<Buffer> {
  const clean = await exportTo(format, []);
  expect(clean.code, clean.stderr).toBe(0);
  return readFileSync(clean.file);
}

describe('export json --all -o FILE', () => {
  it.each([...faultsBefore(PAGE.method, PAGE.path, 1), ...faultsAfter(PAGE.method, PAGE.path, 1)])('$name: the same bytes', async (f) => {
    await t.seedList('Q3', 35);
    const clean = await cleanBytes('ndjson');
    expect(clean.toString().trim().split('\n')).toHaveLength(35);
    const faulty = await exportTo('ndjson', f.rules);
    await t.expectFaultsHit();
    expect(faulty.code, faulty.stderr).toBe(0);
    expect(readFileSync(faulty.file)).toEqual(clean);
  });

  it.each(FORMATS)('--format %s: a 500 outlasting the retries exits 9 with no FILE; --resume completes it byte-exact', async (format) => {
    await t.seedList('Q3', 35);
    const clean = await cleanBytes(format);
    const failed = await exportTo(format, lastingFault(PAGE.method, PAGE.path, 2));
    expect(failed.code, failed.stderr).toBe(9);
    expect(existsSync(failed.file)).toBe(false);
    expect(failed.stderr).toContain('Stopped after 20 rows. Resume with:');
    expect(failed.stderr).toContain('--resume');

    await t.faults([]);
    const resumed = await t.cli('export', 'json', 'Q3', '--all', '--page-size', '10', '--format', format, '-o', failed.file, '--resume');
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(readFileSync(failed.file)).toEqual(clean);
  });

  it('to stdout: the rows before the failure stay, and --resume appended after them gives the clean bytes', async () => {
    await t.seedList('Q3', 35);
    const argv = ['export', 'json', 'Q3', '--all', '--page-size', '10', '--format', 'ndjson'];
    const clean = await t.cli(...argv);
    expect(clean.code).toBe(0);
    await t.faults(lastingFault(PAGE.method, PAGE.path, 2));
    const failed = await t.cli(...argv);
    expect(failed.code, failed.stderr).toBe(9);
    expect(failed.stdout.split('\n').filter(Boolean)).toHaveLength(20);
    await t.faults([]);
    const resumed = await t.cli(...argv, '--resume');
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(failed.stdout + resumed.stdout).toBe(clean.stdout);
  });
});
