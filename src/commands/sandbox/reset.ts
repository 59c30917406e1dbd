import { defineCommand } from '../../cli/command.js';
import { scenarioFlag } from './shared/flags.js';

export const command = defineCommand({
  description:
    'Reset the running sandbox to its seeded state: balances, plans, keys made since start, lists and jobs. The demo key stays valid. ' +
    'With --scenario NAME, that named scenario is applied after the reset (docs/sandbox-fixtures.md); without it, the one the sandbox started with, if any.',
  flags: [scenarioFlag],
  examples: ['prospect sandbox reset', 'prospect sandbox reset --scenario crm-refusals'],
  related: ['prospect sandbox status'],
  async run(opts, ctx) {
    const { callControl } = await import('./shared/controls.js');
    const { url } = await callControl(ctx, 'POST', '/reset', opts.scenario ? { scenario: opts.scenario } : {});
    ctx.out.success(`Sandbox on ${url} reset to its seeded state${opts.scenario ? ` with scenario ${opts.scenario}` : ''}.`);
  },
});
