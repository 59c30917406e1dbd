import { defineCommand } from '../../cli/command.js';

export const command = defineCommand({
  description:
    'Set the clock of the running sandbox to a time, earlier or later; a running clock runs on from there. Jobs, quotes, handles and links read this clock. ' +
    'With --json: the clock as the control answers it ({now_ms, now, offset_ms, frozen}).',
  args: [
    { name: 'time', description: 'an ISO 8601 time with its zone, e.g. 2031-06-02T09:00:00Z, or a date (midnight UTC)', required: true },
  ],
  flags: [{ flags: '--freeze', description: 'stop the clock at that time' }],
  examples: ['prospect sandbox clock set 2031-06-02T09:00:00Z --freeze', 'prospect sandbox clock set 2031-06-02'],
  related: ['prospect sandbox clock advance', 'prospect sandbox clock freeze', 'prospect sandbox clock unfreeze'],
  async run(opts, ctx) {
    const { callControl, clockLine, parseTime, printAnswer } = await import('./shared/controls.js');
    const ms = parseTime(opts.args[0]!);
    const { answer } = await callControl<import('./shared/controls.js').ClockView>(ctx, 'POST', '/clock', {
      set_ms: ms,
      ...(opts.freeze ? { freeze: true } : {}),
    });
    await printAnswer(ctx, answer, clockLine(answer));
  },
});
