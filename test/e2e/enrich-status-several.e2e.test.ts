import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { json, ndjson } from '../helpers/json.js';
import { tempDir } from '../helpers/temp-dir.js';
import { runPrinted } from '../helpers/printed-command.js';
import { usePaidSandbox } from './enrich-helpers.js';
import { command as importCommand } from '../../src/commands/import/import.js';
import { STATUS_FIELDS } from '../../src/cli/cmdutil/enrich-watch.js';

/**
 * `enrich status` takes several run ids: `import --enrich --no-wait` prints one workflow id per
 * chunk, one per line, and `prospect enrich status $WF --wait` (unquoted) waits for them all.
 */

const t = usePaidSandbox();

/** `leads.csv` in `dir`: `rows` people with their company and no email, so each is enriched (import chunks take 600 rows at most). */
function writeLeads(dir: string, rows: number): string {
  const body = Array.from({ length: rows }, (_, i) => `Ann${i},Lee${i},co${i % 25}.example`);
  const file = path.join(dir, 'leads.csv');
  writeFileSync(file, ['first_name,last_name,company_domain', ...body].join('\n') + '\n');
  return file;
}

/** Imports 1,300 rows with --enrich partial --no-wait: three runs, their ids one per line. */
async function threeRuns(list: string): Promise<string[]> {
  const r = await t.run('import', list, writeLeads(tempDir(), 1_300), '--create', '--enrich', 'partial', '--yes', '--no-wait');
  expect(r.exitCode, r.stderr).toBe(0);
  const ids = r.stdout.split('\n').filter(Boolean);
  expect(ids).toHaveLength(3);
  return ids;
}

const sum = (runs: Array<Record<string, any>>, key: string) => runs.reduce((n, r) => n + (r[key] as number), 0);

describe('enrich status ID ID...', () => {
  it("import's help example, over a 1,300-row file (3 runs), runs as printed through a shell: one row a run, exit 0", async () => {
    const cwd = tempDir();
    writeLeads(cwd, 1_300);
    await control(t.sb, 'POST', '/lists', { name: 'Q3 leads' });
    const example = importCommand.examples.find((e) => e.startsWith('WF=$('))!;
    expect(example).toBe(
      'WF=$(prospect import "Q3 leads" leads.csv --enrich partial --yes --no-wait) && prospect enrich status $WF --wait',
    );
    // A real shell splits the unquoted $WF into the three ids.
    const r = await runPrinted(example, { env: t.env, cwd });
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(STATUS_FIELDS.join('\t'));
    expect(lines.slice(1).map((l) => l.split('\t')[0])).toEqual([expect.any(String), expect.any(String), expect.any(String)]);
    expect(r.stderr).toMatch(/All 3 runs ended: [\d,]+ of 1,300 rows enriched/);
  });

  it('--json is an array of the runs, ndjson a line each; one settlement line sums them; a quoted "$WF" works too', async () => {
    await control(t.sb, 'POST', '/enrichment', { hit_rates: { email: 0.5 } });
    const ids = await threeRuns('Several');
    const r = await t.run('enrich', 'status', ...ids, '--wait', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    const runs = json(r.stdout) as unknown as Array<Record<string, any>>;
    expect(runs.map((s) => s.workflow_id)).toEqual(ids);
    expect(sum(runs, 'total')).toBe(1_300);
    expect(runs.some((s) => s.status === 'completed_with_errors')).toBe(true);
    const charged = sum(runs, 'credits_charged');
    expect(r.stderr).toContain(
      `warning: All 3 runs ended: ${sum(runs, 'completed').toLocaleString('en-US')} of 1,300 rows enriched, ${sum(runs, 'failed').toLocaleString('en-US')} found nothing (not charged). ` +
        `Charged ${charged.toLocaleString('en-US')} credits of 1,300 reserved, refunded ${(1_300 - charged).toLocaleString('en-US')}.`,
    );

    const lines = await t.run('enrich', 'status', ...ids, '--format', 'ndjson');
    expect(ndjson(lines.stdout).map((s) => s.workflow_id)).toEqual(ids);
    // The ids in one word, one per line: what a quoted "$WF" passes.
    const quoted = await t.run('enrich', 'status', ids.join('\n'), '--json');
    expect((json(quoted.stdout) as unknown as Array<Record<string, any>>).map((s) => s.workflow_id)).toEqual(ids);
    // The exit code is the worst run's: completed_with_errors is 8 with --strict.
    expect((await t.run('enrich', 'status', ...ids, '--strict')).exitCode).toBe(8);
  });

  it('a run that ended failed makes it exit 8 and is named; every row is still printed', async () => {
    // The first run the import starts ends failed.
    await control(t.sb, 'POST', '/enrichment/outcomes', { status: 'failed', kinds: ['csv_import'] });
    const ids = await threeRuns('One fails');
    const r = await t.run('enrich', 'status', ...ids, '--wait', '--json');
    expect(r.exitCode, r.stderr).toBe(8);
    expect((json(r.stdout) as unknown as Array<Record<string, any>>).map((s) => [s.workflow_id, s.status === 'failed'])).toEqual([
      [ids[0], true],
      [ids[1], false],
      [ids[2], false],
    ]);
    expect(r.stderr).toContain(`1 of 3 enrichment runs did not complete: ${ids[0]} ended failed. All 3 runs ended: `);
  });

  it('runs still going are named, with the command that waits for them all', async () => {
    await control(t.sb, 'POST', '/enrichment', { pace: { pending_ms: 3_600_000 } });
    const ids = await threeRuns('Going');
    const r = await t.run('enrich', 'status', ...ids);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(4);
    expect(r.stderr).toContain(
      `Still going: ${ids.map((id) => `${id} (pending)`).join(', ')}. Wait for the end with: prospect enrich status ${ids.join(' ')} --wait`,
    );
  });

  it('one id prints the one object and settles as before', async () => {
    const [id] = await threeRuns('One');
    const r = await t.run('enrich', 'status', id!, '--wait', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(json(r.stdout)).toMatchObject({ workflow_id: id });
    expect(r.stderr).not.toContain('runs ended');
  });
});
