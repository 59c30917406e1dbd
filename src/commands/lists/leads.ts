import { defineCommand } from '../../cli/command.js';
import { printablePages } from '../../cli/output/output.js';
import { NO_HEADER_FLAG, withPagingProgress } from '../../cli/paging-progress.js';
import { intInRange } from '../../cli/parse.js';
import { listLeads, listLeadsPages } from '../../api/resources/lists.js';
import { LIST_LIMITS } from '../../api/schemas/values/lists.js';
import { resolveList } from './resolve-list.js';
import { LEAD_TABLE_COLUMNS } from './lead-columns.js';

interface Options {
  limit?: number;
  cursor?: string;
  all?: boolean;
  header?: boolean;
}

const L = LIST_LIMITS.leadsPage;

export const command = defineCommand<Options>({
  description:
    "A list's leads, one page at a time or --all (streamed in constant memory). Each page comes with a task_id " +
    'that enrichment by task and `lists add --task` accept.',
  args: [{ name: 'list', description: 'a list id or the exact name of a list', required: true }],
  flags: [
    { flags: '--limit <n>', description: `leads per page (${L.min}-${L.max})`, parse: intInRange('--limit', L.min, L.max), defaultDescription: `${L.default}, ${L.max} with --all` },
    { flags: '--cursor <cursor>', description: 'the next page (from the previous page)' },
    { flags: '--all', description: 'every page, streamed' },
    NO_HEADER_FLAG,
  ],
  examples: ['prospect lists leads "Q3 CTOs"', 'prospect lists leads lst_... --all --format ndjson > leads.ndjson', 'prospect lists leads "Q3 CTOs" --limit 500 --json'],
  related: ['prospect lists add', 'prospect lists remove', 'prospect import'],
  async run(opts, ctx) {
    const client = await ctx.client();
    const { list_id } = await resolveList(client, opts.args[0] ?? '', { signal: ctx.signal });
    const query = opts.limit ? { limit: opts.limit } : {};
    if (opts.all) {
      const iter = listLeadsPages(client, list_id, query, { signal: ctx.signal, ...(opts.cursor ? { cursor: opts.cursor } : {}) });
      const watched = withPagingProgress(ctx, client, iter, { noun: 'leads', pageSize: query.limit ?? L.max, totalOf: (p) => (p as { total?: number }).total });
      const n = await ctx.out.printPages(printablePages(watched), undefined, LEAD_TABLE_COLUMNS, { header: opts.header !== false });
      ctx.out.info(`${n} leads`);
      return;
    }
    const page = await listLeads(client, list_id, { ...query, ...(opts.cursor ? { cursor: opts.cursor } : {}) }, { signal: ctx.signal });
    await ctx.out.print({ kind: 'rows', payload: page, rows: page.leads, tableColumns: LEAD_TABLE_COLUMNS, emptyMessage: 'The list has no leads yet.' });
    ctx.out.info(
      `${page.leads.length} of ${page.total} leads${page.task_id ? `; this page's task_id: ${page.task_id}` : ''}${page.cursor ? `; next page: --cursor ${page.cursor}` : ''}`,
    );
  },
});
