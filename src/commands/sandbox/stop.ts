import { defineCommand } from '../../cli/command.js';

export const command = defineCommand({
  description: 'Stop the background sandbox (its state is saved first when it was started with --state).',
  examples: ['prospect sandbox stop'],
  related: ['prospect sandbox start', 'prospect sandbox status'],
  async run(_opts, ctx) {
    const { stopSandbox } = await import('../../cli/sandbox-target.js');
    // stopSandbox confirms the pid is the sandbox's before signalling it.
    const stopped = await stopSandbox(ctx.env);
    if (stopped) ctx.out.success(`Stopped the sandbox on ${stopped.url} (pid ${stopped.pid}).`);
    else ctx.out.info('The sandbox is not running.');
  },
});
