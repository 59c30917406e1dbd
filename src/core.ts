/**
 * The CLI's core (dist/core.cjs): the process of src/cli with the commands of src/commands
 * handed in. The one place the two meet, so the CLI core imports no command.
 */
import { runProcess as runWith } from './cli/process.js';
import { commandSet } from './commands/command-table.js';

export const runProcess = (argv: string[]): Promise<void> => runWith(argv, commandSet);
