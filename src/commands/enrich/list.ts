import { defineCommand } from '../../cli/command.js';
import { gather } from '../../cli/cmdutil/split-values.js';
import { PAY_AGAIN_FLAG, describeQuote, decide, warnIfShort } from '../../cli/paid.js';
import { PaidRunJournal } from '../../cli/journal.js';
import { sameCommand } from '../../cli/command-line.js';
import { counted } from '../../cli/output/numbers.js';
import { resolveList } from '../../cli/cmdutil/resolve-list.js';
import { readLeadIds } from '../../cli/cmdutil/lead-ids.js';
import { DRY_RUN_FLAG, SCOPE_FLAG } from '../../cli/cmdutil/enrich-flags.js';
import { STRICT_FLAG } from '../../cli/cmdutil/enrich-watch.js';
import { union } from '../../workflows/enrich-list/missing-leads.js';
import { quoteRuns, resolveLostRuns, sendRuns } from './shared/subsets.js';
import type { LostRuns } from '../../workflows/enrich-list/lost-runs.js';
import { planListEnrichment, type ListEnrichmentPlan } from '../../workflows/enrich-list/plan.js';
import { sumQuotes } from '../../workflows/spend-verdict.js';
import { printDryRun, reportJob } from './shared/list-report.js';
import { runsGoing } from './shared/runs-going.js';

const ALL_LEADS = '--all-leads';

export const command = defineCommand({
  description:
    'Enriches the leads of a list, or only some (--lead-ids), with verified emails and phones. By default only the leads that lack ' +
    'what the scope finds (an email for partial, a phone for phone-only, either for full) are enriched, so running it again pays only ' +
    'for what is missing, and emails and phones a list got from a CSV import are kept, not paid for again; --all-leads enriches every lead again. ' +
    'The leads are read first (pages of 500, free); when none is left out the whole list goes in one run, otherwise the rest go in runs ' +
    'of up to 500, quoted together and asked once. ' +
    'Estimates first and asks before spending (scripts pass --yes or --max-cost N); pays only for what is found, ' +
    'and refunds the rest of the reservation when the runs end. Waits with progress; ' +
    '--no-wait prints the workflow ids alone on stdout, one a line (the whole answer with --json), for WF=$(prospect ... --no-wait).',
  args: [{ name: 'list', description: 'a list id or the exact name of a list', required: true }],
  flags: [
    SCOPE_FLAG,
    {
      flags: '--lead-ids <ids>',
      description: 'only these leads of the list (runs of up to 500 each); repeatable or comma-separated',
      parse: gather('comma'),
    },
    { flags: '--lead-ids-file <file>', description: 'lead ids from a file, one per line (- for stdin)' },
    { flags: ALL_LEADS, description: 'enrich every selected lead again, even those that already have what the scope finds (no check)' },
    DRY_RUN_FLAG,
    PAY_AGAIN_FLAG,
    STRICT_FLAG,
  ],
  examples: [
    'prospect enrich list "Q3 CTOs"',
    'prospect enrich list lst_... --scope full --max-cost 500 --json',
    'prospect enrich list "Q3 CTOs" --lead-ids ld_1,ld_2 --yes',
    'prospect enrich list "Q3 CTOs" --all-leads --dry-run',
  ],
  related: ['prospect credits estimate', 'prospect enrich status', 'prospect lists leads'],
  async run(opts, ctx) {
    const ids = await readLeadIds(opts.leadIds, opts.leadIdsFile, ctx.io.stdin);
    // Identical runs sent from now on, by this command or another at once, are joined, not paid again.
    const since = ctx.clock.now();
    const listArg = opts.args[0] ?? '';
    const { list_id } = await resolveList(ctx.api, listArg);
    const job = { listId: list_id, scope: opts.scope, ...(ids ? { ids } : {}) };
    const journal = await PaidRunJournal.open(ctx);
    // A dry run sends nothing, so it has nothing to resolve; a real one resolves lost runs of this list first.
    if (!opts.dryRun) journal.prepare();
    // Runs answered earlier and still going first: a run resolved now is not one of them.
    const going = await runsGoing(ctx, journal, list_id);
    const resolved: LostRuns = opts.dryRun ? { started: [], covered: new Set() } : await resolveLostRuns(ctx, journal, job);
    const covered = union(resolved.covered, going.covered);
    const plan: ListEnrichmentPlan =
      covered === 'all'
        ? { selection: { groups: [], skipped: {} }, runs: [] }
        : await planListEnrichment(ctx.api, { ...job, allLeads: Boolean(opts.allLeads), covered, runsRead: going.requests });
    const { selection } = plan;
    if (selection.summary) ctx.out.info(selection.summary);
    const facts = { list_id, scope: opts.scope, skipped: selection.skipped, check: selection.check ?? null, runs_going: going.ids };
    // The command that enriches every lead again, when the check left some out.
    const allLeads = opts.allLeads ? undefined : sameCommand({ argv: [...ctx.argv, ALL_LEADS] });
    if (plan.runs.length === 0 && resolved.started.length === 0) {
      const again = allLeads ? ` Enrich them again with: ${allLeads}` : '';
      ctx.out.success(
        covered === 'all' || opts.allLeads
          ? `Nothing to enrich now: the run${going.ids.length + going.onTheirWay.length === 1 ? ' still going enriches' : 's still going enrich'} ${covered === 'all' ? 'every lead' : 'the rest'}.`
          : `Nothing to enrich: every selected lead already has what --scope ${opts.scope} finds${going.ids.length ? ' or is in a run still going' : ''}.${again}`,
      );
      return void (await ctx.out.print({ kind: 'object', payload: { ...facts, runs: [] }, fields: ['list_id', 'scope'] }));
    }
    const quoted = await quoteRuns(ctx, plan.runs, listArg, ids ? undefined : allLeads);
    const total = quoted.length > 0 ? sumQuotes(quoted.map((r) => r.quote)) : undefined;
    if (total)
      ctx.out.info(
        quoted.length === 1
          ? describeQuote(quoted[0]!.quote)
          : `${describeQuote({ ...quoted[0]!.quote, ...total })} In ${counted(quoted.length, 'run')} of up to 500 leads, one quote each.`,
      );
    if (opts.dryRun) {
      await printDryRun(ctx, quoted, facts);
      if (total) warnIfShort(ctx, { ...quoted[0]!.quote, ...total });
      return;
    }
    const what = `Enriching ${counted(total?.row_count ?? 0, 'lead')} of list "${listArg}" (${opts.scope})${quoted.length > 1 ? ` in ${counted(quoted.length, 'run')}` : ''}`;
    if (total) await decide(ctx, total, what, false);
    const started = [...resolved.started, ...(await sendRuns(ctx, journal, quoted, since))];
    return reportJob(ctx, started, facts, { strict: opts.strict });
  },
});
