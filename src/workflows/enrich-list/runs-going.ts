import type { Api } from '../../api/api.js';
import { isApiError } from '../../api/errors.js';
import { isTerminalStatus } from '../../api/poll.js';
import type { BulkEnrichBody } from '../../api/schemas/enrichment.js';
import { isOpen, sameService, type JournalEntry } from '../journal/entry.js';
import type { PaidJournal } from '../journal/journal.js';
import { cover, type Covered } from './missing-leads.js';

/**
 * Runs of this list sent through the journal (the last day) that are still going: their leads
 * have nothing yet, and enriching them again now would pay for them twice. A run answered earlier
 * is read once (its status, free); a request on its way (written down, its sender still waiting
 * for the answer) is going with no read, its run not named yet. The leads either enriches (its
 * lead_ids, or the whole list) are left out. The same rule in every face.
 */

/** How far back the journal is read. */
const WINDOW_MS = 24 * 60 * 60 * 1000;

export interface RunsGoing {
  /** The runs going, answered earlier. */
  ids: string[];
  /** Requests on their way, no answer yet (another command, server or call waits for it). */
  onTheirWay: JournalEntry[];
  /** The leads the runs going and the requests on their way enrich. */
  covered: Covered;
  /** Status reads made. */
  requests: number;
}

/** A run the service no longer knows (404) is not going. */
async function stillGoing(api: Api, id: string, signal: AbortSignal | undefined): Promise<boolean> {
  try {
    return !isTerminalStatus((await api.enrichment.status(id, { signal })).status);
  } catch (e) {
    if (isApiError(e) && e.status === 404) return false;
    throw e;
  }
}

export async function runsGoing(
  api: Api,
  journal: PaidJournal,
  listId: string,
  opts: { now: number; signal?: AbortSignal | undefined },
): Promise<RunsGoing> {
  const found: RunsGoing = { ids: [], onTheirWay: [], covered: new Set(), requests: 0 };
  const since = opts.now - WINDOW_MS;
  for (const e of journal.store.entries()) {
    // Newest first: the rest is older.
    if (Date.parse(e.sent_at) < since) break;
    const body = e.request.body as BulkEnrichBody;
    if (e.tool !== 'enrich_list' || body.list_id !== listId || !sameService(e.service, journal.service)) continue;
    if (isOpen(e)) {
      // One its sender no longer waits for is a lost answer: resolved through its quote (lost-runs.ts), not counted here.
      if (!journal.stillAwaited(e)) continue;
      found.onTheirWay.push(e);
    } else {
      if (e.state !== 'answered' || !e.run_id) continue;
      found.requests += 1;
      if (!(await stillGoing(api, e.run_id, opts.signal))) continue;
      found.ids.push(e.run_id);
    }
    found.covered = cover(found.covered, body);
  }
  return found;
}
