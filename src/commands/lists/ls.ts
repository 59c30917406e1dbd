import { defineCommand } from '../../cli/command.js';
import { printablePages } from '../../cli/output/output.js';
import { intInRange } from '../../cli/parse.js';
import { listLists, listListsPages } from '../../api/resources/lists.js';
import { LIST_LIMITS } from '../../api/schemas/values/lists.js';
import { LIST_TABLE_COLUMNS } from './list-views.js';

interface Options {
  folder?: string;
  limit?: number;
  cursor?: string;
  all?: boolean;
}

const L = LIST_LIMITS.listsPage;

export const command = defineCommand<Options>({
  description: "Lists you own, your organization's lists and lists shared with you, one page at a time or --all.",
  flags: [
    { flags: '--folder <folder_id>', description: 'only the lists in this folder' },
    { flags: '--limit <n>', description: `lists per page (${L.min}-${L.max})`, parse: intInRange('--limit', L.min, L.max), defaultDescription: String(L.default) },
    { flags: '--cursor <cursor>', description: 'the next page (from the previous page)' },
    { flags: '--all', description: 'every page, streamed' },
  ],
  examples: ['prospect lists ls', 'prospect lists ls --all --format ndjson', 'prospect lists ls --folder 2f1c... --json'],
  related: ['prospect lists create', 'prospect lists get', 'prospect folders create'],
  async run(opts, ctx) {
    const client = await ctx.client();
    const query = { ...(opts.folder ? { folder_id: opts.folder } : {}), ...(opts.limit ? { limit: opts.limit } : {}) };
    if (opts.all) {
      const iter = listListsPages(client, query, { signal: ctx.signal, ...(opts.cursor ? { cursor: opts.cursor } : {}) });
      const n = await ctx.out.printPages(printablePages(iter), undefined, LIST_TABLE_COLUMNS);
      ctx.out.info(`${n} lists`);
      return;
    }
    const page = await listLists(client, { ...query, ...(opts.cursor ? { cursor: opts.cursor } : {}) }, { signal: ctx.signal });
    await ctx.out.print({ kind: 'rows', payload: page, rows: page.lists, tableColumns: LIST_TABLE_COLUMNS, emptyMessage: 'No lists yet. Create one with `prospect lists create NAME`.' });
    ctx.out.info(`${page.lists.length} of ${page.total} lists${page.cursor ? `; next page: --cursor ${page.cursor}` : ''}`);
  },
});
