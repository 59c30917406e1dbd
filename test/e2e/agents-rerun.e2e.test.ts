import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { control, raw } from '../sandbox/helpers.js';
import { json, ndjson } from '../helpers/json.js';
import { printedCommands } from '../helpers/printed-command.js';
import { prospect, runInProcess, sandboxClock } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import type { Prompter } from '../../src/cli/prompt.js';
import { useAgentSandbox } from './agents-helpers.js';

/**
 * agents run again over a list: what stdout holds when nothing is left (scripts read it), the
 * leads an earlier run failed on that are charged again (said before paying), and the
 * service's raw hints (HTTP routes) kept off stderr without --debug.
 */

const t = useAgentSandbox(1);

const agent = (list: string, ...flags: string[]) =>
  t.run('agents', 'run', list, '--type', 'title_normalizer', '--column', 'Clean', '--yes', ...flags);

/** A list of leads imported from rows of name, email and title, in this order (an empty title: title_normalizer fails on it). */
async function listOf(name: string, rows: Array<[string, string, string]>): Promise<string> {
  const listId = (await control(t.sb, 'POST', '/lists', { name })).list_id as string;
  const csv = ['Name,Email,Title', ...rows.map((r) => r.join(','))].join('\n');
  const imported = await raw(t.sb, 'POST', `/api/v2/lead-lists/${listId}/csv-import`, {
    token: t.sb.demoKey,
    body: {
      csv_content_base64: Buffer.from(csv).toString('base64'),
      column_mapping: { full_name: 'Name', email: 'Email', job_title: 'Title' },
      dispatch_enrichment: false,
    },
  });
  expect(imported.status, imported.text).toBe(201);
  return listId;
}

const FIVE: Array<[string, string, string]> = [
  ['Ann Lee', 'ann@acme.io', 'VP Sales'],
  ['No Title', 'none@acme.io', ''],
  ['Bo Chan', 'bo@acme.io', 'sr software eng'],
  ['Cy Dee', 'cy@acme.io', 'CTO'],
  ['Di Eve', 'di@acme.io', ''],
];

describe('agents run with nothing left to do: what stdout holds', () => {
  it('--json prints a nothing_left object (valid JSON, never empty); ndjson one line', async () => {
    const listId = await t.seedList('Q3', 4);
    expect((await agent('Q3')).exitCode).toBe(0);
    for (const flags of [['--json'], ['--json', '--no-wait'], ['--json', '--scope', 'all']]) {
      const r = await agent('Q3', ...flags);
      expect([flags, r.exitCode], r.stderr).toEqual([flags, 0]);
      expect(json(r.stdout)).toEqual({
        status: 'nothing_left',
        list_id: listId,
        column_name: 'Clean',
        agent_type: 'title_normalizer',
        leads: 4,
      });
      expect(r.stderr).toContain('Nothing left to do: all 4 leads of list "Q3" already hold a value in column "Clean".');
    }
    const nd = await agent('Q3', '--format', 'ndjson', '--no-wait');
    expect(nd.exitCode, nd.stderr).toBe(0);
    expect(ndjson(nd.stdout)).toEqual([
      { status: 'nothing_left', list_id: listId, column_name: 'Clean', agent_type: 'title_normalizer', leads: 4 },
    ]);
    expect(await t.runPosts()).toBe(1);
  });

  it('other formats with --no-wait: stdout stays empty and stderr says no run was started (ID=$(...) is empty)', async () => {
    await t.seedList('Q3', 3);
    expect((await agent('Q3')).exitCode).toBe(0);
    const r = await agent('Q3', '--no-wait');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('No run was started, so there is no run id: stdout is empty.');
    // Waiting, a person reads the summary: no such line.
    const waited = await agent('Q3');
    expect(waited.stdout).toBe('');
    expect(waited.stderr).not.toContain('No run was started');
  });

  it('the help says what --json prints when nothing is left', async () => {
    const help = await t.run('agents', 'run', '--help');
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(
      'with --json it prints {"status": "nothing_left", "list_id": ..., "column_name": ..., "agent_type": ..., "leads": N}',
    );
  });
});

