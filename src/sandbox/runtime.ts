import { spawn } from 'node:child_process';
import http from 'node:http';
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { writePrivateFile } from '../local/private-file.js';
import { withLock } from '../local/lock.js';
import { ConfigurationError } from '../api/errors.js';
import { dataDir, sandboxRuntimeFile } from '../local/paths.js';
import { DEFAULT_SEED } from './defaults.js';
import type { DatasetSize } from './data/dataset.js';
import { isFixturesError } from './fixtures-error.js';
import type { ScenarioName } from './scenario-catalog.js';

export { isProcessAlive } from '../local/lock.js';

/**
 * The sandbox's runtime file (pid, port, demo key) and its background process. Only node
 * built-ins at the top: the CLI reads the runtime file without loading the server.
 */
type Env = Record<string, string | undefined>;

export interface SandboxRuntimeInfo {
  pid: number;
  port: number;
  url: string;
  seed: number;
  state_path: string | null;
  demo_key: string;
  started_at: string;
}

/** The background child writes its ready line to this fd (a pipe from startInBackground). */
export const READY_FD_ENV = 'PROSPECT_SANDBOX_READY_FD';
const READY_TIMEOUT_MS = 10_000;

export function sandboxLogFile(env: Env = process.env): string {
  return path.join(dataDir(env), 'sandbox.log');
}

function ensureDataDir(env: Env): string {
  const dir = dataDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
}

/** Writes the runtime file atomically, mode 0600 in a 0700 directory (it holds the demo key). */
export function writeRuntime(env: Env, info: SandboxRuntimeInfo): void {
  ensureDataDir(env);
  writePrivateFile(sandboxRuntimeFile(env), `${JSON.stringify(info, null, 2)}\n`);
}

function isRuntimeInfo(v: unknown): v is SandboxRuntimeInfo {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    Number.isInteger(o.pid) &&
    Number.isInteger(o.port) &&
    typeof o.url === 'string' &&
    typeof o.seed === 'number' &&
    (o.state_path === null || typeof o.state_path === 'string') &&
    typeof o.demo_key === 'string' &&
    typeof o.started_at === 'string'
  );
}

/** Whether a process we may signal runs with this pid (EPERM: it is another user's, so not a sandbox we started). */
function isOwnProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The running sandbox of this data dir; null when there is no runtime file or no process of
 * ours has its pid. A pid alone can outlive the sandbox (a crash or a reboot, then reuse):
 * before acting on the process, confirm it with probeSandbox (or use readLiveRuntime).
 */
export function readRuntime(env: Env = process.env): SandboxRuntimeInfo | null {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(sandboxRuntimeFile(env), 'utf8'));
  } catch {
    return null;
  }
  if (!isRuntimeInfo(data) || !isOwnProcessAlive(data.pid)) return null;
  return data;
}

/**
 * Asks the URL of a runtime file who serves it: 'ours' when the sandbox there reports the
 * file's pid, 'other' when nothing listens there or another process answers (the file is
 * stale, its pid reused), 'unknown' when no clear answer came in time (busy, or an older
 * sandbox that does not report its pid).
 */
export function probeSandbox(info: SandboxRuntimeInfo, timeoutMs = 2000): Promise<'ours' | 'other' | 'unknown'> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (v: 'ours' | 'other' | 'unknown') => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve(v);
    };
    const req = http.get(`${info.url}/health`, { agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c.length < 4096 ? c : ''));
      res.on('error', () => finish('unknown'));
      res.on('end', () => {
        let pid: unknown;
        try {
          pid = (JSON.parse(text) as { pid?: unknown }).pid;
        } catch {
          return finish(res.statusCode === 200 ? 'unknown' : 'other');
        }
        finish(pid === info.pid ? 'ours' : typeof pid === 'number' ? 'other' : 'unknown');
      });
    });
    const timer = setTimeout(() => finish('unknown'), timeoutMs);
    req.on('error', (e: NodeJS.ErrnoException) => finish(e.code === 'ECONNREFUSED' ? 'other' : 'unknown'));
  });
}

