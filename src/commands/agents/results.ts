import { defineCommand } from '../../cli/command.js';

// Placeholder: the command is being written.
export const command = defineCommand<Record<string, never>>({
  description: "A smart-agent run's output per lead (partial while it runs)",
  examples: ['prospect agents results'],
  async run() {
    throw new Error('not built yet');
  },
});
