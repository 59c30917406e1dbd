import { walk, type CommandTree, type TreeArg, type TreeFlag, type TreeNode } from '../tree/tree.js';

/**
 * What every shell's completion needs from the command tree, flattened: per command path,
 * its subcommands, its flags and its positional arguments, each with how a value completes.
 */

/** How a value completes: fixed values (one, or a comma list of them), a file, a folder, a list name, or free text. */
export type Completes = 'switch' | 'one' | 'many' | 'file' | 'dir' | 'list' | 'text';

export interface CompletionWord {
  name: string;
  description: string;
}

export interface CompletionFlag {
  /** Every name the flag answers to (`--output`, `-o`, hidden aliases); `shown` are offered. */
  names: readonly string[];
  shown: readonly string[];
  description: string;
  completes: Completes;
  values: readonly string[];
}

export interface CompletionNode {
  /** `lists get`; '' for the program itself. */
  key: string;
  /** Subcommands with their aliases, which lead to the same node. */
  children: readonly { name: string; aliases: readonly string[]; description: string }[];
  flags: readonly CompletionFlag[];
  args: readonly { completes: Completes; values: readonly string[]; variadic: boolean }[];
}

function flagCompletes(f: TreeFlag): Completes {
  if (!f.placeholder) return 'switch';
  if (f.values) return f.oneValue ? 'one' : 'many';
  return f.kind;
}

function completionFlag(f: TreeFlag): CompletionFlag {
  const shown = f.short ? [f.long, f.short] : [f.long];
  return { names: [...shown, ...f.aliases], shown, description: f.description, completes: flagCompletes(f), values: f.values ?? [] };
}

function argCompletes(a: TreeArg): Completes {
  return a.values ? 'one' : a.kind;
}

/** `globals`: a node's flag that narrows a global one (--format) answers for it but is offered once, as the global. */
function completionNode(n: TreeNode, globals: ReadonlySet<string>): CompletionNode {
  return {
    key: n.path.join(' '),
    children: n.children.map((c) => ({ name: c.path[c.path.length - 1]!, aliases: c.aliases, description: c.summary })),
    flags: n.flags.map(completionFlag).map((f) => (globals.has(f.names[0]!) ? { ...f, shown: [] } : f)),
    args: n.args.map((a) => ({ completes: argCompletes(a), values: a.values ?? [], variadic: a.variadic })),
  };
}

export interface CompletionSpec {
  nodes: readonly CompletionNode[];
  globalFlags: readonly CompletionFlag[];
}

export function completionSpec(tree: CommandTree): CompletionSpec {
  const globals = new Set(tree.globalFlags.map((f) => f.long));
  return { nodes: [...walk(tree.root)].map((n) => completionNode(n, globals)), globalFlags: tree.globalFlags.map(completionFlag) };
}

/** A word in single quotes for sh, bash, zsh and fish (fish escapes a quote inside as \'). */
export function quoteSh(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Descriptions on one short line: completion menus show one line per candidate. */
export function oneLine(s: string, max = 80): string {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * Shell code as written: backslashes stay (like String.raw), and `\${` stands for the
 * shell's `${`, which a template literal would otherwise take as its own.
 */
export function shellCode(strings: TemplateStringsArray): string {
  return strings.raw.join('').replace(/\\\$\{/g, '${');
}