/** On Linux, /proc shows at no cost that the pid runs `prospect sandbox serve`. */
function runsSandboxServe(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('sandbox\0serve');
  } catch {
    return false;
  }
}

/**
 * readRuntime, confirmed: a pid can outlive its sandbox (a reboot hands it to another
 * process). A pid that /proc shows running `sandbox serve` is taken as is (the usual case,
 * no request needed); any other is asked over /health, since a sandbox can also be served
 * inside another program. A runtime file whose pid now belongs to another process is removed
 * and reads as null.
 */
export async function readLiveRuntime(env: Env = process.env): Promise<SandboxRuntimeInfo | null> {
  const info = readRuntime(env);
  if (!info) return null;
  if (runsSandboxServe(info.pid) || (await probeSandbox(info)) !== 'other') return info;
  removeRuntime(env, info.pid);
  return null;
}

/** Removes the runtime file; with a pid, only when the file is that process's. */
export function removeRuntime(env: Env = process.env, pid?: number): void {
  const file = sandboxRuntimeFile(env);
  if (pid !== undefined) {
    try {
      const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (isRuntimeInfo(data) && data.pid !== pid) return;
    } catch {
      // unreadable: ours to remove
    }
  }
  rmSync(file, { force: true });
}

export interface BackgroundOptions {
  env: Env;
  /** The CLI entry script run with process.execPath (`<bin> sandbox serve ...`). */
  binPath: string;
  port?: number;
  seed?: number;
  /** Size of the data set; the serve command's defaults when absent. */
  people?: number;
  companies?: number;
  statePath?: string;
  /** false starts it with rate limiting off (--no-rate-limits). */
  rateLimits?: boolean;
  /** A fixtures file (--fixtures). */
  fixtures?: string;
  /** A named scenario (--scenario). */
  scenario?: ScenarioName;
}

/**
 * Starts `sandbox serve` as a detached process and waits (10 s at most) for the JSON line
 * it writes on a pipe when it listens. Its stderr goes to sandbox.log in the data dir.
 */
