import { beforeEach, expect } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { fastClock, runInProcess, type InProcessResult } from '../helpers/in-process.js';
import { usePaidSandbox } from './enrich-helpers.js';
import type { StartSandboxOptions } from '../../src/sandbox/server.js';

/**
 * The fault suite's shared setup: a sandbox per file with fast runs and no rate limits, the
 * CLI run in this process with a clock whose waits (retry backoff, Retry-After, polling) are
 * cut to a few milliseconds, and the fault kinds every command is run under.
 */

export type Rule = Record<string, unknown>;

export function useFaultSandbox(sandbox: StartSandboxOptions = {}) {
  const t = usePaidSandbox(sandbox);
  /** The seeded state again, paced fast and without rate limits (a clean run and a faulty one start alike). */
  const fresh = async () => {
    await control(t.sb, 'POST', '/reset', {});
    await control(t.sb, 'POST', '/rate-limits', { enabled: false });
    await control(t.sb, 'POST', '/enrichment', { pace: { pending_ms: 0, min_run_ms: 50, row_ms: 0 } });
    await control(t.sb, 'POST', '/smart-agents', { pace: { pending_ms: 0, row_ms: 1 } });
  };
  // usePaidSandbox has reset the state, switched rate limits off and paced enrichment already.
  beforeEach(() => control(t.sb, 'POST', '/smart-agents', { pace: { pending_ms: 0, row_ms: 1 } }));
  return Object.assign(t, {
    fresh,
    /** The command in this process, as a script runs it (no TTY). */
    cli: (...argv: string[]): Promise<InProcessResult> => runInProcess(argv, { env: t.env, clock: fastClock }),
    /** Replaces the faults in place (their counters start again). */
    faults: async (rules: Rule[]) => {
      await control(t.sb, 'DELETE', '/faults');
      if (rules.length) await control(t.sb, 'POST', '/faults', { rules });
    },
    /** Fails the test when no fault rule was applied: a case whose fault never hit proves nothing. */
    expectFaultsHit: async () => {
      const rules = (await control(t.sb, 'GET', '/faults')).rules as Array<{ applied: number }>;
      expect(rules.length, 'no fault rules are set').toBeGreaterThan(0);
      expect(
        rules.every((r) => r.applied > 0),
        JSON.stringify(rules),
      ).toBe(true);
    },
  });
}

/**
 * A fault on one kind of request. `once` faults hit one request (after `skip` matching ones went
 * through), so a retry, a resend or a re-run gets past them; `lasting` ones never stop.
 */
export interface Fault {
  name: string;
  rules: Rule[];
}

/** Faults that leave the request unhandled or answered late: any request may be retried after them. */
export function faultsBefore(method: string, path: string, skip = 0): Fault[] {
  const at = { method, path, after: skip };
  return [
    { name: 'latency on each of these requests', rules: [{ method, path, kind: 'latency', latency_ms: 100 }] },
    { name: '500 before handling', rules: [{ ...at, kind: 'status', status: 500, count: 1 }] },
    { name: '503 retryable before handling', rules: [{ ...at, kind: 'status', status: 503, retry_after_sec: 1, count: 2 }] },
    { name: 'connection dropped before handling', rules: [{ ...at, kind: 'drop', count: 1 }] },
    { name: 'a 429 burst', rules: [{ ...at, kind: 'rate_limit', retry_after_sec: 1, count: 3 }] },
  ];
}

/** Faults after the request was handled (its effects stay): the answer is lost or replaced. */
export function faultsAfter(method: string, path: string, skip = 0): Fault[] {
  const at = { method, path, after: skip, phase: 'after', count: 1 };
  return [
    { name: '500 after handling', rules: [{ ...at, kind: 'status', status: 500 }] },
    { name: '502 after handling', rules: [{ ...at, kind: 'status', status: 502 }] },
    { name: 'connection dropped after handling', rules: [{ ...at, kind: 'drop' }] },
  ];
}

/** A fault that outlasts every retry: the command must give up with the right code. */
export const lastingFault = (method: string, path: string, skip = 0): Rule[] => [
  { method, path, after: skip, kind: 'status', status: 500 },
];

/** What a run is compared on: the exit code and stdout; messages on stderr may differ (retries are told). */
export const outputOf = (r: InProcessResult) => ({ code: r.code, stdout: r.stdout });
