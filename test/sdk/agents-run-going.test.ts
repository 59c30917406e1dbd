import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ConflictError, RunInProgressError, type SmartAgentRunParams } from '../../src/index.js';
import type { Quote } from '../../src/api/schemas/credits.js';
import { control } from '../sandbox/helpers.js';
import { balanceOf, seededList, useSdkSandbox } from './helpers.js';

/**
 * client.agents.run while a run on the same list and column is going: RunInProgressError
 * before anything is priced or spent (with a quote given too), naming the run; another column
 * is other work; once the run has ended a run is allowed and the service skips the leads done.
 */

const t = useSdkSandbox();

beforeEach(async () => {
  // A lead finishes every minute of sandbox time: a run stays processing until the test moves the clock.
  await control(t.sb, 'POST', '/smart-agents', { pace: { pending_ms: 0, row_ms: 60_000 } });
});

const spend = { maxCredits: 100 };
const estimates = () => t.sent.filter((r) => r === 'POST /credits/estimate').length;
const runPosts = () => t.sent.filter((r) => r === 'POST /smart-agents/run').length;

async function refusal(p: Promise<unknown>): Promise<RunInProgressError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(RunInProgressError);
  return e as RunInProgressError;
}

describe('agents.run while a run on the same list and column is going', () => {
  it('throws RunInProgressError naming the run, nothing priced or spent; after the run ends, a run is allowed and skips the leads done', async () => {
    const list = await seededList(t, 'Q3', 6);
    const params: SmartAgentRunParams = { list_id: list, agent_type: 'title_normalizer', column_name: 'Clean', max_rows: 3 };
    const first = await t.client.agents.run(params, spend);
    expect((await t.client.agents.results(first.smart_agent_task_id)).status).toBe('processing');
    const before = await balanceOf(t);
    const [priced, posted] = [estimates(), runPosts()];

    const confirm = vi.fn((_q: Quote) => true);
    const e = await refusal(t.client.agents.run(params, { confirm }));
    expect(e).toBeInstanceOf(ConflictError);
    expect(e).toBeInstanceOf(ApiError);
    expect(e.name).toBe('RunInProgressError');
    expect(e.runId).toBe(first.smart_agent_task_id);
    expect(e).toMatchObject({
      code: 'run_in_progress',
      status: 409,
      details: { run_id: first.smart_agent_task_id, status: 'processing', processed: 0, total: 3, column_name: 'Clean' },
    });
    expect(e.problem).toContain(`smart-agent run ${first.smart_agent_task_id} (title_normalizer) on column "Clean"`);
    expect(e.fix).toBe(
      `Wait for it with client.agents.waitFor('${first.smart_agent_task_id}'); once it has ended, run again: leads holding a value by then are skipped.`,
    );
    expect(confirm).not.toHaveBeenCalled();
    expect([estimates(), runPosts()]).toEqual([priced, posted]);
    expect(await balanceOf(t)).toBe(before);

    // A quote estimated for this request is refused the same way, unspent.
    const quote = await t.client.credits.estimate({
      tool: 'run_smart_agent',
      list_id: list,
      agent_type: 'title_normalizer',
      column_name: 'Clean',
      max_rows: 3,
    });
    expect((await refusal(t.client.agents.run(params, { quote }))).runId).toBe(first.smart_agent_task_id);
    expect(runPosts()).toBe(posted);
    expect(await balanceOf(t)).toBe(before);

    // Ended: allowed, and the 3 leads done are skipped.
    await control(t.sb, 'POST', '/clock', { advance_ms: 10 * 60_000 });
    expect((await t.client.agents.waitFor(first.smart_agent_task_id)).status).toBe('completed');
    const second = await t.client.agents.run(params, spend);
    expect(second.smart_agent_task_id).not.toBe(first.smart_agent_task_id);
    expect(await balanceOf(t)).toBe(before - 3);
    await control(t.sb, 'POST', '/clock', { advance_ms: 10 * 60_000 });
    expect(await t.client.agents.waitFor(second.smart_agent_task_id)).toMatchObject({ status: 'completed', total: 3 });
    const left = await t.client.credits.estimate({
      tool: 'run_smart_agent',
      list_id: list,
      agent_type: 'title_normalizer',
      column_name: 'Clean',
      lead_scope: 'all',
    });
    expect(left.row_count).toBe(0);
  });

  it('a run on another column of the same list is allowed while the first goes', async () => {
    const list = await seededList(t, 'Q3', 4);
    await t.client.agents.run({ list_id: list, agent_type: 'title_normalizer', column_name: 'Clean' }, spend);
    const before = await balanceOf(t);
    const other = await t.client.agents.run({ list_id: list, agent_type: 'company_intel', column_name: 'Intel' }, spend);
    expect(other.status).toBe('pending');
    expect(await balanceOf(t)).toBe(before - 4);
  });
});
