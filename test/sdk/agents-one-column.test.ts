import { beforeEach, describe, expect, it } from 'vitest';
import { RunInProgressError, type SmartAgentRunParams } from '../../src/index.js';
import { agentsArea } from '../../src/sandbox/engine/agents.js';
import { isolatedEnv } from '../helpers/binary.js';
import { prospect } from '../helpers/in-process.js';
import { control } from '../sandbox/helpers.js';
import { balanceOf, seededList, useSdkSandbox } from './helpers.js';

/**
 * client.agents.run and the rule of every face on one list and column
 * (workflows/agents/run-going.ts): a run of another request on its way on the column (its
 * request held before the service handles it, so the list's runs do not show it yet) refuses
 * this one, at its send (a quote given) or before pricing, and nothing is spent; an identical
 * request of another face (a command sharing the client's paid-run journal) that went out while
 * this call read the list's runs (that read held by a latency fault) is that call's run: joined,
 * not refused, paid once.
 */

const t = useSdkSandbox();

beforeEach(async () => {
  // A lead takes a minute of sandbox time: a run stays processing.
  await control(t.sb, 'POST', '/smart-agents', { pace: { pending_ms: 0, row_ms: 60_000 } });
});

const runIds = () => agentsArea(t.sb.services.store).order;
const estimates = () => t.sent.filter((r) => r === 'POST /credits/estimate').length;
/** Requests the first fault rule's route received. */
const matched = async () => ((await control(t.sb, 'GET', '/faults')).rules as Array<{ matched: number }>)[0]!.matched;
const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('the call went ahead'),
    (e: unknown) => e,
  );

describe('agents.run: two runs on one column that are not identical', () => {
  it('the first on its way: the second is refused at its send (a quote given) and before pricing, runId null, nothing spent; one run', async () => {
    const list = await seededList(t, 'Q3', 6);
    const first: SmartAgentRunParams = { list_id: list, agent_type: 'title_normalizer', column_name: 'Clean', max_rows: 3 };
    const second: SmartAgentRunParams = { ...first, max_rows: 2 };
    const [qa, qb] = [
      await t.client.credits.estimate({ tool: 'run_smart_agent', ...first }),
      await t.client.credits.estimate({ tool: 'run_smart_agent', ...second }),
    ];
    const before = await balanceOf(t);
    await control(t.sb, 'POST', '/faults', {
      rules: [{ method: 'POST', path: '/smart-agents/run', kind: 'latency', phase: 'before', latency_ms: 2_500, count: 1 }],
    });
    const sending = t.client.agents.run(first, { quote: qa });
    await expect.poll(matched, { timeout: 20_000 }).toBe(1);

    // Priced before the first went out: refused at its send, under the column's lock.
    const atSend = await failure(t.client.agents.run(second, { quote: qb }));
    expect(atSend).toBeInstanceOf(RunInProgressError);
    expect(atSend).toMatchObject({
      code: 'run_in_progress',
      runId: null,
      details: { run_id: null, status: 'on_its_way', list_id: list, column_name: 'Clean' },
    });
    expect((atSend as RunInProgressError).fix).toBe(
      `Find it with client.agents.list({ list_id: '${list}' }) and wait for it; once it has ended, run again: leads holding a value by then are skipped.`,
    );
    // Not priced: refused before its estimate.
    const priced = estimates();
    expect(await failure(t.client.agents.run(second, { maxCredits: 100 }))).toMatchObject({ name: 'RunInProgressError', runId: null });
    expect(estimates()).toBe(priced);

    const run = await sending;
    expect(runIds()).toEqual([run.smart_agent_task_id]);
    expect(await balanceOf(t)).toBe(before - 3);
  });
});

describe('agents.run while an identical request of another face is on its way', () => {
  it("a command's run sent while this call read the list's runs is this call's run: joined, not refused, one run", async () => {
    const env = isolatedEnv({ PROSPECT_BASE_URL: t.sb.url, PROSPECT_API_KEY: t.sb.demoKey });
    const client = t.clientWith({ paidRunJournal: { dataDir: env.PROSPECT_DATA_DIR! } });
    const list = await seededList(t, 'Q3', 6);
    const before = await balanceOf(t);
    // This call's read of the list's runs comes back once the command's run is there.
    await control(t.sb, 'POST', '/faults', {
      rules: [{ method: 'GET', path: '/smart-agents?', kind: 'latency', phase: 'before', latency_ms: 2_000, count: 1 }],
    });
    const call = client.agents.run({ list_id: list, agent_type: 'title_normalizer', column_name: 'Clean' }, { maxCredits: 100 });
    await expect.poll(matched, { timeout: 20_000 }).toBe(1);
    const command = await prospect(
      ['agents', 'run', list, '--type', 'title_normalizer', '--column', 'Clean', '--yes', '--json', '--no-wait'],
      { env },
    );
    expect(command.exitCode, command.stderr).toBe(0);
    const started = JSON.parse(command.stdout);

    // Before: RunInProgressError naming the command's run.
    const joined = await call;
    expect(joined.smart_agent_task_id).toBe(started.smart_agent_task_id);
    expect(runIds()).toEqual([started.smart_agent_task_id]);
    expect(await balanceOf(t)).toBe(before - started.credits_reserved);
  });
});
