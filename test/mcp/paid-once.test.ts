import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { isolatedEnv } from '../helpers/binary.js';
import { prospect } from '../helpers/in-process.js';
import { JournalStore, journalDir } from '../../src/workflows/journal/file-store.js';
import { balance, callTool, structuredOf, textOf, useMcpSandbox, type Session } from './helpers.js';

/**
 * Paid once across MCP servers and commands (issue 31): every paid request of a server goes
 * through the CLI's paid-run journal, in the data dir they share. An identical request made while
 * another is between its quote and its answer joins it and takes its answer; a list enrichment
 * leaves out the leads of runs of the list still going; a smart-agent run priced before another
 * started on its column is refused at its send. The overlap is forced: the first request is
 * handled and its answer held back (a latency fault after handling) before the second is made.
 * Two servers of this test process are given two hosts, so each tells the other's entries apart
 * as another process's (it waits for that answer instead of resending its quote);
 * paid-once.e2e.test.ts does it with a server in a process of its own.
 */
const t = useMcpSandbox();

/** The data dir of a user: its paid-run journal is what servers and commands share. */
function userEnv(): Record<string, string | undefined> {
  return isolatedEnv({ PROSPECT_BASE_URL: t.sb.url, PROSPECT_API_KEY: t.sb.demoKey });
}

/** A server on `host`, its journal in the files of `env`'s data dir. */
const server = (env: Record<string, string | undefined>, host: string, maxCredits = 100): Promise<Session> =>
  t.session({ maxCredits, store: new JournalStore(journalDir(env)), host });

/**
 * The next answer of `path` comes `ms` after its request was handled; the rule counts every
 * request of `path` (matched). A request that joins one answered since it was priced needs no
 * window; one that must find the first still on its way gets seconds for a few local steps.
 */
const holdAnswer = (path: string, ms = 1500) =>
  control(t.sb, 'POST', '/faults', { rules: [{ method: 'POST', path, kind: 'latency', phase: 'after', latency_ms: ms, count: 1 }] });
/** Requests the service received at the held route. */
const received = async () => ((await control(t.sb, 'GET', '/faults')).rules as Array<{ matched: number }>)[0]?.matched ?? 0;

async function priced(s: Session, tool: string, args: Record<string, unknown>): Promise<string> {
  const r = await callTool(s, tool, args);
  expect(structuredOf(r), textOf(r)).toMatchObject({ status: 'priced' });
  return structuredOf(r).quote.quote_id as string;
}

const ENRICH = (list_id: string) => ({ list_id, scope: 'partial' });
const AGENT = (list_id: string) => ({ list_id, agent_type: 'title_normalizer', column_name: 'Clean' });

/**
 * Runs stay where they started (the sandbox's clock stands still: the balance shows what was
 * reserved). A user's data dir, servers on `hosts` over it, a list of 6 leads, the call over it
 * priced by each server, and the balance then.
 */
async function pricedBy(hosts: string[], tool: string, argsOf: (list: string) => Record<string, unknown>) {
  await control(t.sb, 'POST', '/clock', { freeze: true });
  const env = userEnv();
  const servers = await Promise.all(hosts.map((h) => server(env, h)));
  const list = await t.seededList('Q3', 6);
  const args = argsOf(list);
  const quotes: string[] = [];
  for (const s of servers) quotes.push(await priced(s, tool, args));
  return { env, servers, list, args, quotes, before: await balance(t.sb) };
}

/** Starts `send` with the answer of `path` held back `ms`; returns once the service has handled its request (the answer to come, in `answer`). */
async function heldWhile<T>(path: string, send: () => Promise<T>, ms?: number): Promise<{ answer: Promise<T> }> {
  await holdAnswer(path, ms);
  const answer = send();
  await expect.poll(received, { timeout: 20_000 }).toBe(1);
  return { answer };
}

