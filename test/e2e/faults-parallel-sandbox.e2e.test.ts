import { readFileSync, readdirSync } from 'node:fs';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, isolatedEnv, spawnProspect } from '../helpers/binary.js';

/**
 * Starting the sandbox takes a lock: commands that find none running and start one at the same
 * time start exactly one, and a second `sandbox serve` for the same data dir is refused. Real
 * processes, since parallel processes are the point; Linux, since /proc tells what runs.
 */
type Env = Record<string, string | undefined>;
const envs: Env[] = [];

/** A fresh data dir with no sandbox running. */
function freshEnv(): Env {
  const env = isolatedEnv();
  envs.push(env);
  return env;
}

/** The pids of the `sandbox serve` processes of this data dir. */
function servePids(env: Env): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (!cmdline.includes('sandbox\0serve\0')) continue;
      if (readFileSync(`/proc/${name}/environ`, 'utf8').split('\0').includes(`PROSPECT_DATA_DIR=${env.PROSPECT_DATA_DIR}`))
        pids.push(Number(name));
    } catch {
      // gone meanwhile, or another user's
    }
  }
  return pids;
}

describe.runIf(process.platform === 'linux')('starting the sandbox takes a lock', () => {
  // Whatever a failing run left behind (each a sandbox this file started): stopped.
  afterAll(async () => {
    for (const env of envs) {
      await spawnProspect(['sandbox', 'stop'], { env });
      for (const pid of servePids(env)) process.kill(pid, 'SIGTERM');
    }
  });

  it('8 parallel --sandbox commands with none running all succeed and start exactly one; `sandbox stop` leaves none', async () => {
    const env = freshEnv();
    const results = await Promise.all(Array.from({ length: 8 }, () => spawnProspect(['--sandbox', 'whoami', '--json'], { env })));
    for (const r of results) expect(r.exitCode, r.stderr).toBe(0);
    expect(results.filter((r) => r.stderr.includes('Starting the local sandbox'))).toHaveLength(1);
    expect(new Set(results.map((r) => JSON.parse(r.stdout).organization_id)).size).toBe(1);
    expect(servePids(env)).toHaveLength(1);
    const stopped = await spawnProspect(['sandbox', 'stop'], { env });
    expect(stopped.exitCode, stopped.stderr).toBe(0);
    expect(servePids(env)).toEqual([]);
  });

  it('`sandbox serve` by hand while the sandbox runs exits 2 saying so, and the running one still answers', async () => {
    const env = freshEnv();
    const started = await spawnProspect(['sandbox', 'start', '--people', '500', '--companies', '50'], { env });
    expect(started.exitCode, started.stderr).toBe(0);
    const [pid, ...others] = servePids(env);
    expect(others).toEqual([]);

    const byHand = execa(process.execPath, [BIN, 'sandbox', 'serve'], { env, extendEnv: false, reject: false, stdin: 'ignore' });
    const listening = new Promise<boolean>((resolve) =>
      byHand.stderr.on('data', (d: Buffer) => d.toString().includes('listening') && resolve(true)),
    );
    const startedToo = await Promise.race([byHand.then(() => false), listening]);
    if (startedToo) byHand.kill('SIGTERM');
    const served = await byHand;
    expect(startedToo, 'a second sandbox started for the same data dir').toBe(false);
    expect(served.exitCode, String(served.stderr)).toBe(2);
    expect(String(served.stderr)).toMatch(/^error: .*a sandbox already runs for this data dir on http:\/\/127\.0\.0\.1:\d+ \(pid \d+\)/m);

    const again = await spawnProspect(['--sandbox', 'whoami', '--json'], { env });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('Starting the local sandbox');
    expect(servePids(env)).toEqual([pid]);
    expect((await spawnProspect(['sandbox', 'stop'], { env })).exitCode).toBe(0);
  });
});
