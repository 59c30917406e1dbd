import { defineCommand } from '../../cli/command.js';

export const command = defineCommand({
  description:
    'Save the whole state of the running sandbox to FILE (replaced atomically, readable by you only): the format of `sandbox serve --state`, ' +
    'with the clock as an absolute time, so `sandbox snapshot load` goes on from exactly there, runs pending and quotes with their remaining life. ' +
    'Faults are not saved. FILE holds the demo key.',
  args: [{ name: 'file', description: 'where to write the snapshot (JSON)', required: true }],
  examples: ['prospect sandbox snapshot save before-import.json'],
  related: ['prospect sandbox snapshot load', 'prospect sandbox reset'],
  async run(opts, ctx) {
    const { callControl } = await import('./shared/controls.js');
    const { saveStateFile } = await import('../../sandbox/state-file-io.js');
    const { writeFailure } = await import('../../cli/errors.js');
    const file = opts.args[0]!;
    const { url, answer } = await callControl<import('../../sandbox/store.js').SandboxState>(ctx, 'GET', '/snapshot');
    try {
      saveStateFile(file, answer);
    } catch (e) {
      throw writeFailure(file, e);
    }
    ctx.out.success(`Sandbox on ${url} saved to ${file}.`);
  },
});
