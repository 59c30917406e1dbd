import { defineCommand } from '../../cli/command.js';
import type { ValidationError } from '../../api/errors.js';

export const command = defineCommand({
  description:
    'Replace the whole state of the running sandbox with a snapshot FILE (from `sandbox snapshot save`, or a `sandbox serve --state` file): ' +
    'keys, balances, lists, runs and quotes as saved, the clock back at its saved time (frozen, or running on from it). Faults are cleared.',
  args: [{ name: 'file', description: 'a snapshot saved by `prospect sandbox snapshot save`', required: true }],
  examples: ['prospect sandbox snapshot load before-import.json'],
  related: ['prospect sandbox snapshot save', 'prospect sandbox reset'],
  async run(opts, ctx) {
    const { readJsonFile, StateFileError } = await import('../../sandbox/state-file-io.js');
    const { usageError } = await import('../../cli/errors.js');
    const { isApiError } = await import('../../api/errors.js');
    const { callControl } = await import('./shared/controls.js');
    const file = opts.args[0]!;
    const fix = 'Give a file written by `prospect sandbox snapshot save`.';
    let url: string;
    try {
      // The sandbox checks the file's outline (a 422 naming the first field that is not a state file's).
      ({ url } = await callControl(ctx, 'POST', '/snapshot', readJsonFile(file)));
    } catch (e) {
      if (e instanceof StateFileError) throw usageError(`FILE ${e.message}`, fix);
      if (isApiError(e) && e.status === 422) {
        const first = (e as ValidationError).issues[0];
        throw usageError(`FILE ${file} is not a sandbox state file (${first ? `${first.field || 'root'}: ${first.msg}` : e.message})`, fix);
      }
      throw e;
    }
    ctx.out.success(`Sandbox on ${url} loaded from ${file}.`);
  },
});
