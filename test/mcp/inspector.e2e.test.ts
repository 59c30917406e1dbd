import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/binary.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { tempDir } from '../helpers/temp-dir.js';
import { selectTools } from '../../src/mcp/server.js';

// Spawns the binary under a client we did not write: the MCP Inspector's CLI mode (its v1
// package, inspector-cli 1.0.3), as a person checking a server by hand runs it.

const INSPECTOR = path.resolve(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'mcp-inspector-cli');
const t = useSandboxEnv({ withKey: true });

/**
 * `mcp-inspector-cli --cli node bin/prospect.js mcp ARGS`: its stdout parsed as JSON.
 * inspector-cli 1.0.3 checks for `../package.json` from its working directory but imports it
 * from its own folder, so it starts only in a folder whose parent holds a package.json.
 */
async function inspect(args: string[]): Promise<any> {
  const cwd = path.join(tempDir(), 'work');
  mkdirSync(cwd);
  writeFileSync(path.join(cwd, '..', 'package.json'), '{}\n');
  const r = await execa(INSPECTOR, ['--cli', process.execPath, BIN, 'mcp', ...args], {
    env: t.env,
    extendEnv: false,
    cwd,
    reject: false,
    timeout: 50_000,
  });
  expect(r.exitCode, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

// Three node processes start per run (its launcher, its client, the server): 2 s on a quiet machine, 8.5 s seen on a busy one.
describe('the MCP Inspector CLI against prospect mcp', { timeout: 60_000 }, () => {
  it('lists the tools', async () => {
    const { tools } = await inspect(['--method', 'tools/list']);
    expect(tools.map((tool: { name: string }) => tool.name)).toEqual(
      selectTools({ toolset: 'standard', readOnly: false }).map((tool) => tool.name),
    );
  });

  it('calls people_search with its arguments and gets the rows', async () => {
    const r = await inspect([
      '--method',
      'tools/call',
      '--tool-name',
      'people_search',
      '--tool-arg',
      'filters={"seniority":["C-Suite"]}',
      'limit=2',
    ]);
    expect(r.isError, JSON.stringify(r.content)).toBeUndefined();
    const rows = r.structuredContent.results as { lead_id: string; seniority: string }[];
    expect(rows.map((row) => row.seniority)).toEqual(['C-Suite', 'C-Suite']);
    // A client that shows the text alone shows the same rows.
    for (const row of rows) expect(r.content[0].text).toContain(row.lead_id);
  });
});
