import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BIN } from '../helpers/binary.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { tempDir } from '../helpers/temp-dir.js';
import { prospect } from '../helpers/in-process.js';
import { control } from '../sandbox/helpers.js';
import { balance, structuredOf, textOf } from './helpers.js';

// Spawns the binary: servers of `prospect mcp` in processes of their own, and a command in this
// one, over one data dir, are what the paid-run journal's owner check tells apart (pids), with no
// stand-in (paid-once.test.ts runs the same in process, its servers on two hosts).

const t = useSandboxEnv({ withKey: true });

/** `prospect mcp --max-credits 100` with the environment of the test's user, driven by the MCP SDK's client. */
async function mcpServer(env: Record<string, string | undefined>): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--max-credits', '100'],
    env: Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)),
    cwd: tempDir(),
    stderr: 'ignore',
  });
  const client = new Client({ name: 'paid-once-e2e', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const call = async (c: Client, name: string, args: Record<string, unknown>) =>
  (await c.callTool({ name, arguments: args })) as CallToolResult;

describe('servers of prospect mcp and a command of the same user, each in its own process', () => {
  it('the same list enrichment at once: the server takes the answer of the command’s request, one POST, charged once', async () => {
    await control(t.sb, 'POST', '/clock', { freeze: true });
    const list = (await control(t.sb, 'POST', '/lists', { name: 'Q3', people: 6 })).list_id as string;
    const mcp = await mcpServer(t.env);
    try {
      const args = { list_id: list, scope: 'partial' };
      const priced = structuredOf(await call(mcp, 'enrich_list', args));
      expect(priced.status).toBe('priced');
      const before = await balance(t.sb);
      // The command's request is handled and its answer held back while the server sends the same.
      await control(t.sb, 'POST', '/faults', {
        rules: [{ method: 'POST', path: '/enrichment/bulk', kind: 'latency', phase: 'after', latency_ms: 1500, count: 1 }],
      });
      const received = async () => ((await control(t.sb, 'GET', '/faults')).rules as Array<{ matched: number }>)[0]!.matched;
      const command = prospect(['enrich', 'list', list, '--scope', 'partial', '--yes', '--json', '--no-wait'], { env: t.env });
      await expect.poll(received, { timeout: 20_000 }).toBe(1);
      const r = await call(mcp, 'enrich_list', { ...args, quote_id: priced.quote.quote_id });
      const cli = await command;
      expect(cli.exitCode, cli.stderr).toBe(0);
      const workflow = JSON.parse(cli.stdout).runs[0].workflow_id as string;
      expect(structuredOf(r), textOf(r)).toMatchObject({ status: 'ran', result: { workflow_id: workflow }, spend: { spent_up_to: 0 } });
      expect(textOf(r)).toMatch(
        /An identical request was sent at \d\d:\d\d by process \d+ \(another server, or a command\) while this one was being made/,
      );
      expect(await received()).toBe(1);
      expect(await balance(t.sb)).toBe(before - 6);
    } finally {
      await mcp.close();
    }
  }, 30_000);

  it('two servers, the same agents_run at once: one POST /smart-agents/run, one charge, the same run for both', async () => {
    await control(t.sb, 'POST', '/clock', { freeze: true });
    const list = (await control(t.sb, 'POST', '/lists', { name: 'Q3', people: 6 })).list_id as string;
    const [a, b] = await Promise.all([mcpServer(t.env), mcpServer(t.env)]);
    try {
      const args = { list_id: list, agent_type: 'title_normalizer', column_name: 'Clean' };
      const qa = structuredOf(await call(a, 'agents_run', args)).quote.quote_id;
      const qb = structuredOf(await call(b, 'agents_run', args)).quote.quote_id;
      const before = await balance(t.sb);
      await control(t.sb, 'POST', '/faults', {
        rules: [{ method: 'POST', path: '/smart-agents/run', kind: 'latency', phase: 'after', latency_ms: 1500, count: 1 }],
      });
      const received = async () => ((await control(t.sb, 'GET', '/faults')).rules as Array<{ matched: number }>)[0]!.matched;
      const first = call(a, 'agents_run', { ...args, quote_id: qa });
      await expect.poll(received, { timeout: 20_000 }).toBe(1);
      const second = await call(b, 'agents_run', { ...args, quote_id: qb });
      const ra = structuredOf(await first);
      expect(ra, textOf(await first)).toMatchObject({ status: 'ran', spend: { spent_up_to: 6 } });
      expect(structuredOf(second), textOf(second)).toMatchObject({
        status: 'ran',
        result: { smart_agent_task_id: ra.result.smart_agent_task_id },
        spend: { spent_up_to: 0 },
      });
      expect(await received()).toBe(1);
      expect(await balance(t.sb)).toBe(before - 6);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 30_000);
});
