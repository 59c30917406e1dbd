import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { enrichmentStatus } from '../../api/resources/enrichment.js';
import { isTerminalStatus } from '../../api/poll.js';
import { STATUS_FIELDS, STRICT_FLAG, reportRun, watchRun } from './watch.js';
import { nextCommand } from '../../cli/command-line.js';

interface Options {
  wait?: boolean;
  strict?: boolean;
}

export const command = defineCommand<Options>({
  description:
    'Shows an enrichment run: status, rows processed, credits charged so far (settled with the refund once it ends). ' +
    'Takes a workflow id (enrich-..., bulk-enrich-...) or the task_id of a by-task run. Free.',
  args: [{ name: 'id', description: 'a workflow id or a cohort handle (svc-task_...)', required: true }],
  flags: [{ flags: '--wait', description: 'wait until the run ends, with progress' }, STRICT_FLAG],
  examples: ['prospect enrich status bulk-enrich-...', 'prospect enrich status enrich-... --wait --json'],
  related: ['prospect enrich list', 'prospect enrich person'],
  async run(opts, ctx) {
    const id = (opts.args[0] ?? '').trim();
    if (!id) throw usageError('the run id is empty', 'Pass the workflow_id (enrich-..., bulk-enrich-...) or task_id the run started with.');
    const client = await ctx.client();
    const s = opts.wait ? await watchRun(ctx, client, id) : await enrichmentStatus(client, id, { signal: ctx.signal });
    if (isTerminalStatus(s.status)) return reportRun(ctx, s, { strict: opts.strict });
    await ctx.out.print({ kind: 'object', payload: s, fields: STATUS_FIELDS });
    ctx.out.info(`Still ${s.status}. Wait for the end with: ${nextCommand(ctx, ['enrich', 'status', id, '--wait'])}`);
  },
});
