import type { JournalBackend } from '../workflows/journal/file-store.js';
import { PaidJournal } from '../workflows/journal/journal.js';
import type { ServiceIdentity } from '../workflows/journal/entry.js';
import type { ProcessProbe } from '../workflows/journal/owner.js';

/**
 * The MCP server's paid-run journal: the workflow layer's PaidJournal. The `prospect mcp`
 * command keeps it in the files the CLI writes (<data dir>/paid-runs, keyed by the service and
 * the credential), so an identical paid request made by two servers, or by a server and a
 * command, at once starts one run, and a request whose answer was lost with its server is
 * resolved by the next one through its quote. The command builds it with this function of the
 * server's bundle (server.ts exports it): the errors a journal throws (an identical request to
 * join, one still in flight) are told apart by their class, which each bundle has its own copy of.
 */

/** The journal cannot be written: nothing is sent, as an answer lost without it could be paid for twice. The tool answers paid_log_unwritable. */
export class JournalUnwritable extends Error {
  constructor(
    readonly dir: string,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'JournalUnwritable';
  }
}

export interface McpJournalDeps {
  store: JournalBackend;
  service: ServiceIdentity;
  now: () => number;
  /** Lines for whoever reads the server's stderr; none by default. */
  notes?: { info(line: string): void; warn(line: string): void };
  probe?: ProcessProbe;
}

const SILENT = { info: () => undefined, warn: () => undefined };

export function mcpJournal(deps: McpJournalDeps): PaidJournal {
  return new PaidJournal({
    store: deps.store,
    service: deps.service,
    now: deps.now,
    notes: deps.notes ?? SILENT,
    unwritable: (dir, e) => new JournalUnwritable(dir, e),
    sender: 'call',
    ...(deps.probe ? { probe: deps.probe } : {}),
  });
}
