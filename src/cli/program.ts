import { Argument, Command, Option } from 'commander';
import type { AnyCommand, CommandEntry, FlagSpec } from './command.js';
import type { CommandSet } from './command-set.js';
import { FORMATS } from './output/output.js';
import { nonNegativeNumber } from './parse.js';
import { SDK_VERSION } from '../api/version.js';
import { closest } from '../api/suggest.js';
import { usageError } from './errors.js';

/** Runs a loaded command with the options commander parsed. */
export type Invoke = (def: AnyCommand, cmd: Command) => Promise<void>;

/** A command's module (its code runs only when the command is loaded). */
export async function loadDefinition(entry: CommandEntry): Promise<AnyCommand> {
  return (await entry.load()).command;
}

export const PROGRAM_DESCRIPTION = 'Search people and companies, keep lead lists, enrich contacts, and manage keys and usage.';

/** The program's own examples (its --help and prospect(1)). */
export const ROOT_EXAMPLES: readonly string[] = [
  'prospect demo',
  'prospect --sandbox whoami',
  'prospect auth login --base-url https://api.example.com',
];

/** Global flags: accepted before or after the command name. */
export const GLOBAL_FLAGS: readonly FlagSpec[] = [
  { flags: '--profile <name>', description: 'use this saved profile (env PROSPECT_PROFILE)' },
  { flags: '--sandbox', description: 'use the local sandbox with the demo organization, starting it if needed' },
  { flags: '--base-url <url>', description: 'service URL (env PROSPECT_BASE_URL); https unless loopback' },
  {
    flags: '--format <format>',
    description: 'output format (env PROSPECT_FORMAT)',
    choices: FORMATS,
    defaultDescription: 'table on a terminal, tsv when piped',
  },
  { flags: '--json', description: 'same as --format json' },
  { flags: '--fields <fields>', description: 'comma-separated fields to show, in this order (every format)' },
  { flags: '-y, --yes', description: 'answer yes to confirmations (paid work still respects --max-cost)' },
  {
    flags: '--max-cost <credits>',
    description: 'never spend more than this many credits in one command',
    parse: nonNegativeNumber('--max-cost'),
  },
  { flags: '--no-wait', description: 'start remote work, print its handle and return without waiting' },
  { flags: '-q, --quiet', description: 'no progress, hints or informational messages on stderr' },
  { flags: '--debug', description: 'trace HTTP requests on stderr (credentials redacted)' },
  { flags: '--no-color', description: 'no colour (also NO_COLOR)' },
];

export function addGlobalOptions(program: Command): void {
  for (const f of GLOBAL_FLAGS) addFlag(program, f);
}

/** The description help shows: the flag's or argument's own, its list values, and a default commander does not apply. */
function helpDescription(f: Pick<FlagSpec, 'description' | 'values' | 'default' | 'defaultDescription'>): string {
  const extra: string[] = [];
  if (f.values) extra.push(`values: ${f.values.join(', ')}`);
  if (f.default === undefined && f.defaultDescription !== undefined) extra.push(`default: ${f.defaultDescription}`);
  return extra.length ? `${f.description} (${extra.join('; ')})` : f.description;
}

