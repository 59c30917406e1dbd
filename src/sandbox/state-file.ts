import { existsSync } from 'node:fs';
import * as z from 'zod/mini';
import type { SandboxState } from './store.js';
import { readJsonFile, StateFileError } from './state-file-io.js';

export { saveStateFile, StateFileError } from './state-file-io.js';

/** The outline of a snapshot: enough to refuse a file that is not one, not a full schema of every area. */
export const StateFile = z.looseObject({
  format: z.literal('prospect-sandbox-state'),
  version: z.literal(1),
  seed: z.int(),
  seq: z.int(),
  jwt_secret: z.string().check(z.minLength(16)),
  clock_offset_ms: z.number(),
  clock_now_ms: z.optional(z.number()),
  clock_frozen: z.optional(z.boolean()),
  demo: z.looseObject({
    organization_id: z.string(),
    user_id: z.string(),
    teammate_user_id: z.string(),
    key_id: z.string(),
    api_key: z.string(),
    other_organization_id: z.string(),
    other_user_id: z.string(),
  }),
  organizations: z.record(z.string(), z.looseObject({ id: z.string(), credits: z.int() })),
  users: z.record(z.string(), z.looseObject({ id: z.string(), email: z.string() })),
  memberships: z.array(z.looseObject({ user_id: z.string(), organization_id: z.string(), scopes: z.array(z.string()) })),
  api_keys: z.record(z.string(), z.looseObject({ id: z.string(), key_hash: z.string() })),
  request_log: z.array(z.unknown()),
  rate_counters: z.record(z.string(), z.object({ window: z.number(), count: z.int() })),
  areas: z.record(z.string(), z.unknown()),
});

/** The body of POST /__sandbox/snapshot: the same outline, refusing a field a state file does not have. */
export const SnapshotBody = z.object({ ...StateFile.shape, dataset_size: z.optional(z.looseObject({})) });

/** The snapshot at `file`, or null when there is none yet. */
export function loadStateFile(file: string): SandboxState | null {
  return existsSync(file) ? readSnapshotFile(file) : null;
}

/** The snapshot at `file`, which must exist (`startSandbox({ snapshot })`). */
export function readSnapshotFile(file: string): SandboxState {
  return checkState(readJsonFile(file), file);
}

/** `data` itself (its keys in their order, so a save gives the same bytes) when it has a state file's outline. */
export function checkState(data: unknown, source: string): SandboxState {
  const r = StateFile.safeParse(data);
  if (!r.success) {
    const first = r.error.issues[0];
    throw new StateFileError(`${source} is not a sandbox state file (${first?.path.join('.') || 'root'}: ${first?.message})`);
  }
  return data as SandboxState;
}

/** How long after a change the state file is saved: a burst of requests makes one write. */
export const SAVE_DEBOUNCE_MS = 200;

/** Saves shortly after changes, coalescing bursts of requests into one write. */
export class DebouncedSaver {
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly save: () => void,
    private readonly delayMs = SAVE_DEBOUNCE_MS,
  ) {}

  schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      try {
        this.save();
      } catch (e) {
        process.stderr.write(`sandbox: could not save state: ${(e as Error).message}\n`);
      }
    }, this.delayMs);
    this.timer.unref();
  }

  /** Saves now if a save is pending (or always, with force). */
  flush(force = false): void {
    const pending = this.timer !== undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (pending || force) this.save();
  }

  /** The last save: later changes (a request still finishing after the server closed) are not written. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.flush(true);
  }
}
