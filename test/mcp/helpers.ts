import { afterEach } from 'vitest';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';
import { ElicitRequestSchema, ListRootsRequestSchema, type CallToolResult, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer, type McpOptions } from '../../src/mcp/server.js';
import { mcpJournal } from '../../src/mcp/journal.js';
import { serviceIdentity } from '../../src/workflows/journal/entry.js';
import type { JournalBackend } from '../../src/workflows/journal/file-store.js';
import { MemoryJournalStore } from '../../src/workflows/journal/memory-store.js';
import { systemProbe } from '../../src/workflows/journal/owner.js';
import { clientFor, control, type RunningSandbox } from '../sandbox/helpers.js';
import { useFastSandbox } from '../sdk/helpers.js';
import { Client as ApiClient, type Client } from '../../src/api/client.js';

export interface Session {
  mcp: McpClient;
  /** The requests the server sent to the service: "METHOD /path" under /api/v2. */
  sent: string[];
  /** Resolves when the server sends `route` ("METHOD /path") to the service. */
  sending(route: string): Promise<void>;
  /** Elicitations the server sent, by message. */
  asked: string[];
  close(): Promise<void>;
}

export interface SessionOptions extends Partial<McpOptions> {
  /** The person's answer to each elicitation; none: the client cannot be asked. */
  answer?: ElicitResult['action'];
  /** Folders the client shares (MCP roots); none: the client names no roots. */
  roots?: string[];
  /** Where the server reaches the service (a proxy in front of the sandbox); default the sandbox. */
  baseUrl?: string;
  /**
   * Where the server's paid-run journal keeps its entries (two sessions sharing one are a server
   * and the next, or two servers at once); default its own, in memory. Ignored with `journal`.
   */
  store?: JournalBackend;
  /**
   * The host the server's journal says it runs on: two sessions of this test process on two
   * hosts are told apart as two processes are (one waits for the other's answer instead of
   * resending its quote); default this machine's, where a session's entries count as this process's.
   */
  host?: string;
}

export interface McpSandbox {
  sb: RunningSandbox;
  /** A list of `people` leads of the data set (a sandbox control): its id. */
  seededList(name: string, people: number): Promise<string>;
  /** A session of the SDK's own client with a server on the demo key, over the in-memory transport. */
  session(opts?: SessionOptions): Promise<Session>;
}

/** One sandbox per file, reset before each test, with enrichment runs paced fast. */
export function useMcpSandbox(): McpSandbox {
  const t = {} as McpSandbox;
  const open: Session[] = [];
  const clients: Client[] = [];
  useFastSandbox(t);
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
    for (const c of clients.splice(0)) c.close();
  });
  t.seededList = async (name, people) => (await control(t.sb, 'POST', '/lists', { name, people })).list_id as string;
  t.session = async (opts = {}) => {
    const sent: string[] = [];
    const requests = new EventEmitter();
    const api = new ApiClient({
      baseUrl: opts.baseUrl ?? t.sb.url,
      token: t.sb.demoKey,
      retry: { maxRetries: 0, maxRateLimitRetries: 0 },
      onTrace: (e) => {
        if (e.type !== 'request') return;
        const route = `${e.method} ${new URL(e.url).pathname.replace(/^\/api\/v2/, '')}`;
        sent.push(route);
        requests.emit(route);
      },
    });
    clients.push(api);
    const { answer, roots, baseUrl: _b, store, host, ...server } = opts;
    // As `prospect mcp` builds it, over the store given: keyed by the service and the demo key, as the CLI's commands of the test's environment are.
    const journal =
      server.journal ??
      mcpJournal({
        store: store ?? new MemoryJournalStore(),
        service: serviceIdentity(api.baseUrl.href, t.sb.demoKey, 'default'),
        now: server.now ?? Date.now,
        ...(host ? { probe: { ...systemProbe, host } } : {}),
      });
    const mcpServer = createMcpServer(api, { toolset: 'all', readOnly: false, maxCredits: 0, cwd: process.cwd(), ...server, journal });
    const mcp = new McpClient(
      { name: 'test', version: '1.0.0' },
      { capabilities: { ...(answer ? { elicitation: {} } : {}), ...(roots ? { roots: {} } : {}) } },
    );
    if (roots) mcp.setRequestHandler(ListRootsRequestSchema, () => ({ roots: roots.map((r) => ({ uri: pathToFileURL(r).href })) }));
    const asked: string[] = [];
    if (answer)
      mcp.setRequestHandler(ElicitRequestSchema, (req) => {
        asked.push(req.params.message);
        return answer === 'accept' ? { action: 'accept', content: {} } : { action: answer };
      });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await Promise.all([mcpServer.connect(a), mcp.connect(b)]);
    const sending = (route: string) => new Promise<void>((resolve) => requests.once(route, () => resolve()));
    const s: Session = { mcp, sent, sending, asked, close: () => mcp.close() };
    open.push(s);
    return s;
  };
  return t;
}

/** A tool call's result, typed. */
export async function callTool(s: Session, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await s.mcp.callTool({ name, arguments: args })) as CallToolResult;
}

export const textOf = (r: CallToolResult): string => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

export const structuredOf = (r: CallToolResult): any => r.structuredContent;

export async function balance(sb: RunningSandbox): Promise<number> {
  return (await clientFor(sb).request<{ credits: number }>({ method: 'GET', path: '/credits/balance' })).credits;
}
