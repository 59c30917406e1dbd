import { defineCommand, type FlagSpec } from '../../cli/command.js';
import { intInRange, oneOf } from '../../cli/parse.js';
import { bar } from '../../cli/output/bars.js';
import { USAGE_DEFAULT_GROUP, USAGE_GROUPS, USAGE_LIMITS, type UsageGroup } from '../../api/schemas/values/keys.js';
import type { UsageRow } from '../../api/schemas/keys.js';
import { counted } from '../../cli/output/numbers.js';
import { commandsOfTemplate } from '../../cli/route-commands.js';

const USAGE_DAYS = USAGE_LIMITS.days;

const COLUMNS = ['group', 'calls', 'credits_spent', 'errors'];
const CHART_WIDTH = 30;

/** Days in date order, so the chart reads as a time line; other groupings as the service orders them. */
export function orderRows(rows: readonly UsageRow[], groupBy: UsageGroup): readonly UsageRow[] {
  return groupBy === 'day' ? [...rows].sort((a, b) => a.group.localeCompare(b.group)) : rows;
}

const FLAGS = [
  {
    flags: '--days <n>',
    description: `how many days back (${USAGE_DAYS.min}-${USAGE_DAYS.max})`,
    parse: intInRange('--days', USAGE_DAYS.min, USAGE_DAYS.max),
    defaultDescription: String(USAGE_DAYS.default),
  },
  {
    flags: '--group-by <group>',
    description: 'what each row counts',
    choices: USAGE_GROUPS,
    parse: oneOf('--group-by', USAGE_GROUPS),
    defaultDescription: USAGE_DEFAULT_GROUP,
  },
] as const satisfies readonly FlagSpec[];

export const command = defineCommand({
  description:
    "The organization's API calls, credits spent and errors over the last N days, grouped by tool (endpoint), key, day or error code. " +
    'On a terminal each row has a bar scaled to the busiest row. Needs an API key with the admin:api_keys scope.',
  flags: FLAGS,
  examples: ['prospect usage', 'prospect usage --days 30 --group-by day', 'prospect usage --group-by error --json'],
  related: ['prospect keys ls', 'prospect keys requests', 'prospect credits balance'],
  async run(opts, ctx) {
    const usage = await ctx.api.usage.get({
      ...(opts.days !== undefined ? { days: opts.days } : {}),
      ...(opts.groupBy ? { group_by: opts.groupBy } : {}),
    });
    const rows = orderRows(usage.rows, usage.group_by);
    const chart = ctx.out.format === 'table' && ctx.io.stdoutIsTTY;
    const max = Math.max(0, ...rows.map((r) => r.calls));
    // By tool, a person reads the prospect commands behind each endpoint beside it.
    const byTool = ctx.out.format === 'table' && usage.group_by === 'tool';
    const shown = rows.map((r) => ({
      ...r,
      ...(byTool ? { commands: commandsOfTemplate(r.group).join(', ') } : {}),
      ...(chart ? { calls_chart: bar(r.calls, max, CHART_WIDTH) } : {}),
    }));
    await ctx.out.print({
      kind: 'rows',
      payload: usage,
      rows: shown,
      columns: [...COLUMNS, ...(byTool ? ['commands'] : []), ...(chart ? ['calls_chart'] : [])],
      emptyMessage: `No API calls in the last ${counted(usage.days, 'day')}.`,
    });
    ctx.out.info(
      `${counted(usage.total_calls, 'call')}, ${counted(usage.total_credits_spent, 'credit')}, ${counted(usage.total_errors, 'error')} in the last ${counted(usage.days, 'day')}, by ${usage.group_by}`,
    );
  },
});