describe('agents run again over leads an earlier run failed on', () => {
  it('says before paying how many of the selected leads failed before and will be charged again, and how to leave them out', async () => {
    const listId = await listOf('Titles', FIVE);
    const first = await agent('Titles', '--max-rows', '3', '--json');
    expect(first.exitCode, first.stderr).toBe(0);
    expect(json(first.stdout)).toMatchObject({ total: 3, succeeded: 2, failed: 1 });
    const firstId = json(first.stdout).smart_agent_task_id as string;
    const noTitle = (json(first.stdout).results as Array<{ lead_id: string; value: string | null }>).find((r) => r.value === null)!.lead_id;
    // The first run over the column had nothing earlier to warn of.
    expect(first.stderr).not.toContain('charged again');

    const before = await t.balance();
    const again = await agent('Titles', '--json');
    expect(again.exitCode, again.stderr).toBe(0);
    const warning =
      `warning: 1 of the 3 selected leads failed in an earlier run of title_normalizer on column "Clean" (${firstId}) (The lead has no title to normalize) and will be charged again: ` +
      'a lead that gets no value is charged all the same, and keeps no value, so each run selects it again. ' +
      `No flag leaves them out (a run takes no list of leads); to skip them, remove them from the list first (memberships only; the lead records stay): prospect lists remove Titles --lead-ids ${noTitle}`;
    expect(again.stderr).toContain(warning);
    // Said with the estimate, before anything is spent.
    expect(again.stderr.indexOf('charged again')).toBeLessThan(again.stderr.indexOf('Started '));
    expect(await t.balance()).toBe(before - 3);

    // The latest run failed on two leads (the one again, and one new): both are said.
    const third = await agent('Titles', '--dry-run');
    expect(third.exitCode, third.stderr).toBe(0);
    expect(third.stderr).toMatch(
      /warning: 2 of the 2 selected leads failed in an earlier run of title_normalizer on column "Clean" \(agent-[\w-]+\)/,
    );
    // --overwrite over the whole list: the two are among the five, for sure.
    const all = await agent('Titles', '--overwrite', '--scope', 'all', '--dry-run');
    expect(all.stderr).toMatch(
      /warning: 2 of the 5 selected leads failed in an earlier run .* and will be charged again: a lead that gets no value is charged all the same, and --overwrite selects it again\./,
    );

    // The printed command runs as printed, at a terminal (it asks before removing); then nothing warns.
    const printed = printedCommands(again.stderr).find((c) => c.startsWith('prospect lists remove'))!;
    expect(printed).not.toMatch(/['"\\]/);
    const confirm: Prompter = { confirm: async () => true, secret: async () => '', text: async () => '' };
    const removed = await runInProcess(printed.split(' ').slice(1), {
      env: t.env,
      tty: true,
      prompter: confirm,
      clock: sandboxClock(t.sb),
    });
    expect(removed.code, removed.stderr).toBe(0);
    expect(json((await raw(t.sb, 'GET', `/api/v2/lead-lists/${listId}`, { token: t.sb.demoKey })).text).lead_count).toBe(4);
  });

  it('past 20 failed leads it names the command that lists their ids instead of all of them', async () => {
    await listOf(
      'Untitled',
      Array.from({ length: 21 }, (_, i): [string, string, string] => [`Lead ${i}`, `lead${i}@acme.io`, '']),
    );
    const first = await agent('Untitled', '--json');
    expect(json(first.stdout)).toMatchObject({ total: 21, failed: 21 });
    const r = await agent('Untitled', '--dry-run');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('warning: 21 of the 21 selected leads failed in an earlier run of title_normalizer');
    expect(r.stderr).toContain(
      'remove them from the list first with lists remove (memberships only); their ids are the rows with an error in: prospect agents results agent-',
    );
    const printed = printedCommands(r.stderr).find((c) => c.startsWith('prospect agents results'))!;
    const results = await t.run(...printed.split(' ').slice(1));
    expect(results.exitCode, results.stderr).toBe(0);
    expect(results.stdout.split('\n')[0]).toBe('lead_id\terror');
    expect(results.stdout.trimEnd().split('\n')).toHaveLength(22);
  });

  it('no warning when the latest run on the column had no failed lead, or another agent ran on the column last', async () => {
    await listOf(
      'Clean list',
      FIVE.filter(([, , title]) => title),
    );
    expect((await agent('Clean list', '--max-rows', '1')).exitCode).toBe(0);
    const r = await agent('Clean list', '--dry-run');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('charged again');

    await listOf('Other agent', FIVE);
    expect((await agent('Other agent', '--max-rows', '3')).exitCode).toBe(0);
    const other = await t.run('agents', 'run', 'Other agent', '--type', 'company_intel', '--column', 'Clean', '--yes', '--dry-run');
    expect(other.exitCode, other.stderr).toBe(0);
    expect(other.stderr).not.toContain('charged again');
  });
});

describe('agents ls with no runs', () => {
  it('names a command that runs as printed, not one with placeholders', async () => {
    await t.seedList('Q3', 2);
    const r = await t.run('agents', 'ls', '--list', 'Q3', '--format', 'table');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      'No smart-agent runs over list "Q3" yet. Start one over a list with agents run; its agent types and flags: `prospect agents run --help`.',
    );
    expect(r.stderr).not.toMatch(/LIST|TYPE/);
    const [printed] = printedCommands(r.stderr);
    const help = await t.run(...printed!.split(' ').slice(1));
    expect(help.exitCode, help.stderr).toBe(0);
    expect(help.stdout).toContain('Usage: prospect agents run');
  });
});

describe("the service's raw hints (HTTP routes to poll) only under --debug", () => {
  it('agents run --no-wait --json: the whole answer on stdout, no raw route on stderr; --debug shows it', async () => {
    await t.seedList('Q3', 3);
    const r = await agent('Q3', '--no-wait', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(json(r.stdout).agent_instructions).toMatch(/Poll GET \/smart-agents\//);
    expect(r.stderr).not.toMatch(/GET \/|poll_url/);
    expect(r.stderr).toContain('Read the results with: prospect agents results ');
    const debug = await t.run(
      'agents',
      'run',
      'Q3',
      '--type',
      'title_normalizer',
      '--column',
      'Other',
      '--yes',
      '--no-wait',
      '--json',
      '--debug',
    );
    expect(debug.exitCode, debug.stderr).toBe(0);
    expect(debug.stderr).toMatch(/\[debug\] agent_instructions: Started title_normalizer .* Poll GET \/smart-agents\//);
  });

  it('enrich legacy-bulk: the Started line names no HTTP route, with or without --no-wait --json', async () => {
    const cwd = tempDir();
    // A contact already sent is a duplicate the service refuses: a new one for each run.
    let sent = 0;
    const contacts = () => {
      writeFileSync(
        path.join(cwd, 'contacts.json'),
        JSON.stringify({ contacts: [{ linkedin_url: `https://www.linkedin.com/in/someone-new-${++sent}` }] }),
      );
      return 'contacts.json';
    };
    // Waiting, the run ends failed (the sandbox finds nobody for that URL): exit 8; what matters is the Started line.
    for (const [flags, exit] of [
      [[], 8],
      [['--no-wait', '--json'], 0],
    ] as const) {
      const r = await prospect(['enrich', 'legacy-bulk', contacts(), '--yes', ...flags], { env: t.env, cwd, clock: sandboxClock(t.sb) });
      expect([flags, r.exitCode], r.stderr).toEqual([flags, exit]);
      expect(r.stderr).toMatch(/Started public_bulk_\S+: 1 contact\.\n/);
      expect(r.stderr).not.toMatch(/GET \/api|Poll /);
    }
    const debug = await prospect(['enrich', 'legacy-bulk', contacts(), '--yes', '--debug'], { env: t.env, cwd, clock: sandboxClock(t.sb) });
    expect(debug.exitCode, debug.stderr).toBe(8);
    expect(debug.stderr).toMatch(/\[debug\] message: .*Poll GET \/api\/v1\/public\/enrich\/status\?workflow_id=/);
  });
});
