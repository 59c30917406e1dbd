import { defineCommand } from '../../cli/command.js';

export const command = defineCommand({
  description: 'Reset the running sandbox to its seeded state: balances, plans, keys made since start, lists and jobs. The demo key stays valid.',
  examples: ['prospect sandbox reset'],
  related: ['prospect sandbox status'],
  async run(_opts, ctx) {
    const target = await ctx.sandbox();
    const { sandboxControl } = await import('../../cli/sandbox-target.js');
    await sandboxControl(ctx, target.url, 'POST', '/__sandbox/reset', {});
    ctx.out.success(`Sandbox on ${target.url} reset to its seeded state.`);
  },
});
