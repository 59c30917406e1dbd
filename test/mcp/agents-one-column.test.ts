import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { isolatedEnv } from '../helpers/binary.js';
import { prospect } from '../helpers/in-process.js';
import { agentsArea } from '../../src/sandbox/engine/agents.js';
import { JournalStore, journalDir } from '../../src/workflows/journal/file-store.js';
import { balance, callTool, structuredOf, textOf, useMcpSandbox, type Session } from './helpers.js';

/**
 * agents_run and the rule of every face on one list and column (workflows/agents/run-going.ts):
 * a run of another request on its way on the column (held before the service handles it, so the
 * list's runs do not show it yet) refuses this one, at its send (a quote priced before) and when
 * pricing, nothing spent; an identical request of a command that went out while this call read
 * the list's runs (that read held by a latency fault) is this call's run: joined, not refused.
 */

const t = useMcpSandbox();

const runIds = () => agentsArea(t.sb.services.store).order;
/** Requests the first fault rule's route received. */
const matched = async () => ((await control(t.sb, 'GET', '/faults')).rules as Array<{ matched: number }>)[0]!.matched;
const count = (s: Session, route: string) => s.sent.filter((r) => r === route).length;

async function priced(s: Session, args: Record<string, unknown>): Promise<string> {
  const r = await callTool(s, 'agents_run', args);
  expect(structuredOf(r), textOf(r)).toMatchObject({ status: 'priced' });
  return structuredOf(r).quote.quote_id as string;
}

describe('agents_run: two runs on one column that are not identical', () => {
  it('the first on its way: the second is refused at its send and when priced again (run_in_progress), nothing spent; one run', async () => {
    // A lead takes a minute of sandbox time: a run stays processing.
    await control(t.sb, 'POST', '/smart-agents', { pace: { pending_ms: 0, row_ms: 60_000 } });
    const s = await t.session({ maxCredits: 100 });
    const list = await t.seededList('Q3', 6);
    const first = { list_id: list, agent_type: 'title_normalizer', column_name: 'Clean', max_rows: 3 };
    const second = { ...first, max_rows: 2 };
    const [qa, qb] = [await priced(s, first), await priced(s, second)];
    const before = await balance(t.sb);
    await control(t.sb, 'POST', '/faults', {
      rules: [{ method: 'POST', path: '/smart-agents/run', kind: 'latency', phase: 'before', latency_ms: 2_500, count: 1 }],
    });
    const sending = callTool(s, 'agents_run', { ...first, quote_id: qa });
    await expect.poll(matched, { timeout: 20_000 }).toBe(1);

    const atSend = await callTool(s, 'agents_run', { ...second, quote_id: qb });
    expect(atSend.isError).toBe(true);
    const text = textOf(atSend);
    expect(text).toMatch(
      /Error run_in_progress: a smart-agent run \(title_normalizer\) on column "Clean" of list \S+ was sent at \d\d:\d\d and its answer has not come yet/,
    );
    expect(text).toContain(`Fix: Find it with agents_ls (list_id "${list}")`);
    expect(text).toContain('"status":"on_its_way"');
    // Priced again: refused before its estimate.
    const estimates = count(s, 'POST /credits/estimate');
    const again = await callTool(s, 'agents_run', second);
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain('Error run_in_progress: a smart-agent run (title_normalizer) on column "Clean"');
    expect(count(s, 'POST /credits/estimate')).toBe(estimates);

    const ran = structuredOf(await sending);
    expect(ran).toMatchObject({ status: 'ran', spend: { spent_up_to: 3 } });
    expect(runIds()).toEqual([ran.result.smart_agent_task_id]);
    expect(count(s, 'POST /smart-agents/run')).toBe(1);
    expect(await balance(t.sb)).toBe(before - 3);
  });
});

describe('agents_run while an identical request of a command is on its way', () => {
  it("the command's run sent while this call read the list's runs is this call's run: joined, not refused, one run", async () => {
    await control(t.sb, 'POST', '/smart-agents', { pace: { pending_ms: 0, row_ms: 60_000 } });
    const env = isolatedEnv({ PROSPECT_BASE_URL: t.sb.url, PROSPECT_API_KEY: t.sb.demoKey });
    // A client that asks the person, who accepts: the call prices and runs at once.
    const s = await t.session({ maxCredits: 100, answer: 'accept', store: new JournalStore(journalDir(env)) });
    const list = await t.seededList('Q3', 6);
    const before = await balance(t.sb);
    await control(t.sb, 'POST', '/faults', {
      rules: [{ method: 'GET', path: '/smart-agents?', kind: 'latency', phase: 'before', latency_ms: 2_000, count: 1 }],
    });
    const call = callTool(s, 'agents_run', { list_id: list, agent_type: 'title_normalizer', column_name: 'Clean' });
    await expect.poll(matched, { timeout: 20_000 }).toBe(1);
    const command = await prospect(
      ['agents', 'run', list, '--type', 'title_normalizer', '--column', 'Clean', '--yes', '--json', '--no-wait'],
      { env },
    );
    expect(command.exitCode, command.stderr).toBe(0);
    const started = JSON.parse(command.stdout);

    // Before: run_in_progress naming the command's run.
    const r = await call;
    expect(structuredOf(r), textOf(r)).toMatchObject({
      status: 'ran',
      result: { smart_agent_task_id: started.smart_agent_task_id },
      spend: { spent_up_to: 0 },
    });
    expect(textOf(r)).toMatch(/An identical request was sent at \d\d:\d\d by this process while this one was being made/);
    expect(runIds()).toEqual([started.smart_agent_task_id]);
    expect(await balance(t.sb)).toBe(before - started.credits_reserved);
  });
});
