import { beforeEach, describe, expect, it } from 'vitest';
import { control, raw } from '../sandbox/helpers.js';
import { json } from '../helpers/json.js';
import { useJournalSandbox } from './journal-helpers.js';
import { agentsArea } from '../../src/sandbox/engine/agents.js';

/**
 * agents run stopped before its answer came (the run started): the run still goes when the
 * same command runs again. The paid-run journal holds that very request, so the run going is
 * its own: resolved through its quote, not refused as a second run, and paid once. With
 * --pay-again the journal is set aside, and the run going refuses a second one.
 */

const t = useJournalSandbox();

beforeEach(async () => {
  // A lead finishes every minute of sandbox time: the run goes on after the command is stopped.
  await control(t.sb, 'POST', '/smart-agents', { pace: { pending_ms: 0, row_ms: 60_000 } });
});

const argv = ['agents', 'run', 'Q3', '--type', 'pain_point_hypothesis', '--column', 'Pains', '--yes', '--json', '--no-wait'];
const runIds = () => agentsArea(t.sb.services.store).order;

async function statusOf(id: string): Promise<string> {
  return json((await raw(t.sb, 'GET', `/api/v2/smart-agents/${id}`, { token: t.sb.demoKey })).text).status as string;
}

/** The command stopped after the service started the run, its answer held back: the run's id. */
async function stoppedInFlight(): Promise<string> {
  await t.seedList('Q3', 6);
  await t.holdAnswer('POST', '/smart-agents/run');
  const stopped = await t.interruptedAfter(argv, () => runIds().length > 0);
  expect(stopped.code).toBe(130);
  await t.faults([]);
  const id = runIds()[0]!;
  expect(['pending', 'processing']).toContain(await statusOf(id));
  return id;
}

describe('agents run again after a stop before its answer, while the run goes', () => {
  it('the journaled request is the run going: resolved through its quote, not refused, paid once', async () => {
    const before = await t.balance();
    const id = await stoppedInFlight();
    expect(await t.balance()).toBe(before - 6);

    const again = await t.run(...argv);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toContain('but its answer was lost; resolved through its quote, not paid again.');
    expect(again.stderr).not.toContain('run_in_progress');
    expect(json(again.stdout).smart_agent_task_id).toBe(id);
    expect(runIds()).toHaveLength(1);
    expect(await t.balance()).toBe(before - 6);
  });

  it('with --pay-again the run going refuses a second run (exit 7), nothing spent', async () => {
    const before = await t.balance();
    const id = await stoppedInFlight();
    const again = await t.run(...argv, '--pay-again');
    expect(again.exitCode, again.stderr).toBe(7);
    expect(json(again.stderr).error).toMatchObject({ code: 'run_in_progress', details: { run_id: id } });
    expect(runIds()).toHaveLength(1);
    expect(await t.balance()).toBe(before - 6);
  });
});
