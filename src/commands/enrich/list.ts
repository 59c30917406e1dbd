import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { gather } from '../search/filter-flags.js';
import { enrichBulk } from '../../api/resources/enrichment.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import type { BulkEnrichBody } from '../../api/schemas/enrichment.js';
import { BULK_ENRICH_LIMITS, type ListScope } from '../../api/schemas/values/credits.js';
import { PAY_AGAIN_FLAG, runPaid } from '../../cli/paid.js';
import { resolveList } from '../lists/resolve-list.js';
import { readLeadIds } from '../lists/lead-ids.js';
import { DRY_RUN_FLAG, SCOPE_FLAG } from './flags.js';
import { STRICT_FLAG, reportRun, watchRun } from './watch.js';
import { printHandle } from '../../cli/wait.js';

interface Options {
  scope: ListScope;
  leadIds?: string[];
  leadIdsFile?: string;
  dryRun?: boolean;
  strict?: boolean;
}

const MAX_IDS = BULK_ENRICH_LIMITS.leadIds.max;

export const command = defineCommand<Options>({
  description:
    'Enriches every lead of a list, or a subset of up to 500 (--lead-ids), with verified emails and phones. ' +
    'Estimates first and asks before spending (scripts pass --yes or --max-cost N); pays only for what is found, ' +
    'and refunds the rest of the reservation when the run ends. Waits with progress; ' +
    '--no-wait prints the workflow id alone on stdout (the whole answer with --json), for WF=$(prospect ... --no-wait).',
  args: [{ name: 'list', description: 'a list id or the exact name of a list', required: true }],
  flags: [
    SCOPE_FLAG,
    { flags: '--lead-ids <ids>', description: `only these leads of the list (1-${MAX_IDS}); repeatable or comma-separated`, parse: gather('comma') },
    { flags: '--lead-ids-file <file>', description: 'lead ids from a file, one per line (- for stdin)' },
    DRY_RUN_FLAG,
    PAY_AGAIN_FLAG,
    STRICT_FLAG,
  ],
  examples: [
    'prospect enrich list "Q3 CTOs"',
    'prospect enrich list lst_... --scope full --max-cost 500 --json',
    'prospect enrich list "Q3 CTOs" --lead-ids ld_1,ld_2 --yes',
    'prospect enrich list "Q3 CTOs" --dry-run',
  ],
  related: ['prospect credits estimate', 'prospect enrich status', 'prospect lists leads'],
  async run(opts, ctx) {
    const ids = await readLeadIds(opts.leadIds, opts.leadIdsFile, ctx.io.stdin);
    if (ids && ids.length > MAX_IDS)
      throw usageError(`--lead-ids takes at most ${MAX_IDS} leads per run, got ${ids.length}`, 'Run it in parts, or enrich the whole list without --lead-ids.');
    const client = await ctx.client();
    const listArg = opts.args[0] ?? '';
    const { list_id } = await resolveList(client, listArg, { signal: ctx.signal });
    const body: BulkEnrichBody = { list_id, scope: opts.scope, ...(ids ? { lead_ids: ids } : {}) };
    const what = `Enriching ${ids ? `${ids.length} leads of ` : ''}list "${listArg}" (${opts.scope})`;
    const paid = await runPaid(
      ctx,
      client,
      {
        estimate: estimateBodyFor({ tool: 'enrich_list', body }),
        what,
        run: (quote_id) => enrichBulk(client, { ...body, quote_id }, { signal: ctx.signal, sleep: ctx.clock.sleep }),
      },
      { dryRun: opts.dryRun },
    );
    if (!paid) return;
    const started = paid.result;
    ctx.out.info(`Started ${started.workflow_id}: ${started.total_leads} leads, ${started.credits_reserved} credits reserved.`);
    if (!ctx.globals.wait) {
      return printHandle(ctx, started.workflow_id, started, ['enrich', 'status', started.workflow_id, '--wait']);
    }
    ctx.out.hints(started);
    return reportRun(ctx, await watchRun(ctx, client, started.workflow_id), { strict: opts.strict });
  },
});
