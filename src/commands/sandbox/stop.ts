import { defineCommand } from '../../cli/command.js';

export const command = defineCommand({
  description: 'Stop the background sandbox (its state is saved first when it was started with --state).',
  examples: ['prospect sandbox stop'],
  related: ['prospect sandbox start', 'prospect sandbox status'],
  async run(_opts, ctx) {
    const runtime = await import('../../cli/sandbox-target.js');
    const info = runtime.readRuntime(ctx.env);
    if (!info) {
      ctx.out.info('The sandbox is not running.');
      return;
    }
    await runtime.stopSandbox(ctx.env);
    ctx.out.success(`Stopped the sandbox on ${info.url} (pid ${info.pid}).`);
  },
});
