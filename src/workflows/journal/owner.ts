import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * Who sent a journal entry, and whether that process still runs (and so still waits for the
 * answer). A pid alone says little: after a reboot, in a container, or from another machine
 * sharing the data dir, it may name another process. So an owner is its pid, when it started
 * (Linux: the boot id and field 22 of /proc/<pid>/stat) and its host. Where the start cannot
 * be read, a live pid on this host counts as the owner only while the entry's quote lives; an
 * owner on another host, which cannot be looked at, likewise.
 */

export interface ProcessOwner {
  pid: number;
  host: string;
  started: string | null;
}

/** How processes are looked at (tests pass their own). */
export interface ProcessProbe {
  host: string;
  alive(pid: number): boolean;
  /** When the process started, or null where the system does not say. */
  startOf(pid: number): string | null;
}

function readBootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Linux: the boot id and the start time in clock ticks since boot (field 22 of /proc/<pid>/stat). */
export function processStart(pid: number): string | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Field 2, the command name in parentheses, may hold spaces: count from the last ')'.
  const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  return ticks && /^\d+$/.test(ticks) ? `${readBootId() ?? 'boot'}/${ticks}` : null;
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const systemProbe: ProcessProbe = { host: hostname(), alive, startOf: processStart };

export function thisProcess(probe: ProcessProbe = systemProbe): ProcessOwner {
  return { pid: process.pid, host: probe.host, started: probe.startOf(process.pid) };
}

/**
 * Whether the process that sent the entry still runs (and so still waits for the answer, unless
 * the entry says its sender stopped waiting). `quoteLive`: whether the entry's quote is still
 * valid, which bounds how long an owner that cannot be told apart counts. An entry of this very
 * process is awaited by a call of it (every call that stops waiting marks its entry abandoned),
 * unless it was written by an earlier process that had this pid (its start differs).
 */
export function ownerStillWaiting(
  owner: { pid: number; host?: string | undefined; started?: string | null | undefined },
  quoteLive: boolean,
  probe: ProcessProbe = systemProbe,
): boolean {
  if (owner.host !== undefined && owner.host !== probe.host) return quoteLive;
  if (owner.pid === process.pid) {
    const mine = probe.startOf(process.pid);
    return owner.started && mine ? owner.started === mine : quoteLive;
  }
  if (!probe.alive(owner.pid)) return false;
  const started = probe.startOf(owner.pid);
  if (owner.started && started) return started === owner.started;
  return quoteLive;
}
