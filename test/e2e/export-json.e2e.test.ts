import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { BIN } from '../helpers/binary.js';
import { prospect } from '../helpers/in-process.js';
import { printedCommands, runPrinted } from '../helpers/printed-command.js';
import { tempDir } from '../helpers/temp-dir.js';
import { json, ndjson } from '../helpers/json.js';

const t = useSandboxEnv({ withKey: true, sandbox: { dataset: { people: 5000, companies: 500 } } });
let cwd: string;
let listId: string;
const LEADS = 400;

beforeEach(async () => {
  cwd = tempDir();
  await control(t.sb, 'POST', '/rate-limits', { enabled: false });
  listId = (await control(t.sb, 'POST', '/lists', { name: 'Q3 CTOs' })).list_id;
  await control(t.sb, 'POST', `/lists/${listId}/generate`, { count: LEADS, formula_rows: 3, columns: ['company_intel'] });
});

const run = (args: string[]) => prospect(['export', 'json', 'Q3 CTOs', ...args], { env: t.env, cwd });
const file = (name: string) => fs.readFileSync(path.join(cwd, name), 'utf8');

describe('export json', () => {
  it('one page: --format json prints the payload as the service returns it, with the command for the next page on stderr', async () => {
    const r = await run(['--limit', '3', '--columns', 'email,company_intel']);
    expect(r.exitCode, r.stderr).toBe(0);
    const page = json(r.stdout);
    expect(page).toMatchObject({ list_id: listId, total: LEADS, cursor: expect.any(String) });
    expect(page.leads.map((l: object) => Object.keys(l))).toEqual(Array(3).fill(['email', 'company_intel']));
    expect(r.stderr).toContain(
      `3 of ${LEADS} leads; the next 3:\n  prospect export json 'Q3 CTOs' --limit 3 --columns email,company_intel --cursor ${page.cursor}\n`,
    );
    const next = json((await run(['--limit', '3', '--columns', 'email,company_intel', '--cursor', page.cursor])).stdout);
    expect(next.leads[0]).not.toEqual(page.leads[0]);
    const mismatched = await run(['--cursor', page.cursor]);
    expect(mismatched.exitCode).toBe(2);
    expect(mismatched.stderr).toMatch(/invalid_cursor/);
  });

  it('--all in each format streams every row once, in list order', async () => {
    const nd = await run(['--all', '--page-size', '150', '--format', 'ndjson']);
    expect(nd.exitCode, nd.stderr).toBe(0);
    const rows = ndjson(nd.stdout);
    expect(rows).toHaveLength(LEADS);
    expect(new Set(rows.map((r) => r.lead_id)).size).toBe(LEADS);
    expect(Object.keys(rows[0]!)).toEqual([
      'lead_id',
      'first_name',
      'last_name',
      'email',
      'title',
      'company',
      'domain',
      'linkedin_url',
      'phone',
      'location',
    ]);
    expect(nd.stderr).toMatch(new RegExp(`Exported ${LEADS} rows`));

    const arr = await run(['--all', '--page-size', '150', '-o', 'all.json']);
    expect(arr.stdout).toBe('all.json\n');
    expect(JSON.parse(file('all.json'))).toEqual(rows);

    const csv = await run(['--all', '--page-size', '150', '--format', 'csv', '--columns', 'lead_id,title,company_intel']);
    const cells = parse(csv.stdout);
    expect(cells[0]).toEqual(['lead_id', 'title', 'company_intel']);
    expect(cells.slice(1).map((c) => c[0])).toEqual(rows.map((r) => r.lead_id));
    expect(cells[1]![1]).toBe(`'${rows[0]!.title}`);
    expect(cells[1]![1]).toMatch(/^'=/);
    expect(fs.readdirSync(cwd)).toEqual(['all.json']);
  });

  it('an empty list gives [] in json, a header in csv, nothing in ndjson', async () => {
    await control(t.sb, 'POST', '/lists', { name: 'Empty' });
    const empty = (args: string[]) => prospect(['export', 'json', 'Empty', '--all', ...args], { env: t.env, cwd });
    expect((await empty([])).stdout).toBe('[]\n');
    expect((await empty(['--format', 'csv', '--columns', 'email'])).stdout).toBe('email\n');
    expect((await empty(['--format', 'ndjson'])).stdout).toBe('');
  });

  it('csv escapes a formula-looking column name in the header as it escapes cells', async () => {
    for (const args of [['--all'], ['--limit', '2']]) {
      const r = await run([...args, '--format', 'csv', '--columns', '=x,lead_id']);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(parse(r.stdout)[0], args.join(' ')).toEqual(["'=x", 'lead_id']);
    }
  });

  it('refuses what it cannot do before sending: a format other than json, ndjson, csv; --fields; nothing to resume', async () => {
    expect((await run(['--format', 'tsv'])).exitCode).toBe(2);
    expect((await run(['--fields', 'email'])).exitCode).toBe(2);
    const nothing = await run(['--resume', '-o', 'x.json']);
    expect(nothing.exitCode).toBe(2);
    expect(nothing.stderr).toMatch(/nothing to resume: no interrupted export to x\.json/);
  });
});

describe('a checkpoint that is not one this tool wrote whole', () => {
  it('never jams an export: a fresh run replaces it; --resume exits 2 naming the file and what to do', async () => {
    const out = path.join(cwd, 'q3.ndjson');
    const checkpoint = `${out}.part.checkpoint.json`;
    // Well-formed but changed by hand: the counts a resume would trust (bytes to keep, rows done) no longer match what was written.
    const edited = (over: object) =>
      JSON.stringify({
        version: 1,
        list_id: 'lst_x',
        columns: ['lead_id'],
        format: 'ndjson',
        cursor: null,
        done: false,
        rows: 10,
        bytes: 120,
        output: out,
        updated_at: '',
        ...over,
      });
    for (const garbage of [
      '{"version":1,"rows":',
      '{"version":1,"rows":"many","bytes":0,"cursor":null}',
      'not json at all',
      edited({ bytes: -5 }),
      edited({ done: true, rows: -3 }),
      edited({ check: 'f00d' }),
    ]) {
      fs.rmSync(out, { force: true });
      fs.writeFileSync(checkpoint, garbage);
      const resumed = await run(['--all', '--format', 'ndjson', '-o', out, '--resume']);
      expect(resumed.exitCode, resumed.stderr).toBe(2);
      expect(resumed.stderr).toContain(`cannot resume: the checkpoint ${checkpoint} is not one this tool wrote whole`);
      expect(resumed.stderr).toContain('Run the export again without --resume');
      expect(resumed.stderr).not.toMatch(/\n\s+at /);

      const fresh = await run(['--all', '--format', 'ndjson', '-o', out]);
      expect(fresh.exitCode, fresh.stderr).toBe(0);
      expect(fresh.stderr).toContain(`An unreadable checkpoint (${checkpoint}) was found; starting over and replacing it.`);
      expect(ndjson(fs.readFileSync(out, 'utf8'))).toHaveLength(LEADS);
      expect(fs.existsSync(checkpoint)).toBe(false);
    }
  });
});

describe('an interrupted export --all, resumed', () => {
  const ALL = ['--all', '--page-size', '40', '--format', 'csv', '--columns', 'lead_id,email,title'];

  /** Starts the export with pages slowed down, and stops it (signal) once its checkpoint counts `rows`. */
  async function interrupted(extra: string[], signal: 'SIGKILL' | 'SIGINT', checkpointDir: string, stdoutFile?: string) {
    await control(t.sb, 'POST', '/faults', { rules: [{ path: '/export/json', kind: 'latency', latency_ms: 120 }] });
    // A shell's `> FILE`: the child's stdout is the file itself, not a pipe through this process.
    const stdout = stdoutFile ? fs.openSync(path.join(cwd, stdoutFile), 'w') : undefined;
    // Spawns the binary: a kill or a signal reaches a real process only.
    const argv = [BIN, 'export', 'json', 'Q3 CTOs', ...ALL, ...extra];
    const options = { env: t.env, extendEnv: false, cwd, reject: false } as const;
    const child = execa(process.execPath, argv, {
      ...options,
      stdout: stdout === undefined ? 'pipe' : fs.createWriteStream('', { fd: stdout, autoClose: false }),
    });
    await expect.poll(() => checkpointRows(checkpointDir), { timeout: 20_000 }).toBeGreaterThanOrEqual(120);
    child.kill(signal);
    const r = await child;
    if (stdout !== undefined) fs.closeSync(stdout);
    await control(t.sb, 'DELETE', '/faults');
    return r;
  }

  it('-o FILE after a hard kill: --resume cuts FILE.part back to the checkpoint and ends byte for byte as one run', async () => {
    const whole = await run([...ALL, '-o', 'whole.csv']);
    expect(whole.exitCode, whole.stderr).toBe(0);
    const killed = await interrupted(['-o', 'leads.csv'], 'SIGKILL', cwd);
    expect(killed.signal).toBe('SIGKILL');
    expect(fs.existsSync(path.join(cwd, 'leads.csv'))).toBe(false);
    // A kill in the middle of writing a page leaves more than the checkpoint counts: resume cuts it off.
    fs.appendFileSync(path.join(cwd, 'leads.csv.part'), 'ld_half_written,someone@');
    // A checkpoint is only continued by the same request.
    const other = await run([...ALL.slice(0, -1), 'lead_id,email', '-o', 'leads.csv', '--resume']);
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toMatch(/cannot resume: the interrupted export was of .* columns lead_id,email,title/);
    const resumed = await run([...ALL, '-o', 'leads.csv', '--resume']);
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/Resuming after \d+ rows/);
    expect(file('leads.csv')).toBe(file('whole.csv'));
    expect(fs.readdirSync(cwd).sort()).toEqual(['leads.csv', 'whole.csv']);
  });

  it('two exports of one list to two files, both stopped: each resume command continues its own file', async () => {
    const whole = await run(ALL);
    const exportsDir = path.join(t.env.PROSPECT_DATA_DIR!, 'exports');
    const first = await interrupted([], 'SIGINT', exportsDir, 'a.csv');
    expect(first.exitCode).toBe(130);
    const [resumeA] = printedCommands(String(first.stderr));
    // The second export of the same list, columns and format, to another file, stopped earlier in its run.
    const before = new Set(fs.readdirSync(exportsDir));
    await control(t.sb, 'POST', '/faults', { rules: [{ path: '/export/json', kind: 'latency', latency_ms: 120 }] });
    const fd = fs.openSync(path.join(cwd, 'b.csv'), 'w');
    const argv = [BIN, 'export', 'json', 'Q3 CTOs', ...ALL];
    const child = execa(process.execPath, argv, {
      env: t.env,
      extendEnv: false,
      cwd,
      reject: false,
      stdout: fs.createWriteStream('', { fd, autoClose: false }),
    });
    const ownRows = () => {
      const mine = fs.readdirSync(exportsDir).filter((n) => n.endsWith('.json') && !before.has(n));
      return mine.length === 1 ? checkpointRows(exportsDir, mine[0]) : 0;
    };
    await expect.poll(ownRows, { timeout: 20_000 }).toBeGreaterThanOrEqual(40);
    child.kill('SIGINT');
    const second = await child;
    fs.closeSync(fd);
    await control(t.sb, 'DELETE', '/faults');
    expect(second.exitCode).toBe(130);
    const [resumeB] = printedCommands(String(second.stderr));

    for (const resume of [resumeA!, resumeB!]) expect((await runPrinted(resume, { env: t.env, cwd })).exitCode).toBe(0);
    expect(file('a.csv')).toBe(whole.stdout);
    expect(file('b.csv')).toBe(whole.stdout);
  });

  it('to stdout redirected to a file, after a hard kill: --resume >> FILE cuts what the killed run wrote past its checkpoint and ends as one run', async () => {
    const whole = await run(ALL);
    const dataDir = t.env.PROSPECT_DATA_DIR!;
    const killed = await interrupted([], 'SIGKILL', path.join(dataDir, 'exports'), 'leads.csv');
    expect(killed.signal).toBe('SIGKILL');
    // Killed after writing a page, or part of one, that its checkpoint does not count yet.
    fs.appendFileSync(path.join(cwd, 'leads.csv'), 'ld_half_written,someone@');
    const resume = `prospect export json 'Q3 CTOs' --all --columns lead_id,email,title --format csv --page-size 40 --resume >> ${path.join(cwd, 'leads.csv')}`;
    const resumed = await runPrinted(resume, { env: t.env, cwd });
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/Cut \d+ B a hard kill left at the end of .*leads\.csv/);
    expect(file('leads.csv')).toBe(whole.stdout);
  });

  it('to stdout after Ctrl-C: exit 130 with the resume command; resumed onto the same file it equals one run', async () => {
    const whole = await run(ALL);
    const dataDir = t.env.PROSPECT_DATA_DIR!;
    const stopped = await interrupted([], 'SIGINT', path.join(dataDir, 'exports'), 'leads.csv');
    expect(stopped.exitCode).toBe(130);
    // The resume command appends to the file stdout went to, and runs as printed.
    const resume = `prospect export json 'Q3 CTOs' --all --columns lead_id,email,title --format csv --page-size 40 --resume >> ${path.join(cwd, 'leads.csv')}`;
    expect(stopped.stderr).toContain(`Resume with:\n  ${resume}\n`);
    const resumed = await runPrinted(resume, { env: t.env, cwd });
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(file('leads.csv')).toBe(whole.stdout);
    expect(fs.readdirSync(path.join(dataDir, 'exports'))).toEqual([]);
  });
});

/** Rows counted by the one checkpoint in a folder (0 while there is none). */
function checkpointRows(dir: string, name?: string): number {
  const names = name ? [name] : fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.json')) : [];
  if (names.length !== 1) return 0;
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, names[0]!), 'utf8')).rows as number;
  } catch {
    return 0;
  }
}
