import { defineCommand } from '../../cli/command.js';

// Placeholder: the command is being written.
export const command = defineCommand<Record<string, never>>({
  description: 'Stream a list as JSON, NDJSON or CSV, resumable (free)',
  examples: ['prospect export json'],
  async run() {
    throw new Error('not built yet');
  },
});
