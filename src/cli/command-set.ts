import type { CommandEntry } from './command.js';

/**
 * The commands the CLI runs, handed to it by its entry (src/core.ts): the command table (each
 * row's path, summary and lazy module) and the summaries of the groups.
 */
export interface CommandSet {
  readonly entries: readonly CommandEntry[];
  readonly groups: Readonly<Record<string, string>>;
}
