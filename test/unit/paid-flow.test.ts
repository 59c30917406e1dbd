import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientFor, control, openSandbox, type RunningSandbox } from '../sandbox/helpers.js';
import { runInProcess } from '../helpers/in-process.js';
import { tempDir } from '../helpers/temp-dir.js';
import type { Prompter } from '../../src/cli/prompt.js';
import { apiOf } from '../../src/api/api.js';

/** The paid flow at a terminal: the question, a decline, and a quote that expires while the person decides. */
let sb: RunningSandbox;
beforeAll(async () => {
  sb = await openSandbox();
});
afterAll(() => sb.close());
beforeEach(async () => {
  await control(sb, 'POST', '/reset', {});
  await control(sb, 'POST', '/rate-limits', { enabled: false });
  await control(sb, 'POST', '/enrichment', { pace: { pending_ms: 0, min_run_ms: 50, row_ms: 0 } });
});

const env = () => ({ PROSPECT_BASE_URL: sb.url, PROSPECT_API_KEY: sb.demoKey, NO_COLOR: '1' });
const balance = async () => (await apiOf(clientFor(sb)).credits.balance()).credits;

/** A person at the terminal: each answer may first do something (take their time, change the list). */
function person(answers: Array<{ yes: boolean; meanwhile?: () => Promise<void> }>) {
  const asked: Array<{ question: string; flag: string }> = [];
  const prompter: Prompter = {
    async confirm(question, { flag }) {
      asked.push({ question, flag });
      const a = answers[asked.length - 1];
      if (!a) throw new Error(`asked more than expected: ${question}`);
      await a.meanwhile?.();
      return a.yes;
    },
    secret: async () => '',
    text: async () => '',
  };
  return { prompter, asked };
}

describe('paid commands at a terminal', () => {
  it('asks once with the estimate; yes runs, no exits 10 and spends nothing', async () => {
    await control(sb, 'POST', '/lists', { name: 'Q3', people: 40 });
    const no = person([{ yes: false }]);
    const before = await balance();
    const declined = await runInProcess(['enrich', 'list', 'Q3'], { env: env(), tty: true, prompter: no.prompter });
    expect(declined.code).toBe(10);
    expect(no.asked).toEqual([{ question: 'Spend up to 40 credits?', flag: '--yes' }]);
    expect(declined.stderr).toMatch(/declined; nothing was spent/);
    expect(await balance()).toBe(before);

    const yes = person([{ yes: true }]);
    const ran = await runInProcess(['enrich', 'list', 'Q3', '--json'], { env: env(), tty: true, prompter: yes.prompter });
    expect(ran.code, ran.stderr).toBe(0);
    expect(yes.asked).toHaveLength(1);
    expect(await balance()).toBe(before - JSON.parse(ran.stdout).credits_charged);
  });

  it('a quote that expired while the person decided is renewed without asking again when the cost is the same', async () => {
    await control(sb, 'POST', '/lists', { name: 'Q3', people: 20 });
    const slow = person([{ yes: true, meanwhile: () => control(sb, 'POST', '/clock', { advance_ms: 6 * 60_000 }) }]);
    const r = await runInProcess(['enrich', 'list', 'Q3', '--json'], { env: env(), tty: true, prompter: slow.prompter });
    expect(r.code, r.stderr).toBe(0);
    expect(slow.asked).toHaveLength(1);
    expect(r.stderr).toContain('The quote expired before the run was sent; estimating again.');
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 20, credits_reserved: 20 });
  });

  it('when the cost went up meanwhile, the person is asked again with the new figure', async () => {
    const q3 = await control(sb, 'POST', '/lists', { name: 'Q3', people: 20 });
    const more = await control(sb, 'POST', '/lists', { name: 'More', people: 10, from_person: 500 });
    const client = clientFor(sb);
    const grow = async () => {
      const leads = (await client.get<{ leads: Array<{ lead_id: string }> }>(`/lead-lists/${more.list_id}/leads`)).leads;
      await client.post(`/lead-lists/${q3.list_id}/leads`, { lead_ids: leads.map((l) => l.lead_id) });
      await control(sb, 'POST', '/clock', { advance_ms: 6 * 60_000 });
    };
    const p = person([{ yes: true, meanwhile: grow }, { yes: true }]);
    const r = await runInProcess(['enrich', 'list', 'Q3', '--json'], { env: env(), tty: true, prompter: p.prompter });
    expect(r.code, r.stderr).toBe(0);
    expect(p.asked.map((a) => a.question)).toEqual(['Spend up to 20 credits?', 'Spend up to 30 credits?']);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 30, credits_reserved: 30 });
  });

  it('--max-cost is an answer: under it nothing is asked, over it exit 5 without asking', async () => {
    await control(sb, 'POST', '/lists', { name: 'Q3', people: 20 });
    const never = person([]);
    const under = await runInProcess(['enrich', 'list', 'Q3', '--max-cost', '20'], { env: env(), tty: true, prompter: never.prompter });
    expect(under.code, under.stderr).toBe(0);
    const over = await runInProcess(['enrich', 'list', 'Q3', '--max-cost', '19', '--all-leads'], {
      env: env(),
      tty: true,
      prompter: never.prompter,
    });
    expect(over.code).toBe(5);
    expect(never.asked).toEqual([]);
  });

  it('PROSPECT_MAX_COST answers as --max-cost does; a profile max_cost is a ceiling, and the person is still asked', async () => {
    await control(sb, 'POST', '/lists', { name: 'Q3', people: 20 });
    const never = person([]);
    const over = await runInProcess(['enrich', 'list', 'Q3'], {
      env: { ...env(), PROSPECT_MAX_COST: '19' },
      tty: true,
      prompter: never.prompter,
    });
    expect(over.code).toBe(5);
    expect(over.stderr).toMatch(/over PROSPECT_MAX_COST 19/);
    const before = await balance();
    const under = await runInProcess(['enrich', 'list', 'Q3'], {
      env: { ...env(), PROSPECT_MAX_COST: '20' },
      tty: false,
      prompter: never.prompter,
    });
    expect(under.code, under.stderr).toBe(0);
    expect(await balance()).toBeLessThan(before);
    expect(never.asked).toEqual([]);

    const config = { ...env(), PROSPECT_CONFIG_DIR: tempDir() };
    expect((await runInProcess(['config', 'set', 'max_cost', '5'], { env: config })).code).toBe(0);
    await control(sb, 'POST', '/lists', { name: 'Q4', people: 20 });
    const capped = await runInProcess(['enrich', 'list', 'Q4'], { env: config, tty: true, prompter: never.prompter });
    expect(capped.code).toBe(5);
    expect(capped.stderr).toMatch(/over max_cost of the profile 5/);
    expect((await runInProcess(['config', 'set', 'max_cost', '100'], { env: config })).code).toBe(0);
    const declined = person([{ yes: false }]);
    const asked = await runInProcess(['enrich', 'list', 'Q4'], { env: config, tty: true, prompter: declined.prompter });
    expect(asked.code).toBe(10);
    expect(declined.asked).toHaveLength(1);
    const script = await runInProcess(['enrich', 'list', 'Q4'], { env: config, tty: false });
    expect(script.code).toBe(10);
  });
});