export async function startInBackground(o: BackgroundOptions): Promise<SandboxRuntimeInfo> {
  ensureDataDir(o.env);
  const logFile = sandboxLogFile(o.env);
  // Made new each start, exclusively: a link planted at the name is removed, never followed.
  rmSync(logFile, { force: true });
  const logFd = openSync(logFile, 'wx', 0o600);
  const args = [o.binPath, 'sandbox', 'serve', '--port', String(o.port ?? 0), '--seed', String(o.seed ?? DEFAULT_SEED)];
  if (o.people !== undefined) args.push('--people', String(o.people));
  if (o.companies !== undefined) args.push('--companies', String(o.companies));
  if (o.statePath) args.push('--state', o.statePath);
  if (o.rateLimits === false) args.push('--no-rate-limits');
  if (o.fixtures) args.push('--fixtures', o.fixtures);
  if (o.scenario) args.push('--scenario', o.scenario);
  let child: ReturnType<typeof spawn>;
  try {
    child = spawn(process.execPath, args, {
      detached: true,
      windowsHide: true,
      stdio: ['ignore', 'ignore', logFd, 'pipe'],
      env: { ...process.env, ...o.env, [READY_FD_ENV]: '3' },
    });
  } finally {
    closeSync(logFd);
  }
  const pipe = child.stdio[3] as NodeJS.ReadableStream & { destroy(): void };
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let buf = '';
      const timer = setTimeout(() => reject(new Error(`the sandbox did not start within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
      pipe.setEncoding('utf8');
      pipe.on('data', (chunk: string) => {
        buf += chunk;
        const nl = buf.indexOf('\n');
        if (nl >= 0) {
          clearTimeout(timer);
          resolve(buf.slice(0, nl));
        }
      });
      child.once('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      child.once('exit', (code, sig) => {
        clearTimeout(timer);
        reject(new Error(`the sandbox exited before it was ready (${sig ?? `exit code ${code}`})`));
      });
    });
    const info: unknown = JSON.parse(line);
    if (!isRuntimeInfo(info)) throw new Error('the sandbox sent an unreadable ready line');
    return info;
  } catch (e) {
    if (child.exitCode === null) child.kill('SIGTERM');
    // A usage error of the child (a bad fixtures file) is the caller's: its one line, exit 2 here too.
    const usage = child.exitCode === USAGE_EXIT_CODE ? usageLine(logFile) : undefined;
    if (usage) throw new ConfigurationError(usage);
    const tail = readTail(logFile);
    throw new Error(`${(e as Error).message}${tail ? `\n${tail}` : ''}\n(log: ${logFile})`, { cause: e });
  } finally {
    pipe.destroy();
    child.removeAllListeners();
    child.unref();
  }
}

const USAGE_EXIT_CODE = 2;

/** The problem of the `error: <code>: <problem>` line a child that exited 2 left in its log. */
function usageLine(file: string): string | undefined {
  try {
    const line = readFileSync(file, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('error: '));
    return line?.replace(/^error: [\w-]+: /, '');
  } catch {
    return undefined;
  }
}

/** The error line of the child's log (an uncaught error's stack starts with it), else its last lines. */
function readTail(file: string): string {
  let lines: string[];
  try {
    lines = readFileSync(file, 'utf8').trim().split('\n');
  } catch {
    return '';
  }
  return lines.find((l) => /^\w*Error\b/.test(l)) ?? lines.slice(-5).join('\n');
}

/**
 * Starting takes the data dir's sandbox lock (sandbox.json.lock), held until the new sandbox
 * is ready: of commands starting at once exactly one starts it, and the others wait and use it.
 */
function withStartLock<T>(env: Env, fn: () => Promise<T>): Promise<T> {
  ensureDataDir(env);
  return withLock(sandboxRuntimeFile(env), { what: 'starting the sandbox', waitMs: READY_TIMEOUT_MS * 2 }, fn);
}

/**
 * The running sandbox of this data dir, else one started in the background now (`onStart` is
 * called first, by the one caller that starts it). Parallel callers share one sandbox.
 */
export async function liveOrStarted(o: BackgroundOptions, onStart?: () => void): Promise<{ info: SandboxRuntimeInfo; started: boolean }> {
  const live = await readLiveRuntime(o.env);
  if (live) return { info: live, started: false };
  return withStartLock(o.env, async () => {
    const now = await readLiveRuntime(o.env);
    if (now) return { info: now, started: false };
    onStart?.();
    return { info: await startInBackground(o), started: true };
  });
}

/**
 * Stops the background sandbox (SIGTERM; it saves its state) and waits until it is gone.
 * A process that only has the recorded pid (the sandbox died and the pid was reused) is
 * left alone: the stale runtime file is removed and null returned.
 */
export function stopSandbox(env: Env = process.env, timeoutMs = 10_000): Promise<SandboxRuntimeInfo | null> {
  // A start under way holds the lock until its sandbox is ready: stop waits for it, then stops it.
  return withStartLock(env, () => stopNow(env, timeoutMs));
}

async function stopNow(env: Env, timeoutMs: number): Promise<SandboxRuntimeInfo | null> {
  const info = readRuntime(env);
  if (!info) {
    removeRuntime(env);
    return null;
  }
  if ((await probeSandbox(info)) === 'other') {
    removeRuntime(env, info.pid);
    return null;
  }
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(info.pid, sig);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + timeoutMs;
  while (isOwnProcessAlive(info.pid)) {
    if (Date.now() > deadline) {
      signal('SIGKILL');
      break;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  removeRuntime(env, info.pid);
  return info;
}

export interface ForegroundOptions {
  port?: number;
  seed?: number;
  /** Size of the data set (default DEFAULT_DATASET_SIZE); a state file that records one keeps its own. */
  dataset?: Partial<DatasetSize>;
  statePath?: string;
  /** false: rate limiting off, also after resets. */
  rateLimits?: boolean;
  /** A fixtures file, loaded at start (unless the state file was loaded) and after every reset. */
  fixtures?: string;
  /** A named scenario, applied at start (unless the state file was loaded) and after every reset that names none. */
  scenario?: ScenarioName;
  host?: string;
  env?: Env;
  /** Called once listening, with what the runtime file holds. */
  onReady?: (info: SandboxRuntimeInfo) => void;
  /** Stops the server when aborted. */
  signal?: AbortSignal;
  /** Also print the ready JSON line on stdout (it always goes to the ready fd when one is given). */
  printReady?: boolean;
}

/**
 * Runs the sandbox in this process until SIGINT, SIGTERM or the signal: writes the runtime
 * file, announces readiness, and on the way out saves the state and removes the file.
 * Resolves once stopped.
 */
export async function serveForeground(o: ForegroundOptions = {}): Promise<SandboxRuntimeInfo> {
  const env = o.env ?? process.env;
  const readyFd = Number(env[READY_FD_ENV] ?? process.env[READY_FD_ENV]);
  const startedInBackground = Number.isInteger(readyFd) && readyFd > 2;
  const start = async () => {
    const live = startedInBackground ? null : await readLiveRuntime(env);
    if (live)
      throw new ConfigurationError(
        `a sandbox already runs for this data dir on ${live.url} (pid ${live.pid})`,
        'Use it with --sandbox, stop it with `prospect sandbox stop`, or serve another with a different PROSPECT_DATA_DIR.',
      );
    const { startSandbox } = await import('./server.js');
    const sandbox = await startSandbox({
      ...(o.port !== undefined ? { port: o.port } : {}),
      ...(o.seed !== undefined ? { seed: o.seed } : {}),
      ...(o.dataset ? { dataset: o.dataset } : {}),
      ...(o.statePath ? { statePath: o.statePath } : {}),
      ...(o.host ? { host: o.host } : {}),
      ...(o.rateLimits === false ? { rateLimits: false } : {}),
      ...(o.fixtures ? { fixtures: o.fixtures } : {}),
      ...(o.scenario ? { scenario: o.scenario } : {}),
    }).catch((e: unknown) => {
      throw isFixturesError(e) ? new ConfigurationError(`--fixtures ${e.message}`) : e;
    });
    const info: SandboxRuntimeInfo = {
      pid: process.pid,
      port: sandbox.port,
      url: sandbox.url,
      seed: sandbox.store.seed,
      state_path: o.statePath ?? null,
      demo_key: sandbox.demoKey,
      started_at: new Date().toISOString(),
    };
    writeRuntime(env, info);
    return { sandbox, info };
  };
  // Started by liveOrStarted, whose caller holds the start lock until this one is ready.
  const { sandbox, info } = startedInBackground ? await start() : await withStartLock(env, start);

  let stopping: Promise<void> | undefined;
  let markStopped = (): void => {};
  const stopped = new Promise<void>((resolve) => (markStopped = resolve));
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      process.off('SIGINT', onStop);
      process.off('SIGTERM', onStop);
      o.signal?.removeEventListener('abort', onStop);
      try {
        await sandbox.close();
      } finally {
        removeRuntime(env, process.pid);
        markStopped();
      }
    })();
    return stopping;
  };
  const onStop = () => void stop();
  process.on('SIGINT', onStop);
  process.on('SIGTERM', onStop);
  if (o.signal?.aborted) void stop();
  else o.signal?.addEventListener('abort', onStop, { once: true });

  const line = `${JSON.stringify(info)}\n`;
  if (startedInBackground) {
    try {
      writeSync(readyFd, line);
      closeSync(readyFd);
    } catch {
      // no one is listening: started by hand with the variable set
    }
  }
  if (o.printReady) process.stdout.write(line);
  o.onReady?.(info);

  await stopped;
  return info;
}
