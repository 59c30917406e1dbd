import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { json } from '../helpers/json.js';
import { tempDir } from '../helpers/temp-dir.js';
import { usePaidSandbox } from './enrich-helpers.js';

/** Paid commands where a refusal must leave nothing behind, and where there is nothing to confirm. */
const t = usePaidSandbox();

const listNames = async () => (json((await t.run('lists', 'ls', '--json')).stdout).lists as Array<{ name: string }>).map((l) => l.name);

describe('paid commands: what a refusal leaves, and a selection of nothing', () => {
  it('import --create --enrich refused off a terminal creates no list; with --yes it creates the list and enriches', async () => {
    const f = path.join(tempDir(), 'leads.csv');
    writeFileSync(f, 'First Name,Last Name,Company Domain\nAda,Lovelace,example.com\nGrace,Hopper,navy.mil\n');
    const refused = await t.run('import', 'Brand New', f, '--create', '--enrich', 'partial');
    expect(refused.exitCode, refused.stderr).toBe(10);
    expect(refused.stderr).toContain('Estimate: up to 2 credits for 2 rows (bulk_import_csv)');
    expect(refused.stderr).not.toContain('Created list');
    expect(await listNames()).not.toContain('Brand New');

    const capped = await t.run('import', 'Brand New', f, '--create', '--enrich', 'full', '--max-cost', '5');
    expect(capped.exitCode, capped.stderr).toBe(5);
    expect(await listNames()).not.toContain('Brand New');

    const missing = await t.run('import', 'Brand New', f, '--enrich', 'partial', '--yes');
    expect(missing.exitCode, missing.stderr).toBe(4);
    expect(missing.stderr).not.toContain('Estimate:');

    const made = await t.run('import', 'Brand New', f, '--create', '--enrich', 'partial', '--yes', '--json');
    expect(made.exitCode, made.stderr).toBe(0);
    expect(made.stderr).toMatch(/Estimate: up to 2 credits[\s\S]*Created list "Brand New"/);
    expect(json(made.stdout)).toMatchObject({ rows_imported: 2, enrichment: { type: 'partial', rows: 2 } });
    expect(await listNames()).toContain('Brand New');
  });

  it('an empty list asks nothing off a terminal (a quote of 0 spends nothing) and says there is nothing to enrich (exit 2)', async () => {
    await t.seedList('Empty', 0);
    const before = await t.balance();
    const r = await t.run('enrich', 'list', 'Empty');
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toContain('Estimate: up to 0 credits for 0 rows (enrich_list)');
    expect(r.stderr).not.toContain('needs confirmation');
    expect(r.stderr).toMatch(/is empty: there is nothing to enrich/);
    expect(await t.balance()).toBe(before);
  });

  it('enrich status of an empty id is a usage error; --list on a company cohort is said to be ignored', async () => {
    const empty = await t.run('enrich', 'status', ' ');
    expect(empty.exitCode, empty.stderr).toBe(2);
    expect(empty.stderr).toMatch(/the run id is empty/);
    const companies = json((await t.run('search', 'companies', '--industries', 'Software Development', '--limit', '3', '--json')).stdout);
    const r = await t.run('enrich', 'cohort', companies.task_id, '--data-points', 'Industry', '--list', 'Anything', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/warning: --list is ignored for company cohorts/);
    expect(json(r.stdout)).toMatchObject({ entity_kind: 'company', total_entities: 3 });
  });

  it('--dry-run and credits estimate say how short the balance is', async () => {
    await t.seedList('Q3', 30);
    await control(t.sb, 'POST', '/balance', { credits: 12 });
    for (const args of [
      ['enrich', 'list', 'Q3', '--dry-run'],
      ['credits', 'estimate', '--tool', 'enrich_list', '--list', 'Q3'],
    ]) {
      const r = await t.run(...args, '--json');
      expect(r.exitCode, r.stderr).toBe(0);
      expect(json(r.stdout)).toMatchObject({ estimated_cost: 30, available_credits: 12, sufficient: false });
      expect(r.stderr).toContain('warning: the balance is 18 credits short of this estimate.');
    }
    expect(await t.balance()).toBe(12);
  });

  it('import --enrich under a dropped connection after the chunk was taken: one run, the same charge and balance as without the fault', async () => {
    const f = path.join(tempDir(), 'leads.csv');
    writeFileSync(f, 'First Name,Last Name,Company Domain\nAda,Lovelace,example.com\nGrace,Hopper,navy.mil\nAlan,Turing,example.org\n');
    const importOnce = async (faulty: boolean) => {
      await control(t.sb, 'POST', '/reset', {});
      await control(t.sb, 'POST', '/rate-limits', { enabled: false });
      await control(t.sb, 'POST', '/enrichment', {
        pace: { pending_ms: 0, min_run_ms: 50, row_ms: 0 },
        hit_rates: { email: 1, phone: 0.5 },
      });
      await t.seedList('In', 0);
      if (faulty)
        await control(t.sb, 'POST', '/faults', {
          rules: [{ method: 'POST', path: '/csv-import', count: 1, kind: 'drop', phase: 'after' }],
        });
      const r = await t.run('import', 'In', f, '--enrich', 'full', '--yes', '--json');
      expect(r.exitCode, r.stderr).toBe(0);
      const e = json(r.stdout).enrichment;
      return {
        stderr: r.stderr,
        runs: e.workflow_ids.length,
        rows: e.rows,
        charged: e.credits_charged,
        reserved: e.credits_reserved,
        balance: await t.balance(),
      };
    };
    const { stderr: _quiet, ...clean } = await importOnce(false);
    const { stderr, ...faulty } = await importOnce(true);
    expect(clean).toMatchObject({ runs: 1, rows: 3, reserved: 33 });
    expect(faulty).toEqual(clean);
    expect(stderr).toMatch(/1 of 1 chunks were already imported \(by an earlier run, or by this one before an answer was lost\)/);
    expect(stderr).toContain('1 chunk was replayed: its run was charged once, when first sent, not again.');
  });
});
