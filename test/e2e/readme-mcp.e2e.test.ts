import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Client as ApiClient } from '../../src/api/client.js';
import { createMcpServer, selectTools } from '../../src/mcp/server.js';
import type { Toolset } from '../../src/mcp/tool.js';
import { fences } from '../helpers/readme-blocks.js';
import { control, startSandbox, type RunningSandbox } from '../sandbox/helpers.js';
import { structuredOf, textOf } from '../mcp/helpers.js';

/**
 * The README's MCP section, checked against the server: its example session is run call by
 * call (in process, on a sandbox of the default data set, as `--sandbox` gives a reader) and
 * every answer line it quotes must be a line of the real answer; the quoted approval question
 * and over-budget error are what the server says; the toolsets table and the annotations it
 * names are the server's.
 */
const README = readFileSync(path.resolve(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
const HEADING = '## Use it from an AI assistant (MCP)';
const section = README.slice(README.indexOf(HEADING)).split(/\n## /)[0]!;

interface Step {
  tool: string;
  args: string;
  /** The answer lines the README quotes. */
  lines: string[];
}

/** The example: a call at the start of a line (`tool {json}`), its answer's lines indented under it, `#` lines between them. */
function exampleSteps(): Step[] {
  const block = fences(section).find((f) => f.lang === 'text' && f.body[0]?.startsWith('people_search '));
  if (!block) throw new Error('no text block of the MCP section starts with a people_search call');
  const steps: Step[] = [];
  for (const line of block.body) {
    if (line.startsWith('#') || !line.trim()) continue;
    if (line.startsWith('  ')) steps.at(-1)!.lines.push(line.trim());
    else steps.push({ tool: line.slice(0, line.indexOf(' ')), args: line.slice(line.indexOf(' ') + 1), lines: [] });
  }
  return steps;
}

const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/;

/** A quoted line as a pattern of a whole line: `[...]` and `...` stand for anything, a timestamp for any timestamp. */
function linePattern(line: string): RegExp {
  const parts = line.split(new RegExp(`(\\[\\.\\.\\.\\]|\\.\\.\\.|${ISO.source})`));
  const source = parts.map((p, i) => (i % 2 === 0 ? p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : ISO.test(p) ? ISO.source : '.*')).join('');
  return new RegExp(`^${source}$`);
}

let sb: RunningSandbox;
const open: Array<{ close(): Promise<void> }> = [];
beforeAll(async () => {
  sb = await startSandbox({ port: 0 });
});
afterAll(() => sb.close());
beforeEach(async () => {
  await control(sb, 'POST', '/reset');
  // Runs end 50 ms (sandbox time) after they start: run_status moves the clock on to see one end.
  await control(sb, 'POST', '/enrichment', { pace: { pending_ms: 0, min_run_ms: 50, row_ms: 0 } });
});
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

interface Session {
  mcp: McpClient;
  /** The approval questions the person was asked. */
  asked: string[];
}

/** A client on a server of the sandbox's demo key; `ask`: the client can ask the person (elicitation), who accepts. */
async function session(maxCredits: number, ask: boolean, toolset: Toolset = 'standard'): Promise<Session> {
  const api = new ApiClient({ baseUrl: sb.url, token: sb.demoKey, retry: { maxRetries: 0, maxRateLimitRetries: 0 } });
  const server = createMcpServer(api, { toolset, readOnly: false, maxCredits, cwd: process.cwd() });
  const mcp = new McpClient({ name: 'readme', version: '1.0.0' }, { capabilities: ask ? { elicitation: {} } : {} });
  const asked: string[] = [];
  if (ask)
    mcp.setRequestHandler(ElicitRequestSchema, (req) => {
      asked.push(req.params.message);
      return { action: 'accept', content: {} };
    });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), mcp.connect(b)]);
  open.push({ close: async () => (await mcp.close(), api.close()) });
  return { mcp, asked };
}

const callTool = async (s: Session, name: string, args: Record<string, unknown>) =>
  (await s.mcp.callTool({ name, arguments: args })) as CallToolResult;

/** Runs the README's calls in order, its `lst_...`-style ids filled in from the answers before; stops after `until` calls. */
async function runSteps(
  s: Session,
  steps: Step[],
  check: (step: Step, r: CallToolResult, args: Record<string, unknown>) => void,
  until = steps.length,
): Promise<void> {
  const ids = new Map<string, string>();
  const learn = (prefix: string, v: unknown) => void (typeof v === 'string' && v.startsWith(prefix) && ids.set(prefix, v));
  for (const step of steps.slice(0, until)) {
    const args = JSON.parse(step.args, (_k, v: unknown) => {
      if (typeof v !== 'string' || !v.endsWith('...')) return v;
      const prefix = v.slice(0, -3);
      if (!ids.has(prefix)) throw new Error(`${step.tool}: no answer above gave a ${prefix} id`);
      return ids.get(prefix);
    }) as Record<string, unknown>;
    if (step.tool === 'run_status') await control(sb, 'POST', '/clock', { advance_ms: 60_000 });
    const r = await callTool(s, step.tool, args);
    check(step, r, args);
    const data = structuredOf(r) ?? {};
    learn('svc-task_', data.task_id);
    learn('lst_', data.list_id);
    learn('qte_v1_', data.quote?.quote_id);
    learn('bulk-enrich-', data.result?.workflow_id);
  }
}

