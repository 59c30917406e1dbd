import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { openSandbox, SMALL_DATASET } from './helpers.js';
import { Client } from '../../src/api/client.js';
import { sandboxRuntimeFile } from '../../src/local/paths.js';
import {
  readRuntime,
  readLiveRuntime,
  removeRuntime,
  serveForeground,
  startInBackground,
  stopSandbox,
  writeRuntime,
  isProcessAlive,
  type SandboxRuntimeInfo,
} from '../../src/sandbox/runtime.js';

let root: string;
let env: Record<string, string>;
beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'sandbox-runtime-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeEach((c) => {
  env = { PROSPECT_DATA_DIR: path.join(root, c.task.id, 'data') };
});

const info = (over: Partial<SandboxRuntimeInfo> = {}): SandboxRuntimeInfo => ({
  pid: process.pid,
  port: 4010,
  url: 'http://127.0.0.1:4010',
  seed: 42,
  state_path: null,
  demo_key: `svcapi_${'a'.repeat(64)}`,
  started_at: new Date().toISOString(),
  ...over,
});

/** The pid of a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', '']);
  expect(isProcessAlive(r.pid)).toBe(false);
  return r.pid;
}

describe('runtime file', () => {
  test('is written mode 0600 in a 0700 data dir and read back while its process lives', () => {
    writeRuntime(env, info());
    const file = sandboxRuntimeFile(env);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(readRuntime(env)).toEqual(info({ started_at: readRuntime(env)!.started_at }));
  });

  test('reads as null when missing, unreadable, or its pid is dead', () => {
    expect(readRuntime(env)).toBeNull();
    writeRuntime(env, info({ pid: deadPid() }));
    expect(readRuntime(env)).toBeNull();
    writeFileSync(sandboxRuntimeFile(env), 'not json');
    expect(readRuntime(env)).toBeNull();
  });

  test("reads as null when the pid is another user's process (not a sandbox we started)", () => {
    writeRuntime(env, info({ pid: 424242 }));
    const kill = vi.spyOn(process, 'kill').mockImplementation(() => {
      throw Object.assign(new Error('kill EPERM'), { code: 'EPERM' });
    });
    try {
      expect(readRuntime(env)).toBeNull();
    } finally {
      kill.mockRestore();
    }
  });

  test('removeRuntime with a pid leaves another process file alone', () => {
    writeRuntime(env, info({ pid: process.pid }));
    removeRuntime(env, process.pid + 1);
    expect(existsSync(sandboxRuntimeFile(env))).toBe(true);
    removeRuntime(env, process.pid);
    expect(existsSync(sandboxRuntimeFile(env))).toBe(false);
  });
});

test('serveForeground writes the runtime file, serves, and cleans up when its signal aborts', async () => {
  const ac = new AbortController();
  let listening!: (info: SandboxRuntimeInfo) => void;
  const serving = new Promise<SandboxRuntimeInfo>((resolve) => (listening = resolve));
  // Other code in this worker may hold SIGTERM handlers of its own (execa's exit hooks while a child runs).
  const handlersBefore = process.listenerCount('SIGTERM');
  const done = serveForeground({ env, port: 0, seed: 3, dataset: SMALL_DATASET, signal: ac.signal, onReady: listening });
  const ready = await Promise.race([
    serving,
    done.then(() => {
      throw new Error('serveForeground ended before it was listening');
    }),
  ]);
  expect(readRuntime(env)).toMatchObject({ pid: process.pid, url: ready.url, seed: 3, demo_key: ready.demo_key });
  expect(await readLiveRuntime(env)).toMatchObject({ pid: process.pid, url: ready.url });
  const c = new Client({ baseUrl: ready.url, token: ready.demo_key });
  expect(await c.get('/whoami')).toMatchObject({ organization_name: 'Acme Demo' });
  c.close();
  ac.abort();
  await done;
  expect(existsSync(sandboxRuntimeFile(env))).toBe(false);
  expect(process.listenerCount('SIGTERM')).toBe(handlersBefore);
});

describe('background sandbox', () => {
  let binPath: string;
  beforeAll(async () => {
    binPath = path.join(root, 'serve.mjs');
    await build({
      entryPoints: [path.join(import.meta.dirname, 'fixtures', 'serve-entry.ts')],
      outfile: binPath,
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'error',
    });
  });

  test('starts detached, answers with the demo key, stops on SIGTERM saving its state', async () => {
    const statePath = path.join(root, 'bg-state.json');
    const started = await startInBackground({ env, binPath, port: 0, seed: 11, people: 3000, companies: 300, statePath });
    try {
      expect(started.pid).not.toBe(process.pid);
      expect(started.state_path).toBe(statePath);
      expect(readRuntime(env)).toEqual(started);
      expect(statSync(sandboxRuntimeFile(env)).mode & 0o777).toBe(0o600);
      const c = new Client({ baseUrl: started.url, token: started.demo_key });
      expect(await c.get('/whoami')).toMatchObject({ user_email: 'd***@acme.example' });
      c.close();
    } finally {
      expect(await stopSandbox(env)).toMatchObject({ pid: started.pid });
    }
    expect(isProcessAlive(started.pid)).toBe(false);
    expect(existsSync(sandboxRuntimeFile(env))).toBe(false);
    expect(readFileSync(statePath, 'utf8')).toContain(started.demo_key);
    expect(JSON.parse(readFileSync(statePath, 'utf8')).dataset_size).toEqual({ people: 3000, companies: 300 });

    const again = await startInBackground({ env, binPath, statePath });
    try {
      expect(again.demo_key).toBe(started.demo_key);
      expect(again.seed).toBe(11);
    } finally {
      await stopSandbox(env);
    }
  });

  test('a start that fails reports why', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      await expect(startInBackground({ env, binPath, port })).rejects.toThrow(/exited before it was ready[\s\S]*EADDRINUSE/);
      expect(readRuntime(env)).toBeNull();
    } finally {
      blocker.close();
    }
  });

  test('stopSandbox without a running sandbox returns null', async () => {
    expect(await stopSandbox(env)).toBeNull();
  });
});

describe('a runtime file whose pid now belongs to another process (sandbox crashed, pid reused)', () => {
  /** A live process of ours that is not a sandbox. */
  async function bystander() {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    await new Promise((r) => child.once('spawn', r));
    return child;
  }
  async function closedPort(): Promise<number> {
    const s = net.createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const port = (s.address() as net.AddressInfo).port;
    await new Promise((r) => s.close(r));
    return port;
  }

  test('nothing listens at its URL: stopSandbox leaves the process alone and removes the file', async () => {
    const child = await bystander();
    try {
      const port = await closedPort();
      writeRuntime(env, info({ pid: child.pid!, port, url: `http://127.0.0.1:${port}` }));
      expect(readRuntime(env)).not.toBeNull();
      expect(await stopSandbox(env, 2000)).toBeNull();
      expect(child.exitCode).toBeNull();
      expect(child.signalCode).toBeNull();
      expect(isProcessAlive(child.pid!)).toBe(true);
      expect(existsSync(sandboxRuntimeFile(env))).toBe(false);
    } finally {
      child.kill('SIGKILL');
    }
  });

  test('another sandbox answers at its URL: not signalled either; readLiveRuntime reads null', async () => {
    const child = await bystander();
    const other = await openSandbox();
    try {
      writeRuntime(env, info({ pid: child.pid!, port: other.port, url: other.url }));
      expect(await readLiveRuntime(env)).toBeNull();
      expect(existsSync(sandboxRuntimeFile(env))).toBe(false);
      writeRuntime(env, info({ pid: child.pid!, port: other.port, url: other.url }));
      expect(await stopSandbox(env, 2000)).toBeNull();
      expect(isProcessAlive(child.pid!)).toBe(true);
    } finally {
      child.kill('SIGKILL');
      await other.close();
    }
  });
});
