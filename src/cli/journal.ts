import type { Context } from './context.js';
import { CliError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import { serviceIdentity, type ServiceIdentity } from '../workflows/journal/entry.js';
import { JournalStore, journalDir } from '../workflows/journal/file-store.js';
import { PaidJournal } from '../workflows/journal/journal.js';

/**
 * The CLI's paid-run journal: the workflow layer's PaidJournal in the files of the data dir
 * (shared with the MCP server), keyed by the service and the credential, its notes on stderr.
 */

export { clockTime, NotTheJournaledRequest, StillInFlight, type PaidRunInfo, type Recording } from '../workflows/journal/journal.js';
export type PaidRunJournal = PaidJournal;

/** The folder cannot be written: nothing is sent, since an answer lost without the journal could be paid for twice. */
function journalUnwritable(dir: string, e: unknown): CliError {
  const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
  return new CliError({
    code: 'journal_unwritable',
    message: `cannot write the paid-run journal in ${dir} (${why}); nothing was sent, as an answer lost without it could be paid for twice`,
    fix: 'Make that folder writable, or set PROSPECT_DATA_DIR to a folder that is.',
    exitCode: ExitCode.USAGE,
  });
}

/** The service and credential the journal's entries are keyed by: the same for a command and `prospect mcp`, which share the files. */
export async function journalService(ctx: Context): Promise<ServiceIdentity> {
  const st = ctx.settings();
  const { baseUrl } = await ctx.client();
  const key = st.sandbox ? (await ctx.sandbox()).demoKey : ((await ctx.token('key')) ?? '');
  return serviceIdentity(baseUrl.href, key, st.profile.value, st.sandbox);
}

export const PaidRunJournal = {
  async open(ctx: Context): Promise<PaidJournal> {
    return new PaidJournal({
      store: new JournalStore(journalDir(ctx.env)),
      service: await journalService(ctx),
      now: () => ctx.clock.now(),
      notes: { info: (l) => ctx.out.info(l), warn: (l) => ctx.out.warn(l) },
      unwritable: journalUnwritable,
      sender: 'command',
    });
  },
};
