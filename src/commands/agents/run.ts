import { defineCommand } from '../../cli/command.js';

// Placeholder: the command is being written.
export const command = defineCommand<Record<string, never>>({
  description: 'Run a smart agent over the leads of a list, output to a list column (paid, asks first)',
  examples: ['prospect agents run'],
  async run() {
    throw new Error('not built yet');
  },
});
