import type { BulkEnrichBody, BulkEnrichStarted } from '../../api/schemas/enrichment.js';
import type { ListScope } from '../../api/schemas/values/credits.js';
import type { JournalEntry } from '../journal/entry.js';
import type { PaidJournal } from '../journal/journal.js';
import { resolveEntry, type Resend, type ResolvedEarlier, type ResolveEarlierOptions } from '../journal/resolve-earlier.js';
import { cover, type Covered } from './missing-leads.js';

/**
 * Before a list enrichment is checked: the runs of this list an earlier job sent and got no answer
 * for, or that another sender is still waiting for, whose work overlaps this job's (a scope it may
 * send, for some of its leads), are resolved through their own quotes
 * (resolve-earlier.ts), so each is read back or run once, and their leads are left out of the new
 * runs. A whole-list run overlaps every job of the list, a job of some leads too: left unresolved,
 * its leads would be paid for again. The CLI's subsets.ts does the same with its messages.
 */

export interface ListJob {
  listId: string;
  scope: ListScope;
  ids?: readonly string[] | undefined;
}

/** The scopes a job may send: scope full sends partial or phone-only to leads that lack one part. */
const scopesSent = (scope: ListScope): readonly ListScope[] => (scope === 'full' ? ['full', 'partial', 'phone-only'] : [scope]);

/** Whether a run request does some of this job's work: the same list, a scope the job may send, some of its leads (a whole-list run: all of them). */
export function ofJob(job: ListJob): (b: BulkEnrichBody) => boolean {
  const within = job.ids ? new Set(job.ids) : undefined;
  return (b) =>
    b.list_id === job.listId &&
    scopesSent(job.scope).includes(b.scope ?? 'partial') &&
    (!within || !b.lead_ids || b.lead_ids.some((id) => within.has(id)));
}

export interface LostRuns {
  started: BulkEnrichStarted[];
  /** The leads the resolved runs enrich. */
  covered: Covered;
}

/** LostRuns with each resolved run's quote and journal entry (what a face that counts quotes needs). */
export interface ResolvedLostRuns extends LostRuns {
  runs: ResolvedEarlier<BulkEnrichStarted>[];
}

/** The runs doing some of this job's work sent and not answered (open entries of the journal), newest first. */
export function lostRuns(journal: PaidJournal, job: ListJob): JournalEntry[] {
  const ours = ofJob(job);
  return journal.unanswered('enrich_list').filter((entry) => ours(entry.request.body as BulkEnrichBody));
}

/** Resolves each of lostRuns; `send(body)` sends a run request with a quote and the journal given. */
export async function resolveLostRuns(
  journal: PaidJournal,
  job: ListJob,
  send: (body: BulkEnrichBody) => Resend<BulkEnrichStarted>,
  opts: ResolveEarlierOptions,
): Promise<ResolvedLostRuns> {
  const resolved: ResolvedLostRuns = { started: [], covered: new Set(), runs: [] };
  for (const entry of lostRuns(journal, job)) {
    const body = entry.request.body as BulkEnrichBody;
    const earlier = await resolveEntry(journal, entry, send(body), opts);
    if (!earlier) continue;
    resolved.started.push(earlier.result);
    resolved.runs.push(earlier);
    resolved.covered = cover(resolved.covered, body);
  }
  return resolved;
}
