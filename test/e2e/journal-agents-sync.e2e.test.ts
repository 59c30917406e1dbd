import { describe, expect, it } from 'vitest';
import { json } from '../helpers/json.js';
import { records, shapeForSync } from '../sandbox/sync-helpers.js';
import { useJournalSandbox } from './journal-helpers.js';
import { agentsArea } from '../../src/sandbox/engine/agents.js';
import { syncArea } from '../../src/sandbox/engine/sync.js';

/**
 * The journal under the other paid commands: a smart-agent run stopped after it started is
 * read back through its quote; a sync cannot be read back, so the same command again finds
 * the quote used and exits 9 having charged once (the run is recorded as answered).
 */
const t = useJournalSandbox();

const agentRuns = () => agentsArea(t.sb.services.store).order.length;
const syncs = () => Object.keys(syncArea(t.sb.services.store).syncs).length;

describe('the paid-run journal for agents and syncs', () => {
  it('agents run stopped after the start: the same command again reads the run back, paid once', async () => {
    await t.seedList('Q3', 6);
    const argv = ['agents', 'run', 'Q3', '--type', 'pain_point_hypothesis', '--column', 'Pains', '--overwrite', '--yes', '--json'];
    const before = await t.balance();
    await t.holdAnswer('POST', '/smart-agents/run');
    const stopped = await t.interruptedAfter(argv, () => agentRuns() > 0);
    expect(stopped.code).toBe(130);
    const charged = before - (await t.balance());
    expect(charged).toBe(6);

    await t.faults([]);
    const again = await t.run(...argv);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toContain('An earlier run of this command was sent at');
    expect(agentRuns()).toBe(1);
    expect(await t.balance()).toBe(before - charged);
    const id = agentsArea(t.sb.services.store).order[0]!;
    expect(json(again.stdout).smart_agent_task_id).toBe(id);
    expect((await t.runs())[0]).toMatchObject({
      state: 'answered',
      tool: 'run_smart_agent',
      run_id: id,
      check: `prospect agents results ${id}`,
    });
  });

  it('sync crm stopped after the push: the same command again finds its quote used, exits 9 and pushes nothing twice', async () => {
    shapeForSync(records(t, await t.seedList('Q3', 16)));
    const argv = ['sync', 'crm', 'Q3', '--provider', 'crm_one', '--yes', '--json'];
    const before = await t.balance();
    await t.holdAnswer('POST', '/migrate/crm');
    await t.interruptedAfter(argv, () => syncs() > 0);
    const charged = before - (await t.balance());
    expect(charged).toBeGreaterThan(0);

    await t.faults([]);
    const again = await t.run(...argv);
    expect(again.exitCode, again.stderr).toBe(9);
    // Not "resolved": a sync cannot be read back, and the error says what the quote paid for.
    expect(again.stderr).not.toContain('resolved through its quote');
    expect(again.stderr).toMatch(/The quote was used: it paid for svc-sync_\S+, which ran \(and was charged\)/);
    expect(syncs()).toBe(1);
    expect(await t.balance()).toBe(before - charged);
    const [entry] = await t.runs();
    expect(entry).toMatchObject({ state: 'answered', tool: 'sync_to_crm', check: '' });
    expect(entry!.run_id).toMatch(/^svc-sync_/);
  });
});
