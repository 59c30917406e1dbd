import type { Api } from '../api/api.js';
import { ConfigurationError } from '../api/errors.js';
import type { PaidCallJournal } from '../api/paid-call.js';
import type { Quote } from '../api/schemas/credits.js';
import type { BulkEnrichBody, BulkEnrichStarted } from '../api/schemas/enrichment.js';
import type { ListScope } from '../api/schemas/values/credits.js';
import { askedRun, enrichListJob, type EnrichListJobState } from '../workflows/enrich-list/job.js';
import { priceRuns, type PlannedRun } from '../workflows/enrich-list/plan.js';
import type { Selection, SKIP_REASONS } from '../workflows/enrich-list/missing-leads.js';
import { checkQuote } from '../workflows/spend-verdict.js';
import type { JournalEntry } from '../workflows/journal/entry.js';
import {
  checkApproval,
  decidedOn,
  decideSpend,
  resenderOf,
  resolving,
  senderOf,
  sendGivenQuote,
  sendJobPart,
  usedQuote,
  type Journaled,
  type PaidOptions,
  type SpendQuote,
} from './paid.js';

/**
 * client.enrichment.bulk as every face runs a list enrichment: it pays only for what is missing.
 * The job's workflow (workflows/enrich-list/job.ts) leaves out the leads of runs of this list still
 * going and of runs an earlier call sent without an answer (resolved through their quotes, or
 * waited for), then plans the leads that lack what the scope finds, in runs of up to 500 and one
 * scope each, as the CLI's `enrich list` and the MCP tool do; the SDK prices each run, decides
 * once on their sum through the one verdict (its `confirm`, told what was skipped, and
 * `maxCredits`), then sends each run with its own quote through the client's paid-run journal.
 */

/** How `{ allLeads: true }` is spelled in the summary's "... enriches them again". */
const OPT_IN = '{ allLeads: true }';

/**
 * Why leads were left out: they hold what the scope finds (has_email for partial, has_phone for
 * phone-only, has_email_and_phone for full), or a run still going enriches them (in_earlier_run).
 */
export type SkipReason = 'has_email' | 'has_phone' | 'has_email_and_phone' | 'in_earlier_run';

/** Leads left out, by why: `{ has_email: 1538 }`. Empty when none was. */
export type SkippedLeads = Partial<Record<SkipReason, number>>;

/** What finding out which leads lack the data cost (reads are free). */
export interface LeadCheck {
  /** Leads read. */
  leads_read: number;
  /** Requests made: pages of leads, status reads of earlier runs. */
  requests: number;
}

/** What `confirm` of enrichment.bulk is told beside the quote it decides on. */
export interface BulkEnrichPlan {
  list_id: string;
  scope: ListScope;
  /** Leads left out because they already hold what the scope finds (not paid for, their values kept). */
  skipped: SkippedLeads;
  /** One line for a person: what was checked and what is left out. */
  summary: string;
  /** Earlier runs of this list still going (their leads are left out: skipped.in_earlier_run): wait for them with enrichment.waitFor. */
  runs_going: string[];
  /** Runs that will be sent: over 500 leads, or scope full split into the part each lead lacks, takes several. */
  runs: number;
  /** Each run's own quote, in the order they are sent; the quote `confirm` gets is their sum (with one run, that run's quote). */
  quotes: Quote[];
  /** What the check cost; null when nothing was read ({ allLeads: true }). */
  check: LeadCheck | null;
}

/**
 * Decides on a list enrichment: `quote` is the quote of its one run, or with several runs their
 * quotes summed (cost, rows, the lowest balance, whether it covers the sum; no quote_id: each run
 * has its own, in `plan.quotes`); true spends up to its estimated_cost.
 */
export type ConfirmListSpend = (quote: SpendQuote, plan: BulkEnrichPlan) => boolean | Promise<boolean>;

/** How enrichment.bulk may spend: `confirm` (told what was skipped), `maxCredits` on the sum, or a `quote` of the one exact request. */
export type BulkEnrichOptions = PaidOptions<ConfirmListSpend>;