describe('two MCP servers over one data dir, the same paid call at once', () => {
  it('enrich_list: one POST /enrichment/bulk, one charge; the second takes the first one’s answer and counts nothing', async () => {
    const {
      env,
      servers: [a, b],
      args,
      quotes: [qa, qb],
      before,
    } = await pricedBy(['server-a', 'server-b'], 'enrich_list', ENRICH);
    const { answer: first } = await heldWhile('/enrichment/bulk', () => callTool(a!, 'enrich_list', { ...args, quote_id: qa }));
    const second = await callTool(b!, 'enrich_list', { ...args, quote_id: qb });
    const ra = structuredOf(await first);
    const rb = structuredOf(second);
    expect(ra).toMatchObject({ status: 'ran', result: { workflow_id: expect.stringMatching(/^bulk-enrich-/) }, spend: { spent_up_to: 6 } });
    expect(rb, textOf(second)).toMatchObject({
      status: 'ran',
      result: { workflow_id: ra.result.workflow_id },
      spend: { spent_up_to: 0, budget_left: 100 },
    });
    expect(textOf(second)).toContain('enrich_list: did not run again: nothing more was spent.');
    expect(textOf(second)).toMatch(
      /An identical request was sent at \d\d:\d\d by this process while this one was being made \(quote qte_.*\); this is its answer, paid once by that request\./,
    );
    expect(await received()).toBe(1);
    expect(await balance(t.sb)).toBe(before - 6);

    // The command's view of the journal holds the server's request, answered.
    const runs = JSON.parse((await prospect(['runs', 'ls', '--json'], { env })).stdout) as Array<Record<string, unknown>>;
    expect(runs).toMatchObject([
      { state: 'answered', tool: 'enrich_list', what: 'Enrich a lead list (MCP enrich_list)', run_id: ra.result.workflow_id },
    ]);
  });

  it('agents_run: one POST /smart-agents/run, one charge; the second takes the first one’s answer', async () => {
    const {
      servers: [a, b],
      list,
      args,
      quotes: [qa, qb],
      before,
    } = await pricedBy(['server-a', 'server-b'], 'agents_run', AGENT);
    const { answer: first } = await heldWhile('/smart-agents/run', () => callTool(a!, 'agents_run', { ...args, quote_id: qa }));
    const second = await callTool(b!, 'agents_run', { ...args, quote_id: qb });
    const ra = structuredOf(await first);
    expect(ra).toMatchObject({ status: 'ran', result: { smart_agent_task_id: expect.any(String) } });
    expect(structuredOf(second), textOf(second)).toMatchObject({
      status: 'ran',
      result: { smart_agent_task_id: ra.result.smart_agent_task_id },
      spend: { spent_up_to: 0 },
    });
    expect(await received()).toBe(1);
    expect(await balance(t.sb)).toBe(before - ra.result.credits_reserved);
    const going = structuredOf(await callTool(a!, 'agents_ls', { list_id: list })).runs;
    expect(going).toHaveLength(1);
  });
});

describe('an MCP server and a command of the same user at once', () => {
  it('enrich list sent by the command, the same enrich_list run by the server meanwhile: one run, charged once', async () => {
    const {
      env,
      servers: [s],
      list,
      args,
      quotes: [quote],
      before,
    } = await pricedBy(['mcp-host'], 'enrich_list', ENRICH);
    const { answer: command } = await heldWhile('/enrichment/bulk', () =>
      prospect(['enrich', 'list', list, '--scope', 'partial', '--yes', '--json', '--no-wait'], { env }),
    );
    const r = await callTool(s!, 'enrich_list', { ...args, quote_id: quote });
    const cli = await command;
    expect(cli.exitCode, cli.stderr).toBe(0);
    const started = JSON.parse(cli.stdout).runs[0].workflow_id as string;
    expect(structuredOf(r), textOf(r)).toMatchObject({ status: 'ran', result: { workflow_id: started }, spend: { spent_up_to: 0 } });
    expect(await received()).toBe(1);
    expect(await balance(t.sb)).toBe(before - 6);
  });

  it('agents_run sent by the server, the same agents run by the command meanwhile: the command takes its answer, one run', async () => {
    const {
      env,
      servers: [s],
      list,
      args,
      quotes: [quote],
      before,
    } = await pricedBy(['mcp-host'], 'agents_run', AGENT);
    // The command must find it on its way (it began after it was sent).
    const { answer: sending } = await heldWhile('/smart-agents/run', () => callTool(s!, 'agents_run', { ...args, quote_id: quote }), 2500);
    const cli = await prospect(['agents', 'run', list, '--type', 'title_normalizer', '--column', 'Clean', '--yes', '--json', '--no-wait'], {
      env,
    });
    const r = structuredOf(await sending);
    expect(cli.exitCode, cli.stderr).toBe(0);
    expect(cli.stderr).toMatch(
      /An identical run was sent at \d\d:\d\d by process \d+ on mcp-host, which still waits for its answer; waiting for that answer instead of paying again\./,
    );
    expect(JSON.parse(cli.stdout).smart_agent_task_id).toBe(r.result.smart_agent_task_id);
    expect(await received()).toBe(1);
    expect(await balance(t.sb)).toBe(before - r.result.credits_reserved);
  });
});

