import { API } from '../../api/endpoints/index.js';
import type { JsonSchema } from '../../api/endpoints/json-schema.js';
import type { BulkEnrichBody, BulkEnrichStarted } from '../../api/schemas/enrichment.js';
import type { ListScope } from '../../api/schemas/values/credits.js';
import { formatCount as n } from '../../workflows/counts.js';
import { askedRun, enrichListJob, type EnrichListJob, type EnrichListJobState } from '../../workflows/enrich-list/job.js';
import { priceRuns } from '../../workflows/enrich-list/plan.js';
import { HAVE, SKIP_REASONS } from '../../workflows/enrich-list/missing-leads.js';
import type { RunsGoing } from '../../workflows/enrich-list/runs-going.js';
import { lostRuns } from '../../workflows/enrich-list/lost-runs.js';
import type { Resend, ResolvedEarlier, ResolveEarlierOptions } from '../../workflows/journal/resolve-earlier.js';
import type { JournalEntry } from '../../workflows/journal/entry.js';
import { clockTime } from '../../workflows/journal/journal.js';
import type { Args, PaidJob, PaidPlan, ToolEnv, ToolSpec } from '../tool.js';
import { argError, bodyArgs, checkBody } from '../args.js';
import { ToolFailure } from '../errors.js';

/**
 * enrich_list: pays only for what is missing, as the CLI's `enrich list` and the SDK's bulk do,
 * through the same job (workflows/enrich-list/job.ts): the leads of runs of the list still going,
 * and of runs an earlier call sent and lost (resolved through their quotes), are left out, and so
 * are the leads that already hold what the scope finds (an email for partial, a phone for
 * phone-only, both for full), whatever put it there, unless all_leads is true; the rest go in
 * runs of up to 500, priced together and run by one quote_id. A credits_estimate quote runs only
 * when it prices exactly that (checkEstimated).
 */

const ALL_LEADS = 'all_leads';
const OPT_IN = `${ALL_LEADS}: true`;

const ALL_LEADS_ARG: JsonSchema = {
  type: 'boolean',
  description:
    'true: enrich every lead again, paying again for those that already hold what the scope finds (an email for partial, a phone for phone-only, both for full). ' +
    'Left out (the default): only the leads that lack it are priced and enriched, and the answer says how many were skipped.',
};

const runsOf = (count: number) => `${n(count)} run${count === 1 ? '' : 's'}`;
const leadsOf = (count: number) => `${n(count)} lead${count === 1 ? '' : 's'}`;

/** "1 run of this list is still going (bulk-enrich-1); the 6 leads it enriches are left out; follow it with run_status." */
function goingLine(going: RunsGoing): string {
  const one = going.ids.length === 1;
  const leads = going.covered === 'all' ? 'every lead' : `the ${n(going.covered.size)} lead${going.covered.size === 1 ? '' : 's'}`;
  return (
    `${n(going.ids.length)} earlier run${one ? ' of this list is' : 's of this list are'} still going (${going.ids.join(', ')}); ` +
    `${leads} ${one ? 'it enriches' : 'they enrich'} ${going.covered === 'all' ? 'is' : 'are'} left out. Follow ${one ? 'it' : 'them'} with run_status.`
  );
}

/** "1 request of this list is on its way (sent at 10:02 by another call or process, no answer yet); its leads are left out." */
function onItsWayLine(entries: readonly JournalEntry[]): string {
  const one = entries.length === 1;
  return (
    `${n(entries.length)} request${one ? ' of this list is' : 's of this list are'} on ${one ? 'its' : 'their'} way (sent at ${entries.map((e) => clockTime(e.sent_at)).join(', ')} ` +
    `by another call or process, no answer yet); ${one ? 'its' : 'their'} leads are left out.`
  );
}

