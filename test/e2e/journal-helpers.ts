import path from 'node:path';
import { expect } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { runInProcess, sandboxClock, type InProcessResult } from '../helpers/in-process.js';
import { useFaultSandbox } from './faults-helpers.js';

/**
 * The paid-run journal's tests: a sandbox that handles a paid request and holds its answer
 * back (a fault in phase "after"), so the run has started and been charged when the command
 * is stopped; then the journal as `runs ls --json` shows it.
 */
export function useJournalSandbox() {
  const t = useFaultSandbox();
  return Object.assign(t, {
    /** The next request to `path` is handled, and its answer held back for two minutes. */
    holdAnswer: (method: string, routePath: string) =>
      control(t.sb, 'POST', '/faults', {
        rules: [{ method, path: routePath, kind: 'latency', phase: 'after', latency_ms: 120_000, count: 1 }],
      }),
    /** Runs the command in process and stops it (Ctrl-C) once `started` says the service started the run. */
    interruptedAfter: async (argv: string[], started: () => boolean): Promise<InProcessResult> => {
      const stop = new AbortController();
      const running = runInProcess(argv, { env: t.env, clock: sandboxClock(t.sb), signal: stop.signal });
      await expect.poll(started, { timeout: 20_000 }).toBe(true);
      stop.abort();
      return running;
    },
    /** The journal's entries, newest first, as `runs ls --json` prints them. */
    runs: async () => JSON.parse((await t.run('runs', 'ls', '--json')).stdout) as Array<Record<string, any>>,
    journalDir: () => path.join(t.env.PROSPECT_DATA_DIR!, 'paid-runs'),
  });
}
