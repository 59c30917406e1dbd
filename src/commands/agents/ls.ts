import { defineCommand } from '../../cli/command.js';
import { counted, formatCount } from '../../cli/output/numbers.js';
import { intInRange } from '../../cli/parse.js';
import { nextCommand } from '../../cli/command-line.js';
import { AGENT_RUNS_PAGE } from '../../api/schemas/values/agents.js';
import { resolveList } from '../../cli/cmdutil/resolve-list.js';

const L = AGENT_RUNS_PAGE;
const TABLE_COLUMNS = ['task_id', 'agent_type', 'column_name', 'status', 'processed', 'total', 'failed'];
const COLUMNS = [...TABLE_COLUMNS, 'created_at', 'list_id'];

export const command = defineCommand({
  description: "Your organization's smart-agent runs, most recent first: type, column, status, leads processed and failed. Free.",
  flags: [
    { flags: '--list <list>', description: 'only runs over this list (an id or the exact name)' },
    {
      flags: '--limit <n>',
      description: `how many runs (${L.min}-${L.max})`,
      parse: intInRange('--limit', L.min, L.max),
      defaultDescription: String(L.default),
    },
  ],
  examples: ['prospect agents ls', 'prospect agents ls --list "Q3 CTOs" --limit 5', 'prospect agents ls --json'],
  related: ['prospect agents run', 'prospect agents results'],
  async run(opts, ctx) {
    const list_id = opts.list !== undefined ? (await resolveList(ctx.api, opts.list)).list_id : undefined;
    const page = await ctx.api.agents.list({ ...(list_id ? { list_id } : {}), ...(opts.limit ? { limit: opts.limit } : {}) });
    await ctx.out.print({
      kind: 'rows',
      payload: page,
      rows: page.runs,
      columns: COLUMNS,
      tableColumns: TABLE_COLUMNS,
      emptyMessage: `No smart-agent runs${opts.list !== undefined ? ` over list "${opts.list}"` : ''} yet. Start one over a list with agents run; its agent types and flags: \`${nextCommand(ctx, ['agents', 'run', '--help'])}\`.`,
    });
    ctx.out.info(`${formatCount(page.runs.length)} of ${counted(page.total, 'run')}`);
  },
});
