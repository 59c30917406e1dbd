import { sleep as abortableSleep } from './sleep.js';

/**
 * Waits for a remote job to reach a terminal state. Every terminal value the spec lists
 * ends the wait, both spellings of cancel included.
 */

/** Terminal states that mean the job did not do its work. */
const FAILED_STATUSES = ['failed', 'canceled', 'cancelled', 'terminated'] as const;
export const TERMINAL_STATUSES = ['completed', 'completed_with_errors', ...FAILED_STATUSES] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

export function isTerminalStatus(status: unknown): status is TerminalStatus {
  return typeof status === 'string' && (TERMINAL_STATUSES as readonly string[]).includes(status.toLowerCase());
}

/** Terminal states that mean the job did not do its work. */
export function isFailedStatus(status: string): boolean {
  return (FAILED_STATUSES as readonly string[]).includes(status.toLowerCase());
}

export interface PollOptions<S> {
  fetchStatus: () => Promise<S>;
  statusOf?: (s: S) => unknown;
  onProgress?: (s: S) => void;
  initialIntervalMs?: number;
  maxIntervalMs?: number;
  /** Give up after this long (the job keeps running remotely). Default: no limit. */
  timeoutMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  signal?: AbortSignal;
}

export class PollTimeoutError extends Error {
  constructor(readonly last: unknown) {
    super('gave up waiting; the job is still running');
    this.name = 'PollTimeoutError';
  }
}

export async function waitForWorkflow<S>(o: PollOptions<S>): Promise<S> {
  const statusOf = o.statusOf ?? ((s: S) => (s as { status?: unknown }).status);
  const sleep = o.sleep ?? abortableSleep;
  const now = o.now ?? Date.now;
  const started = now();
  let interval = o.initialIntervalMs ?? 1_000;
  const max = o.maxIntervalMs ?? 10_000;
  for (;;) {
    const s = await o.fetchStatus();
    o.onProgress?.(s);
    if (isTerminalStatus(statusOf(s))) return s;
    if (o.timeoutMs !== undefined && now() - started >= o.timeoutMs) throw new PollTimeoutError(s);
    await sleep(interval, o.signal);
    interval = Math.min(max, Math.round(interval * 1.5));
  }
}