function addFlag(cmd: Command, f: FlagSpec): void {
  const opt = new Option(f.flags, helpDescription(f));
  if (f.choices) opt.choices(f.choices);
  if (f.parse) opt.argParser(f.parse);
  if (f.default !== undefined) opt.default(f.default, f.defaultDescription);
  if (f.hidden) opt.hideHelp();
  cmd.addOption(opt);
  const value = f.flags.match(/\s[<[].*$/)?.[0] ?? '';
  for (const name of f.aliases ?? []) {
    const alias = new Option(`${name}${value}`).hideHelp();
    if (f.choices) alias.choices(f.choices);
    if (f.parse) alias.argParser(f.parse);
    // Stored under the main flag's name, so repeatable values gather in one list.
    alias.attributeName = () => opt.attributeName();
    cmd.addOption(alias);
  }
}

/** Fills a leaf command from its loaded definition: arguments, flags, help text, action. */
export function applyDefinition(cmd: Command, entry: CommandEntry, def: AnyCommand, invoke: Invoke): void {
  if (def.description) cmd.description(`${entry.summary}.\n\n${def.description}`);
  for (const a of def.args ?? []) {
    const name = a.variadic ? `${a.name}...` : a.name;
    const arg = new Argument(a.required === false ? `[${name}]` : `<${name}>`, helpDescription(a));
    if (a.choices) arg.choices(a.choices);
    cmd.addArgument(arg);
  }
  for (const f of def.flags ?? []) addFlag(cmd, f);
  const extra: string[] = [];
  if (def.formats) {
    const f = def.formats;
    extra.push(
      'Output formats:',
      `  --format <format>  output format of this command (choices: ${f.values.map((v) => `"${v}"`).join(', ')}, default: ${f.default})`,
      '',
    );
  }
  if (def.examples.length) extra.push('Examples:', ...def.examples.map((e) => `  $ ${e}`));
  for (const section of def.sections ?? []) extra.push('', `${section.title}:`, ...section.lines.map((l) => `  ${l}`));
  if (def.related?.length) extra.push('', 'See also:', ...def.related.map((r) => `  ${r}`));
  if (extra.length) cmd.addHelpText('after', `\n${extra.join('\n')}`);
  cmd.action(async (...actionArgs: unknown[]) => {
    const self = actionArgs[actionArgs.length - 1] as Command;
    await invoke(def, self);
  });
}

/** Global flags that take a value: skipped when looking for the command name. */
const VALUE_FLAGS = new Set(GLOBAL_FLAGS.filter((f) => f.flags.includes('<')).map((f) => f.flags.match(/--[\w-]+/)![0]));

/** The words of the command line that are not global flags or their values. */
export function commandWords(argv: readonly string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      if (argv[i + 1] !== undefined) words.push(argv[i + 1]!);
      break;
    }
    if (VALUE_FLAGS.has(a)) i++;
    else if (!a.startsWith('-')) words.push(a);
  }
  return words;
}

/** The first word of the command line that is not a global flag or its value. */
export function firstCommandWord(argv: readonly string[]): string | undefined {
  return commandWords(argv)[0];
}

/** The nodes that only group commands: a word after one that names none of them is an unknown command. */
const GROUP_NODES = new WeakSet<Command>();

/**
 * Passes the program's settings (output, exit override) down the tree; a group then takes the
 * words after it, so "lists lss" reaches its action as an unknown command, not "too many arguments".
 */
export function inheritSettings(parent: Command): void {
  for (const c of parent.commands) {
    c.copyInheritedSettings(parent);
    if (GROUP_NODES.has(c)) c.allowExcessArguments(true);
    inheritSettings(c);
  }
}

/** The names and aliases of a group's commands. */
const subcommandNames = (group: Command): string[] => group.commands.flatMap((c) => [c.name(), ...c.aliases()]).filter((n) => n !== 'help');

/** "unknown command 'lss' for 'prospect lists'", with the nearest name when there is one. */
export function unknownCommand(parentPath: string, word: string, names: readonly string[]) {
  const near = closest(word, names);
  const under = parentPath ? `prospect ${parentPath}` : 'prospect';
  return usageError(
    `unknown command '${word}' for '${under}'${near ? `; did you mean ${near}?` : ''}`,
    near ? `Run: ${under} ${near}` : `See the commands with: ${under} --help`,
  );
}

/** The first of some command words that names no command, the path before it and the names there. */
export function unknownHelpTopic(
  commands: CommandSet,
  words: readonly string[],
): { parentPath: string; word: string; names: string[] } | undefined {
  const path: string[] = [];
  for (const w of words) {
    if (w.startsWith('-')) break;
    const below = commands.entries.filter((e) => e.path.length > path.length && path.every((p, i) => e.path[i] === p));
    const named = below.find((e) => e.path[path.length] === w || (e.path.length === path.length + 1 && e.aliases?.includes(w)));
    if (!named) {
      const names = below.flatMap((e) => [e.path[path.length]!, ...(e.path.length === path.length + 1 ? (e.aliases ?? []) : [])]);
      return { parentPath: path.join(' '), word: w, names: [...new Set(names)] };
    }
    path.push(named.path[path.length]!);
  }
  return undefined;
}

/** The longest command path the command line names ("search people compile"). */
function namedPath(commands: CommandSet, argv: readonly string[]): string {
  const words = commandWords(argv);
  let path = '';
  for (const w of words) {
    const next = path ? `${path} ${w}` : w;
    if (!commands.entries.some((e) => e.path.join(' ') === next || e.path.join(' ').startsWith(`${next} `))) break;
    path = next;
  }
  return path;
}

/**
 * The command tree. Only names and summaries are known up front; a command's module (its
 * flags and code) is loaded when it is the one being run. Given the command line, only the
 * branch it names is built: the rest is needed only for help and suggestions.
 */
