import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { gather } from '../../cli/cmdutil/split-values.js';
import { byTaskTool, estimateBodyFor } from '../../api/quote-shape.js';
import type { ByTaskEnrichBody } from '../../api/schemas/enrichment.js';
import { MCP_RESULTS_LIST } from '../../api/schemas/values/enrichment.js';
import { COMPANY_DATA_POINTS, PERSON_DATA_POINTS, PERSON_DATA_POINT_PRICES } from '../../api/schemas/values/credits.js';
import { closest, didYouMean } from '../../api/suggest.js';
import { PAY_AGAIN_FLAG, runPaid } from '../../cli/paid.js';
import { resolveList } from '../../cli/cmdutil/resolve-list.js';
import { DATA_POINTS, DATA_POINTS_FLAG, DRY_RUN_FLAG } from '../../cli/cmdutil/enrich-flags.js';
import { STRICT_FLAG, reportRun, watchRun } from '../../cli/cmdutil/enrich-watch.js';
import { printHandle } from '../../cli/wait.js';
import { counted, formatCount as n } from '../../cli/output/numbers.js';

const COMPANY_COLUMNS = [
  'entity_id',
  'status',
  'company.name',
  'company.domain',
  'company.industry',
  'company.employee_count',
  'company.revenue_range',
  'company.funding_stage',
  'error',
];

/** Data points as the service spells them (any case accepted), all of one kind, not LinkedIn alone. */
function dataPoints(raw: readonly string[] | undefined): string[] {
  if (!raw?.length)
    throw usageError(
      '--data-points is required',
      `Person cohorts: ${PERSON_DATA_POINTS.join(', ')}; company cohorts: ${COMPANY_DATA_POINTS.join(', ')}.`,
    );
  const points = [
    ...new Set(
      raw.map((p) => {
        const known = DATA_POINTS.find((k) => k.toLowerCase() === p.toLowerCase());
        if (!known) throw usageError(`unknown data point "${p}"${didYouMean(closest(p, DATA_POINTS))}`, `Use ${DATA_POINTS.join(', ')}.`);
        return known;
      }),
    ),
  ];
  const person = points.filter((p) => (PERSON_DATA_POINTS as readonly string[]).includes(p));
  if (person.length && person.length !== points.length)
    throw usageError(
      `--data-points mixes person (${person.join(', ')}) and company points`,
      'A cohort is people or companies: ask for one kind.',
    );
  if (person.length && person.every((p) => PERSON_DATA_POINT_PRICES[p as 'LinkedIn'] === 0))
    throw usageError(
      'LinkedIn alone is not an enrichment (it is free and finds nothing new)',
      'Add Email (1 credit) or Phone (10 credits) per person.',
    );
  return points;
}

export const command = defineCommand({
  description:
    'Enriches the rows of a search or list page by its task_id. People: Email (1 credit) and Phone (10) per person found, ' +
    'LinkedIn free; results go to --list or to your "MCP Results" list, and the command waits for the run. ' +
    'Companies: Industry, Employees, Revenue, Funding, TechStack, Domain at 1 credit per 10, answered at once. ' +
    'For people, --no-wait prints the workflow id alone on stdout (the whole answer with --json), for WF=$(prospect ... --no-wait).',
  args: [{ name: 'task_id', description: 'the task_id (svc-task_...) of a search response or list page', required: true }],
  flags: [
    DATA_POINTS_FLAG,
    { flags: '--entity-ids <ids>', description: 'only these rows of the cohort; repeatable or comma-separated', parse: gather('comma') },
    { flags: '--list <list>', description: 'the list person results go to', defaultDescription: `your ${MCP_RESULTS_LIST} list` },
    DRY_RUN_FLAG,
    PAY_AGAIN_FLAG,
    STRICT_FLAG,
  ],
  examples: [
    'prospect enrich cohort svc-task_... --data-points Email,Phone --list "Q3"',
    'prospect enrich cohort svc-task_... --data-points Industry,Funding --yes --json',
  ],
  related: ['prospect search people', 'prospect lists leads', 'prospect enrich status'],
  async run(opts, ctx) {
    const points = dataPoints(opts.dataPoints);
    const tool = byTaskTool(points);
    if (opts.list !== undefined && tool === 'add_company_enrichments')
      ctx.out.warn('--list is ignored for company cohorts: companies are answered at once, not saved to a list.');
    const listId =
      opts.list !== undefined && tool === 'add_person_enrichments' ? (await resolveList(ctx.api, opts.list)).list_id : undefined;
    const body: ByTaskEnrichBody = {
      task_id: opts.args[0] ?? '',
      data_points: points,
      ...(opts.entityIds?.length ? { entity_ids: [...new Set(opts.entityIds)] } : {}),
      ...(listId ? { lead_list_id: listId } : {}),
    };
    const paid = await runPaid(
      ctx,
      {
        estimate: estimateBodyFor({ tool, body }),
        what: `Enriching ${body.entity_ids ? `${counted(body.entity_ids.length, 'row')} of ` : ''}cohort ${body.task_id} (${points.join(', ')})`,
        run: (quote_id, journal) => ctx.api.enrichment.sendByTask({ ...body, quote_id }, { sleep: ctx.clock.sleep, journal }),
      },
      { dryRun: opts.dryRun },
    );
    if (!paid) return;
    const r = paid.result;
    if (r.entity_kind === 'company' || !r.workflow_id) {
      await ctx.out.print({ kind: 'rows', payload: r, rows: r.results, columns: COMPANY_COLUMNS });
      // The spec's answer names credits_reserved only; credits_charged is reported when the service sends it.
      const cost =
        r.credits_charged === undefined
          ? `${counted(r.credits_reserved, 'credit')} reserved, settled at once`
          : `charged ${counted(r.credits_charged, 'credit')} of ${n(r.credits_reserved)} reserved`;
      ctx.out.success(
        `${r.results.filter((x) => x.status === 'completed').length} of ${counted(r.total_entities, 'company', 'companies')} enriched; ${cost}.`,
      );
      return;
    }
    ctx.out.info(
      `Started ${r.workflow_id}: ${counted(r.total_entities, 'person', 'people')} queued into list ${r.lead_list_id ?? ''}, ${counted(r.credits_reserved, 'credit')} reserved.`,
    );
    if (!ctx.globals.wait) {
      return printHandle(ctx, r.workflow_id, r, ['enrich', 'status', r.workflow_id, '--wait']);
    }
    return reportRun(ctx, await watchRun(ctx, r.workflow_id), { strict: opts.strict });
  },
});
