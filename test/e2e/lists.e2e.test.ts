import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { prospect } from '../helpers/in-process.js';
import { json, ndjson } from '../helpers/json.js';

const t = useSandboxEnv({ withKey: true });

const run = (...args: string[]) => prospect(args, { env: t.env });
const seed = (body: Record<string, unknown>) => control(t.sb, 'POST', '/lists', body);

describe('lists create, get, ls', () => {
  it('create prints the list; the same name again (any case) reuses it and says so', async () => {
    const a = await run('lists', 'create', 'Q3 CTOs', '--description', 'from search', '--json');
    expect(a.exitCode, a.stderr).toBe(0);
    const first = json(a.stdout);
    expect(first).toMatchObject({ name: 'Q3 CTOs', description: 'from search', lead_count: 0 });
    const b = await run('lists', 'create', 'q3 ctos', '--json');
    expect(b.exitCode).toBe(0);
    expect(json(b.stdout)).toMatchObject({ list_id: first.list_id, reused: true });
    expect(b.stderr).toContain('reused');
  });

  it('get takes an id or an exact name; an unknown name exits 4; a name longer than 200 exits 2', async () => {
    const made = json((await run('lists', 'create', 'Accounts EMEA', '--json')).stdout);
    const byName = await run('lists', 'get', 'Accounts EMEA', '--json');
    expect(json(byName.stdout).list_id).toBe(made.list_id);
    const byId = await run('lists', 'get', made.list_id, '--json');
    expect(json(byId.stdout).name).toBe('Accounts EMEA');
    const missing = await run('lists', 'get', 'No such list');
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toContain('no list named "No such list"');
    const long = await run('lists', 'create', 'x'.repeat(201), '--debug');
    expect(long.exitCode).toBe(2);
    expect(long.stderr).not.toContain('[debug] >');
  });

  it("an ambiguous name (yours and a teammate's organization list) exits 2 listing both ids", async () => {
    const mine = json((await run('lists', 'create', 'Targets', '--json')).stdout);
    const theirs = await seed({ user_id: t.sb.store.demo.teammate_user_id, name: 'Targets', visibility: 'organization' });
    const r = await run('lists', 'get', 'Targets');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('2 lists are named "Targets"');
    expect(r.stderr).toContain(mine.list_id);
    expect(r.stderr).toContain(theirs.list_id);
  });

  it('ls --all streams every list over several pages; --limit tells the command for the next ones', async () => {
    for (let i = 0; i < 7; i++) await seed({ name: `Seeded ${i}` });
    const all = await run('lists', 'ls', '--all', '--page-size', '3', '--format', 'ndjson');
    expect(all.exitCode, all.stderr).toBe(0);
    const rows = ndjson(all.stdout);
    expect(rows.map((r) => r.name).sort()).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `Seeded ${i}`));
    expect(new Set(rows.map((r) => r.list_id)).size).toBe(7);
    const one = await run('lists', 'ls', '--limit', '3', '--json');
    const page = json(one.stdout);
    expect(page.lists).toHaveLength(3);
    expect(page.total).toBe(7);
    expect(one.stderr).toContain(`3 of 7 lists; the next 3:\n  prospect lists ls --limit 3 --json --cursor ${page.cursor}`);
  });
});

describe('lists update and rm', () => {
  it('update changes only what is given; --clear-description and --no-folder send nulls', async () => {
    const folder = json((await run('folders', 'create', 'Campaigns', '--json')).stdout);
    const made = json(
      (await run('lists', 'create', 'Old name', '--description', 'keep me', '--folder', folder.folder_id, '--json')).stdout,
    );
    expect(made.folder_id).toBe(folder.folder_id);
    const renamed = json((await run('lists', 'update', 'Old name', '--name', 'New name', '--json')).stdout);
    expect(renamed).toMatchObject({ name: 'New name', description: 'keep me', folder_id: folder.folder_id });
    const cleared = json((await run('lists', 'update', made.list_id, '--clear-description', '--no-folder', '--json')).stdout);
    expect(cleared).toMatchObject({ name: 'New name', description: null, folder_id: null });
    const nothing = await run('lists', 'update', made.list_id);
    expect(nothing.exitCode).toBe(2);
    expect(nothing.stderr).toContain('nothing to change');
  });

  it('rm without a terminal needs --yes (exit 10, list kept); with --yes it is gone; a protected list exits 7', async () => {
    const made = json((await run('lists', 'create', 'Doomed', '--json')).stdout);
    const refused = await run('lists', 'rm', 'Doomed');
    expect(refused.exitCode).toBe(10);
    expect(refused.stderr).toContain('--yes');
    expect((await run('lists', 'get', made.list_id)).exitCode).toBe(0);
    const gone = await run('lists', 'rm', 'Doomed', '--yes', '--json');
    expect(gone.exitCode, gone.stderr).toBe(0);
    expect(json(gone.stdout)).toEqual(expect.objectContaining({ list_id: made.list_id, deleted: true }));
    expect((await run('lists', 'get', made.list_id)).exitCode).toBe(4);
    await seed({ name: 'Extension Leads', protected: true });
    const prot = await run('lists', 'rm', 'Extension Leads', '--yes');
    expect(prot.exitCode).toBe(7);
    expect(prot.stderr).toContain('list_protected');
  });
});

describe('folders create', () => {
  it('a --parent that is not a UUID exits 2 before sending; a nested folder is created', async () => {
    const bad = await run('folders', 'create', 'X', '--parent', 'nope', '--debug');
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('"nope"');
    expect(bad.stderr).not.toContain('[debug] >');
    const parent = json((await run('folders', 'create', 'Parent', '--json')).stdout);
    const child = await run('folders', 'create', 'Child', '--parent', parent.folder_id, '--json');
    expect(child.exitCode, child.stderr).toBe(0);
    expect(json(child.stdout)).toMatchObject({ name: 'Child', parent_id: parent.folder_id });
    const unknown = await run('folders', 'create', 'Orphan', '--parent', '00000000-0000-4000-8000-000000000000');
    expect(unknown.exitCode).toBe(4);
    expect(unknown.stderr).toContain('folder_not_found');
  });
});