/** "1 run sent earlier got no answer and was resolved through its quote (bulk-enrich-1): its leads are left out." */
function resolvedLine(resolved: readonly ResolvedEarlier<BulkEnrichStarted>[]): string {
  const one = resolved.length === 1;
  return `${runsOf(resolved.length)} of this list sent earlier got no answer and ${one ? 'was' : 'were'} resolved through ${one ? 'its quote' : 'their quotes'} (${resolved.map((r) => r.result.workflow_id).join(', ')}): ${one ? 'its' : 'their'} leads are left out.`;
}

function allLeadsOf(args: Args): boolean {
  const v = args[ALL_LEADS];
  if (v === undefined) return false;
  if (typeof v !== 'boolean')
    throw argError(
      ALL_LEADS,
      `${JSON.stringify(v)} is not true or false`,
      'Pass all_leads: true to enrich every lead again, or leave it out.',
    );
  return v;
}

/** What the job found, as the tool says it: left out (and why), and why there is nothing to do when so. */
function leftOutOf(s: EnrichListJobState, scope: ListScope): Pick<PaidPlan, 'leftOut' | 'nothing'> {
  const { going, resolved, selection } = s;
  // Said when the check left leads out, or gave some of them only the part they lack (scope full), or earlier runs have some.
  const left =
    going.ids.length > 0 ||
    going.onTheirWay.length > 0 ||
    resolved.length > 0 ||
    Object.keys(selection.skipped).length > 0 ||
    selection.groups.some((g) => g.scope !== scope);
  // A request on its way that this job waited for is said as resolved.
  const onItsWay = going.onTheirWay.filter((e) => !resolved.some((r) => r.entry.id === e.id));
  const summary = [
    ...(going.ids.length ? [goingLine(going)] : []),
    ...(onItsWay.length ? [onItsWayLine(onItsWay)] : []),
    ...(resolved.length ? [resolvedLine(resolved)] : []),
    ...(selection.summary ? [selection.summary] : []),
  ].join(' ');
  const { skipped, check, runs_going } = s.facts;
  const facts = { skipped, ...(check ? { check } : {}), ...(runs_going.length ? { runs_going } : {}) };
  const leftOut = left && summary ? { summary, facts } : undefined;
  if (s.runs.length) return leftOut ? { leftOut } : {};
  const held = skipped[SKIP_REASONS[scope]] ?? 0;
  const inRuns = skipped.in_earlier_run ?? 0;
  const nothing =
    held && inRuns
      ? `nothing to enrich: every selected lead already has ${HAVE[scope]} or is in an earlier run`
      : held
        ? `nothing to enrich: every selected lead (${n(held)}) already has ${HAVE[scope]}; ${OPT_IN} enriches them again, paid again`
        : inRuns
          ? 'nothing to enrich now: earlier runs enrich every selected lead'
          : 'nothing to enrich: no lead is selected';
  return { ...(leftOut ? { leftOut } : {}), nothing };
}

/**
 * A credits_estimate quote prices the request the arguments say, every selected lead whatever it
 * holds: it runs only when that is the one run this call would send. Nothing is resolved or sent to tell.
 */
function checkEstimated(s: EnrichListJobState, body: BulkEnrichBody, scope: ListScope): void {
  if (askedRun(s, body)) return;
  const what = body.lead_ids ? `the ${n(body.lead_ids.length)} leads asked` : 'the whole list';
  const held = s.selection.skipped[SKIP_REASONS[scope]] ?? 0;
  const inRuns = s.selection.skipped.in_earlier_run ?? 0;
  const why = [
    ...(held ? [`${leadsOf(held)} already ${held === 1 ? 'has' : 'have'} ${HAVE[scope]}`] : []),
    ...(inRuns ? [`${leadsOf(inRuns)} ${inRuns === 1 ? 'is' : 'are'} in a run of this list still going`] : []),
    ...(s.unresolved ? [`${runsOf(s.unresolved)} of this list sent earlier got no answer`] : []),
  ];
  const plan =
    s.runs.length === 0
      ? 'none of it is to enrich'
      : `this call would send ${runsOf(s.runs.length)}${s.selection.summary ? ` (${s.selection.summary})` : ''}`;
  throw new ToolFailure({
    code: 'quote_mismatch',
    problem: `the credits_estimate quote prices ${what}, while ${why.length ? why.join(', ') : plan}; nothing was spent`,
    fix: `Call enrich_list without quote_id to price only the leads that lack ${HAVE[scope]}${s.unresolved ? ' (it resolves the runs sent earlier first)' : ''}, or with ${OPT_IN} to pay for all of them, replacing what they hold.`,
    retryable: false,
  });
}

