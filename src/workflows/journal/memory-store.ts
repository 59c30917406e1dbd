import { isOpen, type JournalEntry } from './entry.js';
import type { JournalBackend } from './file-store.js';

/**
 * A paid-run journal kept in memory: the SDK's default. Identical paid calls of one process made
 * at once start one run, and a call whose answer was lost (an abort after it went out) is
 * resolved through its quote by the next identical call of the same client.
 */
export class MemoryJournalStore implements JournalBackend {
  readonly dir = 'memory';
  readonly #entries = new Map<string, JournalEntry>();
  readonly #locks = new Map<string, Promise<unknown>>();

  prepare(): void {}

  pruneIfDue(): void {}

  open(): JournalEntry[] {
    return [...this.entries()].filter(isOpen);
  }

  entries(): JournalEntry[] {
    return [...this.#entries.values()].sort((a, b) => (a.id < b.id ? 1 : -1)).map((e) => structuredClone(e));
  }

  read(id: string): JournalEntry | undefined {
    const e = this.#entries.get(id);
    return e && structuredClone(e);
  }

  write(entry: JournalEntry): void {
    this.#entries.set(entry.id, structuredClone(entry));
  }

  remove(entry: JournalEntry): void {
    const held = this.#entries.get(entry.id);
    if (held && isOpen(held)) this.#entries.delete(entry.id);
  }

  async locked<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const before = this.#locks.get(key) ?? Promise.resolve();
    const mine = before.then(fn, fn);
    const tail = mine.catch(() => undefined);
    this.#locks.set(key, tail);
    try {
      return await mine;
    } finally {
      if (this.#locks.get(key) === tail) this.#locks.delete(key);
    }
  }
}
