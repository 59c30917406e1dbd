import type { Context } from './context.js';

/** One flag of a command, in commander syntax (`--limit <n>`, `--all`, `--no-wait`). */
export interface FlagSpec {
  flags: string;
  description: string;
  default?: string | number | boolean | string[];
  /** Allowed values, shown in help and checked before anything is sent. */
  choices?: readonly string[];
  /**
   * Fixed values of a flag that takes a list of them (repeats or commas), so commander's
   * one-value `choices` do not fit: shown in help and offered by shell completion.
   */
  values?: readonly string[];
  /** Converts and checks the raw value; throw a CliError for bad input. */
  parse?: (value: string, previous: unknown) => unknown;
  /** Shown in help in place of the default (e.g. "all leads"). */
  defaultDescription?: string;
  hidden?: boolean;
  /** Other long names for the same flag (`--title` for `--titles`), accepted and hidden from help. */
  aliases?: readonly string[];
}

export interface HelpSection {
  title: string;
  lines: readonly string[];
}

export interface ArgSpec {
  name: string;
  description: string;
  /** Allowed values, checked by the parser and offered by shell completion. */
  choices?: readonly string[];
  /** Known values the command checks itself (with a friendlier message): shown in help and offered by completion. */
  values?: readonly string[];
  required?: boolean;
  variadic?: boolean;
}

/** What a command module exports. Heavy dependencies are imported inside run, never at the top. */
export interface CommandDefinition<O = Record<string, unknown>> {
  description?: string;
  args?: readonly ArgSpec[];
  flags?: readonly FlagSpec[];
  examples: readonly string[];
  related?: readonly string[];
  /** More help after the examples: a heading and its lines (the operations `prospect api` can send). */
  sections?: readonly HelpSection[];
  /** The output formats this command writes, when it narrows the global --format (and its default). */
  formats?: { values: readonly string[]; default: string };
  run(opts: O & { args: string[] }, ctx: Context): Promise<number | void>;
}

/** An entry of the command index: its place in the tree and its summary. */
export interface CommandEntry {
  path: readonly string[];
  summary: string;
  aliases?: readonly string[];
}

export function defineCommand<O>(def: CommandDefinition<O>): CommandDefinition<O> {
  return def;
}
