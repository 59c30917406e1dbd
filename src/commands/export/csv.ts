import { defineCommand } from '../../cli/command.js';

// Placeholder: the command is being written.
export const command = defineCommand<Record<string, never>>({
  description: 'Download a list as a CSV file through a signed link (free)',
  examples: ['prospect export csv'],
  async run() {
    throw new Error('not built yet');
  },
});
