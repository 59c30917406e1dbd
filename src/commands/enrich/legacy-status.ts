import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';

export const command = defineCommand({
  description: 'Shows a v1 bulk enrichment run (--workflow) or one of its contacts (--task, kept about 24 hours). Free.',
  flags: [
    { flags: '--workflow <workflow_id>', description: 'a v1 run (public_bulk_...)' },
    { flags: '--task <task_id>', description: 'one contact of a v1 run' },
  ],
  examples: ['prospect enrich legacy-status --workflow public_bulk_...', 'prospect enrich legacy-status --task ... --json'],
  related: ['prospect enrich legacy-bulk', 'prospect webhooks deliveries'],
  async run(opts, ctx) {
    if ((opts.workflow === undefined) === (opts.task === undefined))
      throw usageError('give exactly one of --workflow or --task', 'For example: prospect enrich legacy-status --workflow public_bulk_...');
    if (opts.workflow !== undefined) {
      const s = await ctx.api.legacy.workflowStatus(opts.workflow);
      await ctx.out.print({ kind: 'object', payload: ctx.out.format === 'json' ? s : s.workflow });
      return;
    }
    const s = await ctx.api.legacy.taskStatus(opts.task!);
    await ctx.out.print({
      kind: 'object',
      payload: ctx.out.format === 'json' ? s : { ...s.task, ...s.task.result },
      fields: ctx.out.format === 'json' ? undefined : ['task_id', 'workflow_id', 'status', 'email', 'phone', 'provider', 'linkedin_url'],
    });
  },
});
