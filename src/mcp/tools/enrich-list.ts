import { API } from '../../api/endpoints/index.js';
import type { JsonSchema } from '../../api/endpoints/json-schema.js';
import { enrichBulk } from '../../api/resources/enrichment.js';
import type { BulkEnrichBody } from '../../api/schemas/enrichment.js';
import { formatCount as n } from '../../workflows/counts.js';
import { planListEnrichment, priceRuns, type ListEnrichmentPlan } from '../../workflows/enrich-list/plan.js';
import { SKIP_REASONS } from '../../workflows/enrich-list/missing-leads.js';
import { runsGoing, type RunsGoing } from '../../workflows/enrich-list/runs-going.js';
import { lostRuns } from '../../workflows/enrich-list/lost-runs.js';
import type { Args, PaidJob, PaidPlan, ToolEnv, ToolSpec } from '../tool.js';
import { argError, bodyArgs, checkBody } from '../args.js';
import { ToolFailure } from '../errors.js';

/**
 * enrich_list: pays only for what is missing, as the CLI's `enrich list` does. The leads that
 * already hold what the scope finds (an email for partial, a phone for phone-only, both for
 * full), whatever put it there, are left out unless all_leads is true; the rest go in runs of up
 * to 500 (workflows/enrich-list/plan.ts), priced together and run by one quote_id.
 */

const ALL_LEADS = 'all_leads';

const ALL_LEADS_ARG: JsonSchema = {
  type: 'boolean',
  description:
    'true: enrich every lead again, paying again for those that already hold what the scope finds (an email for partial, a phone for phone-only, both for full). ' +
    'Left out (the default): only the leads that lack it are priced and enriched, and the answer says how many were skipped.',
};

/** What a scope finds, for "every selected lead already has an email". */
const FOUND = { has_email: 'an email', has_phone: 'a phone', has_email_and_phone: 'an email and a phone' } as const;

/** "1 run of this list is still going (bulk-enrich-1); the 6 leads it enriches are left out; follow it with run_status." */
function goingLine(going: RunsGoing): string {
  const one = going.ids.length === 1;
  const leads = going.covered === 'all' ? 'every lead' : `the ${n(going.covered.size)} lead${going.covered.size === 1 ? '' : 's'}`;
  return (
    `${n(going.ids.length)} earlier run${one ? ' of this list is' : 's of this list are'} still going (${going.ids.join(', ')}); ` +
    `${leads} ${one ? 'it enriches' : 'they enrich'} ${going.covered === 'all' ? 'is' : 'are'} left out. Follow ${one ? 'it' : 'them'} with run_status.`
  );
}

function allLeadsOf(args: Args): boolean {
  const v = args[ALL_LEADS];
  if (v === undefined) return false;
  if (typeof v !== 'boolean') throw argError(ALL_LEADS, `${JSON.stringify(v)} is not true or false`, 'Pass all_leads: true to enrich every lead again, or leave it out.');
  return v;
}

async function enrichListJob(args: Args, env: ToolEnv): Promise<PaidJob> {
  const e = API.enrichment.bulk;
  const allLeads = allLeadsOf(args);
  const body = bodyArgs(e, args, [ALL_LEADS]) as BulkEnrichBody;
  checkBody(e, body);
  const scope = body.scope ?? 'partial';
  const job = { listId: body.list_id, scope, ...(body.lead_ids ? { ids: body.lead_ids } : {}) };
  return {
    tool: 'enrich_list',
    plan: async (): Promise<PaidPlan> => {
      const going = await runsGoing(env.client, env.journal, body.list_id, { now: env.now(), signal: env.signal });
      const { selection, runs }: ListEnrichmentPlan =
        going.covered === 'all'
          ? { selection: { groups: [], skipped: {} }, runs: [] }
          : await planListEnrichment(env.client, { ...job, allLeads, optIn: `${ALL_LEADS}: true`, covered: going.covered, runsRead: going.requests, signal: env.signal });
      // Said when the check left leads out, or gave some of them only the part they lack (scope full), or runs going have some.
      const left = going.ids.length > 0 || Object.keys(selection.skipped).length > 0 || selection.groups.some((g) => g.scope !== scope);
      const summary = [...(going.ids.length ? [goingLine(going)] : []), ...(selection.summary ? [selection.summary] : [])].join(' ');
      const facts = { skipped: selection.skipped, ...(selection.check ? { check: selection.check } : {}), ...(going.ids.length ? { runs_going: going.ids } : {}) };
      const leftOut = left && summary ? { summary, facts } : undefined;
      if (runs.length === 0) {
        const held = selection.skipped[SKIP_REASONS[scope]] ?? 0;
        const nothing =
          going.covered === 'all' || (allLeads && going.ids.length)
            ? `nothing to enrich now: the run${going.ids.length === 1 ? ' still going enriches' : 's still going enrich'} ${going.covered === 'all' ? 'every lead' : 'the rest'}`
            : going.ids.length
              ? `nothing to enrich: every selected lead already has ${FOUND[SKIP_REASONS[scope]]} or is in a run still going`
              : `nothing to enrich: every selected lead (${n(held)}) already has ${FOUND[SKIP_REASONS[scope]]}; all_leads: true enriches them again, paid again`;
        return { requests: [], ...(leftOut ? { leftOut } : {}), nothing };
      }
      const gated = () =>
        new ToolFailure({
          code: 'feature_gated',
          problem: 'this workspace cannot enrich part of a list, so the leads that already have what the scope finds cannot be left out; nothing was spent',
          fix: 'Call enrich_list with all_leads: true to enrich every lead (paying again for those found again), after telling the person.',
          retryable: false,
        });
      const priced = await priceRuns(env.client, runs, { signal: env.signal, ...(body.lead_ids ? {} : { gated }) });
      return { requests: priced.map((r) => ({ quote: r.quote, body: r.body })), ...(leftOut ? { leftOut } : {}) };
    },
    // A run of this list sent earlier and never answered is sent again as it went.
    lost: (journal) => lostRuns(journal, job).map((entry) => ({ entry, body: entry.request.body })),
    // Not stopped by the tool call's cancellation: once decided, a paid request goes out whole and its answer is kept.
    send: (planned, quoteId, journal) => enrichBulk(env.client, { ...((planned as BulkEnrichBody | undefined) ?? body), quote_id: quoteId }, { journal }),
  };
}

export const enrichListTool: ToolSpec = {
  name: 'enrich_list',
  title: 'Enrich a lead list',
  entry: API.enrichment.bulk,
  toolset: 'standard',
  note:
    'Pays only for what is missing: leads that already hold what the scope finds (imported or enriched earlier) are left out, and the priced answer says how many ' +
    '(left_out); all_leads: true enriches them again. Leads of a run of this list still going are left out too (left_out.runs_going). Leads left are sent in runs of up to 500: several runs are priced together, the quote holds their sum ' +
    '(quotes lists each), and its quote_id runs them all; runs holds each answer. A run is async: follow it with run_status.',
  args: { add: { [ALL_LEADS]: ALL_LEADS_ARG } },
  paid: enrichListJob,
};
