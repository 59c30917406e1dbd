import { defineCommand } from '../../cli/command.js';

export const command = defineCommand({
  description:
    'Move the clock of the running sandbox forward, without waiting: running jobs progress by the time moved, quotes, search handles and export links age, ' +
    'and rate-limit windows roll over. With --json: the clock as the control answers it ({now_ms, now, offset_ms, frozen}).',
  args: [
    { name: 'duration', description: 'how far: a number and a unit (ms, s, m, h, d, w), e.g. 90s, 5m, 2h, 1d or 1h30m', required: true },
  ],
  flags: [{ flags: '--freeze', description: 'stop the clock where the move leaves it' }],
  examples: [
    'prospect sandbox clock advance 6m',
    'prospect sandbox clock advance 1d --freeze',
    'prospect sandbox clock advance 1h30m --json',
  ],
  related: ['prospect sandbox clock set', 'prospect sandbox clock freeze', 'prospect sandbox clock unfreeze'],
  async run(opts, ctx) {
    const { callControl, clockLine, formatDuration, parseDuration, printAnswer } = await import('./shared/controls.js');
    const ms = parseDuration(opts.args[0]!);
    const { answer } = await callControl<import('./shared/controls.js').ClockView>(ctx, 'POST', '/clock', {
      advance_ms: ms,
      ...(opts.freeze ? { freeze: true } : {}),
    });
    await printAnswer(ctx, answer, `Moved ${formatDuration(ms)} on. ${clockLine(answer)}`);
  },
});
