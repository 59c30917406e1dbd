import { defineCommand } from '../../cli/command.js';
import { counted } from '../../cli/output/numbers.js';
import { pagedSummary, printPaged } from '../../cli/paging-progress.js';
import { limitFlags, pageBudget } from '../../cli/paging.js';
import { LIST_LIMITS } from '../../api/schemas/values/lists.js';
import { LIST_TABLE_COLUMNS } from './shared/list-views.js';

const SIZES = LIST_LIMITS.listsPage;

export const command = defineCommand({
  description:
    "Lists you own, your organization's lists and lists shared with you: --limit N of them (over as many pages as it takes), or --all.",
  flags: [
    { flags: '--folder <folder_id>', description: 'only the lists in this folder' },
    ...limitFlags('lists', SIZES),
    { flags: '--cursor <cursor>', description: 'start after a previous page' },
    { flags: '--all', description: 'every list, streamed (not with --limit)' },
  ],
  examples: [
    'prospect lists ls',
    'prospect lists ls --limit 200',
    'prospect lists ls --all --format ndjson',
    'prospect lists ls --folder 2f1c... --json',
  ],
  related: ['prospect lists create', 'prospect lists get', 'prospect folders create'],
  async run(opts, ctx) {
    const budget = pageBudget(opts, SIZES);
    const state = await printPaged(ctx, {
      pages: ctx.api.lists.list({ ...(opts.folder ? { folder_id: opts.folder } : {}), ...(opts.cursor ? { cursor: opts.cursor } : {}) }),
      budget,
      all: Boolean(opts.all),
      noun: 'lists',
      tableColumns: LIST_TABLE_COLUMNS,
      emptyMessage: 'No lists yet. Create one with `prospect lists create NAME`.',
    });
    ctx.out.info(opts.all ? `${counted(state.rows, 'list')}` : pagedSummary(ctx, state, budget, 'lists'));
  },
});
