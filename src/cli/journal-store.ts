import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from '../config/paths.js';
import { writePrivateFile } from '../config/private-file.js';
import { parseEntry, type JournalEntry } from './journal-entry.js';

/**
 * The paid-run journal on disk: one file per paid request in <data dir>/paid-runs, each
 * written whole (a temporary file renamed into place, 0600 in a 0700 folder), so commands
 * running at once never write the same file and a reader never sees half an entry.
 */

/** Entries older than this are removed when a new one is written. */
export const JOURNAL_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

export function journalDir(env: Record<string, string | undefined>): string {
  return path.join(dataDir(env), 'paid-runs');
}

/** A new entry id: the send time (13 digits, so names sort by time), then a random tail. */
export function newEntryId(nowMs: number): string {
  return `${String(Math.max(0, Math.floor(nowMs))).padStart(13, '0')}-${randomBytes(4).toString('hex')}`;
}

const sentMsOf = (file: string) => Number(file.slice(0, 13));

export class JournalStore {
  constructor(readonly dir: string) {}

  /** Every readable entry, newest first; files that are not entries are left alone. */
  list(): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (const file of this.files().reverse()) {
      let text: string;
      try {
        text = readFileSync(path.join(this.dir, file), 'utf8');
      } catch {
        continue;
      }
      const entry = parseEntry(text);
      if (entry) out.push(entry);
    }
    return out;
  }

  write(entry: JournalEntry): void {
    writePrivateFile(path.join(this.dir, `${entry.id}.json`), `${JSON.stringify(entry, null, 2)}\n`);
  }

  /** Removes entries sent more than JOURNAL_KEEP_MS before `nowMs`. */
  prune(nowMs: number): void {
    for (const file of this.files()) if (sentMsOf(file) < nowMs - JOURNAL_KEEP_MS) rmSync(path.join(this.dir, file), { force: true });
  }

  private files(): string[] {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return [];
    }
    return names.filter((f) => /^\d{13}-[0-9a-f]+\.json$/.test(f)).sort();
  }
}
