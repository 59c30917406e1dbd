import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { prospect } from '../helpers/in-process.js';
import { json, ndjson } from '../helpers/json.js';

const t = useSandboxEnv({ withKey: true });

const run = (args: string[], input?: string) => prospect(args, { env: t.env, ...(input !== undefined ? { input } : {}) });

describe('lists leads, add, remove', () => {
  it('add --task saves a search; leads --all --format ndjson streams exactly lead_count rows', async () => {
    await run(['lists', 'create', 'CTOs']);
    const search = json((await run(['search', 'people', '--seniority', 'C-Suite', '--limit', '40', '--json'])).stdout);
    const added = await run(['lists', 'add', 'CTOs', '--task', search.task_id, '--json']);
    expect(added.exitCode, added.stderr).toBe(0);
    expect(json(added.stdout)).toMatchObject({ added: 40, skipped_duplicates: 0, created: 40, credits_charged: 0 });
    const again = json((await run(['lists', 'add', 'CTOs', '--task', search.task_id, '--json'])).stdout);
    expect(again).toMatchObject({ added: 0, skipped_duplicates: 40 });
    const all = await run(['lists', 'leads', 'CTOs', '--all', '--page-size', '15', '--format', 'ndjson']);
    const rows = ndjson(all.stdout);
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.lead_id)).size).toBe(40);
    expect(rows.map((r) => r.full_name).sort()).toEqual(search.results.map((r: any) => r.full_name).sort());
    expect(rows.every((r) => r.email === null && r.phone === null)).toBe(true);
    const page = await run(['lists', 'leads', 'CTOs', '--limit', '5']);
    expect(page.stdout.split('\n')[0]).toBe('lead_id\tfirst_name\tlast_name\tfull_name\temail\tphone\ttitle\tcompany\tlocation');
    expect(page.stderr).toMatch(
      /5 of 40 leads; this page's task_id: svc-task_\w+; the next 5:\n {2}prospect lists leads CTOs --limit 5 --cursor \S+\n/,
    );
  });

  it('add --task --ids saves only those rows; --lead-ids copies leads between lists; both forms at once exit 2', async () => {
    const search = json((await run(['search', 'people', '--seniority', 'Director', '--limit', '10', '--json'])).stdout);
    await run(['lists', 'create', 'Some']);
    const ids = search.results.slice(0, 3).map((r: any) => r.lead_id);
    const some = json((await run(['lists', 'add', 'Some', '--task', search.task_id, '--ids', ids.join(','), '--json'])).stdout);
    expect(some.added).toBe(3);
    const leads = json((await run(['lists', 'leads', 'Some', '--json'])).stdout).leads as any[];
    await run(['lists', 'create', 'Copy']);
    const copied = await run(['lists', 'add', 'Copy', '--lead-ids-file', '-', '--json'], leads.map((l) => l.lead_id).join('\n') + '\n');
    expect(copied.exitCode, copied.stderr).toBe(0);
    expect(json(copied.stdout)).toMatchObject({ added: 3, skipped_duplicates: 0 });
    const both = await run(['lists', 'add', 'Copy', '--task', search.task_id, '--lead-ids', leads[0].lead_id]);
    expect(both.exitCode).toBe(2);
    const searchIds = await run(['lists', 'add', 'Copy', '--lead-ids', ids[0]]);
    expect(searchIds.exitCode).toBe(4);
  });

  it('remove needs --yes without a terminal, then removes; ids not in the list are ignored', async () => {
    const made = await control(t.sb, 'POST', '/lists', { name: 'Big', people: 120 });
    const leads = json((await run(['lists', 'leads', made.list_id, '--limit', '110', '--json'])).stdout).leads as any[];
    const ids = leads.map((l) => l.lead_id);
    const refused = await run(['lists', 'remove', 'Big', '--lead-ids', ids.join(',')]);
    expect(refused.exitCode).toBe(10);
    const r = await run(['lists', 'remove', 'Big', '--lead-ids', [...ids, 'ld_unknown'].join(','), '--yes', '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(json(r.stdout)).toEqual({ list_id: made.list_id, removed: 110 });
    expect(json((await run(['lists', 'get', 'Big', '--json'])).stdout).lead_count).toBe(10);
  });
});

