import { defineCommand } from '../../cli/command.js';

export const command = defineCommand({
  description:
    'Let the clock of the running sandbox run on from where it stands (a reset also does, back at machine time). With --json: the clock as the control answers it.',
  examples: ['prospect sandbox clock unfreeze'],
  related: ['prospect sandbox clock freeze', 'prospect sandbox clock advance', 'prospect sandbox reset'],
  async run(_opts, ctx) {
    const { callControl, clockLine, printAnswer } = await import('./shared/controls.js');
    const { answer } = await callControl<import('./shared/controls.js').ClockView>(ctx, 'POST', '/clock', { freeze: false });
    await printAnswer(ctx, answer, clockLine(answer));
  },
});
