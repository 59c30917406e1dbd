import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileServer, type HostileServer } from '../helpers/hostile-server.js';
import { callTool, textOf, useMcpSandbox } from './helpers.js';

/** The MCP server behind a broken or hostile base URL: the transport's bounds hold in its tools too. */
const t = useMcpSandbox();
let hostile: HostileServer;

beforeAll(async () => {
  hostile = await startHostileServer({ '/whoami': '/login', '/credits/balance': '/endless' });
});
afterAll(() => hostile.close());

describe('prospect mcp against a broken server', () => {
  it('a login page is an error of the tool, and an endless answer is cut', async () => {
    const s = await t.session({ baseUrl: hostile.url });
    const who = await callTool(s, 'whoami');
    expect(who.isError).toBe(true);
    expect(textOf(who)).toContain('invalid_response');

    const balance = await callTool(s, 'credits_balance');
    expect(balance.isError).toBe(true);
    expect(textOf(balance)).toContain('response_too_large');
  });
});
