import { defineCommand } from '../../cli/command.js';

export const command = defineCommand({
  description:
    'Stop the clock of the running sandbox where it is: it stands still until moved (clock advance, clock set) or let run on (clock unfreeze), ' +
    'so a test reads exact expiry times and Retry-After values. With --json: the clock as the control answers it.',
  examples: ['prospect sandbox clock freeze'],
  related: ['prospect sandbox clock unfreeze', 'prospect sandbox clock advance', 'prospect sandbox clock set'],
  async run(_opts, ctx) {
    const { callControl, clockLine, printAnswer } = await import('./shared/controls.js');
    const { answer } = await callControl<import('./shared/controls.js').ClockView>(ctx, 'POST', '/clock', { freeze: true });
    await printAnswer(ctx, answer, clockLine(answer));
  },
});
