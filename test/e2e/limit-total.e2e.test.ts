import { beforeEach, describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { prospect, sandboxClock } from '../helpers/in-process.js';
import { json, ndjson } from '../helpers/json.js';
import { printedCommands, runPrinted } from '../helpers/printed-command.js';
import { tempDir } from '../helpers/temp-dir.js';
import { DEFAULT_DATASET_SIZE } from '../../src/sandbox/data/index.js';

/**
 * --limit is a total, as in gh: `--limit N` returns N rows over as many requests as it takes
 * (each asking only for the rows still wanted), --page-size sets the rows a request asks
 * for, --all reads every row and does not go with --limit. The command printed for the rows
 * after them runs as printed.
 */
// The default data set: its filters match hundreds of people.
const t = useSandboxEnv({ withKey: true, sandbox: { dataset: DEFAULT_DATASET_SIZE } });

beforeEach(async () => {
  await control(t.sb, 'POST', '/rate-limits', { enabled: false });
});

const run = (...args: string[]) => prospect(args, { env: t.env });
const ids = (rows: Array<Record<string, unknown>>, key = 'lead_id') => rows.map((r) => r[key] as string);

/** How many requests reached this route of the sandbox. */
async function requestsTo(route: string): Promise<number> {
  const { requests } = await control(t.sb, 'GET', '/requests?limit=5000');
  return (requests as Array<{ route: string }>).filter((r) => r.route === route).length;
}

describe('search people --limit N', () => {
  it('--limit 250 --save-to returns and saves 250 people in 3 searches, said before the second; --json carries the list id and the counts', async () => {
    const r = await run(
      'search',
      'people',
      '--department',
      'Engineering',
      '--limit',
      '250',
      '--save-to',
      'Engineers',
      '--create',
      '--json',
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const out = json(r.stdout);
    expect(out.results).toHaveLength(250);
    expect(new Set(ids(out.results)).size).toBe(250);
    expect(await requestsTo('/people/find')).toBe(3);
    expect(r.stderr).toContain(
      '--limit 250 takes up to 3 searches (pages of 100) of the 60 people searches a day your organization has with API keys.',
    );
    expect(r.stderr).toContain('250 of ');
    expect(r.stderr).toContain('3 searches used');
    const list = json((await run('lists', 'get', 'Engineers', '--json')).stdout);
    expect(list.lead_count).toBe(250);
    expect(out.saved_to).toEqual({
      list_id: list.list_id,
      name: 'Engineers',
      added: 250,
      skipped_duplicates: 0,
      created: 250,
      credits_charged: 0,
    });
    const leads = ndjson((await run('lists', 'leads', 'Engineers', '--all', '--format', 'ndjson')).stdout);
    expect(new Set(leads.map((l) => l.full_name))).toEqual(new Set(out.results.map((p: { full_name: string }) => p.full_name)));
  });

  it('one page says nothing of searches ahead; --page-size 50 makes 250 rows 5 searches', async () => {
    const one = await run('search', 'people', '--department', 'Engineering', '--limit', '100', '--json');
    expect(json(one.stdout).results).toHaveLength(100);
    expect(one.stderr).not.toContain('takes up to');
    const small = await run('search', 'people', '--department', 'Engineering', '--limit', '250', '--page-size', '50', '--format', 'ndjson');
    expect(ndjson(small.stdout)).toHaveLength(250);
    expect(small.stderr).toContain('--limit 250 takes up to 5 searches (pages of 50)');
    expect(await requestsTo('/people/find')).toBe(1 + 5);
  });

  it('stopped by --max-pages, it prints the command for the rows left of --limit, which runs as printed', async () => {
    const whole = ndjson((await run('search', 'people', '--department', 'Engineering', '--limit', '250', '--format', 'ndjson')).stdout);
    const r = await run(
      'search',
      'people',
      '--department',
      'Engineering',
      '--limit',
      '250',
      '--page-size',
      '50',
      '--max-pages',
      '2',
      '--format',
      'ndjson',
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const first = ndjson(r.stdout);
    expect(first).toHaveLength(100);
    const [next] = printedCommands(r.stderr);
    expect(next).toMatch(
      /^prospect search people --department Engineering --page-size 50 --max-pages 2 --format ndjson --cursor \S+ --limit 150$/,
    );
    const rest = await runPrinted(next!, { env: t.env, cwd: tempDir() });
    expect(rest.exitCode, rest.stderr).toBe(0);
    const second = ndjson(rest.stdout);
    expect(second).toHaveLength(100);
    expect(ids([...first, ...second])).toEqual(ids(whole).slice(0, 200));
    const [last] = printedCommands(rest.stderr);
    expect(last).toMatch(/--limit 50$/);
  });

  it('--all --save-to --json: one object with every row and saved_to (not the bare array)', async () => {
    const r = await run(
      'search',
      'people',
      '--department',
      'Engineering',
      '--all',
      '--page-size',
      '10',
      '--max-pages',
      '2',
      '--save-to',
      'Two pages',
      '--create',
      '--json',
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const out = json(r.stdout);
    expect(out.results).toHaveLength(20);
    expect(out.task_ids).toHaveLength(2);
    expect(out.saved_to).toMatchObject({ name: 'Two pages', added: 20, skipped_duplicates: 0 });
  });

  it('--all and --limit together exit 2 before anything is sent', async () => {
    const r = await run('search', 'people', '--department', 'Engineering', '--all', '--limit', '250');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--all and --limit cannot be combined');
    expect(await requestsTo('/people/find')).toBe(0);
  });
});

describe('search people at-companies: one job, one block of --limit people', () => {
  it('prints the command for the next block (this one with its cursor), which gives the people after these', async () => {
    const onSandboxClock = { env: t.env, clock: sandboxClock(t.sb) };
    // The company with the most people: more than two blocks of 5.
    const ds = t.sb.services.dataset;
    let best = 0;
    for (let i = 1; i < ds.size.companies; i++) if (ds.peopleAt(i).length > ds.peopleAt(best).length) best = i;
    const domain = ds.company(best).domain;
    const argv = [
      'search',
      'people',
      'at-companies',
      '--company-filter',
      JSON.stringify({ op: 'and', conditions: [{ column: 'domain', type: 'in', value: [domain] }] }),
      '--person-filter',
      JSON.stringify({ type: 'group_filter', op: 'and', filters: [{ column: 'company_domain', filter_type: 'in', value: [domain] }] }),
      '--limit',
      '5',
      '--format',
      'ndjson',
    ];
    const r = await prospect(argv, onSandboxClock);
    expect(r.exitCode, r.stderr).toBe(0);
    const first = ndjson(r.stdout);
    expect(first, r.stderr + r.stdout).toHaveLength(5);
    const [next] = printedCommands(r.stderr);
    const cursor = /--cursor (\S+)$/.exec(next ?? '')?.[1];
    expect(next).toBe(
      `prospect search people at-companies --company-filter '${argv[4]}' --person-filter '${argv[6]}' --limit 5 --format ndjson --cursor ${cursor}`,
    );
    const more = await prospect([...argv, '--cursor', cursor!], onSandboxClock);
    const second = ndjson(more.stdout);
    expect(second).toHaveLength(5);
    expect(ids(second).filter((id) => ids(first).includes(id))).toEqual([]);
  });
});

describe('search companies --limit N', () => {
  it('--limit 600 --save-to --json: 600 companies in pages of 500 and 100, saved, with the list id and the counts', async () => {
    const r = await run(
      'search',
      'companies',
      '--headcount',
      '11-50,51-200',
      '--limit',
      '600',
      '--save-to',
      'Accounts',
      '--create',
      '--json',
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const out = json(r.stdout);
    expect(out.results).toHaveLength(600);
    expect(new Set(ids(out.results, 'company_id')).size).toBe(600);
    expect(await requestsTo('/search/companies')).toBe(2);
    const list = json((await run('lists', 'get', 'Accounts', '--json')).stdout);
    expect(out.saved_to).toEqual({ list_id: list.list_id, name: 'Accounts', added: 600, skipped_duplicates: 0, credits_charged: 0 });
  });
});

describe('lists leads, lists ls and export json --limit N', () => {
  const seedList = async (name: string, people: number) => (await control(t.sb, 'POST', '/lists', { name, people })).list_id as string;

  it('lists leads: --limit 1100 in pages of 500, 500, 100; the default stays one page of 100', async () => {
    await seedList('Big', 1_200);
    const r = await run('lists', 'leads', 'Big', '--limit', '1100', '--format', 'ndjson');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(new Set(ids(ndjson(r.stdout))).size).toBe(1_100);
    expect(await requestsTo('/lead-lists/{list_id}/leads')).toBe(3);
    const plain = await run('lists', 'leads', 'Big', '--format', 'ndjson');
    expect(ndjson(plain.stdout)).toHaveLength(100);
    expect(await requestsTo('/lead-lists/{list_id}/leads')).toBe(4);
  });

  it('lists leads --json: the pages as one page with each cohort; the next command continues after them', async () => {
    await seedList('Big', 600);
    const all = ids(ndjson((await run('lists', 'leads', 'Big', '--all', '--format', 'ndjson')).stdout));
    const r = await run('lists', 'leads', 'Big', '--limit', '250', '--page-size', '100', '--json');
    const page = json(r.stdout);
    expect(ids(page.leads)).toEqual(all.slice(0, 250));
    expect(page.total).toBe(600);
    expect(page.task_ids).toHaveLength(3);
    expect(page.task_id).toBeUndefined();
    const [next] = printedCommands(r.stderr);
    expect(next).toBe(`prospect lists leads Big --limit 250 --page-size 100 --json --cursor ${page.cursor}`);
    const more = await runPrinted(next!, { env: t.env, cwd: tempDir() });
    expect(ids(json(more.stdout).leads)).toEqual(all.slice(250, 500));
  });

  it('lists ls --limit 5 --page-size 2: five lists in three requests', async () => {
    for (let i = 0; i < 7; i++) await control(t.sb, 'POST', '/lists', { name: `Seeded ${i}` });
    const r = await run('lists', 'ls', '--limit', '5', '--page-size', '2', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(new Set(json(r.stdout).lists.map((l: { list_id: string }) => l.list_id)).size).toBe(5);
    expect(await requestsTo('/lead-lists')).toBe(3);
  });

  it('export json --limit 700: 700 rows in two requests, as one page of the export', async () => {
    await seedList('Big', 1_200);
    const r = await run('export', 'json', 'Big', '--limit', '700');
    expect(r.exitCode, r.stderr).toBe(0);
    const page = json(r.stdout);
    expect(new Set(ids(page.leads)).size).toBe(700);
    expect(page.total).toBe(1_200);
    expect(await requestsTo('/export/json')).toBe(2);
    const nd = await run('export', 'json', 'Big', '--limit', '701', '--page-size', '100', '--format', 'ndjson');
    expect(ndjson(nd.stdout)).toHaveLength(701);
    expect(await requestsTo('/export/json')).toBe(2 + 8);
  });

  it('a page of --limit that fails: the rows read are printed with the command for the rest, which completes them as one run', async () => {
    await seedList('Big', 600);
    const whole = ndjson((await run('lists', 'leads', 'Big', '--limit', '300', '--format', 'ndjson')).stdout);
    await control(t.sb, 'POST', '/faults', { rules: [{ path: '/leads', kind: 'status', status: 500, after: 1 }] });
    const r = await run('lists', 'leads', 'Big', '--limit', '300', '--page-size', '100', '--format', 'ndjson');
    expect(r.exitCode).toBe(9);
    const first = ndjson(r.stdout);
    expect(first).toHaveLength(100);
    expect(r.stderr).toContain('Stopped after 100 leads, 200 short of --limit 300. The rest, from the next page:\n');
    const [next] = printedCommands(r.stderr);
    expect(next).toMatch(/^prospect lists leads Big --page-size 100 --format ndjson --cursor \S+ --limit 200$/);
    await control(t.sb, 'DELETE', '/faults');
    const rest = await runPrinted(next!, { env: t.env, cwd: tempDir() });
    expect(rest.exitCode, rest.stderr).toBe(0);
    expect(ids([...first, ...ndjson(rest.stdout)])).toEqual(ids(whole));
  });

  it('a page of --limit --json that fails: nothing half printed (one document), and the command to run again', async () => {
    await seedList('Big', 600);
    await control(t.sb, 'POST', '/faults', { rules: [{ path: '/leads', kind: 'status', status: 500, after: 1 }] });
    const r = await run('lists', 'leads', 'Big', '--limit', '300', '--page-size', '100', '--json');
    expect(r.exitCode).toBe(9);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'Stopped after 100 leads, before printing them (they are printed together at the end). Run the command again:\n  prospect lists leads Big --limit 300 --page-size 100 --json\n',
    );
  });

  it('--all with --limit exits 2 before anything is sent, naming --page-size', async () => {
    await seedList('Big', 10);
    for (const argv of [
      ['lists', 'leads', 'Big'],
      ['lists', 'ls'],
      ['export', 'json', 'Big'],
      ['search', 'companies', '--headcount', '11-50'],
    ]) {
      const r = await run(...argv, '--all', '--limit', '20');
      expect(r.exitCode, argv.join(' ')).toBe(2);
      expect(r.stderr).toContain('--page-size');
    }
    const { requests } = await control(t.sb, 'GET', '/requests?limit=5000');
    expect(requests).toHaveLength(0);
  });
});
