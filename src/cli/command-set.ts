import type { CommandDefinition, CommandEntry } from './command.js';

/**
 * The commands the CLI runs, handed to it by its entry (src/core.ts): the index (paths,
 * summaries, group summaries) and each command's module, loaded only when it is needed.
 */
export interface CommandSet {
  readonly entries: readonly CommandEntry[];
  readonly groups: Readonly<Record<string, string>>;
  /** The module of one command (`lists ls`), undefined for a path no command has. */
  load(path: string): Promise<CommandDefinition<any> | undefined>;
  /** Every command's module by path (help pages, man pages and completions are made from them). */
  loadAll(): Promise<Record<string, CommandDefinition<any>>>;
}