describe('enrich_list while a run of the list is still going', () => {
  it("leaves out the leads of runs going, a command's or its own: priced for the rest (left_out.runs_going), then nothing is left to price", async () => {
    await control(t.sb, 'POST', '/clock', { freeze: true });
    const env = userEnv();
    const s = await server(env, 'mcp-host');
    const list = await t.seededList('Q3', 6);
    const leads = structuredOf(await callTool(s, 'lists_leads', { list_id: list, fields: ['lead_id'] })).leads.map(
      (l: { lead_id: string }) => l.lead_id,
    ) as string[];
    // A command enriches 2 leads; its run goes on.
    const cli = await prospect(['enrich', 'list', list, '--lead-ids', leads.slice(0, 2).join(','), '--yes', '--json', '--no-wait'], {
      env,
    });
    expect(cli.exitCode, cli.stderr).toBe(0);
    const commandRun = JSON.parse(cli.stdout).runs[0].workflow_id as string;
    const before = await balance(t.sb);

    const r = await callTool(s, 'enrich_list', { list_id: list, scope: 'partial' });
    const p = structuredOf(r);
    expect(p, textOf(r)).toMatchObject({
      status: 'priced',
      quote: { row_count: 4, estimated_cost: 4 },
      left_out: { skipped: { in_earlier_run: 2 }, runs_going: [commandRun] },
    });
    expect(textOf(r)).toContain(
      `1 earlier run of this list is still going (${commandRun}); the 2 leads it enriches are left out. Follow it with run_status.`,
    );
    const ran = structuredOf(await callTool(s, 'enrich_list', { list_id: list, scope: 'partial', quote_id: p.quote.quote_id }));
    expect(ran).toMatchObject({ status: 'ran', result: { total_leads: 4 } });

    // Both runs still going: every lead is in one of them.
    const again = await callTool(s, 'enrich_list', { list_id: list, scope: 'partial' });
    expect(structuredOf(again), textOf(again)).toMatchObject({
      status: 'nothing_to_do',
      quote: null,
      left_out: { skipped: { in_earlier_run: 6 } },
    });
    expect(structuredOf(again).left_out.runs_going.sort()).toEqual([commandRun, ran.result.workflow_id].sort());
    expect(await balance(t.sb)).toBe(before - 4);
  });
});

