import { defineCommand } from '../../cli/command.js';
import { counted } from '../../cli/output/numbers.js';
import { NO_HEADER_FLAG, pagedSummary, printPaged } from '../../cli/paging-progress.js';
import { limitFlags, pageBudget } from '../../cli/paging.js';
import { LIST_LIMITS } from '../../api/schemas/values/lists.js';
import { resolveList } from '../../cli/cmdutil/resolve-list.js';
import { LEAD_TABLE_COLUMNS } from './shared/lead-columns.js';

const SIZES = LIST_LIMITS.leadsPage;

export const command = defineCommand({
  description:
    "A list's leads: --limit N of them (over as many pages as it takes), or --all (streamed in constant memory). " +
    'Each page comes with a task_id that enrichment by task and `lists add --task` accept (task_ids with --json when several pages were read).',
  args: [{ name: 'list', description: 'a list id or the exact name of a list', required: true }],
  flags: [
    ...limitFlags('leads', SIZES),
    { flags: '--cursor <cursor>', description: 'start after a previous page' },
    { flags: '--all', description: 'every lead, streamed (not with --limit)' },
    NO_HEADER_FLAG,
  ],
  examples: [
    'prospect lists leads "Q3 CTOs"',
    'prospect lists leads lst_... --all --format ndjson > leads.ndjson',
    'prospect lists leads "Q3 CTOs" --limit 1000 --json',
  ],
  related: ['prospect lists add', 'prospect lists remove', 'prospect import'],
  async run(opts, ctx) {
    const budget = pageBudget(opts, SIZES);
    const { list_id } = await resolveList(ctx.api, opts.args[0] ?? '');
    let task: string | undefined;
    const state = await printPaged(ctx, {
      pages: ctx.api.lists.leads(list_id, opts.cursor ? { cursor: opts.cursor } : {}),
      budget,
      all: Boolean(opts.all),
      noun: 'leads',
      tableColumns: LEAD_TABLE_COLUMNS,
      emptyMessage: 'The list has no leads yet.',
      header: opts.header !== false,
      onPage: ({ page }) => {
        task ??= page.task_id ?? undefined;
      },
    });
    if (opts.all) return ctx.out.info(`${counted(state.rows, 'lead')}`);
    ctx.out.info(pagedSummary(ctx, state, budget, 'leads', state.requests === 1 && task ? `; this page's task_id: ${task}` : ''));
  },
});