/** A list, or lead_ids of it, to enrich; `allLeads: true` enriches every selected lead, even those that hold what the scope finds. */
export type BulkEnrichParams = Omit<BulkEnrichBody, 'quote_id'> & {
  /** Enrich (and pay for) every selected lead again, replacing what it holds. Default false: only what is missing. */
  allLeads?: boolean | undefined;
};

/**
 * What enrichment.bulk did. Before, it answered one BulkEnrichStarted; that run is now
 * `runs[0]` (`result.runs[0]?.workflow_id`), and a job may take several runs or none.
 */
export interface BulkEnrichResult {
  list_id: string;
  scope: ListScope;
  /**
   * The runs started, in order, each sent with its own quote; first, those of an earlier identical
   * call whose answer was lost (resolved through their quotes) or that was on its way (its answer
   * taken); [] when nothing was missing (nothing quoted or sent).
   */
  runs: BulkEnrichStarted[];
  /** The runs' workflow ids, for enrichment.waitFor (or status). */
  workflow_ids: string[];
  /** What the runs reserved together; 0 with no run. */
  credits_reserved: number;
  /** The quote the spend was decided on (one run's quote, or several runs' quotes summed); null when nothing was quoted. */
  quote: SpendQuote | null;
  /** Leads left out, by why: not paid for, their values kept. */
  skipped: SkippedLeads;
  /** Earlier runs of this list still going (their leads are in skipped.in_earlier_run). */
  runs_going: string[];
  /** What the check cost; null when nothing was read. */
  check: LeadCheck | null;
  /** One line for a person: what was checked and what was left out. */
  summary: string;
}

/** What a job's plan says of itself: in what `confirm` is told and in the result. */
type JobFacts = Omit<BulkEnrichPlan, 'runs' | 'quotes'>;

const runsWord = (ids: readonly string[]) => `run${ids.length === 1 ? '' : 's'}`;

/** Names the earlier runs whose leads are left out, before the check's summary (which says "in an earlier run named above"). */
function earlierNote(going: readonly string[], taken: readonly string[]): string {
  const parts = [
    ...(going.length ? [`Earlier ${runsWord(going)} of this list still going: ${going.join(', ')}.`] : []),
    ...(taken.length ? [`The ${runsWord(taken)} of an earlier identical call, taken instead of paying again: ${taken.join(', ')}.`] : []),
  ];
  return parts.map((p) => `${p} `).join('');
}

/** `going`: runs of the list still going; `taken`: runs of an earlier identical call resolved or joined now (they are in the result's runs). */
function factsOf(list_id: string, scope: ListScope, s: Selection, going: readonly string[], taken: readonly string[]): JobFacts {
  return {
    list_id,
    scope,
    skipped: s.skipped as Partial<Record<(typeof SKIP_REASONS)[ListScope] | 'in_earlier_run', number>> satisfies SkippedLeads,
    runs_going: [...going],
    summary: earlierNote(going, taken) + (s.summary ?? `Every selected lead goes in, whatever it holds (${OPT_IN}): nothing was checked.`),
    check: s.check ?? null,
  };
}

function resultOf(facts: JobFacts, runs: BulkEnrichStarted[], quote: SpendQuote | null): BulkEnrichResult {
  const { list_id, scope, skipped, runs_going, check, summary } = facts;
  const credits_reserved = runs.reduce((sum, r) => sum + (r.credits_reserved ?? 0), 0);
  return {
    list_id,
    scope,
    runs,
    workflow_ids: runs.map((r) => r.workflow_id),
    credits_reserved,
    quote,
    skipped,
    runs_going,
    check,
    summary,
  };
}

/** The answer of the run a quote given already paid for (this client's journal kept it). */
function usedQuoteResult(entry: JournalEntry, run: BulkEnrichStarted): BulkEnrichResult {
  const body = entry.request.body as BulkEnrichBody;
  const summary = `The quote given already paid for run ${run.workflow_id} of this list; this is its answer, not paid again.`;
  return resultOf(
    { list_id: body.list_id, scope: body.scope ?? 'partial', skipped: {}, runs_going: [], check: null, summary },
    [run],
    null,
  );
}

