import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from '../../local/paths.js';
import { writePrivateFile } from '../../local/private-file.js';
import { withLock } from '../../local/lock.js';
import { isOpen, parseEntry, type JournalEntry } from './entry.js';

/**
 * The paid-run journal on disk: one file per paid request, each written whole (a temporary
 * file renamed into place, 0600 in 0700 folders), so commands running at once never write the
 * same file and a reader never sees half an entry. Open entries (sent, no answer yet) live in
 * <data dir>/paid-runs/open, closed ones in <data dir>/paid-runs: a paid command reads the
 * open ones only, however many closed ones were kept. An entry is closed by writing its closed
 * file, then removing its open one; a closed file wins over an open one left behind.
 */

/** Entries older than this are removed when a paid command starts. */
export const JOURNAL_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** A temporary file older than this was left by a process killed while writing it. */
export const TEMP_FILE_KEEP_MS = 60_000;

/** Paid commands prune at most this often (a folder of many entries takes a while to list). */
export const PRUNE_EVERY_MS = 60 * 60 * 1000;

export function journalDir(env: Record<string, string | undefined>): string {
  return path.join(dataDir(env), 'paid-runs');
}

/** A new entry id: the send time (13 digits, so names sort by time), then a random tail. */
export function newEntryId(nowMs: number): string {
  return `${String(Math.max(0, Math.floor(nowMs))).padStart(13, '0')}-${randomBytes(4).toString('hex')}`;
}

const ENTRY_FILE = /^(\d{13}-[0-9a-f]+)\.json$/;
/** Holds when the journal was last pruned (ms). */
const PRUNED_FILE = '.pruned';
const TEMP_FILE = /\.[0-9a-f]+\.tmp$/;
const sentMsOf = (file: string) => Number(file.slice(0, 13));

/** The names in a folder (none when it does not exist). */
function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function readEntry(file: string): JournalEntry | undefined {
  try {
    return parseEntry(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Entry ids of a folder, in no order. */
const idsIn = (dir: string) =>
  namesIn(dir)
    .map((f) => ENTRY_FILE.exec(f)?.[1])
    .filter((id): id is string => id !== undefined);

/** Ids newest first: they start with the send time, fixed width. */
const newestFirst = (ids: string[]) => ids.sort().reverse();

/** Where a paid-run journal keeps its entries: files (the CLI and the MCP server share them), or memory (the SDK's default). */
export interface JournalBackend {
  /** Where it is, for messages ("memory" for the SDK's own). */
  readonly dir: string;
  prepare(): void;
  pruneIfDue(nowMs: number): void;
  /** The open entries (sent, no answer yet), newest first. */
  open(): JournalEntry[];
  /** Every entry, newest first. */
  entries(): Iterable<JournalEntry>;
  /** One entry as it is now (closed wins over open), or undefined. */
  read(id: string): JournalEntry | undefined;
  write(entry: JournalEntry): void;
  remove(entry: JournalEntry): void;
  /** Runs `fn` holding the lock named `key` (a request's fingerprint), against every process sharing the journal. */
  locked<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

/** How long a process waits for another that holds a request's lock (it holds it only to check the journal and write an entry). */
const LOCK_WAIT_MS = 30_000;

export class JournalStore implements JournalBackend {
  readonly openDir: string;

  constructor(readonly dir: string) {
    this.openDir = path.join(dir, 'open');
  }

  /** Makes the folders, and throws when they cannot be written. */
  prepare(): void {
    mkdirSync(this.openDir, { recursive: true, mode: 0o700 });
    accessSync(this.dir, constants.W_OK);
    accessSync(this.openDir, constants.W_OK);
  }

  /** The open entries (sent, no answer yet), newest first: all a paid command reads. */
  open(): JournalEntry[] {
    return [...this.index('open').entries];
  }

  /**
   * The entries (or the open ones) by file name, newest first, none read yet: `count` of them,
   * and `entries`, which reads each file only when it is asked for.
   */
  index(only?: 'open'): { count: number; entries: Generator<JournalEntry> } {
    const closed = new Set(only === 'open' ? [] : idsIn(this.dir));
    const open = idsIn(this.openDir).filter((id) => !closed.has(id) && !(only === 'open' && existsSync(this.closedFile(id))));
    const ids = newestFirst([...closed, ...open]);
    const file = (id: string) => (closed.has(id) ? this.closedFile(id) : this.openFile(id));
    return {
      count: ids.length,
      entries: (function* () {
        for (const id of ids) {
          const entry = readEntry(file(id));
          if (entry) yield entry;
        }
      })(),
    };
  }

  /** Every readable entry, newest first, each file read only when it is asked for. */
  entries(): Generator<JournalEntry> {
    return this.index().entries;
  }

  /** Writes an open entry in the open folder; a closed one in the journal's folder, then removes its open file. */
  write(entry: JournalEntry): void {
    if (isOpen(entry)) return writePrivateFile(this.openFile(entry.id), `${JSON.stringify(entry, null, 2)}\n`);
    writePrivateFile(this.closedFile(entry.id), `${JSON.stringify(entry, null, 2)}\n`);
    rmSync(this.openFile(entry.id), { force: true });
  }

  read(id: string): JournalEntry | undefined {
    return readEntry(this.closedFile(id)) ?? readEntry(this.openFile(id));
  }

  locked<T>(key: string, fn: () => Promise<T>): Promise<T> {
    return withLock(path.join(this.openDir, `${key}`), { what: 'the paid-run journal', waitMs: LOCK_WAIT_MS, staleMs: LOCK_WAIT_MS }, fn);
  }

  /** Removes an open entry (its request turned out not to be pending). */
  remove(entry: JournalEntry): void {
    rmSync(this.openFile(entry.id), { force: true });
  }

  /** Prunes unless that was done less than PRUNE_EVERY_MS ago (a paid command calls it). */
  pruneIfDue(nowMs: number): void {
    const marker = path.join(this.dir, PRUNED_FILE);
    let last = NaN;
    try {
      last = Number(readFileSync(marker, 'utf8'));
    } catch {
      // Never pruned.
    }
    if (last <= nowMs && nowMs - last < PRUNE_EVERY_MS) return;
    this.prune(nowMs);
    writePrivateFile(marker, String(nowMs));
  }

  /** Removes entries sent more than JOURNAL_KEEP_MS before `nowMs`, and temporary files left by a killed write. */
  prune(nowMs: number): void {
    for (const dir of [this.dir, this.openDir])
      for (const file of namesIn(dir)) {
        const full = path.join(dir, file);
        if (ENTRY_FILE.test(file) && sentMsOf(file) < nowMs - JOURNAL_KEEP_MS) rmSync(full, { force: true });
        else if (TEMP_FILE.test(file) && this.olderThan(full, TEMP_FILE_KEEP_MS)) rmSync(full, { force: true });
      }
  }

  private olderThan(file: string, ms: number): boolean {
    try {
      // File times are the system's, not the command's clock.
      return statSync(file).mtimeMs < Date.now() - ms;
    } catch {
      return false;
    }
  }

  private openFile(id: string): string {
    return path.join(this.openDir, `${id}.json`);
  }

  private closedFile(id: string): string {
    return path.join(this.dir, `${id}.json`);
  }
}