export function buildProgram(commands: CommandSet, invoke: Invoke, argv?: readonly string[]): Command {
  const program = new Command('prospect');
  program
    .description(PROGRAM_DESCRIPTION)
    .version(SDK_VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .helpCommand('help [command]', 'show help for a command')
    .showHelpAfterError(false)
    .configureHelp({
      showGlobalOptions: true,
      sortSubcommands: false,
      // The program's flags only: a parent command's own flags (search people --title) do not apply to its subcommands.
      visibleGlobalOptions: (cmd: Command) => (cmd.parent ? program.options.filter((o) => !o.hidden) : []),
    })
    .allowExcessArguments(false);
  addGlobalOptions(program);
  program.addHelpText(
    'after',
    `\nExamples:\n${ROOT_EXAMPLES.map((e) => `  $ ${e}`).join('\n')}\n\nExit codes: 0 ok, 2 usage, 3 auth, 4 not found, 5 credits, 6 rate limited, 7 conflict, 8 job failed, 9 server, 10 declined.`,
  );

  const leaves = new Map<Command, CommandEntry>();
  // Every node of the tree by its path; a node can be a command and a group at once
  // (`search people` runs a search, `search people compile` is its subcommand).
  const nodes = new Map<string, Command>();
  const word = argv ? firstCommandWord(argv) : undefined;
  const named = commands.entries.filter((e) => e.path[0] === word || (e.path.length === 1 && e.aliases?.includes(word ?? '')));
  const nodeFor = (path: readonly string[]): Command => {
    const key = path.join(' ');
    let node = nodes.get(key);
    if (!node) {
      node = new Command(path[path.length - 1]).allowExcessArguments(false);
      const parent = path.length === 1 ? program : nodeFor(path.slice(0, -1));
      parent.addCommand(node);
      nodes.set(key, node);
    }
    return node;
  };
  for (const entry of named.length > 0 ? named : commands.entries) {
    for (let i = 1; i < entry.path.length; i++) {
      const group = nodeFor(entry.path.slice(0, i));
      if (group.commands.length > 0) continue;
      // First child: the node becomes a group. Its own options stop at a subcommand's name,
      // so a flag both define (--criteria) reaches the subcommand.
      group.enablePositionalOptions();
      group.hook('preSubcommand', loadHook);
      if (!leaves.has(group)) {
        const groupPath = entry.path.slice(0, i).join(' ');
        group.description(commands.groups[groupPath] ?? '');
        GROUP_NODES.add(group);
        group.action(() => {
          if (group.args.length > 0) throw unknownCommand(groupPath, group.args[0]!, subcommandNames(group));
          group.help({ error: true });
        });
      }
    }
    const leaf = nodeFor(entry.path);
    leaf.summary(entry.summary).description(entry.summary);
    for (const a of entry.aliases ?? []) leaf.alias(a);
    leaves.set(leaf, entry);
  }

  // A command that is also a group gets its own flags only when it is the one run: its flags
  // would otherwise take a subcommand's flag of the same name (--criteria of compile).
  const target = argv ? namedPath(commands, argv) : '';
  const loaded = new Set<Command>();
  async function load(cmd: Command): Promise<void> {
    const entry = leaves.get(cmd);
    if (!entry || loaded.has(cmd)) return;
    if (cmd.commands.length > 0 && target.startsWith(`${entry.path.join(' ')} `)) return;
    loaded.add(cmd);
    applyDefinition(cmd, entry, await loadDefinition(entry), invoke);
  }
  // A group's help shows the first example of each of its commands, loaded only for that help.
  const groupPaths = new Map<Command, string>();
  for (const [key, node] of nodes) if (!leaves.has(node)) groupPaths.set(node, key);
  async function addGroupExamples(group: Command): Promise<void> {
    const prefix = `${groupPaths.get(group)} `;
    const examples: string[] = [];
    for (const entry of commands.entries) {
      if (!entry.path.join(' ').startsWith(prefix)) continue;
      const first = (await loadDefinition(entry)).examples[0];
      if (first) examples.push(`  $ ${first}`);
    }
    group.addHelpText('after', `\nExamples:\n${examples.join('\n')}`);
  }
  async function loadHook(_thisCommand: Command, sub: Command): Promise<void> {
    if (groupPaths.get(sub) === target) await addGroupExamples(sub);
    else await load(sub);
  }
  program.hook('preSubcommand', loadHook);
  return program;
}
