import { defineCommand, type FlagOptions, type FlagSpec } from '../../cli/command.js';
import { jobFailedError, usageError } from '../../cli/errors.js';
import { intInRange } from '../../cli/parse.js';
import { closest, didYouMean } from '../../api/suggest.js';
import { gather } from '../../cli/cmdutil/split-values.js';
import type { FindPeopleBody, FindPeopleStatusResponse } from '../../api/schemas/lists.js';
import { FIND_PEOPLE_LIMITS } from '../../api/schemas/values/lists.js';
import { SENIORITY_LEVELS } from '../../api/schemas/values/search.js';
import { isFailedStatus } from '../../api/poll.js';
import type { Context } from '../../cli/context.js';
import { watchWithProgress } from '../../cli/wait.js';
import { resolveList } from '../../cli/cmdutil/resolve-list.js';
import { printHandle } from '../../cli/wait.js';
import { nextCommand } from '../../cli/command-line.js';
import { counted, formatCount as n } from '../../cli/output/numbers.js';

const C = FIND_PEOPLE_LIMITS.companyIds;
const P = FIND_PEOPLE_LIMITS.limitPerCompany;
const STATUS_FIELDS = [
  'workflow_id',
  'status',
  'total_companies',
  'processed_companies',
  'people_found',
  'people_added',
  'credits_used',
  'error',
];

const FLAGS = [
  {
    flags: '--company-ids <ids>',
    description: `company ids of the list (${C.min}-${C.max}); repeatable or comma-separated`,
    parse: gather('comma'),
  },
  { flags: '--title <title>', description: 'job titles to look for; repeatable', parse: gather('literal') },
  {
    flags: '--seniority <level>',
    description: 'seniority levels; repeatable or comma-separated',
    values: SENIORITY_LEVELS,
    parse: gather('comma'),
  },
  {
    flags: '--limit-per-company <n>',
    description: `people per company (${P.min}-${P.max})`,
    parse: intInRange('--limit-per-company', P.min, P.max),
    defaultDescription: String(P.default),
  },
  { flags: '--state <state>', description: 'only people in this state or region' },
  { flags: '--country <country>', description: 'only people in this country' },
  { flags: '--workflow <workflow_id>', description: 'watch a job already started instead of starting one' },
] as const satisfies readonly FlagSpec[];

type Options = FlagOptions<typeof FLAGS>;

export const command = defineCommand({
  description:
    'Finds people at companies of a list and adds them to it (a job; free, but the balance must cover ' +
    'companies x --limit-per-company). Waits with progress; --workflow watches one. ' +
    '--no-wait prints the workflow id alone on stdout (the whole answer with --json), for WF=$(prospect ... --no-wait).',
  args: [{ name: 'list', description: 'a list id or the exact name of a list', required: true }],
  flags: FLAGS,
  examples: [
    'prospect lists find-people "Target accounts" --company-ids cmp_1,cmp_2 --title "VP Sales" --limit-per-company 3',
    'prospect lists find-people lst_... --company-ids cmp_1 --seniority C-Suite,VP --no-wait',
    'prospect lists find-people lst_... --workflow fpw_... --json',
  ],
  related: ['prospect lists leads', 'prospect search companies'],
  async run(opts, ctx) {
    let workflowId = opts.workflow;
    const body = workflowId === undefined ? buildBody(opts) : undefined;
    if (workflowId !== undefined && opts.companyIds !== undefined)
      throw usageError(
        '--workflow watches a job already started; it takes no --company-ids',
        'Drop --company-ids, or drop --workflow to start a job.',
      );
    const { list_id } = await resolveList(ctx.api, opts.args[0] ?? '');
    if (body) {
      const started = await ctx.api.lists.findPeople(list_id, body);
      workflowId = started.workflow_id;
      ctx.out.hints(started);
      ctx.out.info(
        `Started ${workflowId}: ${counted(started.total_companies, 'company', 'companies')}, up to ${counted(started.estimated_credits, 'person', 'people')} (free; the balance only has to cover ${counted(started.estimated_credits, 'credit')}).`,
      );
      if (!ctx.globals.wait) {
        return printHandle(ctx, workflowId, started, ['lists', 'find-people', list_id, '--workflow', workflowId]);
      }
    }
    const status = ctx.globals.wait ? await wait(ctx, list_id, workflowId!) : await ctx.api.lists.findPeopleStatus(list_id, workflowId!);
    if (isFailedStatus(status.status))
      throw jobFailedError(
        `find-people job ${workflowId} ended ${status.status}${status.error ? `: ${status.error}` : ''}`,
        'Check the list and start the job again.',
      );
    await ctx.out.print({ kind: 'object', payload: status, fields: STATUS_FIELDS });
    if (status.status === 'completed')
      ctx.out.success(`Added ${counted(status.people_added, 'person', 'people')} to the list (${n(status.people_found)} found); free.`);
  },
});

function buildBody(opts: Options): FindPeopleBody {
  const ids = [...new Set(opts.companyIds ?? [])];
  if (ids.length < C.min) throw usageError('--company-ids is required', 'Give the company ids (cmp_...) of companies in the list.');
  if (ids.length > C.max)
    throw usageError(
      `--company-ids takes at most ${counted(C.max, 'company', 'companies')}, got ${ids.length}`,
      'Run one job per 100 companies.',
    );
  for (const s of opts.seniority ?? [])
    if (!(SENIORITY_LEVELS as readonly string[]).includes(s))
      throw usageError(
        `unknown seniority "${s}"${didYouMean(closest(s, SENIORITY_LEVELS))}`,
        `Use one of: ${SENIORITY_LEVELS.join(', ')}.`,
      );
  const body: FindPeopleBody = { company_ids: ids };
  if (opts.title?.length) body.job_titles = opts.title;
  if (opts.seniority?.length) body.seniority_levels = opts.seniority;
  if (opts.limitPerCompany !== undefined) body.limit_per_company = opts.limitPerCompany;
  if (opts.state !== undefined) body.location_state = opts.state;
  if (opts.country !== undefined) body.location_country = opts.country;
  return body;
}

function wait(ctx: Context, listId: string, workflowId: string): Promise<FindPeopleStatusResponse> {
  const text = (s?: FindPeopleStatusResponse) =>
    `Finding people (${workflowId})${s ? `: ${s.status}, ${s.processed_companies}/${counted(s.total_companies, 'company', 'companies')}, ${n(s.people_added)} added` : ''}`;
  return watchWithProgress(
    ctx,
    text,
    `The job keeps running. Watch it with: ${nextCommand(ctx, ['lists', 'find-people', listId, '--workflow', workflowId])}`,
    (o) => ctx.api.lists.waitForFindPeople(listId, workflowId, o),
  );
}
