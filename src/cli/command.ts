import type { Context } from './context.js';

/** One flag of a command, in commander syntax (`--limit <n>`, `--all`, `--no-wait`). */
export interface FlagSpec {
  flags: string;
  description: string;
  default?: string | number | boolean | readonly string[];
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

/**
 * A command of any options: the table holds commands of every options type, and commander hands
 * `run` what it parsed, untyped (each command's flags type its own options).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCommand = CommandDefinition<any>;

/**
 * A row of the command table (src/commands/command-table.ts): the command's place in the tree,
 * its summary and aliases, known up front; its module, loaded only to run the command or show its help.
 */
export interface CommandEntry {
  path: readonly string[];
  summary: string;
  aliases?: readonly string[];
  load(): Promise<{ command: AnyCommand }>;
}

/**
 * A command whose `run` receives the options its flags give, typed from the flag strings
 * (see FlagOptions): no hand-written options interface to drift from the flags.
 *
 * TypeScript cannot infer the flags when the list holds a generic call (`parse: oneOf(...)`)
 * beside an untyped `run(opts, ctx)` (microsoft/TypeScript#47599): `run` then gets
 * FlagsNotInferred. Define such a list in a const above the command
 * (`const FLAGS = [...] as const satisfies readonly FlagSpec[]`) and pass `flags: FLAGS`.
 */
export function defineCommand<const Flags extends readonly FlagSpec[] = readonly []>(
  def: Omit<CommandDefinition<FlagOptions<Flags>>, 'flags'> & { flags?: Flags },
): CommandDefinition<FlagOptions<Flags>>;
/** Reached when the flags cannot be inferred: `run` gets FlagsNotInferred, whose name says the fix. */
export function defineCommand<O = FlagsNotInferred>(def: CommandDefinition<NoInfer<O>>): CommandDefinition<O>;
export function defineCommand(def: CommandDefinition<unknown>): CommandDefinition<unknown> {
  return def;
}

/*
 * The options commander gives a command, read off its flags at the type level (types only:
 * nothing here runs). Per flag, as commander names and fills it:
 *   '--raw-field <v>'  rawField?: string             (or what `parse` returns; `choices` as a const tuple narrow it)
 *   '--tag [v]'        tag?: string | true           (given without a value: true)
 *   '--map <v...>'     map?: string[]
 *   '-a, --all'        all?: boolean
 *   '--no-wait'        wait: boolean                 (true unless given; `false | undefined` beside a '--wait...' flag)
 * A `default` makes the option present, of its value type or the default's.
 * Specs typed only as FlagSpec (flags: string) add nothing: their options are not known.
 */

/** What `run` receives when the flags' types could not be inferred: using any option fails to compile, naming the fix. */
export interface FlagsNotInferred {
  'flags not inferred: move them to a const above the command, as const satisfies readonly FlagSpec[]': never;
}

/** '--raw-field' -> 'rawField', as commander's camelcase. */
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/** What follows the long flag's dashes: '-y, --yes' -> 'yes', '--limit <n>' -> 'limit <n>'. */
type AfterDashes<S extends string> = S extends `${string}--${infer Rest}` ? Rest : never;

/** The long flag's name without dashes ('no-wait'). */
type LongName<S extends string> = AfterDashes<S> extends `${infer Name} ${string}` ? Name : AfterDashes<S>;

/** The value placeholder ('<n>', '[v]', '<v...>'), or '' for a flag without one. */
type Placeholder<S extends string> = AfterDashes<S> extends `${string} ${infer Value}` ? Value : '';

type Negated<S extends string> = LongName<S> extends `no-${string}` ? true : false;

/** The option's name: the long flag's, camel-cased, without a negation's no-. */
type KeyOf<F extends FlagSpec> = string extends F['flags']
  ? never
  : CamelCase<LongName<F['flags']> extends `no-${infer Positive}` ? Positive : LongName<F['flags']>>;

/** One value as given on the command line: what `parse` returns, one of const `choices`, or the text. */
type OneValue<F extends FlagSpec> = F extends { parse: (...args: never[]) => infer R }
  ? R
  : F extends { choices: readonly (infer C extends string)[] }
    ? string extends C
      ? string
      : C
    : string;

/** The option's value; distributes over F (the flags of one option come in as a union). */
type ValueOf<F extends FlagSpec, All extends FlagSpec> = F extends { default: infer D }
  ? GivenValue<F, All> | Exclude<D, undefined>
  : GivenValue<F, All>;

/** The value the command line gives. */
type GivenValue<F extends FlagSpec, All extends FlagSpec> =
  Negated<F['flags']> extends true
    ? LoneNegation<F, All> extends true
      ? boolean
      : false
    : Placeholder<F['flags']> extends ''
      ? boolean
      : Placeholder<F['flags']> extends `${string}...${string}`
        ? F extends { parse: (...args: never[]) => unknown }
          ? OneValue<F>
          : OneValue<F>[]
        : Placeholder<F['flags']> extends `[${string}`
          ? OneValue<F> | true
          : OneValue<F>;

/** The options of the flags that are not negations (of known name: the specs typed only as FlagSpec have none). */
type PositiveKeys<All extends FlagSpec> = All extends FlagSpec ? (Negated<All['flags']> extends true ? never : KeyOf<All>) : never;

/** A '--no-x' flag with no '--x' flag for its option: commander sets the option true unless given (beside an '--x', it sets no default). */
type LoneNegation<F extends FlagSpec, All extends FlagSpec> =
  Negated<F['flags']> extends true ? (KeyOf<F> extends PositiveKeys<All> ? false : true) : false;

/** Options always present: a default given, or a lone '--no-x'. */
type IsPresent<F extends FlagSpec, All extends FlagSpec> = F extends { default: infer D }
  ? undefined extends D
    ? false
    : true
  : LoneNegation<F, All>;

type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** The options a list of flags gives `run`, keyed and typed as commander fills them. */
export type FlagOptions<Flags extends readonly FlagSpec[]> = Flatten<
  {
    [F in Flags[number] as IsPresent<F, Flags[number]> extends true ? KeyOf<F> : never]: ValueOf<F, Flags[number]>;
  } & {
    [F in Flags[number] as IsPresent<F, Flags[number]> extends true ? never : KeyOf<F>]?: ValueOf<F, Flags[number]> | undefined;
  }
>;

/** What a defined command's `run` receives (its options and `args`), for helpers that take them. */
export type CommandOptions<C> = C extends CommandDefinition<infer O> ? O & { args: string[] } : never;
