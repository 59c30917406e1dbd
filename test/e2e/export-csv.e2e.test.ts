import fs from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { beforeEach, describe, expect, it } from 'vitest';
import { control, raw } from '../sandbox/helpers.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { BIN } from '../helpers/binary.js';
import { prospect } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import { json } from '../helpers/json.js';

const t = useSandboxEnv({ withKey: true, sandbox: { dataset: { people: 5000, companies: 500 } } });
let cwd: string;
beforeEach(async () => {
  cwd = tempDir();
  await control(t.sb, 'POST', '/rate-limits', { enabled: false });
});

const run = (args: string[]) => prospect(['export', 'csv', ...args], { env: t.env, cwd });
const files = () => fs.readdirSync(cwd).sort();
const lines = (text: string) => text.split('\n').slice(0, -1);

/** A list of the demo owner holding `count` synthetic leads. */
async function seed(name: string, count: number, opts: Record<string, unknown> = {}): Promise<string> {
  const list = await control(t.sb, 'POST', '/lists', { name });
  await control(t.sb, 'POST', `/lists/${list.list_id}/generate`, { count, ...opts });
  return list.list_id;
}

/** The CSV the service serves for a request, fetched here directly, to hold the CLI's file to. */
async function served(body: Record<string, unknown>): Promise<string> {
  const link = await raw(t.sb, 'POST', '/api/v2/export/csv/signed-url', { token: t.sb.demoKey, body });
  const u = new URL(link.json.download_url);
  return (await raw(t.sb, 'GET', `${u.pathname}${u.search}`)).text;
}

describe('export csv', () => {
  it('writes the list to a file named after it, prints the path on stdout and rows and size on stderr', async () => {
    const listId = await seed('Q3 CTOs', 120, { formula_rows: 2, columns: ['company_intel'] });
    const r = await run(['Q3 CTOs']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe('Q3-CTOs.csv\n');
    expect(r.stderr).toMatch(/^Exported 120 rows \(\d+(\.\d)? kB\) to Q3-CTOs\.csv\./m);
    expect(files()).toEqual(['Q3-CTOs.csv']);
    const text = fs.readFileSync(path.join(cwd, 'Q3-CTOs.csv'), 'utf8');
    expect(text).toBe(await served({ list_id: listId }));
    expect(lines(text)[0]).toBe('lead_id,first_name,last_name,email,title,company,domain,linkedin_url,phone,location,company_intel');
    expect(lines(text)).toHaveLength(121);
    expect(lines(text)[1]).toContain(`,"'=HYPERLINK(""https://evil.example"",""Open"")",'+1 555 0100,`);
    // A list id works too, and the file is never replaced without --force.
    const again = await run([listId]);
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toMatch(/Q3-CTOs\.csv already exists/);
    expect(fs.readFileSync(path.join(cwd, 'Q3-CTOs.csv'), 'utf8')).toBe(text);
    await control(t.sb, 'POST', `/lists/${listId}/generate`, { count: 5 });
    const forced = await run([listId, '--force', '--json']);
    expect(forced.exitCode, forced.stderr).toBe(0);
    expect(json(forced.stdout)).toMatchObject({ path: 'Q3-CTOs.csv', list_id: listId, row_count: 125 });
    expect(lines(fs.readFileSync(path.join(cwd, 'Q3-CTOs.csv'), 'utf8'))).toHaveLength(126);
  });

  it('-o picks the file, --columns the columns, --no-smart-agents leaves agent columns out, -o - streams to stdout', async () => {
    const listId = await seed('Agents', 30, { columns: ['company_intel'] });
    const r = await run(['Agents', '-o', 'out/leads.csv', '--columns', 'email,lead_id']);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/cannot write out\/leads\.csv: out is not a folder/);
    fs.mkdirSync(path.join(cwd, 'out'));
    const ok = await run(['Agents', '-o', 'out/leads.csv', '--columns', 'email,lead_id']);
    expect(ok.stdout).toBe('out/leads.csv\n');
    expect(lines(fs.readFileSync(path.join(cwd, 'out/leads.csv'), 'utf8'))[0]).toBe('email,lead_id,company_intel');
    const piped = await run(['Agents', '-o', '-', '--columns', 'email', '--no-smart-agents']);
    expect(piped.exitCode, piped.stderr).toBe(0);
    expect(piped.stdout).toBe(await served({ list_id: listId, columns: ['email'], include_smart_agents: false }));
    expect(lines(piped.stdout)).toHaveLength(31);
    expect(piped.stderr).toMatch(/Exported 30 rows .* to stdout/);
    expect(files()).toEqual(['out']);
  });

  it('bad input is refused before anything is sent; an unknown list is exit 4', async () => {
    await seed('Some', 1);
    expect((await run(['Some', '--columns', 'email,email'])).exitCode).toBe(2);
    expect((await run(['No such list'])).exitCode).toBe(4);
    expect(files()).toEqual([]);
  });

  it('a download that fails leaves no file, half-written or whole', async () => {
    await seed('Broken', 200);
    await control(t.sb, 'POST', '/faults', { rules: [{ path: '/downloads/exports/', kind: 'drop' }] });
    const dropped = await run(['Broken']);
    expect(dropped.exitCode).toBe(9);
    expect(dropped.stderr).toMatch(/connection_reset/);
    expect(files()).toEqual([]);
    await control(t.sb, 'DELETE', '/faults');
    await control(t.sb, 'POST', '/faults', {
      rules: [{ path: '/export/csv/signed-url', kind: 'status', status: 502, code: 'internal_error' }],
    });
    const failed = await run(['Broken']);
    expect(failed.exitCode).toBe(9);
    expect(failed.stderr).toMatch(/internal_error/);
    expect(files()).toEqual([]);
  });

  it('Ctrl-C during the download exits 130 and leaves no file', async () => {
    await seed('Slow', 50);
    await control(t.sb, 'POST', '/faults', { rules: [{ path: '/downloads/exports/', kind: 'latency', latency_ms: 5000 }] });
    // Spawns the binary: a signal reaches a real process only.
    const child = execa(process.execPath, [BIN, 'export', 'csv', 'Slow'], { env: t.env, extendEnv: false, cwd, reject: false });
    await expect.poll(() => fs.readdirSync(cwd).some((f) => f.endsWith('.download')), { timeout: 20_000 }).toBe(true);
    child.kill('SIGINT');
    const r = await child;
    expect(r.exitCode).toBe(130);
    expect(files()).toEqual([]);
  });
});
