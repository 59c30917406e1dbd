import { defineCommand } from '../../cli/command.js';

export const command = defineCommand({
  description:
    'The time of the running sandbox, whether it runs or stands frozen, and how far it is from this machine: quotes, runs, rate-limit windows and export links follow it.',
  examples: ['prospect sandbox clock show', 'prospect sandbox clock show --json'],
  related: ['prospect sandbox clock advance', 'prospect sandbox clock set', 'prospect sandbox clock freeze'],
  async run(_opts, ctx) {
    const { callControl, clockLine } = await import('./shared/controls.js');
    const { answer } = await callControl<import('./shared/controls.js').ClockView>(ctx, 'GET', '/clock');
    await ctx.out.print({ kind: 'object', payload: { ...answer } });
    ctx.out.info(clockLine(answer));
  },
});
