import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { readLiveRuntime } from '../../src/sandbox/runtime.js';
import { isolatedEnv, spawnProspect } from '../helpers/binary.js';
import { drives } from '../helpers/has-command.js';
import { binFolder } from '../helpers/printed-command.js';
import { blockScript, fences, shellBlocks, type Fence } from '../helpers/readme-blocks.js';
import { tempDir } from '../helpers/temp-dir.js';
import { raw, type RunningSandbox } from '../sandbox/helpers.js';

/**
 * The README, run as a reader runs it: every shell block in order, in bash, in one working
 * folder and one fresh HOME, with `prospect` (the built binary) on the PATH. Spawns the binary
 * and its background sandbox: what a reader pastes is a shell's commands, not ours.
 *
 * The blocks meet the local sandbox: those with `--sandbox` by themselves, the others (the
 * recipes, written for a service named by the environment) through PROSPECT_BASE_URL,
 * PROSPECT_API_KEY and PROSPECT_JWT pointing at that same sandbox, as a CI job's secrets would.
 * The sandbox runs without rate limits and paces its jobs fast (a reader's waits, not ours);
 * a block that stops it gets it started again before the next. Blocks marked
 * `<!-- readme-test: skip (why) -->` (installing, logging in to a real service) are not run.
 */
const README = path.resolve(import.meta.dirname, '..', '..', 'README.md');
const all = fences(readFileSync(README, 'utf8'));
const blocks = shellBlocks(all);
const tools = ['jq', 'curl'].map(drives);

const home = tempDir('prospect-readme-');
const cwd = tempDir('prospect-readme-cwd-');
const PATH = `${binFolder()}${path.delimiter}${process.env.PATH ?? ''}`;
// Nothing of the developer's: no PROSPECT_* and the config and data dirs where a reader's are, under a fresh HOME.
const { PROSPECT_CONFIG_DIR: _c, PROSPECT_DATA_DIR: _d, ...base } = isolatedEnv();
const env: Record<string, string | undefined> = {
  ...base,
  HOME: home,
  XDG_CONFIG_HOME: path.join(home, '.config'),
  XDG_STATE_HOME: path.join(home, '.local', 'state'),
  PATH,
};

/** The sandbox of the reader's data dir (started when none runs), fast, and the environment that points at it. */
async function sandboxEnv(): Promise<Record<string, string | undefined>> {
  let info = await readLiveRuntime(env);
  if (!info) {
    const r = await spawnProspect(['sandbox', 'start', '--no-rate-limits'], { env, cwd });
    expect(r.exitCode, r.stderr).toBe(0);
    info = (await readLiveRuntime(env))!;
  }
  const sb = { url: info.url } as RunningSandbox;
  await raw(sb, 'POST', '/__sandbox/enrichment', { body: { pace: { pending_ms: 0, min_run_ms: 50, row_ms: 0 } } });
  await raw(sb, 'POST', '/__sandbox/smart-agents', { body: { pace: { pending_ms: 0, row_ms: 1 } } });
  const jwt = (await raw(sb, 'POST', '/__sandbox/jwt', { body: {} })).json.token as string;
  return { ...env, PROSPECT_BASE_URL: info.url, PROSPECT_API_KEY: info.demo_key, PROSPECT_JWT: jwt };
}

afterAll(() => spawnProspect(['sandbox', 'stop'], { env }));

const title = (b: Fence) => `README.md:${b.line}: ${b.body.find((l) => l.trim() && !l.startsWith('#'))?.trim() ?? ''}`;

describe('the README', () => {
  it('fences every block with its language: shell blocks as sh or bash, output as text', () => {
    expect(all.filter((f) => f.lang === '').map((f) => f.line)).toEqual([]);
    // A block of commands fenced as something else would never run.
    const hidden = all.filter((f) => !blocks.includes(f) && f.body.some((l) => /^(\$ )?prospect /.test(l)) && f.lang !== 'text');
    expect(hidden.map((f) => `${f.line} ${f.lang}`)).toEqual([]);
  });

  it('runs all but the few install and log-in blocks, each skip saying why', () => {
    const skipped = blocks.filter((b) => b.skip);
    expect(skipped.map((b) => b.skip)).toEqual([
      expect.stringMatching(/^installs/),
      expect.stringMatching(/^installs/),
      expect.stringMatching(/^logs in to your own service/),
    ]);
    expect(blocks.length - skipped.length).toBeGreaterThan(20);
  });

  // One test per block, in the README's order: each starts where the blocks above it left the sandbox and the files.
  for (const block of blocks.filter((b) => !b.skip)) {
    it.runIf(tools.every((t) => t.run))(title(block), { timeout: 60_000 }, async () => {
      for (const t of tools) t.check();
      const r = await execa('bash', ['-c', blockScript(block)], { env: await sandboxEnv(), extendEnv: false, cwd, reject: false, input: '', timeout: 50_000 });
      const failed = /readme-test: (README\.md:\d+ exited \d+)/.exec(r.stderr)?.[1] ?? `README.md:${block.line}: exit ${r.exitCode}`;
      expect(r.exitCode, `${failed}\n${r.stderr.split('\n').slice(-12).join('\n')}`).toBe(0);
    });
  }
});
