import type { Client } from '../api/client.js';
import { ConfigurationError } from '../api/errors.js';
import { serviceIdentity } from '../workflows/journal/entry.js';
import { JournalStore, journalDir, type JournalBackend } from '../workflows/journal/file-store.js';
import { PaidJournal } from '../workflows/journal/journal.js';
import { MemoryJournalStore } from '../workflows/journal/memory-store.js';

/**
 * The SDK's paid-run journal: the workflow layer's, in memory (one per Prospect) or in the files
 * the CLI and the MCP server share. Its entries say the profile "sdk"; they are shared with the
 * CLI's and the server's all the same, since one service and key pay for one request whichever
 * face sends it (sameService compares the URL and the key).
 */

/**
 * Where a client writes its paid requests down as they go out (see ProspectOptions.paidRunJournal):
 * `'memory'`, `'shared'` (the data dir's files, as the CLI), or `{ dataDir }` (that data dir's files).
 */
export type PaidRunJournalOption = 'memory' | 'shared' | { dataDir: string };

/** The profile SDK entries are written with (informational: entries are shared by service and key). */
const SDK_PROFILE = 'sdk';

function storeOf(option: PaidRunJournalOption): JournalBackend {
  if (option === 'memory') return new MemoryJournalStore();
  return new JournalStore(journalDir(option === 'shared' ? process.env : { PROSPECT_DATA_DIR: option.dataDir }));
}

/** The folder cannot be written: nothing is sent, since an answer lost without the journal could be paid for twice. */
function unwritable(dir: string, e: unknown): ConfigurationError {
  const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
  return new ConfigurationError(
    `cannot write the paid-run journal in ${dir} (${why}); nothing was sent, as an answer lost without it could be paid for twice`,
    'Make that folder writable, pass paidRunJournal: { dataDir } naming a data dir that is, or leave paidRunJournal out to keep the journal in memory.',
  );
}

/** Checks the option (JavaScript callers) before anything is sent. */
export function checkJournalOption(option: unknown): PaidRunJournalOption {
  if (option === undefined) return 'memory';
  if (option === 'memory' || option === 'shared') return option;
  if (
    option &&
    typeof option === 'object' &&
    typeof (option as { dataDir?: unknown }).dataDir === 'string' &&
    (option as { dataDir: string }).dataDir
  )
    return { dataDir: (option as { dataDir: string }).dataDir };
  throw new ConfigurationError(
    `paidRunJournal is ${JSON.stringify(option)}`,
    "Pass 'memory' (the default), 'shared' (the CLI's journal in PROSPECT_DATA_DIR), or { dataDir: '/path' }.",
  );
}

/** The journal of a client's paid calls to `client`'s service with `key`; notes are silent. */
export function openJournal(option: PaidRunJournalOption, client: Client, key: string): PaidJournal {
  return new PaidJournal({
    store: storeOf(option),
    service: serviceIdentity(client.baseUrl.href, key, SDK_PROFILE),
    now: () => Date.now(),
    notes: { info: () => {}, warn: () => {} },
    unwritable,
    sender: 'call',
  });
}