describe('search people --save-to', () => {
  it('a missing list exits 4 before searching; --create makes it; --all saves every page', async () => {
    const before = await control(t.sb, 'GET', '/requests');
    const missing = await run(['search', 'people', '--seniority', 'C-Suite', '--save-to', 'Fresh list']);
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toContain('--create');
    const after = await control(t.sb, 'GET', '/requests');
    const searched = (rows: any) => JSON.stringify(rows).split('/people/find').length - 1;
    expect(searched(after)).toBe(searched(before));
    const r = await run([
      'search',
      'people',
      '--seniority',
      'C-Suite',
      '--department',
      'Engineering',
      '--all',
      '--page-size',
      '30',
      '--save-to',
      'Fresh list',
      '--create',
      '--format',
      'ndjson',
    ]);
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    expect(r.stderr).toContain(`Saved ${rows.length} people to "Fresh list" (0 already there, ${rows.length} new leads)`);
    expect(json((await run(['lists', 'get', 'Fresh list', '--json'])).stdout).lead_count).toBe(rows.length);
  });
});

describe('lists find-people', () => {
  it('finds people at companies saved to the list and waits to completion; --no-wait prints the workflow', async () => {
    const companies = json((await run(['search', 'companies', '--headcount', '5001-10000', '--limit', '3', '--json'])).stdout);
    await run(['lists', 'create', 'Accounts']);
    await run(['lists', 'add', 'Accounts', '--task', companies.task_id]);
    const ids = companies.results.map((c: any) => c.company_id);
    const done = await run([
      'lists',
      'find-people',
      'Accounts',
      '--company-ids',
      [...ids, 'cmp_elsewhere'].join(','),
      '--limit-per-company',
      '2',
      '--json',
    ]);
    expect(done.exitCode, done.stderr).toBe(0);
    const status = json(done.stdout);
    expect(status).toMatchObject({ status: 'completed', total_companies: 3, people_added: 6, credits_used: 0 });
    // The service's message naming the dropped id, in our words (hints.e2e tests every hint).
    expect(done.stderr).toContain('Started fpw_');
    expect(done.stderr).toContain('warning: 1 of the --company-ids is not a company of this list and was left out: cmp_elsewhere.');
    expect(json((await run(['lists', 'get', 'Accounts', '--json'])).stdout).lead_count).toBe(6);
    const started = await run(['lists', 'find-people', 'Accounts', '--company-ids', ids[0], '--no-wait', '--json']);
    const job = json(started.stdout);
    expect(job).toMatchObject({ status: 'pending', total_companies: 1, estimated_credits: 5 });
    expect(started.stderr).toContain(`--workflow ${job.workflow_id}`);
  });

  it('a bad seniority exits 2 with the allowed values; a job whose list is deleted ends cancelled (exit 8)', async () => {
    const bad = await run(['lists', 'find-people', 'Anything', '--company-ids', 'cmp_1', '--seniority', 'Directr']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('Director');
    const companies = json((await run(['search', 'companies', '--headcount', '5001-10000', '--limit', '1', '--json'])).stdout);
    const list = json((await run(['lists', 'create', 'Short-lived', '--json'])).stdout);
    await run(['lists', 'add', list.list_id, '--task', companies.task_id]);
    const job = json(
      (await run(['lists', 'find-people', list.list_id, '--company-ids', companies.results[0].company_id, '--no-wait', '--json'])).stdout,
    );
    await run(['lists', 'rm', list.list_id, '--yes']);
    const watched = await run(['lists', 'find-people', list.list_id, '--workflow', job.workflow_id]);
    expect(watched.exitCode).toBe(8);
    expect(watched.stderr).toContain('cancelled');
  });
});
