import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { BIN } from '../helpers/binary.js';
import { runInProcess, sandboxClock } from '../helpers/in-process.js';
import { useJournalSandbox } from './journal-helpers.js';
import { enrichmentArea } from '../../src/sandbox/engine/enrichment.js';
import type { Clock } from '../../src/cli/context.js';

/**
 * Who still waits for an answer, and what never went out. A journal entry whose sender is
 * gone is resolved through its quote even when its pid now names another live process; the
 * same command while its sender still waits takes that answer when it comes, paying once
 * (--pay-again pays for another run). A request stopped while it waited out a 429 was refused, so nothing is left
 * open and the same command runs as usual.
 */
const t = useJournalSandbox();

const LIST_RUN = ['enrich', 'list', 'Q3', '--scope', 'full', '--yes', '--json'];
const workflowIds = () => Object.keys(enrichmentArea(t.sb.services.store).workflows);

/** The open entries' files, wherever a version of the journal keeps them. */
function openEntryFiles(dir = t.journalDir()): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return openEntryFiles(full);
    return d.name.endsWith('.json') && JSON.parse(readFileSync(full, 'utf8')).state === 'sent' ? [full] : [];
  });
}

describe('the process that sent a journaled request', () => {
  it('gone, though its pid now runs another process (a reboot, a container): the same command resolves the run through its quote, paid once', async () => {
    await t.seedList('Q3', 20);
    const before = await t.balance();
    await t.holdAnswer('POST', '/enrichment/bulk');
    await t.interruptedAfter(LIST_RUN, () => workflowIds().length > 0);
    const charged = before - (await t.balance());
    expect(charged).toBeGreaterThan(0);
    // Another process, which never sent anything, holds the pid the entry names.
    const other = execa('sleep', ['60'], { reject: false });
    const [file] = openEntryFiles();
    writeFileSync(file!, JSON.stringify({ ...JSON.parse(readFileSync(file!, 'utf8')), pid: other.pid }));

    await t.faults([]);
    const again = await t.run(...LIST_RUN);
    other.kill();
    await other;
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toContain('An earlier run of this command was sent at');
    expect(again.stderr).not.toContain('Estimate:');
    expect(workflowIds()).toHaveLength(1);
    expect(await t.balance()).toBe(before - JSON.parse(again.stdout).credits_charged);
    expect((await t.runs())[0]).toMatchObject({ state: 'answered', run_id: workflowIds()[0] });
  });

  it('still running and waiting for the answer: the same command waits for that answer and takes it, paid once; --pay-again pays for another run', async () => {
    await t.seedList('Q3', 20);
    const before = await t.balance();
    // The first run's answer comes 3 s after the run started: the second command starts meanwhile.
    await control(t.sb, 'POST', '/faults', {
      rules: [{ method: 'POST', path: '/enrichment/bulk', kind: 'latency', phase: 'after', latency_ms: 3_000, count: 1 }],
    });
    // Spawns the binary: another process, alive, that waits for its answer.
    const first = execa(process.execPath, [BIN, ...LIST_RUN, '--no-wait'], { env: t.env, extendEnv: false, reject: false });
    try {
      await expect.poll(() => workflowIds().length, { timeout: 30_000 }).toBe(1);
      const second = await t.run(...LIST_RUN, '--no-wait');
      expect(second.exitCode, second.stderr).toBe(0);
      expect(second.stderr).toMatch(
        new RegExp(
          `An identical run was sent at \\d\\d:\\d\\d by process ${first.pid}, which still waits for its answer; waiting for that answer instead of paying again\\.`,
        ),
      );
      expect(second.stderr).not.toContain('Estimate:');
      const firstDone = await first;
      expect(firstDone.exitCode, firstDone.stderr).toBe(0);
      // One run, its answer printed by both, its reservation taken once (the run may have settled since, refunding what it did not use).
      expect(workflowIds()).toHaveLength(1);
      expect(JSON.parse(second.stdout).runs[0].workflow_id).toBe(workflowIds()[0]);
      expect(JSON.parse(firstDone.stdout).runs[0].workflow_id).toBe(workflowIds()[0]);
      expect(before - (await t.balance())).toBeLessThanOrEqual(JSON.parse(firstDone.stdout).runs[0].credits_reserved);

      const another = await t.run(...LIST_RUN, '--pay-again', '--all-leads');
      expect(another.exitCode, another.stderr).toBe(0);
      expect(workflowIds()).toHaveLength(2);
    } finally {
      first.kill('SIGKILL');
      await first;
    }
  }, 60_000);
});

describe('a paid request that never went out, or was refused', () => {
  it('stopped while waiting out a 429: nothing is left open; the same command later is estimated and paid as usual', async () => {
    await t.seedList('Q3', 20);
    await t.faults([{ method: 'POST', path: '/enrichment/bulk', kind: 'status', status: 429, retry_after_sec: 30, count: 1 }]);
    const sandbox = sandboxClock(t.sb);
    const stop = new AbortController();
    let waiting!: () => void;
    const waited = new Promise<void>((r) => (waiting = r));
    // The wait for the Retry-After lasts until Ctrl-C; other waits pass on the sandbox's clock.
    const clock: Clock = {
      now: sandbox.now,
      sleep: (ms, signal) =>
        ms < 30_000
          ? sandbox.sleep(ms, signal)
          : new Promise((_resolve, reject) => {
              waiting();
              signal?.addEventListener('abort', () => reject(signal.reason));
            }),
    };
    const running = runInProcess(LIST_RUN, { env: t.env, clock, signal: stop.signal });
    await waited;
    stop.abort();
    const stopped = await running;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).not.toContain('may have started');
    expect(stopped.stderr).toContain('The run was not started (the service had not taken the request): nothing was spent.');
    expect(workflowIds()).toHaveLength(0);
    expect((await t.runs()).filter((r) => r.state === 'open' || r.state === 'unknown')).toEqual([]);

    // Its quote long expired: nothing asks for --pay-again, and the run is paid once.
    await control(t.sb, 'POST', '/clock', { advance_ms: 6 * 60_000 });
    const again = await t.run(...LIST_RUN);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('An earlier run');
    expect(again.stderr).toContain('Estimate:');
    expect(workflowIds()).toHaveLength(1);
  });
});
