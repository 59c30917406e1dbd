import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { records, shapeForSync } from '../sandbox/sync-helpers.js';
import { json } from '../helpers/json.js';
import { faultsAfter, faultsBefore, useFaultSandbox, type Fault } from './faults-helpers.js';

/**
 * Never pay twice, for agents run and sync: under each fault the command prints what it prints
 * without faults and the balance ends where it ends without faults. A sync cannot be read back,
 * so an answer lost after the push exits 9 having charged once; running it again is a new sync.
 */
const t = useFaultSandbox();

interface PaidCommand {
  name: string;
  argv: string[];
  method: string;
  path: string;
  /** Where the pushed leads land, for sync. */
  destination?: string;
  seed: () => Promise<unknown>;
}

const syncList = async (n: number) => shapeForSync(records(t, await t.seedList('Q3', n)));

const AGENTS: PaidCommand = {
  name: 'agents run',
  argv: ['agents', 'run', 'Q3', '--type', 'pain_point_hypothesis', '--column', 'Pains'],
  method: 'POST',
  path: '/smart-agents/run',
  seed: () => t.seedList('Q3', 6),
};
const SYNCS: PaidCommand[] = [
  {
    name: 'sync crm',
    argv: ['sync', 'crm', 'Q3', '--provider', 'crm_one'],
    method: 'POST',
    path: '/migrate/crm',
    destination: 'crm_one/contacts',
    seed: () => syncList(16),
  },
  {
    name: 'sync sequencer',
    argv: ['sync', 'sequencer', 'Q3', '--campaign', 'Founder follow-up'],
    method: 'POST',
    path: '/migrate/sequencer',
    destination: 'sequencer_one/',
    seed: () => syncList(16),
  },
];

/** The printed result without what differs from run to run (ids, times). */
function result(stdout: string): Record<string, unknown> {
  const { smart_agent_task_id: _a, workflow_id: _w, timestamp_ms: _t, ...rest } = json(stdout);
  return rest;
}

/** Leads the destination holds after the run. */
async function held(prefix: string | undefined): Promise<number> {
  if (!prefix) return 0;
  const all = (await control(t.sb, 'GET', '/sync/destinations')).destinations as Record<string, unknown[]>;
  return Object.entries(all)
    .filter(([k]) => k.startsWith(prefix))
    .reduce((n, [, v]) => n + v.length, 0);
}

async function runWith(c: PaidCommand, rules: Fault['rules']) {
  await c.seed();
  await t.faults(rules);
  const r = await t.cli(...c.argv, '--yes', '--json');
  if (rules.length) await t.expectFaultsHit();
  await t.faults([]);
  return { ...r, balance: await t.balance(), held: await held(c.destination) };
}

async function baseline(c: PaidCommand) {
  const clean = await runWith(c, []);
  expect(clean.code, clean.stderr).toBe(0);
  await t.fresh();
  return clean;
}

async function sameAsWithoutFaults(c: PaidCommand, rules: Fault['rules']) {
  const clean = await baseline(c);
  const faulty = await runWith(c, rules);
  expect(faulty.code, faulty.stderr).toBe(0);
  expect(result(faulty.stdout)).toEqual(result(clean.stdout));
  expect(faulty.balance).toBe(clean.balance);
  expect(faulty.held).toBe(clean.held);
}

describe('agents run', () => {
  const c = AGENTS;
  // Lost answers after the start are found through the single-use quote and read back.
  it.each([...faultsBefore(c.method, c.path), ...faultsAfter(c.method, c.path)])(
    '$name on the start: the same results and balance',
    async (f) => {
      await sameAsWithoutFaults(c, f.rules);
    },
  );

  it.each(faultsBefore('GET', '/smart-agents/agent-'))('$name on result polls: the same results and balance', async (f) => {
    await sameAsWithoutFaults(c, f.rules);
  });
});

describe.each(SYNCS)('$name', (c) => {
  it.each(faultsBefore(c.method, c.path))('$name on the push: the same result and balance', async (f) => {
    await sameAsWithoutFaults(c, f.rules);
  });

  it.each(faultsAfter(c.method, c.path))(
    '$name on the push: exit 9, charged once; a re-run is a second sync that duplicates nothing',
    async (f) => {
      const clean = await baseline(c);
      const price = 5_000 - clean.balance;
      const lost = await runWith(c, f.rules);
      expect(lost.code, lost.stderr).toBe(9);
      expect(lost.stdout).toBe('');
      expect(lost.stderr).toMatch(
        /dispatch_outcome_unknown[\s\S]*The quote was used: it paid for svc-sync_\S+, which ran \(and was charged\)/,
      );
      expect(lost.stderr).toContain('A sync cannot be read back');
      expect(lost.balance).toBe(clean.balance);
      expect(lost.held).toBe(clean.held);

      const again = await t.cli(...c.argv, '--yes', '--json');
      expect(again.code, again.stderr).toBe(0);
      expect(result(again.stdout)).toMatchObject({ status: 'completed', credits_charged: price });
      expect(await t.balance()).toBe(clean.balance - price);
      expect(await held(c.destination)).toBe(clean.held);
    },
  );
});
