import { beforeEach, describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { runInProcess } from '../helpers/in-process.js';
import type { Prompter } from '../../src/cli/prompt.js';
import { usePaidSandbox } from './enrich-helpers.js';

/** agents run at a terminal: the one question, a decline, and a selection the service would refuse never asked about. */

const t = usePaidSandbox();

beforeEach(async () => {
  await control(t.sb, 'POST', '/smart-agents', { pace: { pending_ms: 0, row_ms: 5 } });
});

function person(answer: boolean) {
  const asked: string[] = [];
  const prompter: Prompter = {
    async confirm(question) {
      asked.push(question);
      return answer;
    },
    secret: async () => '',
    text: async () => '',
  };
  return { prompter, asked };
}

const terminal = (argv: string[], p: Prompter) => runInProcess(argv, { env: { ...t.env, NO_COLOR: '1' }, tty: true, prompter: p });

describe('agents run at a terminal', () => {
  it('asks once with the estimate: no exits 10 and spends nothing, yes runs and takes the estimate', async () => {
    await t.seedList('Q3', 6);
    const before = await t.balance();
    const no = person(false);
    const declined = await terminal(['agents', 'run', 'Q3', '--type', 'pain_point_hypothesis', '--column', 'Pains'], no.prompter);
    expect(declined.code, declined.stderr).toBe(10);
    expect(no.asked).toEqual(['Spend up to 6 credits?']);
    expect(await t.balance()).toBe(before);

    const yes = person(true);
    const ran = await terminal(['agents', 'run', 'Q3', '--type', 'pain_point_hypothesis', '--column', 'Pains', '--json'], yes.prompter);
    expect(ran.code, ran.stderr).toBe(0);
    expect(yes.asked).toHaveLength(1);
    expect(JSON.parse(ran.stdout)).toMatchObject({ status: 'completed', total: 6, succeeded: 6 });
    expect(await t.balance()).toBe(before - 6);
  });

  it('a selection over 500 leads exits 7 without asking', async () => {
    await t.seedList('Big', 520);
    const p = person(true);
    const r = await terminal(['agents', 'run', 'Big', '--type', 'title_normalizer', '--column', 'T', '--max-rows', '600'], p.prompter);
    expect(r.code, r.stderr).toBe(7);
    expect(p.asked).toEqual([]);
    expect(r.stderr).toContain('approval_required');
  });

  it('cold_intro_email over leads without an email exits 2 at the estimate, without asking', async () => {
    await t.seedList('Unenriched', 3);
    const before = await t.balance();
    const p = person(true);
    const r = await terminal(['agents', 'run', 'Unenriched', '--type', 'cold_intro_email'], p.prompter);
    expect(r.code, r.stderr).toBe(2);
    expect(p.asked).toEqual([]);
    expect(r.stderr).toMatch(/cold_intro_email needs every selected lead enriched with an email; 3 of the 3/);
    expect(await t.balance()).toBe(before);
  });
});
