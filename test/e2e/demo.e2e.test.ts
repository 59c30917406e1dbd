import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { execa } from 'execa';
import { isolatedEnv } from '../helpers/binary.js';
import { prospect } from '../helpers/in-process.js';
import { atTerminal } from '../helpers/terminal.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The README's line, `npx prospect demo`, run as a newcomer runs it in the checkout. */
async function npxDemo(env: Record<string, string | undefined>) {
  const r = await execa('npx', ['prospect', 'demo'], { cwd: ROOT, env, extendEnv: false, reject: false, input: '', timeout: 120_000 });
  return { exitCode: r.exitCode ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
}

/** The demo starts its own sandbox in the background (sandbox start, a spawned process as for a user), in a fresh data dir per test. */
const t = {} as { env: Record<string, string | undefined> };
beforeEach(() => {
  t.env = isolatedEnv();
});

const balance = async () =>
  JSON.parse((await prospect(['--sandbox', 'credits', 'balance', '--json'], { env: t.env })).stdout).credits as number;

describe('prospect demo', () => {
  it(
    'tours search, list, import, enrichment, a smart agent, a sync and an export, and ends with the exported file',
    { timeout: 60_000 },
    async () => {
      try {
        // Two tours in a minute would wait for the per-key rate limit (30 requests a minute): the test switches it off,
        // and runs enrichment and the agent at a test's pace.
        expect((await prospect(['sandbox', 'start'], { env: t.env })).exitCode).toBe(0);
        const url = JSON.parse((await prospect(['sandbox', 'status', '--json'], { env: t.env })).stdout).url as string;
        const control = (p: string, body: unknown) =>
          fetch(`${url}/__sandbox${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        await control('/rate-limits', { enabled: false });
        await control('/enrichment', { pace: { pending_ms: 0, min_run_ms: 50, row_ms: 0 } });
        await control('/smart-agents', { pace: { pending_ms: 0, row_ms: 1 } });
        // Spawns npx: the README's set-up line must work as written.
        const r = await npxDemo(t.env);
        expect(r.exitCode, r.stderr).toBe(0);
        // Eleven steps, each one line of explanation with the command that does it alone (on the next line when long).
        const lines = r.stderr.split('\n');
        expect(lines.filter((l) => /^\d+\. /.test(l)).map((l) => l.split('.')[0])).toEqual([
          '1',
          '2',
          '3',
          '4',
          '5',
          '6',
          '7',
          '8',
          '9',
          '10',
          '11',
        ]);
        const commands = lines.filter((l) => /\$ prospect /.test(l)).map((l) => l.slice(l.indexOf('$ ') + 2));
        expect(commands).toHaveLength(11);
        for (const cmd of [
          'whoami',
          'credits balance',
          'search people',
          'import ',
          'credits estimate',
          'enrich list',
          'lists leads',
          'agents run',
          'sync crm',
          'export csv',
        ])
          expect(
            commands.some((l) => l.startsWith(`prospect --sandbox ${cmd}`)),
            cmd,
          ).toBe(true);
        // People read it: no quote ids, hashes or Unix timestamps; the emails found are shown.
        expect(r.stderr + r.stdout).not.toMatch(/qte_v1_|[0-9a-f]{32}|\b1[6-9]\d{8}\b/);
        expect(r.stdout).toMatch(/FULL_NAME|full_name/);
        expect(r.stdout).toMatch(/@[a-z0-9.-]+\.[a-z]+/);

        // The last line of stdout is the exported file: the list's 5 searched and 3 imported leads with the agent's column.
        const file = r.stdout.trim().split('\n').at(-1)!;
        const firstEnrichment = Number(/Charged (\d+) credits? of 8 reserved/.exec(r.stderr)?.[1]);
        expect(path.isAbsolute(file)).toBe(true);
        const rows = parse<Record<string, string>>(readFileSync(file, 'utf8'), { columns: true });
        expect(rows).toHaveLength(8);
        expect(Object.keys(rows[0]!).slice(0, 10)).toEqual([
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
        const ada = rows.find((x) => x.first_name === 'Ada')!;
        expect(ada.title).toBe('sr. vp eng');
        expect(ada.normalized_title).toMatch(/^Senior Vice President,? (of )?Engineering$/);
        expect(rows.every((x) => x.normalized_title)).toBe(true);
        // Nothing half-written is left beside it: the sample CSV and the export only.
        expect(readdirSync(path.dirname(file)).sort()).toEqual(['demo-leads.csv', path.basename(file)].sort());

        // What it spent adds up: enrichment's charge, one credit per lead for the agent, ceil(8 / 5) for the sync.
        const again = await prospect(['demo', '--json'], { env: t.env });
        expect(again.exitCode, again.stderr).toBe(0);
        const second = JSON.parse(again.stdout);
        expect(second.list.reused).toBe(true);
        expect(second.saved).toMatchObject({ added: 0, skipped_duplicates: 5 });
        expect(second.import.rows_imported).toBe(0);
        expect(second.leads.total).toBe(8);
        // A second tour finds every title normalized already and spends nothing on the agent.
        expect(second.agent.quote.row_count).toBe(0);
        expect(second.agent.run).toBeNull();
        expect(second.sync.result).toMatchObject({ provider: 'crm_one', total_leads: 8, credits_charged: 2 });
        expect(second.sync.result.successful + second.sync.result.skipped + second.sync.result.failed).toBe(8);
        expect(second.export).toMatchObject({ row_count: 8, path: file });
        const spentSecond = second.enrichment.credits_charged + 2;
        const first = 5000 - second.balance.credits;
        expect(await balance()).toBe(5000 - first - spentSecond);
        // The first tour: enrichment's charge, the agent over 8 leads at 1 each, the sync at ceil(8 / 5).
        expect(first).toBe(firstEnrichment + 8 + 2);

        // At an 80-column terminal the whole tour fits in 60 lines, with a table of the emails found.
        // Spawns the binary in a pseudo-terminal: what a person sees is the measure.
        const screen = await atTerminal(['demo'], { env: t.env, cols: 80, steps: [] });
        expect(screen.exitCode, screen.text).toBe(0);
        const shown = [...screen.lines];
        while (shown.length && shown.at(-1) === '') shown.pop();
        expect(shown.length, shown.join('\n')).toBeLessThanOrEqual(60);
        expect(
          shown.some((l) => /^\S.*\s\S+@\S+\.\S+/.test(l)),
          shown.join('\n'),
        ).toBe(true);
      } finally {
        await prospect(['sandbox', 'stop'], { env: t.env });
      }
    },
  );

  it('--dir keeps the files it finds there unless --force', async () => {
    const dir = t.env.PROSPECT_CONFIG_DIR!;
    writeFileSync(path.join(dir, 'engineering-leaders.csv'), 'mine\n');
    const r = await prospect(['demo', '--dir', dir], { env: t.env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`error: usage: ${path.join(dir, 'engineering-leaders.csv')} already exists`);
    expect(r.stderr).toContain('--force');
    expect(readFileSync(path.join(dir, 'engineering-leaders.csv'), 'utf8')).toBe('mine\n');
    // Refused before the sandbox was started or asked anything.
    expect(r.stderr).not.toContain('Starting the local sandbox');
  });
});