async function enrichListCall(args: Args, env: ToolEnv): Promise<PaidJob> {
  const e = API.enrichment.bulk;
  const allLeads = allLeadsOf(args);
  const body = bodyArgs(e, args, [ALL_LEADS]) as BulkEnrichBody;
  checkBody(e, body);
  const scope = body.scope ?? 'partial';
  const job: EnrichListJob = { listId: body.list_id, scope, ...(body.lead_ids ? { ids: body.lead_ids } : {}), allLeads };
  // Not stopped by the tool call's cancellation: once decided, a paid request goes out whole and its answer is kept.
  const send =
    (b: BulkEnrichBody): Resend<BulkEnrichStarted> =>
    (quoteId, journal) =>
      env.api.enrichment.sendBulk({ ...b, quote_id: quoteId }, { journal });
  const state = (resolve?: ResolveEarlierOptions) =>
    enrichListJob(job, {
      api: env.api,
      journal: env.journal,
      resolve: resolve && { send, options: resolve },
      now: env.now(),
      signal: env.signal,
      optIn: OPT_IN,
    });
  return {
    tool: 'enrich_list',
    resolvesEarlier: true,
    plan: async (resolve): Promise<PaidPlan> => {
      const s = await state(resolve);
      const earlier = s.resolved.map((r) => ({ quote: r.quote, body: r.entry.request.body, answer: r.result, entry: r.entry }));
      const said = leftOutOf(s, scope);
      if (s.runs.length === 0) return { requests: [], earlier, ...said };
      const gated = () =>
        new ToolFailure({
          code: 'feature_gated',
          problem:
            'this workspace cannot enrich part of a list, so the leads that already have what the scope finds cannot be left out; nothing was spent',
          fix: 'Call enrich_list with all_leads: true to enrich every lead (paying again for those found again), after telling the person.',
          retryable: false,
        });
      const priced = await priceRuns(env.api, s.runs, { signal: env.signal, ...(body.lead_ids ? {} : { gated }) });
      return { requests: priced.map((r) => ({ quote: r.quote, body: r.body })), earlier, ...said };
    },
    // Whether a run of this job was sent earlier and never answered: the plan resolves it.
    lost: (journal) => lostRuns(journal, job).map((entry) => ({ entry, body: entry.request.body })),
    checkEstimated: async () => checkEstimated(await state(), body, scope),
    send: (planned, quoteId, journal) => send((planned as BulkEnrichBody | undefined) ?? body)(quoteId, journal),
  };
}

export const enrichListTool: ToolSpec = {
  name: 'enrich_list',
  title: 'Enrich a lead list',
  entry: API.enrichment.bulk,
  toolset: 'standard',
  note:
    'Pays only for what is missing: leads that already hold what the scope finds (imported or enriched earlier) are left out, and the priced answer says how many ' +
    '(left_out); all_leads: true enriches them again. Leads of a run of this list still going are left out too (left_out.runs_going), and runs sent earlier whose answer was lost ' +
    'are resolved through their own quotes first, not paid again (earlier_runs). Leads left are sent in runs of up to 500: several runs are priced together, the quote holds their sum ' +
    '(quotes lists each), and its quote_id runs them all; runs holds each answer. A run is async: follow it with run_status.',
  args: { add: { [ALL_LEADS]: ALL_LEADS_ARG } },
  paid: enrichListCall,
};
