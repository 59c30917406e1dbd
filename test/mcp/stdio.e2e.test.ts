import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BIN, spawnProspect } from '../helpers/binary.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { tempDir } from '../helpers/temp-dir.js';
import { expectFailure } from '../e2e/bad-input-helpers.js';
import { selectTools } from '../../src/mcp/server.js';
import { renderToolSchemas, SCHEMAS_FILE } from '../../src/mcp/tool-schemas.js';
import { structuredOf, textOf } from './helpers.js';

// Spawns the binary: what an MCP client meets is the real process, its stdout (nothing but
// JSON-RPC) and how it ends when the client closes it.

type Env = Record<string, string | undefined>;
const ROOT_DIR = path.resolve(import.meta.dirname, '..', '..');
const t = useSandboxEnv({ withKey: true });

const SEARCH = { name: 'people_search', arguments: { filters: { seniority: ['C-Suite'] }, limit: 2 } };

interface Served {
  client: Client;
  /** Closes the client and answers the server's stderr, whole, once the process has ended. */
  close(): Promise<string>;
}

/**
 * The MCP SDK's own client on `prospect mcp ARGS`, started through sh, which writes the
 * server's exit code as the last line of stderr: the SDK keeps its child process to itself.
 */
async function serve(args: string[], env: Env): Promise<Served> {
  const transport = new StdioClientTransport({
    command: 'sh',
    args: ['-c', '"$0" "$@"; echo "exit code $?" >&2', process.execPath, BIN, 'mcp', ...args],
    env: Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)),
    cwd: tempDir(),
    stderr: 'pipe',
  });
  let stderr = '';
  const ended = once(
    transport.stderr!.on('data', (d: Buffer) => (stderr += d.toString())),
    'end',
  );
  const client = new Client({ name: 'stdio-e2e', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    close: async () => {
      await client.close();
      await ended;
      return stderr;
    },
  };
}

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1);

describe('prospect mcp over stdio, with the MCP SDK client', () => {
  it('answers tools/list and a people_search; closing the client ends the server by itself, exit code 0', async () => {
    const s = await serve([], t.env);
    expect(s.client.getServerVersion()).toMatchObject({ name: 'prospect' });
    const { tools } = await s.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(selectTools({ toolset: 'standard', readOnly: false }).map((tool) => tool.name));
    // The client checks the structured answer against the tool's output schema.
    const r = (await s.client.callTool(SEARCH)) as CallToolResult;
    expect(r.isError, textOf(r)).toBeFalsy();
    const rows = structuredOf(r).results as { lead_id: string; seniority: string }[];
    expect(rows.map((row) => row.seniority)).toEqual(['C-Suite', 'C-Suite']);
    for (const row of rows) expect(textOf(r)).toContain(row.lead_id);
    const stderr = await s.close();
    expect(stderr).toContain('MCP server ready');
    // Written only when the server exited by itself: the SDK would otherwise end sh with SIGTERM after 2 s.
    expect(lastLine(stderr)).toBe('exit code 0');
  });

  it('--toolset all --read-only offers exactly the tools that change nothing', async () => {
    const s = await serve(['--toolset', 'all', '--read-only'], t.env);
    const { tools } = await s.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(selectTools({ toolset: 'all', readOnly: true }).map((tool) => tool.name));
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
    expect(lastLine(await s.close())).toBe('exit code 0');
  });
});

describe('prospect mcp stdout', () => {
  it('holds JSON-RPC 2.0 messages alone, one a line: no banner, no blank line; notes go to stderr', async () => {
    const child = spawn(process.execPath, [BIN, 'mcp'], { env: t.env, cwd: tempDir(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const waiting = new Map<number, () => void>();
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      for (const line of stdout.split('\n').slice(0, -1)) {
        const id = (JSON.parse(line) as { id?: number }).id;
        if (id !== undefined) waiting.get(id)?.();
      }
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const exited = once(child, 'exit');
    const answered = (id: number) => new Promise<void>((resolve) => waiting.set(id, resolve));
    const send = (...messages: object[]) =>
      child.stdin.write(messages.map((m) => `${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`).join(''));

    const init = answered(1);
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
    });
    await init;
    const rest = Promise.all([2, 3, 4].map(answered));
    send(
      { method: 'notifications/initialized' },
      { id: 2, method: 'tools/list' },
      { id: 3, method: 'tools/call', params: SEARCH },
      { id: 4, method: 'tools/call', params: { name: 'lists_get', arguments: { list_id: 'lst_no_such_list' } } },
    );
    await rest;
    child.stdin.end();
    const [code] = await exited;
    expect(code, stderr).toBe(0);

    const lines = stdout.split('\n');
    expect(lines.pop(), 'stdout ends with a newline').toBe('');
    const messages = lines.map((line) => {
      expect(() => JSON.parse(line), line.slice(0, 200)).not.toThrow();
      return JSON.parse(line) as { jsonrpc: string; id: number; result?: any; error?: unknown };
    });
    for (const m of messages) {
      expect(m.jsonrpc).toBe('2.0');
      expect('result' in m !== 'error' in m, JSON.stringify(m).slice(0, 200)).toBe(true);
    }
    // A request answered once each, and the notification not at all.
    expect(messages.map((m) => m.id).sort()).toEqual([1, 2, 3, 4]);
    const byId = new Map(messages.map((m) => [m.id, m.result]));
    expect(byId.get(1).serverInfo.name).toBe('prospect');
    expect(byId.get(2).tools.length).toBeGreaterThan(0);
    expect(byId.get(3).isError).toBeUndefined();
    expect(byId.get(3).structuredContent.results).toHaveLength(2);
    expect(byId.get(4)).toMatchObject({ isError: true });
    expect(textOf(byId.get(4))).toMatch(/list_not_found.*lst_no_such_list/);
    expect(stderr).toContain('MCP server ready');
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it('answers every request it read before stdin ended (`prospect mcp < requests.jsonl`)', async () => {
    const requests = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'file', version: '1.0.0' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: SEARCH },
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'lists_get', arguments: { list_id: 'lst_no_such_list' } } },
    ];
    const r = await spawnProspect(['mcp'], { env: t.env, input: requests.map((m) => JSON.stringify(m)).join('\n') + '\n' });
    expect(r.exitCode, r.stderr).toBe(0);
    const ids = r.stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: number }).id);
    expect(ids.sort()).toEqual([1, 2, 3, 4]);
  });

  it('a bad flag value exits 2 with the error and its fix on stderr, nothing on stdout', async () => {
    const r = await spawnProspect(['mcp', '--toolset', 'nope'], { env: t.env });
    expectFailure({ code: r.exitCode, stdout: r.stdout, stderr: r.stderr }, 2, 'usage', /--toolset does not accept "nope"/);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(2);
    expect(r.stderr).toMatch(/^ {2}fix: .*read, standard, all/m);
  });

  it("the built server's tool schemas are what the sources render (the build renders them once: src/mcp/tool-schemas.ts)", () => {
    const built = JSON.parse(readFileSync(path.join(ROOT_DIR, 'dist', SCHEMAS_FILE), 'utf8')) as unknown;
    expect(built).toEqual(renderToolSchemas());
  });
});
