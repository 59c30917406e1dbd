import { beforeEach, describe, expect, it } from 'vitest';
import { control, raw } from '../sandbox/helpers.js';
import { json } from '../helpers/json.js';
import { prospect } from '../helpers/in-process.js';
import { usePaidSandbox } from './enrich-helpers.js';

/** agents run's flag checks (before any request) and --strict over runs with leads that got no value. */

const t = usePaidSandbox();

beforeEach(async () => {
  await control(t.sb, 'POST', '/smart-agents', { pace: { pending_ms: 0, row_ms: 5 } });
});

/** A key of its own for the commands, so the request log tells their calls apart from the test's. */
async function ownKey(): Promise<{ run: (...args: string[]) => ReturnType<typeof prospect>; calls: () => Promise<string[]> }> {
  const key = await control(t.sb, 'POST', '/keys', {});
  return {
    run: (...args) => prospect(args, { env: { ...t.env, PROSPECT_API_KEY: key.api_key } }),
    calls: async () =>
      ((await control(t.sb, 'GET', `/requests?key_id=${key.id}&limit=1000`)).requests as Array<{ method: string; route: string }>).map(
        (r) => `${r.method} ${r.route}`,
      ),
  };
}

describe('agents run: flags are checked before any request', () => {
  it('each bad flag exits 2 with a list that does not exist (not 4): nothing at all reaches the service', async () => {
    const key = await ownKey();
    const cases: Array<[string[], string | RegExp]> = [
      [['--type', 'title_normaliser', '--column', 'T'], 'Did you mean "title_normalizer"?'],
      [['--type', 'company_intel', '--column', 'I', '--scope', 'everything'], '--scope'],
      [['--type', 'company_intel'], 'needs --column'],
      [['--type', 'company_intel', '--column', 'I', '--template', 'tpl_x'], '--template is for --type cold_intro_email only'],
      [['--type', 'company_intel', '--column', 'I', '--scope', 'all', '--max-rows', '5'], '--max-rows applies to --scope subset'],
      [['--column', 'Fit'], 'custom_ai needs an instruction'],
      [['--column', 'Fit', '--prompt', '   '], 'custom_ai needs an instruction'],
      [['--type', 'company_intel', '--column', '   '], '--column is blank'],
      [['--type', 'company_intel', '--column', 'c'.repeat(101)], '--column is at most 100 characters'],
      [
        ['--type', 'title_normalizer', '--column', 'email'],
        /--column "email" is a lead field .*exports and syncs read the lead's own email there/,
      ],
      [['--type', 'title_normalizer', '--column', 'full_name'], '--column "full_name" is a lead field'],
    ];
    for (const [flags, said] of cases) {
      const r = await key.run('agents', 'run', 'No such list', ...flags, '--yes');
      expect([flags, r.exitCode], r.stderr).toEqual([flags, 2]);
      expect(r.stderr).toMatch(said);
    }
    expect(await key.calls()).toEqual([]);
    // The same list with good flags is looked up (and not found): the log does see this key.
    const unknown = await key.run('agents', 'run', 'No such list', '--type', 'company_intel', '--column', 'Intel', '--yes');
    expect(unknown.exitCode, unknown.stderr).toBe(4);
    expect((await key.calls()).length).toBeGreaterThan(0);
  });
});

describe('--strict: leads that got no value', () => {
  it('a completed run with failed leads exits 0 with a warning, 8 with --strict; agents results --wait alike', async () => {
    const listId = (await control(t.sb, 'POST', '/lists', { name: 'Titles' })).list_id;
    const csv = ['Name,Email,Title', 'Ann Lee,ann@acme.io,VP Sales', 'No Title,none@acme.io,', 'Bo Chan,bo@acme.io,sr software eng'].join(
      '\n',
    );
    const imported = await raw(t.sb, 'POST', `/api/v2/lead-lists/${listId}/csv-import`, {
      token: t.sb.demoKey,
      body: {
        csv_content_base64: Buffer.from(csv).toString('base64'),
        column_mapping: { full_name: 'Name', email: 'Email', job_title: 'Title' },
        dispatch_enrichment: false,
      },
    });
    expect(imported.status, imported.text).toBe(201);
    const args = ['agents', 'run', 'Titles', '--type', 'title_normalizer', '--column', 'Clean', '--overwrite', '--yes', '--json'];

    const lenient = await t.run(...args);
    expect(lenient.exitCode, lenient.stderr).toBe(0);
    expect(json(lenient.stdout)).toMatchObject({ status: 'completed', total: 3, succeeded: 2, failed: 1 });
    expect(lenient.stderr).toMatch(/Completed: 2 of 3 leads succeeded into column "Clean", 1 failed/);

    const strict = await t.run(...args, '--strict');
    expect(strict.exitCode, strict.stderr).toBe(8);
    const out = json(strict.stdout);
    expect(out).toMatchObject({ status: 'completed', succeeded: 2, failed: 1 });
    expect(strict.stderr).toMatch(/1 failed/);

    const id = out.smart_agent_task_id;
    expect((await t.run('agents', 'results', id, '--wait', '--strict')).exitCode).toBe(8);
    expect((await t.run('agents', 'results', id, '--wait')).exitCode).toBe(0);
    // Without failed leads --strict changes nothing.
    const clean = await t.run(
      'agents',
      'run',
      'Titles',
      '--type',
      'title_normalizer',
      '--column',
      'Clean',
      '--overwrite',
      '--max-rows',
      '1',
      '--yes',
      '--strict',
    );
    expect(clean.exitCode, clean.stderr).toBe(0);
  });
});