describe('agents_run priced before another run started on its column', () => {
  it('is refused at its send (run_in_progress), nothing spent: the quote cannot start a second run', async () => {
    // A lead finishes every minute of sandbox time: a run stays processing until the test moves the clock.
    await control(t.sb, 'POST', '/smart-agents', { pace: { pending_ms: 0, row_ms: 60_000 } });
    const env = userEnv();
    const a = await server(env, 'server-a');
    const b = await server(env, 'server-b');
    const list = await t.seededList('Q3', 6);
    const column = { list_id: list, agent_type: 'title_normalizer', column_name: 'Clean' };
    const quote = await priced(a, 'agents_run', { ...column, max_rows: 3 });
    // Meanwhile another server starts a run on the column (another request: it joins nothing).
    const other = await priced(b, 'agents_run', { ...column, max_rows: 2 });
    const started = structuredOf(await callTool(b, 'agents_run', { ...column, max_rows: 2, quote_id: other })).result
      .smart_agent_task_id as string;
    const before = await balance(t.sb);

    const r = await callTool(a, 'agents_run', { ...column, max_rows: 3, quote_id: quote });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain(`Error run_in_progress: smart-agent run ${started} (title_normalizer) on column "Clean"`);
    expect(textOf(r)).toContain('Session: spent up to 0 credits');
    expect(a.sent.filter((x) => x === 'POST /smart-agents/run')).toHaveLength(0);
    expect(await balance(t.sb)).toBe(before);
  });
});

describe('a request another server sent, found in the shared journal', () => {
  it('priced while it is on its way: the call waits for that answer and takes it, nothing priced or paid again', async () => {
    const {
      servers: [a, b],
      args,
      quotes: [quote],
      before,
    } = await pricedBy(['server-a', 'server-b'], 'enrich_list', ENRICH);
    // The pricing call must find it on its way.
    const { answer: first } = await heldWhile('/enrichment/bulk', () => callTool(a!, 'enrich_list', { ...args, quote_id: quote }), 2500);
    const r = await callTool(b!, 'enrich_list', args);
    const ra = structuredOf(await first);
    expect(structuredOf(r), textOf(r)).toMatchObject({
      status: 'ran',
      quote: { quote_id: quote },
      result: { workflow_id: ra.result.workflow_id },
      spend: { spent_up_to: 0 },
    });
    expect(textOf(r)).toContain('enrich_list: did not run again: nothing more was spent.');
    expect(b!.sent.filter((x) => x === 'POST /credits/estimate')).toHaveLength(1);
    expect(await received()).toBe(1);
    expect(await balance(t.sb)).toBe(before - 6);
  });

  it('whose answer was lost with it: the restarted server given its old quote_id resolves it through that quote, paid once', async () => {
    await control(t.sb, 'POST', '/clock', { freeze: true });
    const env = userEnv();
    const first = await server(env, 'this-host', 100);
    const list = await t.seededList('Q3', 6);
    const args = { list_id: list, scope: 'partial' };
    const quote = await priced(first, 'enrich_list', args);
    const before = await balance(t.sb);
    // Handled, and the answer lost; the resends never arrive.
    await control(t.sb, 'POST', '/faults', {
      rules: [
        { method: 'POST', path: '/enrichment/bulk', kind: 'drop', phase: 'after', count: 1 },
        { method: 'POST', path: '/enrichment/bulk', kind: 'drop', phase: 'before', count: 3 },
      ],
    });
    expect(textOf(await callTool(first, 'enrich_list', { ...args, quote_id: quote }))).toContain('Error dispatch_outcome_unknown');
    await control(t.sb, 'DELETE', '/faults');
    expect(JSON.parse((await prospect(['runs', 'ls', '--json', '--state', 'open'], { env })).stdout)).toMatchObject([
      { tool: 'enrich_list', quote_id: quote },
    ]);

    // The client restarts the server (on this host: the entry's sender is gone), no budget now.
    const next = await server(env, 'this-host', 0);
    const r = await callTool(next, 'enrich_list', { ...args, quote_id: quote });
    expect(structuredOf(r), textOf(r)).toMatchObject({
      status: 'ran',
      quote: { quote_id: quote },
      result: { workflow_id: expect.stringMatching(/^bulk-enrich-/) },
    });
    expect(textOf(r)).toContain('as sent by an earlier server whose answer was lost (found through its quote, paid once)');
    expect(next.sent.filter((x) => x === 'POST /credits/estimate')).toHaveLength(0);
    expect(await balance(t.sb)).toBe(before - 6);
    expect(JSON.parse((await prospect(['runs', 'ls', '--json', '--state', 'open'], { env })).stdout)).toEqual([]);
  });
});
