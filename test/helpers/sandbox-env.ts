import { afterAll, beforeAll, beforeEach } from 'vitest';
import { control, openSandbox, type RunningSandbox } from '../sandbox/helpers.js';
import type { StartSandboxOptions } from '../../src/sandbox/server.js';
import { writeRuntime } from '../../src/sandbox/runtime.js';
import { isolatedEnv } from './binary.js';

export interface SandboxEnv {
  /** The sandbox of this test file, reset and without faults before each test. */
  sb: RunningSandbox;
  /** A fresh environment for the binary; with `withKey`, pointed at the sandbox with the demo key. */
  env: Record<string, string | undefined>;
}

/** One in-process sandbox per test file and a clean environment per test. */
export function useSandboxEnv(opts: { withKey?: boolean; sandbox?: StartSandboxOptions } = {}): SandboxEnv {
  const t = {} as SandboxEnv;
  beforeAll(async () => {
    t.sb = await openSandbox(opts.sandbox);
  });
  afterAll(() => t.sb.close());
  beforeEach(async () => {
    await control(t.sb, 'POST', '/reset', {});
    t.env = isolatedEnv(opts.withKey ? { PROSPECT_BASE_URL: t.sb.url, PROSPECT_API_KEY: t.sb.demoKey } : {});
  });
  return t;
}

/**
 * Names `sb` as the running sandbox in the data dir of `env` (its runtime file, as `sandbox start`
 * writes it): `--sandbox` and the sandbox commands then use it instead of starting one.
 */
export function pointRuntimeAt(env: Record<string, string | undefined>, sb: RunningSandbox, seed = 42): void {
  writeRuntime(env, {
    pid: process.pid,
    port: Number(new URL(sb.url).port),
    url: sb.url,
    seed,
    state_path: null,
    demo_key: sb.demoKey,
    started_at: new Date().toISOString(),
  });
}
