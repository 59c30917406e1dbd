import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLiveRuntime } from '../../src/sandbox/runtime.js';
import { isolatedEnv, spawnProspect } from '../helpers/binary.js';
import { drives } from '../helpers/has-command.js';
import { binFolder } from '../helpers/printed-command.js';
import { blockScript, fences, shellBlocks, type Fence } from '../helpers/readme-blocks.js';
import { tempDir } from '../helpers/temp-dir.js';
import { raw, type RunningSandbox } from '../sandbox/helpers.js';

/**
 * The README, run as a reader runs it: every shell block in order, in bash, in a working
 * folder and a fresh HOME, with `prospect` (the built binary) on the PATH. Spawns the binary
 * and its background sandbox: what a reader pastes is a shell's commands, not ours.
 *
 * The blocks meet the local sandbox: those with `--sandbox` by themselves, the others (the
 * recipes, written for a service named by the environment) through PROSPECT_BASE_URL,
 * PROSPECT_API_KEY and PROSPECT_JWT pointing at that same sandbox, as a CI job's secrets would.
 * The sandbox runs without rate limits and paces its jobs fast (a reader's waits, not ours).
 * The blocks after one that stops the sandbox run on a reader of their own, beside the blocks
 * above it (see runs()). Blocks marked `<!-- readme-test: skip (why) -->` (installing, logging
 * in to a real service) are not run.
 */
const README = path.resolve(import.meta.dirname, '..', '..', 'README.md');
const all = fences(readFileSync(README, 'utf8'));
const blocks = shellBlocks(all);
const tools = ['jq', 'curl'].map(drives);

/** A reader's machine: a fresh HOME (config and data dirs where a reader's are) and a working folder. */
interface Reader {
  env: Record<string, string | undefined>;
  cwd: string;
}

function newReader(): Reader {
  const home = tempDir('prospect-readme-');
  // Nothing of the developer's: no PROSPECT_* and no config or data dir of the test run's.
  const { PROSPECT_CONFIG_DIR: _c, PROSPECT_DATA_DIR: _d, ...base } = isolatedEnv();
  const env = {
    ...base,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_STATE_HOME: path.join(home, '.local', 'state'),
    PATH: `${binFolder()}${path.delimiter}${process.env.PATH ?? ''}`,
  };
  return { env, cwd: tempDir('prospect-readme-cwd-') };
}

/** The sandbox of the reader's data dir (started when none runs), fast, and the environment that points at it. */
async function sandboxEnv(reader: Reader): Promise<Record<string, string | undefined>> {
  let info = await readLiveRuntime(reader.env);
  if (!info) {
    const r = await spawnProspect(['sandbox', 'start', '--no-rate-limits'], reader);
    if (r.exitCode !== 0) throw new Error(`prospect sandbox start: ${r.stderr}`);
    info = (await readLiveRuntime(reader.env))!;
  }
  const sb = { url: info.url } as RunningSandbox;
  await raw(sb, 'POST', '/__sandbox/enrichment', { body: { pace: { pending_ms: 0, min_run_ms: 50, row_ms: 0 } } });
  await raw(sb, 'POST', '/__sandbox/smart-agents', { body: { pace: { pending_ms: 0, row_ms: 1 } } });
  const jwt = (await raw(sb, 'POST', '/__sandbox/jwt', { body: {} })).json.token as string;
  return { ...reader.env, PROSPECT_BASE_URL: info.url, PROSPECT_API_KEY: info.demo_key, PROSPECT_JWT: jwt };
}

/**
 * The blocks in runs that each need the state the blocks above them left. A block that stops
 * the sandbox ends a run: nothing on the sandbox outlives it, so the blocks after it start
 * afresh, on a reader of their own, and the runs go side by side (most of the time is spent
 * waiting on remote jobs).
 */
function runs(bs: Fence[]): Fence[][] {
  const out: Fence[][] = [[]];
  for (const b of bs) {
    out.at(-1)!.push(b);
    if (b.body.some((l) => /^\s*prospect sandbox stop\b/.test(l))) out.push([]);
  }
  return out.filter((r) => r.length > 0);
}

async function runBlock(reader: Reader, block: Fence) {
  const env = await sandboxEnv(reader);
  return execa('bash', ['-c', blockScript(block)], { env, extendEnv: false, cwd: reader.cwd, reject: false, input: '', timeout: 60_000 });
}

const readers: Reader[] = [];
const results = new Map<Fence, Promise<Awaited<ReturnType<typeof runBlock>>>>();
const runnable = blocks.filter((b) => !b.skip);
const canRun = tools.every((t) => t.run);

beforeAll(() => {
  if (!canRun) return;
  for (const run of runs(runnable)) {
    const reader = newReader();
    readers.push(reader);
    let previous: Promise<unknown> = Promise.resolve();
    for (const block of run) {
      const result = previous.then(() => runBlock(reader, block));
      results.set(block, result);
      previous = result.catch(() => undefined);
    }
  }
});
afterAll(() => Promise.all(readers.map((r) => spawnProspect(['sandbox', 'stop'], r))));

const title = (b: Fence) => `README.md:${b.line}: ${b.body.find((l) => l.trim() && !l.startsWith('#'))?.trim() ?? ''}`;

describe('the README', () => {
  it('fences every block with its language: shell blocks as sh or bash, output as text', () => {
    expect(all.filter((f) => f.lang === '').map((f) => f.line)).toEqual([]);
    // A block of commands fenced as something else would never run.
    const hidden = all.filter((f) => !blocks.includes(f) && f.body.some((l) => /^(\$ )?prospect /.test(l)) && f.lang !== 'text');
    expect(hidden.map((f) => `${f.line} ${f.lang}`)).toEqual([]);
  });

  it('runs all but the few install, log-in, keyring and second-sandbox blocks, each skip saying why', () => {
    const skipped = blocks.filter((b) => b.skip);
    expect(skipped.map((b) => b.skip)).toEqual([
      expect.stringMatching(/^installs/),
      expect.stringMatching(/^installs/),
      expect.stringMatching(/^logs in to your own service/),
      expect.stringMatching(/^starts a shell of its own and reads a password; test\/e2e\/keychain\.e2e\.test\.ts starts a keyring/),
      expect.stringMatching(/^starts a sandbox of its own beside the README's; test\/e2e\/sandbox-fixtures\.e2e\.test\.ts runs/),
    ]);
    expect(blocks.length - skipped.length).toBeGreaterThan(20);
  });

  // One test per block, in the README's order: each starts where the blocks above it in its run left the sandbox and the files.
  for (const block of runnable) {
    it.runIf(canRun)(title(block), { timeout: 240_000 }, async () => {
      for (const t of tools) t.check();
      const r = await results.get(block)!;
      const failed = /readme-test: (README\.md:\d+ exited \d+)/.exec(r.stderr)?.[1] ?? `README.md:${block.line}: exit ${r.exitCode}`;
      expect(r.exitCode, `${failed}\n${r.stderr.split('\n').slice(-12).join('\n')}`).toBe(0);
    });
  }
});
