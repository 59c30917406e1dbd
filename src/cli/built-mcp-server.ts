import path from 'node:path';
import { requireCached } from '../local/cached-require.js';

declare const __PROSPECT_VERSION__: string;

/**
 * What the mcp command's import of the MCP server (src/mcp/server.ts) is in the built core
 * (scripts/build.mjs): the MCP server's own bundle beside it, through its V8 code cache
 * (about 30 ms of the server's start). The sources' types are the command's.
 */
export const { serveStdio, mcpJournal } = requireCached(path.join(__dirname, 'mcp-server.cjs'), __PROSPECT_VERSION__) as {
  serveStdio: unknown;
  mcpJournal: unknown;
};
