// Runs every benchmark and writes bench/results.md: one table of every target with its
// figure (met / not met), then each benchmark's own figures.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STARTUP_MAJORS, benchStartupVersions, startupTable, startupTargets } from './startup.mjs';
import { benchMcpStartup, mcpStartupTable, mcpStartupTargets } from './mcp-startup.mjs';
import { benchKeychain, keychainTable, keychainTargets } from './keychain.mjs';
import { benchSearch, searchTable, searchTargets } from './search.mjs';
import { benchImport, importTable, importTargets } from './import.mjs';
import { benchExport, exportTable, exportTargets } from './export.mjs';
import { benchLoad, loadTable, loadTargets } from './load.mjs';
import { benchRequests, requestsTable, requestsTargets } from './requests.mjs';
import { benchSandboxMemory, sandboxMemoryTable, sandboxMemoryTargets } from './sandbox-memory.mjs';
import { benchPaidOnce, paidOnceTable, paidOnceTargets } from './paid-once.mjs';
import { targetTable } from './targets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const t0 = performance.now();
const loadBefore = os.loadavg()[0];
const timed = async (name, run) => {
  const t = performance.now();
  const result = await run();
  console.error(`bench: ${name} done in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  return result;
};
const startup = await timed('start-up', benchStartupVersions);
const mcpStartup = await timed('mcp start-up', benchMcpStartup);
const keychain = await timed('keychain', benchKeychain);
// The load generator measures latency in this process: it runs before the benchmarks that
// hold sandboxes of up to 500,000 people in this same heap, whose collection would stall it.
const load = await timed('load', benchLoad);
const search = await timed('search', benchSearch);
const imports = await timed('import', benchImport);
const exports = await timed('export', benchExport);
const requests = await timed('requests', benchRequests);
const memory = await timed('sandbox memory', benchSandboxMemory);
const paidOnce = await timed('paid once', () => benchPaidOnce(20));
const minutes = (performance.now() - t0) / 60_000;
const targets = [
  ...startupTargets(startup),
  ...mcpStartupTargets(mcpStartup),
  ...keychainTargets(keychain),
  ...searchTargets(search),
  ...importTargets(imports),
  ...exportTargets(exports),
  ...requestsTargets(requests),
  ...loadTargets(load),
  ...sandboxMemoryTargets(memory),
  ...paidOnceTargets(paidOnce),
];
const md = [
  '# Benchmark results',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench\` in ${minutes.toFixed(1)} min on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ` +
    `Node ${process.version}, load average ${loadBefore.toFixed(1)} at the start / ${os.loadavg()[0].toFixed(1)} at the end (other work on the machine skews every timing).`,
  '',
  `## Targets (${targets.filter((t) => t.met).length} of ${targets.length} met)`,
  '',
  targetTable(targets),
  '',
  `## Start-up on Node ${STARTUP_MAJORS.join(', ')} (${startup[0]?.runs} interleaved runs each; medians, ratio to \`node -e 0\` of the same Node)`,
  '',
  startupTable(startup),
  '',
  `## prospect mcp start-up (spawn to the answers of initialize and tools/list, ${mcpStartup.runs} runs, alternating with \`node -e 0\`)`,
  '',
  mcpStartupTable(mcpStartup),
  '',
  `## whoami with a key in the OS keychain, the config file or the environment (${keychain?.runs ?? 0} runs each)`,
  '',
  keychainTable(keychain),
  '',
  '## Sandbox people search (POST /people/find over loopback HTTP, one request at a time)',
  '',
  searchTable(search),
  '',
  '## CSV import through the CLI (rate limits off)',
  '',
  importTable(imports),
  '',
  '## export json --all through the CLI',
  '',
  exportTable(exports),
  '',
  '## Requests against the minimum the spec allows',
  '',
  requestsTable(requests),
  '',
  '## Sandbox under load (loopback HTTP)',
  '',
  loadTable(load),
  '',
  '## Sandbox memory under sustained search',
  '',
  sandboxMemoryTable(memory),
  '',
  '## Paid once: two identical paid commands at once, and agents run stopped then run again (20 rounds each)',
  '',
  paidOnceTable(paidOnce),
  '',
].join('\n');
writeFileSync(path.join(here, 'results.md'), md);
console.log(md);