describe('a lost answer is never paid for twice', () => {
  it('a resend that finds the quote expired exits 9 naming the lost answer, and does not estimate and run again', async () => {
    await control(sb, 'POST', '/lists', { name: 'Q3', people: 20 });
    await control(sb, 'POST', '/enrichment', { hit_rates: { email: 1 } });
    await control(sb, 'POST', '/faults', { rules: [{ method: 'POST', path: '/enrichment/bulk', count: 1, kind: 'drop', phase: 'after' }] });
    // The wait before the resend outlasts the quote (as when the person took almost 5 minutes to answer).
    let waited = false;
    const clock = {
      now: () => Date.now(),
      async sleep() {
        if (!waited) await control(sb, 'POST', '/clock', { advance_ms: 6 * 60_000 });
        waited = true;
      },
    };
    const before = await balance();
    const r = await runInProcess(['enrich', 'list', 'Q3', '--yes'], { env: env(), clock });
    expect(r.code, r.stderr).toBe(9);
    expect(r.stderr).toMatch(/answer was lost[\s\S]*quote expired before a resend could tell whether the first attempt started/);
    expect(r.stderr).not.toContain('estimating again');
    expect(await balance()).toBe(before - 20);
  });
});

describe('sendPaid', () => {
  it('a refused connection is reported as it is: the request never left, so nothing may have been accepted', async () => {
    const { createServer } = await import('node:net');
    const { Client } = await import('../../src/api/client.js');
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const client = new Client({ baseUrl: `http://127.0.0.1:${port}`, token: 'svcapi_x', retry: { maxRetries: 0 } });
    let resends = 0;
    const e = await apiOf(client)
      .enrichment.sendBulk({ list_id: 'lst_1', quote_id: 'qte_v1_x' }, { sleep: async () => void resends++ })
      .catch((err: unknown) => err);
    expect(e).toMatchObject({ code: 'connection_refused' });
    expect(resends).toBe(0);
  });
});
