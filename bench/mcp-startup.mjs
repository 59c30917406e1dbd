// `prospect mcp` start-up to a ready server: the time from spawning the binary (base URL and
// key of an in-process sandbox) to the answer of `initialize`, and to the answer of the
// `tools/list` sent right after it, against `node -e 0` spawned the same way (spawn to exit).
// The two commands alternate, so a slow stretch of a shared machine weighs on both alike.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { target, targetTable, verdict } from './targets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { startSandbox } = require(path.join(here, '..', 'dist', 'sandbox-server.cjs'));
const BIN = path.join(here, '..', 'bin', 'prospect.js');
const RUNS = Number(process.env.BENCH_MCP_RUNS ?? 30);
const WARMUP = 3;

/** Ready within this many times `node -e 0`: the server's bundle (MCP SDK, tools, schemas) loads on top of the core. */
export const MCP_STARTUP_TARGETS = { 'tools/list answered': 2.5 };

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1.0.0' } },
};
const LIST = [
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
];
const line = (m) => `${JSON.stringify(m)}\n`;

/** One server: ms from spawn to the initialize answer and to the tools/list answer; then stdin ends and it exits. */
async function mcpOnce(env) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [BIN, 'mcp'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = once(child, 'exit');
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
  const at = {};
  let buf = '';
  const listed = new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`prospect mcp exited with ${code} before answering tools/list: ${stderr}`)));
    child.stdout.setEncoding('utf8').on('data', (d) => {
      buf += d;
      for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
        const { id } = JSON.parse(buf.slice(0, i));
        buf = buf.slice(i + 1);
        at[id] = performance.now() - t0;
        if (id === 1) child.stdin.write(LIST.map(line).join(''));
        if (id === 2) resolve();
      }
    });
  });
  child.stdin.write(line(INITIALIZE));
  await listed;
  child.stdin.end();
  const [code] = await exited;
  if (code !== 0) throw new Error(`prospect mcp exited with ${code}: ${stderr}`);
  return { initialize: at[1], list: at[2] };
}

async function nodeOnce() {
  const t0 = performance.now();
  await once(spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' }), 'exit');
  return performance.now() - t0;
}

const pct = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: pct(sorted, 0.5), p90: pct(sorted, 0.9) };
};

export async function benchMcpStartup() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'prospect-bench-mcp-'));
  const sb = await startSandbox({ port: 0, rateLimits: false });
  const env = {
    ...process.env,
    PROSPECT_BASE_URL: sb.url,
    PROSPECT_API_KEY: sb.demoKey,
    PROSPECT_CONFIG_DIR: tmp,
    PROSPECT_DATA_DIR: tmp,
    PROSPECT_STATE_DIR: tmp,
  };
  for (const k of ['PROSPECT_PROFILE', 'PROSPECT_FORMAT']) delete env[k];
  const node = [];
  const init = [];
  const list = [];
  try {
    // The warm-up runs also write the core's code cache, as a user's first command does.
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const n = await nodeOnce();
      const m = await mcpOnce(env);
      if (i < WARMUP) continue;
      node.push(n);
      init.push(m.initialize);
      list.push(m.list);
    }
  } finally {
    await sb.close();
    rmSync(tmp, { recursive: true, force: true });
  }
  const base = summary(node).median;
  const row = (name, times) => ({ name, ...summary(times), ratio: summary(times).median / base, target: MCP_STARTUP_TARGETS[name] });
  return { runs: RUNS, rows: [row('node -e 0', node), row('initialize answered', init), row('tools/list answered', list)] };
}

export function mcpStartupTable(result) {
  const lines = ['| from spawn to | median | p90 | median ratio to `node -e 0` | target |', '|---|---|---|---|---|'];
  for (const r of result.rows)
    lines.push(
      `| ${r.name === 'node -e 0' ? '`node -e 0` exit' : r.name} | ${r.median.toFixed(1)} ms | ${r.p90.toFixed(1)} ms | ${r.ratio.toFixed(2)}x | ${r.target ? `at most ${r.target}x (${verdict(r.ratio <= r.target)})` : ''} |`,
    );
  return lines.join('\n');
}

export function mcpStartupTargets(result) {
  return result.rows
    .filter((r) => r.target)
    .map((r) =>
      target(
        'start-up',
        `\`prospect mcp\` ${r.name}, median over \`node -e 0\``,
        `${r.ratio.toFixed(2)}x`,
        `at most ${r.target}x`,
        r.ratio <= r.target,
      ),
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const load = os.loadavg()[0];
  const result = await benchMcpStartup();
  console.log(
    `prospect mcp start-up, ${result.runs} runs, load average ${load.toFixed(1)} at the start / ${os.loadavg()[0].toFixed(1)} at the end\n`,
  );
  console.log(mcpStartupTable(result));
  console.log(`\n${targetTable(mcpStartupTargets(result))}`);
}
