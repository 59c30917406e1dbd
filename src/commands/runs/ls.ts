import { defineCommand } from '../../cli/command.js';
import { intInRange, oneOf } from '../../cli/parse.js';
import { JournalStore, journalDir } from '../../cli/journal-store.js';
import { RUN_STATES, runRow, type RunState } from './run-rows.js';

interface Options {
  state?: RunState;
  limit?: number;
}

const LIMIT = { min: 1, max: 1000, default: 20 };
const TABLE_COLUMNS = ['sent_at', 'state', 'tool', 'estimated_cost', 'run_id', 'check'];
const COLUMNS = ['id', 'sent_at', 'state', 'tool', 'what', 'estimated_cost', 'run_id', 'quote_id', 'quote_expires_at', 'closed_at', 'outcome', 'profile', 'base_url', 'check'];

export const command = defineCommand<Options>({
  description:
    'Paid requests this machine sent, newest first, from the paid-run journal (written before each paid request goes out; no secrets): ' +
    'answered (with the run id), not_charged (the service refused it), open (no answer yet: the same command again resolves it through its quote), ' +
    'unknown (no answer before its quote expired: the check column says where to look), or paid_again. Reads local files only; free.',
  flags: [
    { flags: '--state <state>', description: 'only runs in this state', choices: RUN_STATES, parse: oneOf('--state', RUN_STATES) },
    { flags: '--limit <n>', description: `how many runs (${LIMIT.min}-${LIMIT.max})`, parse: intInRange('--limit', LIMIT.min, LIMIT.max), defaultDescription: String(LIMIT.default) },
  ],
  examples: ['prospect runs ls', 'prospect runs ls --state unknown', 'prospect runs ls --json'],
  related: ['prospect enrich status', 'prospect agents ls', 'prospect credits balance', 'prospect usage'],
  async run(opts, ctx) {
    const dir = journalDir(ctx.env);
    const now = ctx.clock.now();
    const all = new JournalStore(dir).list().map((e) => runRow(ctx, e, now));
    const rows = all.filter((r) => !opts.state || r.state === opts.state).slice(0, opts.limit ?? LIMIT.default);
    await ctx.out.print({
      kind: 'rows',
      payload: rows,
      rows,
      columns: COLUMNS,
      tableColumns: TABLE_COLUMNS,
      emptyMessage: `No paid runs in the journal (${dir}).`,
    });
    ctx.out.info(`${rows.length} of ${all.length} paid runs in ${dir}`);
    const unknown = rows.filter((r) => r.state === 'unknown').length;
    if (unknown > 0)
      ctx.out.warn(`${unknown} run${unknown === 1 ? '' : 's'} got no answer before the quote expired: check what the check column names before paying again with --pay-again.`);
  },
});
