import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { control, raw } from '../sandbox/helpers.js';
import { pointRuntimeAt, useSandboxEnv } from '../helpers/sandbox-env.js';
import { prospect } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { SAMPLE_CSV } from '../../src/commands/demo/shared/sample.js';
import { PNG_BYTES, cli, expectFailure, expectJsonFailure, fileIn, listing, readAs, utf16 } from './bad-input-helpers.js';

/**
 * Bad input of every kind: the right exit code, one `error:` line (no stack trace), nothing on
 * stdout, nothing sent that should not be, and no file half-written.
 */
const t = useSandboxEnv({ withKey: true });
let dir: string;
let file: ReturnType<typeof fileIn>;
let run: ReturnType<typeof cli>;
let listId: string;

beforeEach(async () => {
  await control(t.sb, 'POST', '/rate-limits', { enabled: false });
  listId = (await control(t.sb, 'POST', '/lists', { name: 'Mine' })).list_id as string;
  dir = tempDir();
  file = fileIn(dir);
  run = cli(t.env);
});

const balance = async () => (await readAs(t.sb, '/credits/balance')).credits as number;
const leadCount = async (id: string) => (await readAs(t.sb, `/lead-lists/${id}/leads?limit=1`)).total as number;
const listNames = async () => ((await readAs(t.sb, '/lead-lists?limit=100')).lists as Array<{ name: string }>).map((l) => l.name);
/** Requests that reached the service (the sandbox's request log). */
const requestCount = async () => ((await control(t.sb, 'GET', '/requests?limit=1000')).requests as unknown[]).length;

describe('import: files that are not a usable CSV exit 2 and import nothing', () => {
  const TEN_MB = 10 * 1024 * 1024;
  const cases: Array<[string, () => string | Buffer, RegExp]> = [
    ['binary bytes (a PNG header, NULs)', () => PNG_BYTES, /the header row of .* is not UTF-8/],
    ['UTF-16 LE with a BOM', () => utf16('email,first_name\nzoe@acme.io,Zoë\n'), /the header row of .* is not UTF-8/],
    [
      'Latin-1 bytes in every data row',
      () => Buffer.from('email,first_name\nzoe@acme.io,Zo\xeb\nre@acme.io,Ren\xe9e\n', 'latin1'),
      /none of the 2 data rows of .* can be sent \(invalid_encoding: 2\)/,
    ],
    ['a 10 MB single line without a newline', () => 'x'.repeat(TEN_MB), /no mapped column identifies a lead/],
    [
      'a header, then one 10 MB row',
      () => `email\n${'x'.repeat(TEN_MB)}`,
      /none of the 1 data rows of .* can be sent \(row_too_large: 1\)/,
    ],
    ['an unbalanced quote', () => 'email,first_name\n"zoe@acme.io,Zoe\nre@acme.io,Renee\n', /is not a readable CSV: Quote Not Closed/],
    ['an empty file (0 rows)', () => '', /is empty/],
    ['a header and no rows', () => 'email,first_name\r\n', /has a header but no data rows/],
  ];
  it.each(cases)('%s', async (_name, bytes, problem) => {
    const csv = file('leads.csv', bytes());
    const r = await run(['import', 'Fresh list', csv, '--create']);
    expectFailure(r, 2, 'usage', problem);
    // Whatever the file holds, stderr stays readable (a "header" of megabytes is not echoed).
    expect(r.stderr.length).toBeLessThan(2_000);
    // The list was not created and no lead was imported anywhere.
    expect(await listNames()).toEqual(['Mine']);
    expect(await leadCount(listId)).toBe(0);
  });

  it('a file of Latin-1 rows is refused as such, also for an existing list and with --json', async () => {
    const csv = file('latin1.csv', Buffer.from('email,first_name\nzoe@acme.io,Zo\xeb\n', 'latin1'));
    expectJsonFailure(await run(['import', listId, csv, '--json']), 2, 'usage');
    const r = await run(['import', listId, csv]);
    expect(expectFailure(r, 2, 'usage')).toContain('(invalid_encoding: 1)');
    expect(r.stderr).toMatch(/^ {2}fix: Nothing was sent\. Save the file as UTF-8/m);
    expect(await leadCount(listId)).toBe(0);
  });

  it('the real binary prints the same single line for a binary file', async () => {
    const r = await prospect(['import', listId, file('image.csv', PNG_BYTES)], { env: t.env });
    expectFailure({ code: r.exitCode, stdout: r.stdout, stderr: r.stderr }, 2, 'usage', /is not UTF-8/);
  });
});

