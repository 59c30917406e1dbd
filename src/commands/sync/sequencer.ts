import { defineCommand } from '../../cli/command.js';

// Placeholder: the command is being written.
export const command = defineCommand<Record<string, never>>({
  description: 'Push a list into a sequencer campaign (previews first; paid, asks first)',
  examples: ['prospect sync sequencer'],
  async run() {
    throw new Error('not built yet');
  },
});
