import { defineCommand, type FlagSpec } from '../../cli/command.js';
import { intInRange, oneOf } from '../../cli/parse.js';
import { JournalStore, journalDir } from '../../workflows/journal/file-store.js';
import { RUN_STATES, runRow, type RunRow } from './shared/run-rows.js';

const LIMIT = { min: 1, max: 1000, default: 20 };
const TABLE_COLUMNS = ['sent_at', 'state', 'tool', 'estimated_cost', 'run_id', 'check'];
const COLUMNS = [
  'id',
  'sent_at',
  'state',
  'tool',
  'what',
  'estimated_cost',
  'run_id',
  'quote_id',
  'quote_expires_at',
  'closed_at',
  'outcome',
  'profile',
  'base_url',
  'check',
];

const FLAGS = [
  { flags: '--state <state>', description: 'only runs in this state', choices: RUN_STATES, parse: oneOf('--state', RUN_STATES) },
  {
    flags: '--limit <n>',
    description: `how many runs (${LIMIT.min}-${LIMIT.max})`,
    parse: intInRange('--limit', LIMIT.min, LIMIT.max),
    defaultDescription: String(LIMIT.default),
  },
] as const satisfies readonly FlagSpec[];

export const command = defineCommand({
  description:
    'Paid requests this machine sent, newest first, from the paid-run journal (written before each paid request goes out; no secrets): ' +
    'answered (with the run id), not_charged (the service refused it), open (no answer yet: the same command again resolves it through its quote), ' +
    'unknown (no answer before its quote expired: the check column says where to look), or paid_again. Reads local files only; free.',
  flags: FLAGS,
  examples: ['prospect runs ls', 'prospect runs ls --state unknown', 'prospect runs ls --json'],
  related: ['prospect enrich status', 'prospect agents ls', 'prospect credits balance', 'prospect usage'],
  async run(opts, ctx) {
    const dir = journalDir(ctx.env);
    const now = ctx.clock.now();
    const store = new JournalStore(dir);
    const limit = opts.limit ?? LIMIT.default;
    const all = store.index();
    // Open and unknown runs are in the open entries alone.
    const { entries } = opts.state === 'open' || opts.state === 'unknown' ? store.index('open') : all;
    // Newest first, each file read only until --limit rows are found.
    const rows: RunRow[] = [];
    for (const e of entries) {
      if (rows.length >= limit) break;
      const row = runRow(ctx, e, now);
      if (!opts.state || row.state === opts.state) rows.push(row);
    }
    await ctx.out.print({
      kind: 'rows',
      payload: rows,
      rows,
      columns: COLUMNS,
      tableColumns: TABLE_COLUMNS,
      emptyMessage: `No paid runs in the journal (${dir}).`,
    });
    ctx.out.info(`${rows.length} of ${all.count} paid runs in ${dir}`);
    const unknown = rows.filter((r) => r.state === 'unknown').length;
    if (unknown > 0)
      ctx.out.warn(
        `${unknown} run${unknown === 1 ? '' : 's'} got no answer before the quote expired: check what the check column names before paying again with --pay-again.`,
      );
  },
});