describe('enrich legacy-bulk: a bad contacts file exits 2 and spends nothing', () => {
  it.each([
    ['binary bytes', () => PNG_BYTES, /has no readable header row/],
    ['UTF-16 LE', () => utf16('linkedin_url\nhttps://www.linkedin.com/in/zoe\n'), /has no readable header row/],
    ['an unbalanced quote', () => 'linkedin_url\n"https://www.linkedin.com/in/zoe\n', /is not a readable CSV/],
    ['an empty file', () => '', /has no readable header row/],
    ['a header only', () => 'linkedin_url\n', /has no contacts/],
  ] as Array<[string, () => string | Buffer, RegExp]>)('%s', async (_name, bytes, problem) => {
    const before = await balance();
    expectFailure(await run(['enrich', 'legacy-bulk', file('contacts.csv', bytes()), '--yes']), 2, 'usage', problem);
    expect(await balance()).toBe(before);
  });

  it('malformed JSON contacts exit 2', async () => {
    expectFailure(await run(['enrich', 'legacy-bulk', file('c.json', '[{"linkedin_url": '), '--yes']), 2, 'usage', /is not valid JSON/);
    expectFailure(await run(['enrich', 'legacy-bulk', file('d.json', '{"people": []}'), '--yes']), 2, 'usage', /holds no contacts/);
  });
});