const firstPaid = (steps: Step[]) => steps.findIndex((s) => s.tool === 'enrich_list') + 1;

describe("the README's MCP example session", () => {
  const steps = exampleSteps();

  it('searches, makes a list, adds the people, prices and runs the enrichment, follows it and exports, in that order', () => {
    expect(steps.map((s) => s.tool)).toEqual([
      'people_search',
      'lists_create',
      'lists_add_leads',
      'enrich_list',
      'enrich_list',
      'run_status',
      'export_csv_link',
    ]);
  });

  it('every answer line it quotes is a line of the real answer (--max-credits 50, a client that cannot ask)', async () => {
    const s = await session(50, false);
    await runSteps(s, steps, (step, r) => {
      expect(r.isError, textOf(r)).toBeFalsy();
      const real = textOf(r).split('\n');
      for (const line of step.lines)
        expect(
          real.some((l) => linePattern(line).test(l)),
          `${step.tool}: "${line}" is not a line of:\n${textOf(r)}`,
        ).toBe(true);
    });
  });

  it('a client that can ask puts the cost to the person in the words the README quotes, and runs on Accept', async () => {
    const s = await session(0, true);
    let paid: CallToolResult | undefined;
    await runSteps(s, steps, (step, r) => void (step.tool === 'enrich_list' && (paid = r)), firstPaid(steps));
    expect(s.asked).toHaveLength(1);
    expect(section).toContain(`\n${s.asked[0]}\n`);
    expect(textOf(paid!)).toContain('enrich_list: ran, approved by the person, for up to 20 credits.');
  });

  it('with --max-credits 0 and a client that cannot ask, the quote is refused with the error the README quotes', async () => {
    const s = await session(0, false);
    let priced: { args: Record<string, unknown>; quoteId: string } | undefined;
    await runSteps(
      s,
      steps,
      (_step, r, args) => void (r.structuredContent?.status === 'priced' && (priced = { args, quoteId: structuredOf(r).quote.quote_id })),
      firstPaid(steps),
    );
    const r = await callTool(s, 'enrich_list', { ...priced!.args, quote_id: priced!.quoteId });
    expect(r.isError).toBe(true);
    const [problem, fix] = textOf(r).split('\n');
    expect(section).toContain(`\n${problem}\n${fix}\n`);
  });
});

describe("the README's toolsets table and annotations", () => {
  const row = (toolset: string) => {
    const line = section.split('\n').find((l) => l.startsWith(`| \`${toolset}\``));
    if (!line) throw new Error(`no table row for ${toolset}`);
    const [, , free, paid] = line.split('|');
    const names = (cell: string) => [...cell.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
    return { free: names(free!), paid: names(paid!) };
  };
  const names = (toolset: 'read' | 'standard' | 'all', readOnly = false) => selectTools({ toolset, readOnly }).map((t) => t.name);

  it('lists each toolset as the tools it adds, the paid ones apart', () => {
    let before: string[] = [];
    for (const toolset of ['read', 'standard', 'all'] as const) {
      const added = selectTools({ toolset, readOnly: false }).filter((t) => !before.includes(t.name));
      const { free, paid } = row(toolset);
      expect(free.sort(), toolset).toEqual(
        added
          .filter((t) => !t.paid)
          .map((t) => t.name)
          .sort(),
      );
      expect(paid.sort(), toolset).toEqual(
        added
          .filter((t) => t.paid)
          .map((t) => t.name)
          .sort(),
      );
      before = names(toolset);
    }
  });

  it('--read-only keeps the read tools, and with all the free sync_ tools', () => {
    expect(names('standard', true)).toEqual(names('read'));
    expect(
      names('all', true)
        .filter((n) => !names('read').includes(n))
        .sort(),
    ).toEqual(['sync_campaigns', 'sync_connections', 'sync_preview']);
  });

  it('destructiveHint and openWorldHint are on the tools the README names, and on no other', async () => {
    const { tools } = await (await session(0, false, 'all')).mcp.listTools();
    expect(
      tools
        .filter((t) => t.annotations?.destructiveHint)
        .map((t) => t.name)
        .sort(),
    ).toEqual(['lists_delete', 'lists_remove_leads']);
    expect(
      tools
        .filter((t) => t.annotations?.openWorldHint)
        .map((t) => t.name)
        .sort(),
    ).toEqual(['sync_crm', 'sync_sequencer']);
    expect(section).toContain('`destructiveHint` on the two above');
    expect(section).toMatch(/`openWorldHint` only on `sync_crm` and\s+`sync_sequencer`/);
  });
});
