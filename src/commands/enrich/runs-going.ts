import type { Client } from '../../api/client.js';
import { isApiError } from '../../api/errors.js';
import { isTerminalStatus } from '../../api/poll.js';
import { enrichmentStatus } from '../../api/resources/enrichment.js';
import type { BulkEnrichBody } from '../../api/schemas/enrichment.js';
import type { Context } from '../../cli/context.js';
import { nextCommand } from '../../cli/command-line.js';
import type { PaidRunJournal } from '../../cli/journal.js';
import { sameService } from '../../cli/journal-entry.js';
import { JournalStore, journalDir } from '../../cli/journal-store.js';
import { counted, formatCount as n } from '../../cli/output/numbers.js';
import { cover, type Covered } from '../../workflows/enrich-list/missing-leads.js';

/**
 * Runs of this list sent from here (the paid-run journal, the last day) that are still going:
 * their leads have nothing yet, and enriching them again now would pay for them twice. Each
 * such run is read once (its status, free); the leads it enriches are left out.
 */

/** How far back the journal is read. */
const WINDOW_MS = 24 * 60 * 60 * 1000;

export interface RunsGoing {
  ids: string[];
  /** The leads the runs going enrich. */
  covered: Covered;
  /** Status reads made. */
  requests: number;
}

/** A run the service no longer knows (404) is not going. */
async function stillGoing(client: Client, id: string, signal: AbortSignal): Promise<boolean> {
  try {
    return !isTerminalStatus((await enrichmentStatus(client, id, { signal })).status);
  } catch (e) {
    if (isApiError(e) && e.status === 404) return false;
    throw e;
  }
}

export async function runsGoing(ctx: Context, client: Client, journal: PaidRunJournal, listId: string): Promise<RunsGoing> {
  const found: RunsGoing = { ids: [], covered: new Set(), requests: 0 };
  const since = ctx.clock.now() - WINDOW_MS;
  for (const e of new JournalStore(journalDir(ctx.env)).entries()) {
    // Newest first: the rest is older.
    if (Date.parse(e.sent_at) < since) break;
    const body = e.request.body as BulkEnrichBody;
    if (e.state !== 'answered' || e.tool !== 'enrich_list' || !e.run_id || body.list_id !== listId || !sameService(e.service, journal.service)) continue;
    found.requests += 1;
    if (!(await stillGoing(client, e.run_id, ctx.signal))) continue;
    found.ids.push(e.run_id);
    found.covered = cover(found.covered, body);
  }
  const one = found.ids.length === 1;
  if (found.ids.length)
    ctx.out.info(
      `${n(found.ids.length)} earlier run${one ? ' of this list is' : 's of this list are'} still going; ` +
        `${found.covered === 'all' ? `${one ? 'it enriches' : 'they enrich'} every lead` : `the ${counted(found.covered.size, 'lead')} ${one ? 'it enriches' : 'they enrich'} are left out`}. ` +
        `Watch ${one ? 'it' : 'them'} with: ${nextCommand(ctx, ['enrich', 'status', ...found.ids, '--wait'])}`,
    );
  return found;
}