describe("malformed JSON inputs exit 2 before anything is sent (or with the service's 422)", () => {
  const PERSON_FILTER = '{"type":"group_filter","op":"and","filters":[{"column":"seniority","filter_type":"in","value":["C-Suite"]}]}';
  const jsonCases: Array<[string, (f: string) => string[], string, RegExp, RegExp, RegExp]> = [
    // [command, args for a file, unknown-keys JSON, problem for invalid JSON, for an array, for unknown keys]
    [
      'search people --filters',
      (f) => ['search', 'people', '--filters', f],
      '{"nope":["x"]}',
      /--filters file .* is not valid JSON/,
      /must be a JSON object/,
      /unsupported filter key "nope"/,
    ],
    [
      'search people --criteria',
      (f) => ['search', 'people', '--criteria', f],
      '{"nope":1}',
      /--criteria file .* is not valid JSON/,
      /must be a JSON object/,
      /unsupported criteria field "nope"/,
    ],
    [
      'search companies --filters',
      (f) => ['search', 'companies', '--filters', f],
      '{"nope":["x"]}',
      /is not valid JSON/,
      /must be a JSON object/,
      /unsupported filter key "nope"/,
    ],
    [
      'search people at-companies --company-filter',
      (f) => ['search', 'people', 'at-companies', '--company-filter', f, '--person-filter', PERSON_FILTER],
      '{"industries":["Software Development"]}',
      /--company-filter file .* is not valid JSON/,
      /must be a JSON object/,
      /--company-filter must be \{"op":"and","conditions"/,
    ],
  ];
  it.each(jsonCases)('%s', async (_name, args, unknownKeys, invalid, array, unknown) => {
    const before = await requestCount();
    expectFailure(await run(args(file('a.json', '{"titles": ["CTO"'))), 2, 'usage', invalid);
    expectFailure(await run(args(file('b.json', '[{"titles": ["CTO"]}]'))), 2, 'usage', array);
    expectFailure(await run(args(file('c.json', unknownKeys))), 2, 'usage', unknown);
    expect(await requestCount()).toBe(before);
  });

  it('the same JSON from stdin, and --json errors, are refused alike', async () => {
    expectFailure(await run(['search', 'people', '--filters', '-'], '{"titles": '), 2, 'usage', /--filters from stdin is not valid JSON/);
    const e = expectJsonFailure(await run(['search', 'people', '--criteria', file('x.json', '[]'), '--json']), 2, 'usage');
    expect(e.problem).toMatch(/must be a JSON object/);
  });

  it("sync crm --mapping: invalid JSON and an array exit 2 unsent; a column the list lacks is the service's 422, nothing charged", async () => {
    await control(t.sb, 'POST', `/lists/${listId}/generate`, { count: 3 });
    const before = await balance();
    const sync = (m: string) => run(['sync', 'crm', listId, '--provider', 'crm_one', '--mapping', m, '--yes']);
    expectFailure(await sync(file('m1.json', '{"email": email}')), 2, 'usage', /--mapping file .* is not valid JSON/);
    expectFailure(await sync(file('m2.json', '[["email", "email"]]')), 2, 'usage', /--mapping file .* must be a JSON object/);
    expectFailure(
      await sync(file('m3.json', '{"no_such_column": "email"}')),
      2,
      'validation_error',
      /names a column list "Mine" does not have: no_such_column/,
    );
    expect(await balance()).toBe(before);
  });

  it("api --input: invalid JSON exits 2 unsent; an array or unknown keys get the service's 422 (exit 2)", async () => {
    const before = await requestCount();
    expectFailure(
      await run(['api', 'POST', '/people/find', '--input', file('i1.json', '{"filters": ')]),
      2,
      'usage',
      /--input .* is not valid JSON/,
    );
    expect(await requestCount()).toBe(before);
    expectFailure(
      await run(['api', 'POST', '/people/find', '--input', file('i2.json', '[{"filters": {"titles": ["CTO"]}}]')]),
      2,
      'validation_error',
    );
    expectFailure(
      await run(['api', 'POST', '/people/find', '--input', file('i3.json', '{"filtres": {"titles": ["CTO"]}}')]),
      2,
      'validation_error',
    );
  });
});

describe('out-of-range numbers and unknown values exit 2, naming the flag, before anything is sent', () => {
  const cases: Array<[string[], RegExp]> = [
    [['search', 'people', '--title', 'CTO', '--limit', '0'], /--limit must be from 1 to 1000000, got 0/],
    [['search', 'people', '--title', 'CTO', '--page-size', '101'], /--page-size must be from 1 to 100, got 101/],
    [['lists', 'leads', 'Mine', '--page-size', '501'], /--page-size must be from 1 to 500, got 501/],
    [['lists', 'leads', 'Mine', '--all', '--limit', '20'], /--all and --limit cannot be combined/],
    [['search', 'people', '--title', 'CTO', '--limit', 'abc'], /--limit must be a whole number, got "abc"/],
    [['lists', 'leads', 'Mine', '--limit', '1e2'], /--limit must be a whole number, got "1e2"/],
    [['agents', 'run', 'Mine', '--prompt', 'x', '--column', 'c', '--max-rows', '10001'], /--max-rows must be from 1 to 10000, got 10001/],
    [['usage', '--days', '366'], /--days must be from 1 to 365, got 366/],
    [['enrich', 'list', 'Mine', '--max-cost', '-1'], /--max-cost must be a number of 0 or more, got "-1"/],
    [['search', 'people', '--seniority', 'Boss'], /unsupported seniority value "Boss"/],
    [['whoami', '--format', 'xml'], /'--format <format>' argument 'xml' is invalid/],
    [['enrich', 'legacy-bulk', 'contacts.csv', '--type', 'nope'], /--type does not accept "nope"/],
    [['sync', 'crm', 'Mine', '--provider', 'crm_9'], /--provider does not accept "crm_9"/],
    [
      ['lists', 'add', 'Mine', '--task', 'svc-task_x', '--ids', Array.from({ length: 5000 }, (_, i) => `sp_${i}`).join(',')],
      /--ids takes at most 2000 ids, got 5000/,
    ],
    [['whoami', ...Array.from({ length: 5000 }, (_, i) => `arg${i}`)], /too many arguments for 'whoami'/],
  ];
  it('each case, in text and in --json', async () => {
    const before = await requestCount();
    for (const [args, problem] of cases) {
      expectFailure(await run(args), 2, 'usage', problem);
      expectJsonFailure(await run([...args, '--json']), 2, 'usage');
    }
    expect(await requestCount()).toBe(before);
  });

  it('5,000 --title values are one valid search: exit 0 and JSON with total 0', async () => {
    const r = await run([
      'search',
      'people',
      ...Array.from({ length: 5000 }, (_, i) => ['--title', `Title ${i}`]).flat(),
      '--no-check',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 0, results: [] });
  });

  it('5,000 unknown --lead-ids: add exits 4 and adds nothing; remove ignores them (as the spec says) and exits 0', async () => {
    await control(t.sb, 'POST', `/lists/${listId}/generate`, { count: 2 });
    const ids = Array.from({ length: 5000 }, (_, i) => `ld_nope${i}`).join(',');
    expectFailure(
      await run(['lists', 'add', 'Mine', '--lead-ids', ids]),
      4,
      'not_found',
      /of the lead_ids are not leads of this workspace/,
    );
    const removed = await run(['lists', 'remove', 'Mine', '--lead-ids', ids, '--yes', '--json']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(JSON.parse(removed.stdout)).toMatchObject({ removed: 0 });
    expect(await leadCount(listId)).toBe(2);
  });
});

describe("another organization's ids exit 4 with list_not_found", () => {
  let foreign: string;
  beforeEach(async () => {
    const org = await control(t.sb, 'POST', '/organizations', { name: 'Globex' });
    foreign = (
      await control(t.sb, 'POST', '/lists', { name: 'Theirs', people: 3, organization_id: org.organization_id, visibility: 'organization' })
    ).list_id as string;
  });

  it('for every command that takes a list', async () => {
    const before = await balance();
    const out = path.join(dir, 'out');
    mkdirSync(out);
    const csv = file('ok.csv', 'email\nzoe@acme.io\n');
    const commands = [
      ['lists', 'get', foreign],
      ['lists', 'leads', foreign],
      ['lists', 'rm', foreign, '--yes'],
      ['export', 'json', foreign, '-o', path.join(out, 'theirs.json')],
      ['export', 'csv', foreign, '-o', path.join(out, 'theirs.csv')],
      ['import', foreign, csv],
      ['enrich', 'list', foreign, '--yes'],
      ['agents', 'run', foreign, '--type', 'title_normalizer', '--column', 'norm', '--yes'],
      ['sync', 'crm', foreign, '--provider', 'crm_one', '--yes'],
    ];
    for (const args of commands) expectFailure(await run(args), 4, 'list_not_found', new RegExp(`List ${foreign} was not found`));
    expect(listing(out)).toEqual([]);
    expect(await balance()).toBe(before);
  });

  it("their lead ids cannot be added to one's own list", async () => {
    const owner = await control(t.sb, 'POST', '/organizations', { name: 'Initech' });
    const theirList = (await control(t.sb, 'POST', '/lists', { name: 'Theirs too', people: 2, organization_id: owner.organization_id }))
      .list_id as string;
    const leads = (await raw(t.sb, 'GET', `/api/v2/lead-lists/${theirList}/leads?limit=10`, { token: owner.api_key })).json.leads as Array<{
      lead_id: string;
    }>;
    expect(leads.length).toBe(2);
    expectFailure(await run(['lists', 'add', 'Mine', '--lead-ids', leads.map((l) => l.lead_id).join(',')]), 4, 'not_found');
    expect(await leadCount(listId)).toBe(0);
  });
});

describe('commands that write files leave no file, whole or partial, when they fail', () => {
  let out: string;
  beforeEach(async () => {
    await control(t.sb, 'POST', `/lists/${listId}/generate`, { count: 250 });
    out = path.join(dir, 'out');
    mkdirSync(out);
  });

  it('export csv -o: a dropped download, a failed link, a missing folder; an existing file is kept', async () => {
    const target = path.join(out, 'mine.csv');
    await control(t.sb, 'POST', '/faults', { rules: [{ path: '/downloads/exports/', kind: 'drop' }] });
    expectFailure(await run(['export', 'csv', 'Mine', '-o', target]), 9, 'connection_reset');
    await control(t.sb, 'DELETE', '/faults');
    await control(t.sb, 'POST', '/faults', { rules: [{ path: '/export/csv/signed-url', kind: 'status', status: 500 }] });
    expectFailure(await run(['export', 'csv', 'Mine', '-o', target]), 9, 'internal_error');
    await control(t.sb, 'DELETE', '/faults');
    expectFailure(await run(['export', 'csv', 'Mine', '-o', path.join(out, 'no', 'such', 'mine.csv')]), 2, 'usage', /is not a folder/);
    expect(listing(out)).toEqual([]);
    file('out/mine.csv', 'keep me\n');
    expectFailure(await run(['export', 'csv', 'Mine', '-o', target]), 2, 'usage', /already exists/);
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
    expect(listing(out)).toEqual(['mine.csv']);
  });

  it('export json -o: a failed page leaves no file; a failed --all leaves only the documented FILE.part and its checkpoint', async () => {
    await control(t.sb, 'POST', '/faults', { rules: [{ path: '/export/json', kind: 'drop' }] });
    expectFailure(await run(['export', 'json', 'Mine', '-o', path.join(out, 'page.json')]), 9, 'connection_reset');
    expect(listing(out)).toEqual([]);
    await control(t.sb, 'DELETE', '/faults');
    await control(t.sb, 'POST', '/faults', { rules: [{ path: '/export/json', kind: 'status', status: 500, after: 1 }] });
    const r = await run(['export', 'json', 'Mine', '--all', '--page-size', '100', '-o', path.join(out, 'all.json')]);
    expectFailure(r, 9, 'internal_error');
    expect(r.stderr).toContain('--resume');
    expect(listing(out)).toEqual(['all.json.part', 'all.json.part.checkpoint.json']);
  });

  describe('demo --dir', () => {
    beforeEach(async () => {
      // The demo finds "its" sandbox through the runtime file: point that at this file's in-process sandbox.
      pointRuntimeAt(t.env, t.sb, 0);
      await control(t.sb, 'POST', '/enrichment', { pace: { pending_ms: 0, min_run_ms: 50, row_ms: 0 } });
      await control(t.sb, 'POST', '/smart-agents', { pace: { pending_ms: 0, row_ms: 1 } });
    });

    it('a --dir that is a file, or that holds the files without --force, exits 2 and writes nothing', async () => {
      const notADir = file('not-a-folder', 'x');
      expectFailure(await run(['demo', '--dir', notADir]), 2, 'usage', /is not a folder/);
      expect(readFileSync(notADir, 'utf8')).toBe('x');
      file('out/demo-leads.csv', 'mine\n');
      expectJsonFailure(await run(['demo', '--dir', out, '--json']), 2, 'usage');
      expect(listing(out)).toEqual(['demo-leads.csv']);
      expect(readFileSync(path.join(out, 'demo-leads.csv'), 'utf8')).toBe('mine\n');
    });

    it('a dropped export download exits 9 and leaves no export and no temporary file', async () => {
      await control(t.sb, 'POST', '/faults', { rules: [{ path: '/downloads/exports/', kind: 'drop' }] });
      const r = await run(['demo', '--dir', out]);
      expect(r.code, r.stderr).toBe(9);
      expect(r.stderr).toMatch(/^error: connection_reset: /m);
      // The sample CSV the tour imported is complete; the export is not there, nor anything half-written.
      expect(listing(out)).toEqual(['demo-leads.csv']);
      expect(readFileSync(path.join(out, 'demo-leads.csv'), 'utf8')).toBe(SAMPLE_CSV);
    });
  });
});
