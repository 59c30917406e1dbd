import type { Api } from '../../api/api.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import type { BulkEnrichBody, BulkEnrichStarted } from '../../api/schemas/enrichment.js';
import type { PaidJournal } from '../journal/journal.js';
import type { Resend, ResolvedEarlier, ResolveEarlierOptions } from '../journal/resolve-earlier.js';
import { lostRuns, resolveLostRuns, type ListJob } from './lost-runs.js';
import { union, type Selection, type SelectionCheck } from './missing-leads.js';
import { planListEnrichment, type ListEnrichmentPlan, type PlannedRun } from './plan.js';
import { runsGoing, type RunsGoing } from './runs-going.js';

/**
 * A list enrichment up to its price, as every face runs it: the runs of the list still going
 * (answered earlier; read from the journal before anything is resolved, so a run resolved now is
 * not counted twice), then the runs an earlier call sent and got no answer for (resolved through
 * their own quotes, or their answer taken from a sender still waiting), then what the leads still
 * lack, leaving out the leads of both. The face prices the plan (priceRuns), decides on it and
 * sends it; it only words what this found.
 */

export interface EnrichListJob extends ListJob {
  /** Every selected lead, whatever it holds (--all-leads, { allLeads: true }, all_leads: true). */
  allLeads: boolean;
}

export interface EnrichListJobDeps {
  api: Api;
  journal: PaidJournal;
  /**
   * How the face sends a lost run again with its own quote, and its words for one that cannot be
   * told. Undefined: lost runs are left as they are, only counted (a dry run, a check that sends nothing).
   */
  resolve?: { send: (body: BulkEnrichBody) => Resend<BulkEnrichStarted>; options: ResolveEarlierOptions } | undefined;
  /** When the job began (ms): how far back the journal is read for runs going. */
  now: number;
  signal?: AbortSignal | undefined;
  /** How the face opts in to enriching held data again, for the summary: --all-leads, { allLeads: true }, all_leads: true. */
  optIn?: string | undefined;
}

/** What every face says of the job: the leads left out by why, what the check cost, the runs going. */
export interface EnrichListFacts {
  skipped: Record<string, number>;
  check: SelectionCheck | null;
  runs_going: string[];
}

export interface EnrichListJobState {
  /** The runs of an earlier call resolved now, in the journal's order: each with its quote, entry and answer. */
  resolved: ResolvedEarlier<BulkEnrichStarted>[];
  /** Lost runs of this job left unresolved (no `resolve` given): their leads were not left out. */
  unresolved: number;
  going: RunsGoing;
  /** Which leads are left out and why; the runs that enrich the rest (none when nothing is missing). */
  selection: Selection;
  runs: PlannedRun[];
  facts: EnrichListFacts;
}

export async function enrichListJob(job: EnrichListJob, deps: EnrichListJobDeps): Promise<EnrichListJobState> {
  const { api, journal, signal } = deps;
  const going = await runsGoing(api, journal, job.listId, { now: deps.now, signal });
  const lost = deps.resolve ? await resolveLostRuns(journal, job, deps.resolve.send, deps.resolve.options) : undefined;
  const covered = lost ? union(lost.covered, going.covered) : going.covered;
  const { selection, runs } =
    covered === 'all'
      ? await everyLeadCovered(api, job, going.requests, signal)
      : await planListEnrichment(api, {
          listId: job.listId,
          scope: job.scope,
          ...(job.ids ? { ids: job.ids } : {}),
          allLeads: job.allLeads,
          covered,
          runsRead: going.requests,
          ...(deps.optIn ? { optIn: deps.optIn } : {}),
          ...(signal ? { signal } : {}),
        });
  return {
    resolved: lost?.runs ?? [],
    unresolved: lost ? 0 : lostRuns(journal, job).length,
    going,
    selection,
    runs,
    facts: { skipped: selection.skipped, check: selection.check ?? null, runs_going: going.ids },
  };
}

/**
 * The one run a quote of the request as asked (credits_estimate's, which prices every selected
 * lead whatever it holds) can pay for: the plan must be exactly that request, nothing left out and
 * no lost run left unresolved. Undefined otherwise: the face refuses the quote, nothing sent.
 */
export function askedRun(s: EnrichListJobState, asked: Omit<BulkEnrichBody, 'quote_id'>): PlannedRun | undefined {
  const [run] = s.runs;
  const wanted = JSON.stringify(estimateBodyFor({ tool: 'enrich_list', body: asked }));
  return s.unresolved === 0 && run && s.runs.length === 1 && JSON.stringify(run.estimate) === wanted ? run : undefined;
}

/** Earlier runs enrich every selected lead: nothing to check or send; the leads are counted (one free read without lead ids). */
async function everyLeadCovered(api: Api, job: ListJob, runsRead: number, signal: AbortSignal | undefined): Promise<ListEnrichmentPlan> {
  const count = job.ids ? job.ids.length : (await api.lists.get(job.listId, { signal })).lead_count;
  return {
    selection: {
      groups: [],
      skipped: { in_earlier_run: count },
      check: { leads_read: 0, requests: runsRead + (job.ids ? 0 : 1) },
      summary: 'Every selected lead is in an earlier run named above: nothing to enrich now.',
    },
    runs: [],
  };
}
