import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { control, raw } from '../sandbox/helpers.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { prospect } from '../helpers/in-process.js';
import { json } from '../helpers/json.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * Issue 40, round trip: `export csv` writes a cell starting with =, +, - or @ with a leading
 * apostrophe (the spec: "Cells starting with =, +, - or @ are written with a leading
 * apostrophe"); `import` takes it off again, so export then import gives the same lead values
 * (--keep-apostrophes sends it as written). `--dry-run` counts rows the service skips as
 * missing_required as such; a repeated header is named.
 */
const t = useSandboxEnv({ withKey: true, sandbox: { dataset: { people: 500, companies: 50 } } });
let cwd: string;
beforeEach(async () => {
  cwd = tempDir();
  await control(t.sb, 'POST', '/rate-limits', { enabled: false });
});
const run = (...args: string[]) => prospect(args, { env: t.env, cwd });

const FIELDS = ['first_name', 'last_name', 'email', 'title', 'company', 'domain', 'linkedin_url', 'phone'];

/** The values the service holds for a list's leads (export json), in one order. */
async function stored(listId: string): Promise<Array<Record<string, string | null>>> {
  const query = new URLSearchParams([
    ['list_id', listId] as [string, string],
    ['limit', '500'] as [string, string],
    ...FIELDS.map((c): [string, string] => ['columns', c]),
  ]);
  const r = await raw(t.sb, 'GET', `/api/v2/export/json?${query.toString()}`, { token: t.sb.demoKey });
  const leads = (r.json.data ?? r.json).leads as Array<Record<string, string | null>>;
  return leads.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

describe('export csv then import: a round trip', () => {
  it('the imported leads hold the values of the exported ones, the formula-looking ones included', async () => {
    const source = await control(t.sb, 'POST', '/lists', { name: 'Source' });
    await control(t.sb, 'POST', `/lists/${source.list_id}/generate`, { count: 6, formula_rows: 4 });
    const e = await run('export', 'csv', 'Source');
    expect(e.exitCode, e.stderr).toBe(0);
    expect(fs.readFileSync(path.join(cwd, 'Source.csv'), 'utf8')).toContain(`"'=HYPERLINK(""https://evil.example"",""Open"")"`);
    const before = await stored(source.list_id);
    expect(before.map((l) => l.title)).toContain('=HYPERLINK("https://evil.example","Open")');

    const r = await run('import', 'Copy', 'Source.csv', '--create', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(json(r.stdout)).toMatchObject({ rows_imported: 6, rows_skipped: 0 });
    expect(await stored(json(r.stdout).list_id)).toEqual(before);

    // --keep-apostrophes: the cells go as written, the apostrophe stored.
    const kept = await run('import', 'Kept', 'Source.csv', '--create', '--keep-apostrophes', '--json');
    expect(kept.exitCode, kept.stderr).toBe(0);
    const titles = (await stored(json(kept.stdout).list_id)).map((l) => l.title);
    expect(titles).toContain(`'=HYPERLINK("https://evil.example","Open")`);
  });
});

describe('import --dry-run counts what the import reports', () => {
  const write = (content: string) => {
    fs.writeFileSync(path.join(cwd, 'x.csv'), content);
    return 'x.csv';
  };

  it('a row without a LinkedIn URL, an email or a name with a company counts as missing_required, in the plan and the report alike', async () => {
    const f = write(
      'Name,Email,Company\nAda Lovelace,ada@a.example,Analytical\nAlan Turing,,\nGrace Hopper,grace@c.example,\nKatherine Johnson,,NASA\n',
    );
    const dry = await run('import', 'Counted', f, '--dry-run', '--json');
    expect(dry.exitCode, dry.stderr).toBe(0);
    expect(json(dry.stdout)).toMatchObject({ rows: 4, rows_to_send: 3, skipped_before_sending: { missing_required: 1 } });
    const real = await run('import', 'Counted', f, '--create', '--json');
    expect(real.exitCode, real.stderr).toBe(0);
    expect(json(real.stdout)).toMatchObject({
      rows_parsed: 4,
      rows_imported: 3,
      rows_skipped: 1,
      skip_reasons: { missing_required: 1 },
      skipped_rows: [3],
    });
  });

  it('a repeated header gets one line naming it', async () => {
    const f = write('Email,Name,Email\na@x.example,A,b@x.example\n');
    const r = await run('import', 'Twice', f, '--dry-run');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      'the header "Email" is in columns 1 and 3: only column 1 can be mapped and imported; rename the others to import them too',
    );
  });
});
