import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { json } from '../helpers/json.js';
import { prospect, sandboxClock } from '../helpers/in-process.js';
import { useAgentSandbox } from './agents-helpers.js';

/**
 * Which leads `agents run` selects, said before paying: the leads a subset leaves out, and a
 * re-run with nothing left to do (exit 0, nothing spent). Then --no-wait for scripts.
 */

const t = useAgentSandbox(1);

const agent = (...flags: string[]) => t.run('agents', 'run', 'Q3', '--type', 'title_normalizer', '--column', 'Clean', '--yes', ...flags);

describe('agents run: the leads a run leaves out', () => {
  it('the default subset says how many of the list it covers and which flags cover them all', async () => {
    await t.seedList('Q3', 302);
    const first = await agent();
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stderr).toContain(
      'This run covers 100 of the 302 leads without a value in column "Clean"; --max-rows 302 or --scope all covers them all.',
    );
    // The note comes with the estimate, before anything is spent.
    expect(first.stderr.indexOf('This run covers')).toBeLessThan(first.stderr.indexOf('Started '));

    const rest = await agent('--scope', 'all');
    expect(rest.exitCode, rest.stderr).toBe(0);
    expect(rest.stderr).toContain('Estimate: up to 202 credits for 202 rows');
    expect(rest.stderr).not.toContain('This run covers');
  });

  it('with --overwrite it counts every lead of the list', async () => {
    await t.seedList('Q3', 150);
    const r = await agent('--overwrite', '--max-rows', '40', '--dry-run');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain("This run covers 40 of the list's 150 leads; --max-rows 150 or --scope all covers them all.");
  });

  it('over 500 leads left it names the 500-lead limit and running again, not --scope all', async () => {
    await t.seedList('Q3', 1_200);
    const r = await agent('--dry-run');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      'This run covers 100 of the 1,200 leads without a value in column "Clean". A run takes at most 500 leads (the service refuses more), so the rest need more runs: ' +
        'run again once this one ends and the leads done are skipped. --max-rows 500 covers the most one run may.',
    );
    expect(r.stderr).not.toContain('--scope all covers');
  });

  it('a list that fits the subset gets no note', async () => {
    await t.seedList('Q3', 30);
    const r = await agent('--dry-run');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('This run covers');
  });
});

describe('agents run again over a finished list', () => {
  it('says there is nothing left to do and exits 0, spending and sending nothing, in either scope', async () => {
    await t.seedList('Q3', 12);
    expect((await agent()).exitCode).toBe(0);
    const before = await t.balance();
    for (const flags of [[], ['--scope', 'all'], ['--no-wait']]) {
      const again = await agent(...flags);
      expect([flags, again.exitCode], again.stderr).toEqual([flags, 0]);
      expect(again.stdout).toBe('');
      expect(again.stderr).toContain(
        'Nothing left to do: all 12 leads of list "Q3" already hold a value in column "Clean". Nothing was spent; --overwrite runs the agent over them again.',
      );
    }
    expect(await t.balance()).toBe(before);
    expect(await t.runPosts()).toBe(1);
  });

  it('an empty list is still a usage error (exit 2) that says how to add leads, in words: no command with placeholders', async () => {
    await control(t.sb, 'POST', '/lists', { name: 'Q3' });
    const r = await agent();
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toContain('list "Q3" is empty');
    expect(r.stderr).toContain(
      'Add leads to it first: the rows of a people search with --save-to Q3, or a CSV file with the import command. Nothing was spent.',
    );
    expect(r.stderr).not.toMatch(/TASK_ID|FILE\.csv|prospect /);
  });
});

describe('agents run --no-wait', () => {
  it('prints only the run id on stdout, for ID=$(...); the follow-up on stderr carries the global flags', async () => {
    await t.seedList('Q3', 5);
    const r = await prospect(
      ['--base-url', t.sb.url, 'agents', 'run', 'Q3', '--type', 'company_intel', '--column', 'Intel', '--yes', '--no-wait'],
      {
        env: t.env,
        clock: sandboxClock(t.sb),
      },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^agent-[\w-]+\n$/);
    const id = r.stdout.trim();
    expect(r.stderr).toContain(`Read the results with: prospect --base-url ${t.sb.url} agents results ${id} --wait`);

    const results = await t.run('agents', 'results', id, '--wait', '--json');
    expect(results.exitCode, results.stderr).toBe(0);
    expect(json(results.stdout)).toMatchObject({ smart_agent_task_id: id, status: 'completed', total: 5, succeeded: 5 });
  });

  it('with --json prints the whole response object', async () => {
    await t.seedList('Q3', 5);
    const r = await agent('--no-wait', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(json(r.stdout)).toMatchObject({
      smart_agent_task_id: expect.stringMatching(/^agent-/),
      status: 'pending',
      column_name: 'Clean',
      estimated_cost: 5,
    });
  });

  it('the help says what --no-wait prints', async () => {
    const help = await t.run('agents', 'run', '--help');
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(
      'With the global --no-wait it prints only the run id on stdout (the whole response with --json)',
    );
    expect(help.stdout).toContain('prospect agents results "$ID" --wait');
  });
});
