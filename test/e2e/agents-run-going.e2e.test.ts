import { describe, expect, it } from 'vitest';
import { control, raw } from '../sandbox/helpers.js';
import { json } from '../helpers/json.js';
import { printedCommands } from '../helpers/printed-command.js';
import { runInProcess, sandboxClock } from '../helpers/in-process.js';
import { useAgentSandbox } from './agents-helpers.js';

/**
 * agents run while a run on the same list and column is still going: refused (exit 7) before
 * anything is priced or spent, naming the run and a command that follows it; a dry run warns
 * and still prints the quote; another column is other work; once the run has ended, running
 * again is allowed and the service skips the leads it wrote.
 */

// A lead finishes every minute of sandbox time: a run started with --no-wait stays processing until a command waits (its clock moves the sandbox's).
const t = useAgentSandbox(60_000);

const agent = (list: string, ...flags: string[]) =>
  t.run('agents', 'run', list, '--type', 'title_normalizer', '--column', 'Clean', '--yes', ...flags);

async function statusOf(id: string): Promise<string> {
  return json((await raw(t.sb, 'GET', `/api/v2/smart-agents/${id}`, { token: t.sb.demoKey })).text).status as string;
}

/** How many reads of a run's results reached the sandbox. */
async function resultReads(): Promise<number> {
  const { requests } = await control(t.sb, 'GET', '/requests?limit=5000');
  return (requests as Array<{ method: string; route: string }>).filter(
    (r) => r.method === 'GET' && r.route === '/smart-agents/{smart_agent_task_id}',
  ).length;
}

/** Starts a run with --no-wait: its id. */
async function started(list: string, ...flags: string[]): Promise<string> {
  const r = await agent(list, '--no-wait', ...flags);
  expect(r.exitCode, r.stderr).toBe(0);
  const id = r.stdout.trim();
  expect(id).toMatch(/^agent-/);
  expect(['pending', 'processing']).toContain(await statusOf(id));
  return id;
}

describe('agents run while a run on the same list and column is going', () => {
  it('refuses a second identical run (exit 7, nothing spent), names the run and a command that follows it; after it ends, a run is allowed and skips the leads done', async () => {
    await t.seedList('Q3', 6);
    const first = await started('Q3', '--max-rows', '3');
    const before = await t.balance();

    const again = await agent('Q3', '--max-rows', '3', '--no-wait');
    expect(again.exitCode, again.stderr).toBe(7);
    expect(again.stdout).toBe('');
    expect(again.stderr).toContain(`error: run_in_progress: smart-agent run ${first} (title_normalizer) on column "Clean" of list `);
    expect(again.stderr).toContain('is still processing (0 of 3 leads done)');
    expect(again.stderr).toContain(
      `fix: Once it has ended, run this again (leads holding a value by then are skipped). Follow it with: prospect agents results ${first} --wait\n`,
    );
    // Refused before the estimate: nothing priced, nothing sent, nothing spent.
    expect(again.stderr).not.toContain('Estimate:');
    expect(await t.balance()).toBe(before);
    expect(await t.runPosts()).toBe(1);

    // The printed command follows the run to its end.
    const follow = printedCommands(again.stderr).find((c) => c.startsWith('prospect agents results'))!;
    expect(follow).toBe(`prospect agents results ${first} --wait`);
    const followed = await t.run(...follow.split(' ').slice(1));
    expect(followed.exitCode, followed.stderr).toBe(0);
    expect(await statusOf(first)).toBe('completed');

    // Ended: the same run is allowed, and the service skips the 3 leads that hold a value now.
    const later = await agent('Q3', '--max-rows', '3', '--json');
    expect(later.exitCode, later.stderr).toBe(0);
    expect(json(later.stdout)).toMatchObject({ status: 'completed', total: 3 });
    expect(await t.balance()).toBe(before - 3);
    // Every lead holds a value now: nothing left, nothing spent.
    const done = await agent('Q3', '--scope', 'all', '--json');
    expect(done.exitCode, done.stderr).toBe(0);
    expect(json(done.stdout)).toMatchObject({ status: 'nothing_left', leads: 6 });
    expect(await t.balance()).toBe(before - 3);
  });

  it('--json: the error on stderr carries the run in details', async () => {
    await t.seedList('Q3', 4);
    const first = await started('Q3');
    const r = await agent('Q3', '--json');
    expect(r.exitCode, r.stderr).toBe(7);
    const error = json(r.stderr).error;
    expect(error).toMatchObject({
      code: 'run_in_progress',
      exit_code: 7,
      details: { run_id: first, status: 'processing', processed: 0, total: 4, column_name: 'Clean' },
    });
    expect(error.fix).toContain(`prospect agents results ${first} --wait`);
  });

  it('a dry run warns that a run is going and still prints the quote; nothing is spent', async () => {
    await t.seedList('Q3', 4);
    const first = await started('Q3');
    const before = await t.balance();
    const r = await agent('Q3', '--dry-run', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(`warning: smart-agent run ${first} (title_normalizer) on column "Clean"`);
    expect(r.stderr).toContain(
      `Without --dry-run this run is refused (exit 7). Once it has ended, run this again (leads holding a value by then are skipped). Follow it with: prospect agents results ${first} --wait\n`,
    );
    expect(json(r.stdout)).toMatchObject({ tool: 'run_smart_agent' });
    expect(await t.balance()).toBe(before);
  });

  it('a run on another column of the same list is other work: allowed while the first goes', async () => {
    await t.seedList('Q3', 4);
    await started('Q3');
    const before = await t.balance();
    const other = await t.run('agents', 'run', 'Q3', '--type', 'company_intel', '--column', 'Intel', '--yes', '--no-wait');
    expect(other.exitCode, other.stderr).toBe(0);
    expect(await t.balance()).toBe(before - 4);
    expect(await t.runPosts()).toBe(2);
  });

  it('stopped (Ctrl-C) while it watched the run: run again, it is refused while the run goes, and paid once', async () => {
    // An hour a lead: the run goes on long after the command is stopped.
    await control(t.sb, 'POST', '/smart-agents', { pace: { pending_ms: 0, row_ms: 3_600_000 } });
    await t.seedList('Q3', 40);
    const before = await t.balance();
    const stop = new AbortController();
    const running = runInProcess(
      ['agents', 'run', 'Q3', '--type', 'title_normalizer', '--column', 'Clean', '--scope', 'all', '--yes', '--json'],
      {
        env: t.env,
        clock: sandboxClock(t.sb),
        signal: stop.signal,
      },
    );
    // Stopped once the run has started and its answer came back: the watch (a results read) began.
    await expect.poll(resultReads, { timeout: 20_000 }).toBeGreaterThan(0);
    stop.abort();
    expect((await running).code).toBe(130);
    expect(await t.balance()).toBe(before - 40);

    const again = await agent('Q3', '--scope', 'all', '--json');
    expect(again.exitCode, again.stderr).toBe(7);
    expect(json(again.stderr).error.code).toBe('run_in_progress');
    expect(await t.balance()).toBe(before - 40);
    expect(await t.runPosts()).toBe(1);
  });
});
