import { closeSync, fstatSync, lstatSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { ConfigurationError } from '../api/errors.js';
import { CREATE_NEW } from './exclusive-file.js';
import { osModule } from './paths.js';

/**
 * A lock between processes: the file `<file>.lock`, created with O_CREAT|O_EXCL|O_NOFOLLOW,
 * holding the holder's pid and host. Around every read-modify-write of the config and around
 * starting the sandbox, so parallel commands take turns instead of overwriting each other.
 * A lock whose holder is gone (killed with -9: its pid no longer runs on this host) is taken
 * over at once; one older than `staleMs` (a holder on another host, or a pid reused) too.
 * bench/README.md says why this is not proper-lockfile.
 */
export interface LockOptions {
  /** What the lock guards, for the error when it cannot be had ("the config file"). */
  what: string;
  /** How long to wait for a live holder before giving up. */
  waitMs?: number;
  /** A lock older than this is taken over whoever holds it: longer than any holder keeps it. */
  staleMs?: number;
}

const DEFAULT_WAIT_MS = 15_000;
const DEFAULT_STALE_MS = 60_000;

interface Holder {
  pid: number;
  host: string;
}

/** Runs `fn` holding the lock of `file` (the file itself need not exist; its folder must). */
export async function withLock<T>(file: string, o: LockOptions, fn: () => Promise<T>): Promise<T> {
  const lockFile = `${file}.lock`;
  const waitMs = o.waitMs ?? DEFAULT_WAIT_MS;
  const deadline = Date.now() + waitMs;
  let pause = 2;
  let ours: number | undefined;
  while ((ours = tryLock(lockFile, o.staleMs ?? DEFAULT_STALE_MS)) === undefined) {
    if (Date.now() >= deadline)
      throw new ConfigurationError(
        `${o.what} (${file}) is locked by another prospect command (${holderText(lockFile)}), which has held it for over ${Math.round(waitMs / 1000)} s`,
        `Try again when it ends. If no prospect command runs, remove ${lockFile}.`,
      );
    await new Promise((r) => setTimeout(r, pause));
    pause = Math.min(pause * 2, 50);
  }
  try {
    return await fn();
  } finally {
    removeIfUnchanged(lockFile, ours);
  }
}

/** Takes the lock if free (or stale), returning the lock file's inode; undefined when a live holder has it. */
function tryLock(lockFile: string, staleMs: number): number | undefined {
  let fd: number;
  try {
    fd = openSync(lockFile, CREATE_NEW, 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST')
      throw new ConfigurationError(
        `cannot lock ${lockFile}: ${(e as Error).message}`,
        'Check that its folder exists and is yours to write.',
      );
    const stale = staleInode(lockFile, staleMs);
    if (stale !== undefined) removeIfUnchanged(lockFile, stale);
    return undefined;
  }
  try {
    writeSync(fd, JSON.stringify({ pid: process.pid, host: osModule().hostname() } satisfies Holder));
    return fstatSync(fd).ino;
  } finally {
    closeSync(fd);
  }
}

function readHolder(lockFile: string): Holder | undefined {
  try {
    const h = JSON.parse(readFileSync(lockFile, 'utf8')) as Holder;
    return Number.isInteger(h.pid) && typeof h.host === 'string' ? h : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process with this pid runs (EPERM: it does, as another user's). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The inode of the lock file when its holder is gone (or it is older than `staleMs`); undefined while it is held. */
function staleInode(lockFile: string, staleMs: number): number | undefined {
  let st: { ino: number; mtimeMs: number };
  try {
    st = lstatSync(lockFile);
  } catch {
    return undefined; // gone already: the next try takes it
  }
  const age = Date.now() - st.mtimeMs;
  const holder = readHolder(lockFile);
  // Unreadable: being written this instant, or cut short by a kill; only age tells.
  const stale = age > staleMs || (holder ? holder.host === osModule().hostname() && !isProcessAlive(holder.pid) : age > 1000);
  return stale ? st.ino : undefined;
}

/**
 * Removes the lock file if it is still the one of inode `ino`: a lock judged stale may have
 * been replaced meanwhile by another waiter's fresh one, and ours released only if still ours.
 */
function removeIfUnchanged(lockFile: string, ino: number): void {
  try {
    if (lstatSync(lockFile).ino === ino) rmSync(lockFile, { force: true });
  } catch {
    // gone already
  }
}

function holderText(lockFile: string): string {
  const h = readHolder(lockFile);
  return h ? `pid ${h.pid}${h.host === osModule().hostname() ? '' : ` on ${h.host}`}` : 'holder unknown';
}
