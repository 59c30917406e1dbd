import { beforeEach, describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { json } from '../helpers/json.js';
import { agentsArea } from '../../src/sandbox/engine/agents.js';
import { useJournalSandbox } from './journal-helpers.js';

/**
 * agents run: two runs on one list and column that are not identical (--max-rows 3 and 2) never
 * both start. The first run's request is held before the service handles it (a latency fault), so
 * the list's runs do not show it yet: the paid-run journal does (written before it went out), and
 * the runs of one column take turns at their send, under the journal's lock of the list and
 * column. The second is refused (exit 7, run_in_progress) and pays nothing.
 */

const t = useJournalSandbox();

beforeEach(async () => {
  // A lead takes a minute of sandbox time: a run stays processing.
  await control(t.sb, 'POST', '/smart-agents', { pace: { pending_ms: 0, row_ms: 60_000 } });
});

const argv = (maxRows: number) => [
  'agents',
  'run',
  'Q3',
  '--type',
  'title_normalizer',
  '--column',
  'Clean',
  '--max-rows',
  String(maxRows),
  '--yes',
  '--json',
  '--no-wait',
];
const runIds = () => agentsArea(t.sb.services.store).order;
/** Requests the held route received (the first is held, not yet handled). */
const held = async () => ((await control(t.sb, 'GET', '/faults')).rules as Array<{ matched: number }>)[0]!.matched;
const logged = async (method: string, route: string) =>
  ((await control(t.sb, 'GET', '/requests?limit=1000')).requests as Array<{ method: string; route: string }>).filter(
    (r) => r.method === method && r.route === route,
  ).length;
/** The first POST /smart-agents/run waits `ms` before the service handles it. */
/** The error a command printed with --json: the last line of its stderr. */
const errorOf = (stderr: string) => json(stderr.trim().split('\n').pop()!).error;
const holdFirstRun = (ms: number) =>
  t.faults([{ method: 'POST', path: '/smart-agents/run', kind: 'latency', phase: 'before', latency_ms: ms, count: 1 }]);

describe('two agents runs on one column, not identical, at once', () => {
  it('the first on its way, not yet a run of the service: the second is refused before it is priced (exit 7), one run, credits for one', async () => {
    const list = await t.seedList('Q3', 6);
    const before = await t.balance();
    await holdFirstRun(2_000);
    const first = t.run(...argv(3));
    await expect.poll(held, { timeout: 20_000 }).toBe(1);
    expect(runIds()).toEqual([]);
    const priced = await logged('POST', '/credits/estimate');

    const second = await t.run(...argv(2));
    expect(second.exitCode, second.stderr).toBe(7);
    expect(second.stderr).not.toContain('Estimate:');
    const error = errorOf(second.stderr);
    expect(error).toMatchObject({
      code: 'run_in_progress',
      details: { run_id: null, status: 'on_its_way', list_id: list, column_name: 'Clean', agent_type: 'title_normalizer' },
    });
    expect(error.problem).toMatch(
      /^a smart-agent run \(title_normalizer\) on column "Clean" of list \S+ was sent at \d\d:\d\d and its answer has not come yet; a second run now would select and pay again/,
    );
    expect(error.fix).toContain(`Find it with: prospect agents ls --list ${list}`);
    expect(await logged('POST', '/credits/estimate')).toBe(priced);

    const one = await first;
    expect(one.exitCode, one.stderr).toBe(0);
    const started = json(one.stdout);
    expect(runIds()).toEqual([started.smart_agent_task_id]);
    expect(await logged('POST', '/smart-agents/run')).toBe(1);
    expect(await t.balance()).toBe(before - started.credits_reserved);
    expect(started.credits_reserved).toBe(3);
  });

  it('started together, the first request held: one starts a run, the other is refused (exit 7) at its check or at its send; credits for one run', async () => {
    await t.seedList('Q3', 6);
    const before = await t.balance();
    await holdFirstRun(2_000);
    const [a, b] = await Promise.all([t.run(...argv(3)), t.run(...argv(2))]);
    const ran = [a, b].find((r) => r.exitCode === 0);
    const refused = [a, b].find((r) => r.exitCode === 7);
    expect(ran, `${a.stderr}\n${b.stderr}`).toBeDefined();
    expect(refused, `${a.stderr}\n${b.stderr}`).toBeDefined();
    expect(errorOf(refused!.stderr).code).toBe('run_in_progress');
    const started = json(ran!.stdout);
    expect(runIds()).toEqual([started.smart_agent_task_id]);
    expect(await logged('POST', '/smart-agents/run')).toBe(1);
    expect(await t.balance()).toBe(before - started.credits_reserved);
  });

  it('a run on another column of the list is other work: both start', async () => {
    await t.seedList('Q3', 6);
    const before = await t.balance();
    await holdFirstRun(3_000);
    const first = t.run(...argv(3));
    await expect.poll(held, { timeout: 20_000 }).toBe(1);
    const other = await t.run(
      'agents',
      'run',
      'Q3',
      '--type',
      'title_normalizer',
      '--column',
      'Other',
      '--max-rows',
      '2',
      '--yes',
      '--json',
      '--no-wait',
    );
    expect(other.exitCode, other.stderr).toBe(0);
    expect((await first).exitCode).toBe(0);
    expect(runIds()).toHaveLength(2);
    expect(await t.balance()).toBe(before - 5);
  });
});
