import { defineCommand } from '../../cli/command.js';

export const command = defineCommand({
  description:
    'Remove every fault rule from the running sandbox: requests are answered normally again. With --json: the answer of the control, {rules: []}.',
  examples: ['prospect sandbox faults clear'],
  related: ['prospect sandbox faults add', 'prospect sandbox faults ls'],
  async run(_opts, ctx) {
    const { callControl, printAnswer } = await import('./shared/controls.js');
    const { url, answer } = await callControl<import('./shared/controls.js').FaultRules>(ctx, 'DELETE', '/faults');
    await printAnswer(ctx, answer, `Fault rules of the sandbox on ${url} cleared: requests are answered normally again.`);
  },
});
