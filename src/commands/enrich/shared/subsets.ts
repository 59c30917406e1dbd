import type { PaidCallJournal } from '../../../api/paid-call.js';
import type { BulkEnrichBody, BulkEnrichStarted } from '../../../api/schemas/enrichment.js';
import type { Context } from '../../../cli/context.js';
import { authError } from '../../../cli/errors.js';
import { nextCommand } from '../../../cli/command-line.js';
import type { PaidRunJournal } from '../../../cli/journal.js';
import { resolveFailure, resolveNotes } from '../../../cli/journal-resolve.js';
import { resolveLostRuns as resolveJobRuns, type ListJob, type LostRuns } from '../../../workflows/enrich-list/lost-runs.js';
import { counted, formatCount as n } from '../../../cli/output/numbers.js';
import { sendApproved } from '../../../cli/paid.js';
import { priceRuns, type PlannedRun, type PricedRun } from '../../../workflows/enrich-list/plan.js';

/**
 * A list enrichment sent as several runs: each group of leads split into subsets of up to 500
 * (what one run takes), every subset quoted before anyone is asked, the spend decided once on
 * their sum, and each run sent with its own quote and written in the paid-run journal, so an
 * answer lost on the way is resolved through its quote and never paid twice.
 */

/** One run of the job, quoted. */
export interface QuotedRun extends PricedRun {
  what: string;
}

/** "500 leads of list "Q3" (partial)", and which run of how many. */
function describeRun(b: BulkEnrichBody, listArg: string, index: number, count: number): string {
  const part = count > 1 ? `, run ${index + 1} of ${count}` : '';
  return `Enriching ${b.lead_ids ? `${counted(b.lead_ids.length, 'lead')} of ` : ''}list "${listArg}" (${b.scope ?? 'partial'})${part}`;
}

/**
 * Every run priced (free estimates, one request each) before the one question. `wholeList`: the
 * command that enriches every lead instead, for a workspace that cannot enrich part of a list
 * when the check chose the part (without --lead-ids).
 */
export async function quoteRuns(ctx: Context, runs: readonly PlannedRun[], listArg: string, wholeList?: string): Promise<QuotedRun[]> {
  const gated = wholeList
    ? () =>
        authError(
          'feature_gated',
          'this workspace cannot enrich part of a list, so the leads that already have what the scope finds cannot be left out; nothing was spent',
          `Enrich every lead of the list again (paying again for those found again) with: ${wholeList}`,
        )
    : undefined;
  const priced = await priceRuns(ctx.api, runs, gated ? { gated } : {});
  return priced.map((r, i) => ({ ...r, what: describeRun(r.body, listArg, i, priced.length) }));
}

const sendRun = (ctx: Context, body: BulkEnrichBody) => (quote_id: string, journal: PaidCallJournal | null) =>
  ctx.api.enrichment.sendBulk({ ...body, quote_id }, { sleep: ctx.clock.sleep, journal });

/** Sends the approved runs in order; when one fails, the runs already started are named with the command that watches them. */
export async function sendRuns(
  ctx: Context,
  journal: PaidRunJournal,
  runs: readonly QuotedRun[],
  since: number,
): Promise<BulkEnrichStarted[]> {
  const started: BulkEnrichStarted[] = [];
  try {
    for (const r of runs)
      started.push(
        (await sendApproved(ctx, journal, { estimate: r.estimate, what: r.what, run: sendRun(ctx, r.body) }, r.quote, since)).result,
      );
  } catch (e) {
    if (started.length)
      ctx.out.info(
        `${n(started.length)} of ${counted(runs.length, 'run')} started before this stopped; they go on. Watch them with: ${nextCommand(ctx, ['enrich', 'status', ...started.map((s) => s.workflow_id), '--wait'])}`,
      );
    throw e;
  }
  return started;
}

/**
 * Before the check: runs of this list a killed or cut-off earlier command sent and got no answer
 * for (its scope, and within its --lead-ids) are sent again with their own quotes, so each is
 * read back or run once, and their leads are left out of the new runs (workflows/enrich-list/lost-runs.ts).
 */
export async function resolveLostRuns(ctx: Context, journal: PaidRunJournal, job: ListJob): Promise<LostRuns> {
  try {
    return await resolveJobRuns(journal, job, (body) => sendRun(ctx, body), resolveNotes(ctx));
  } catch (e) {
    throw resolveFailure(ctx, e);
  }
}
