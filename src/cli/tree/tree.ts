import type { AnyCommand, ArgSpec, CommandDefinition, FlagSpec, HelpSection } from '../command.js';
import type { CommandSet } from '../command-set.js';
import { GLOBAL_FLAGS, PROGRAM_DESCRIPTION, ROOT_EXAMPLES, loadDefinition } from '../program.js';

/**
 * The whole command tree as plain data: what shell completions, man pages and the help
 * tests are generated from. Built from the same command table, modules and flag specs that
 * commander is given, so none of them can drift from what the CLI accepts.
 */

/** What a value is, for completion: a file, a directory, a list of the profile, or anything. */
export type ValueKind = 'file' | 'dir' | 'list' | 'text';

export interface TreeFlag {
  /** `--output` */
  long: string;
  /** `-o` */
  short?: string;
  /** Other accepted long names (hidden from help). */
  aliases: readonly string[];
  /** The placeholder (`<file>`), absent for a switch. */
  placeholder?: string;
  description: string;
  /** The default as help shows it. */
  defaultText?: string;
  /** Allowed values: one of them (`oneValue`) or a list of them. */
  values?: readonly string[];
  oneValue: boolean;
  kind: ValueKind;
}

export interface TreeArg {
  name: string;
  description: string;
  values?: readonly string[];
  required: boolean;
  variadic: boolean;
  kind: ValueKind;
}

export interface TreeNode {
  /** Words after `prospect`; empty for the root. */
  path: readonly string[];
  summary: string;
  description?: string;
  aliases: readonly string[];
  /** True when the node runs something itself (a leaf, or a command that also has subcommands). */
  runnable: boolean;
  args: readonly TreeArg[];
  flags: readonly TreeFlag[];
  examples: readonly string[];
  related: readonly string[];
  sections: readonly HelpSection[];
  children: TreeNode[];
}

export interface CommandTree {
  root: TreeNode;
  globalFlags: readonly TreeFlag[];
}

const KIND_BY_WORD: Record<string, ValueKind> = { file: 'file', dir: 'dir', list: 'list' };

/** `<file|json>` is a file, `<list>` a list of the profile, `<dir>` a directory. */
function kindOf(word: string | undefined): ValueKind {
  const first =
    word
      ?.replace(/[<>[\].]/g, '')
      .split('|')[0]
      ?.toLowerCase() ?? '';
  return KIND_BY_WORD[first] ?? 'text';
}

function defaultText(f: FlagSpec): string | undefined {
  if (f.defaultDescription !== undefined) return f.defaultDescription;
  if (f.default === undefined || f.default === false) return undefined;
  return Array.isArray(f.default) ? f.default.join(',') : String(f.default);
}

function treeFlag(f: FlagSpec): TreeFlag {
  const short = f.flags.match(/(?:^|[\s,])(-\w)\b/)?.[1];
  const long = f.flags.match(/--[\w-]+/)![0];
  const placeholder = f.flags.match(/[<[][^>\]]+[>\]]/)?.[0];
  return {
    long,
    short,
    aliases: f.aliases ?? [],
    placeholder,
    description: f.description,
    defaultText: defaultText(f),
    values: f.choices ?? f.values,
    oneValue: f.choices !== undefined,
    kind: placeholder ? kindOf(placeholder) : 'text',
  };
}

/** A command that narrows the global --format lists it among its own flags, with its values and default. */
function formatFlag(formats: NonNullable<CommandDefinition['formats']>): TreeFlag {
  return treeFlag({
    flags: '--format <format>',
    description: 'output format of this command',
    choices: formats.values,
    defaultDescription: formats.default,
  });
}

function treeArg(a: ArgSpec): TreeArg {
  return {
    name: a.name,
    description: a.description,
    values: a.choices ?? a.values,
    required: a.required !== false,
    variadic: a.variadic === true,
    kind: kindOf(a.name),
  };
}

function emptyNode(path: readonly string[], summary: string): TreeNode {
  return { path, summary, aliases: [], runnable: false, args: [], flags: [], examples: [], related: [], sections: [], children: [] };
}

/** Builds the tree; `modules` are the command definitions by path. */
export function buildTree(commands: CommandSet, modules: Record<string, AnyCommand>): CommandTree {
  const root = { ...emptyNode([], PROGRAM_DESCRIPTION), examples: ROOT_EXAMPLES };
  const byPath = new Map<string, TreeNode>([['', root]]);
  const nodeAt = (path: readonly string[]): TreeNode => {
    const key = path.join(' ');
    let node = byPath.get(key);
    if (!node) {
      node = emptyNode(path, commands.groups[key] ?? '');
      nodeAt(path.slice(0, -1)).children.push(node);
      byPath.set(key, node);
    }
    return node;
  };
  for (const entry of commands.entries) {
    const def = modules[entry.path.join(' ')];
    if (!def) throw new Error(`no module for command "${entry.path.join(' ')}"`);
    const node = nodeAt(entry.path);
    Object.assign(node, {
      summary: entry.summary,
      description: def.description,
      aliases: entry.aliases ?? [],
      runnable: true,
      args: (def.args ?? []).map(treeArg),
      flags: [...(def.flags ?? []).filter((f) => !f.hidden).map(treeFlag), ...(def.formats ? [formatFlag(def.formats)] : [])],
      examples: def.examples,
      related: def.related ?? [],
      sections: def.sections ?? [],
    });
  }
  return { root, globalFlags: GLOBAL_FLAGS.filter((f) => !f.hidden).map(treeFlag) };
}

/** The tree of a command set, with every command module loaded. */
export async function commandTree(commands: CommandSet): Promise<CommandTree> {
  const modules = await Promise.all(commands.entries.map(async (e) => [e.path.join(' '), await loadDefinition(e)] as const));
  return buildTree(commands, Object.fromEntries(modules));
}

/** Every node, depth first, root first. */
export function* walk(node: TreeNode): Generator<TreeNode> {
  yield node;
  for (const c of node.children) yield* walk(c);
}
