import { describe, expect, it } from 'vitest';
import { control, raw } from '../sandbox/helpers.js';
import { json } from '../helpers/json.js';
import { prospect } from '../helpers/in-process.js';
import { useAgentSandbox } from './agents-helpers.js';

// A lead finishes every 5 ms of the (running) sandbox clock.
const t = useAgentSandbox(5);
const runPosts = t.runPosts;

async function column(listId: string, name: string): Promise<Record<string, string | null>> {
  const q = new URLSearchParams([
    ['list_id', listId],
    ['limit', '500'],
    ['columns', 'lead_id'],
    ['columns', name],
  ]);
  const page = (await raw(t.sb, 'GET', `/api/v2/export/json?${q.toString()}`, { token: t.sb.demoKey })).json;
  return Object.fromEntries(page.leads.map((l: any) => [l.lead_id, l[name] ?? null]));
}

describe('agents run: estimate, confirm, run', () => {
  it('without a terminal and without --yes it exits 10; over --max-cost it exits 5; nothing is spent or sent', async () => {
    await t.seedList('Q3', 12);
    const before = await t.balance();
    const refused = await t.run('agents', 'run', 'Q3', '--type', 'company_intel', '--column', 'Intel');
    expect(refused.exitCode, refused.stderr).toBe(10);
    expect(refused.stderr).toContain('Estimate: up to 12 credits for 12 rows (run_smart_agent)');
    expect(refused.stderr).toMatch(/no terminal is attached[\s\S]*Pass --yes to confirm, or --max-cost 12/);
    const capped = await t.run('agents', 'run', 'Q3', '--type', 'company_intel', '--column', 'Intel', '--max-cost', '5');
    expect(capped.exitCode, capped.stderr).toBe(5);
    expect(capped.stderr).toMatch(/would cost up to 12 credits, over --max-cost 5/);
    expect(capped.stdout).toBe('');
    expect(await t.balance()).toBe(before);
    expect(await runPosts()).toBe(0);
  });

  it('--yes --json waits and prints the final results; the balance moves by the estimate; the outputs are in the list column', async () => {
    const listId = await t.seedList('Q3', 8);
    const est = json(
      (
        await t.run(
          'credits',
          'estimate',
          '--tool',
          'run_smart_agent',
          '--list',
          'Q3',
          '--agent-type',
          'title_normalizer',
          '--column',
          'Clean',
          '--json',
        )
      ).stdout,
    );
    expect(est).toMatchObject({ row_count: 8, estimated_cost: 8 });
    const before = await t.balance();
    const r = await t.run('agents', 'run', 'Q3', '--type', 'title_normalizer', '--column', 'Clean', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    const out = json(r.stdout);
    expect(out).toMatchObject({ status: 'completed', total: 8, succeeded: 8, failed: 0 });
    expect(r.stderr).toMatch(/8 of 8 leads succeeded into column "Clean", 0 failed; 8 credits charged/);
    expect(r.stderr).toContain(`prospect agents results ${out.smart_agent_task_id}`);
    expect(await t.balance()).toBe(before - est.estimated_cost);
    const values = await column(listId, 'Clean');
    expect(out.results.map((x: any) => values[x.lead_id])).toEqual(out.results.map((x: any) => x.value));
  });

  it('custom_ai takes its prompt from --prompt-file - and is priced from it; a run over leads already done skips them', async () => {
    await t.seedList('Q3', 6);
    const prompt = 'Rate the fit with our ideal customer profile from 1 to 10. '.repeat(10);
    const first = await t.run('agents', 'run', 'Q3', '--prompt-file', '-', '--column', 'Fit', '--max-rows', '4', '--yes', '--json');
    expect(first.exitCode, first.stderr).toBe(2);
    expect(first.stderr).toContain('custom_ai needs an instruction');
    const r = await prospect(['agents', 'run', 'Q3', '--prompt-file', '-', '--column', 'Fit', '--max-rows', '4', '--yes', '--json'], {
      env: t.env,
      input: prompt,
    });
    expect(r.exitCode, r.stderr).toBe(0);
    // 590 characters (trimmed: 589) = 148 tokens: 0.648 per lead, 2.592 for 4 leads, rounded up once.
    expect(r.stderr).toContain('Estimate: up to 3 credits for 4 rows');
    expect(
      json(r.stdout)
        .results.map((x: any) => x.value)
        .every((v: string) => /^Score: \d+\/10/.test(v)),
    ).toBe(true);
    const rest = await t.run('agents', 'run', 'Q3', '--prompt', prompt, '--column', 'Fit', '--yes', '--json');
    expect(rest.stderr).toContain('Estimate: up to 2 credits for 2 rows');
    expect(json(rest.stdout).total).toBe(2);
    const none = await t.run('agents', 'run', 'Q3', '--prompt', prompt, '--column', 'Fit', '--yes');
    expect(none.exitCode, none.stderr).toBe(0);
    expect(none.stderr).toContain('Nothing left to do: all 6 leads of list "Q3" already hold a value in column "Fit"');
    expect(await runPosts()).toBe(2);
  });

  it('an answer lost after the run started is resolved through the quote: one run, charged once', async () => {
    await t.seedList('Q3', 6);
    const before = await t.balance();
    await control(t.sb, 'POST', '/faults', {
      rules: [{ method: 'POST', path: '/smart-agents/run', count: 1, kind: 'drop', phase: 'after' }],
    });
    const r = await t.run('agents', 'run', 'Q3', '--type', 'company_intel', '--column', 'Intel', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(json(r.stdout)).toMatchObject({ status: 'completed', total: 6, succeeded: 6 });
    expect(await t.balance()).toBe(before - 6);
    expect(await runPosts()).toBe(2);
    expect(json((await t.run('agents', 'ls', '--json')).stdout).total).toBe(1);
  });

  it('over 500 leads it exits 7 before asking, with how to narrow the run; nothing is spent', async () => {
    await t.seedList('Big', 501);
    const before = await t.balance();
    const r = await t.run('agents', 'run', 'Big', '--type', 'title_normalizer', '--column', 'T', '--scope', 'all');
    expect(r.exitCode, r.stderr).toBe(7);
    expect(r.stderr).toMatch(/would select 501 leads; a smart-agent run takes at most 500/);
    expect(r.stderr).toContain('--scope subset --max-rows 500');
    expect(r.stderr).not.toContain('no terminal');
    expect(await t.balance()).toBe(before);
    expect(await runPosts()).toBe(0);
  });

  it('a run that fails exits 8 and says its credits were refunded', async () => {
    await t.seedList('Q3', 5);
    const before = await t.balance();
    await control(t.sb, 'POST', '/smart-agents', { fail_next: 1 });
    const r = await t.run('agents', 'run', 'Q3', '--type', 'company_intel', '--column', 'Intel', '--yes', '--json');
    expect(r.exitCode, r.stderr).toBe(8);
    expect(json(r.stdout)).toMatchObject({ status: 'failed', credits_refunded: 5 });
    expect(r.stderr).toMatch(/failed\. 5 credits were refunded/);
    expect(await t.balance()).toBe(before);
  });
});

describe('agents ls and agents results', () => {
  it('--no-wait prints the run id; results --wait prints lead_id, value, error; ls lists runs newest first, --list filters', async () => {
    const a = await t.seedList('A', 4);
    await t.seedList('B', 3, 100);
    const started = await t.run('agents', 'run', 'A', '--type', 'pain_point_hypothesis', '--column', 'Pains', '--yes', '--no-wait');
    expect(started.exitCode, started.stderr).toBe(0);
    const id = started.stdout.trim();
    expect(id).toMatch(/^agent-/);
    expect(started.stderr).toContain(`prospect agents results ${id} --wait`);

    const results = await t.run('agents', 'results', id, '--wait', '--format', 'tsv');
    expect(results.exitCode, results.stderr).toBe(0);
    const lines = results.stdout.trim().split('\n');
    expect(lines[0]).toBe('lead_id\tvalue\terror');
    expect(lines.length).toBe(5);
    const values = await column(a, 'Pains');
    for (const line of lines.slice(1)) {
      const [lead, value] = line.split('\t');
      expect(value!.replace(/\\n/g, '\n')).toBe(values[lead!]);
    }

    const other = await t.run('agents', 'run', 'B', '--type', 'title_normalizer', '--column', 'T', '--yes', '--no-wait', '--json');
    const otherId = json(other.stdout).smart_agent_task_id;
    const ls = json((await t.run('agents', 'ls', '--json')).stdout);
    expect(ls.total).toBe(2);
    expect(ls.runs.map((r: any) => r.task_id)).toEqual([otherId, id]);
    const onA = json((await t.run('agents', 'ls', '--list', 'A', '--json')).stdout);
    expect(onA.runs.map((r: any) => [r.task_id, r.agent_type, r.column_name, r.status, r.total])).toEqual([
      [id, 'pain_point_hypothesis', 'Pains', 'completed', 4],
    ]);
    const limited = await t.run('agents', 'ls', '--limit', '1');
    expect(limited.stderr).toContain('1 of 2 runs');
    expect((await t.run('agents', 'ls', '--limit', '0')).exitCode).toBe(2);
    expect((await t.run('agents', 'ls', '--list', 'No such list')).exitCode).toBe(4);
  });

  it('results of an unknown run exit 4; an empty id exits 2', async () => {
    const unknown = await t.run('agents', 'results', 'agent-00000000-0000-0000-0000-000000000000');
    expect(unknown.exitCode, unknown.stderr).toBe(4);
    expect(unknown.stderr).toContain('not_found');
    expect((await t.run('agents', 'results', ' ')).exitCode).toBe(2);
  });
});