/** What the journal says a run paid for. */
const whatOf = (b: BulkEnrichBody) =>
  `client.enrichment.bulk: list ${b.list_id} (${b.scope ?? 'partial'})${b.lead_ids ? `, ${b.lead_ids.length} leads` : ''}`;

/** Enriches what the leads of a list lack (or, with allLeads, every selected lead); see Enrichment.bulk. */
export async function enrichListMissing(
  api: Api,
  journaled: Journaled,
  params: BulkEnrichParams,
  opts: BulkEnrichOptions,
): Promise<BulkEnrichResult> {
  checkApproval(opts);
  if (typeof opts.quote === 'object') checkQuote(opts.quote);
  const { allLeads, ...asked } = params;
  if (asked.lead_ids?.length === 0)
    throw new ConfigurationError(
      'lead_ids is empty: no lead to enrich',
      'Pass the ids of the leads to enrich, or leave lead_ids out to enrich the whole list.',
    );
  const scope = asked.scope ?? 'partial';
  const signal = opts.signal;
  journaled.journal.prepare();
  const used = opts.quote === undefined ? undefined : usedQuote<BulkEnrichStarted>(journaled, 'enrich_list', opts.quote);
  if (used) return usedQuoteResult(used.entry, used.result);
  const send = (body: BulkEnrichBody) => (quoteId: string | undefined, j?: PaidCallJournal) =>
    api.enrichment.sendBulk({ ...body, quote_id: quoteId }, { signal, journal: j });
  // The runs of the list still going and those of an earlier call lost (resolved through their quotes) leave their leads out of the plan.
  const job = await enrichListJob(
    { listId: asked.list_id, scope, ids: asked.lead_ids, allLeads: Boolean(allLeads) },
    {
      api,
      journal: journaled.journal,
      resolve: { send: (body) => resenderOf(journaled.journal, 'enrich_list', send(body)), options: resolving(opts) },
      now: journaled.since,
      signal,
      optIn: OPT_IN,
    },
  );
  const { selection, runs, going, resolved } = job;
  const earlier = resolved.map((r) => r.result);
  const facts = factsOf(
    asked.list_id,
    scope,
    selection,
    going.ids,
    earlier.map((r) => r.workflow_id),
  );
  const sender = (run: PlannedRun) => senderOf({ estimate: run.estimate, what: whatOf(run.body), send: send(run.body) }, opts, journaled);
  // A quote given for the request an earlier call sent is answered by that run, resolved above.
  if (runs.length === 0 && (opts.quote === undefined || earlier.length > 0)) return resultOf(facts, earlier, null);
  if (opts.quote !== undefined) {
    const run = exactRun(job, asked, facts.summary);
    return resultOf(facts, [...earlier, await sendGivenQuote(sender(run), opts)], typeof opts.quote === 'object' ? opts.quote : null);
  }
  const priced = await priceRuns(api, runs, { signal });
  const quotes = priced.map((r) => r.quote);
  const confirm = opts.confirm;
  const ask = confirm && ((q: SpendQuote) => confirm(q, { ...facts, runs: priced.length, quotes: [...quotes] }));
  await decideSpend(decidedOn(quotes), opts, { approved: false, ask, needsId: false });
  const started: BulkEnrichStarted[] = [...earlier];
  for (const [i, run] of priced.entries()) started.push(await sendJobPart(api, run.estimate, sender(run), i, quotes, opts, ask));
  return resultOf(facts, started, decidedOn(quotes));
}

/** The one run a quote the caller estimated can pay for: the plan must be exactly the request asked (askedRun). */
function exactRun(job: EnrichListJobState, asked: Omit<BulkEnrichBody, 'quote_id'>, summary: string): PlannedRun {
  const run = askedRun(job, asked);
  if (run) return run;
  const { runs } = job;
  const missing =
    runs.length === 0 ? 'none of it is missing' : `the plan is ${runs.length === 1 ? 'another request' : `${runs.length} runs`}`;
  throw new ConfigurationError(
    `the quote given prices the whole request as asked, but ${missing} (${summary}); nothing was sent`,
    `Leave out quote and pass confirm or maxCredits to pay only for what is missing, or pass ${OPT_IN} in the params to send exactly the request the quote prices (it also reads back a run whose answer was lost).`,
  );
}
