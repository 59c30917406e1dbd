import { defineCommand } from '../../cli/command.js';

// Placeholder: the command is being written.
export const command = defineCommand<Record<string, never>>({
  description: 'Smart-agent runs, newest first',
  examples: ['prospect agents ls'],
  async run() {
    throw new Error('not built yet');
  },
});
