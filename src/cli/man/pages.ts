import type { CommandTree, TreeArg, TreeFlag, TreeNode } from '../tree/tree.js';
import { walk } from '../tree/tree.js';
import { EXIT_CODE_MEANINGS } from '../exit-codes.js';
import { ENVIRONMENT, FILES } from './environment.js';
import { bold, esc, italic, macro, manRefs, paragraphs, prose, sentence, tagged, textLine, verbatim } from './roff.js';

export interface ManPage {
  /** File name: `prospect.1`, `prospect-lists.1`. */
  name: string;
  text: string;
}

/** Shown when the tree's root carries no examples of its own (the program's help shows the same). */
interface PageContext {
  version: string;
  date: string;
  tree: CommandTree;
}

const pageName = (node: TreeNode): string => ['prospect', ...node.path.slice(0, 1)].join('-');

function header(name: string, summary: string, ctx: PageContext): string[] {
  return [
    macro('TH', esc(name.toUpperCase()), '1', ctx.date, esc(`prospect-cli ${ctx.version}`), 'User Commands'),
    // No hyphenation and a ragged right edge: flags, paths and values stay whole and copyable.
    '.nh',
    '.ad l',
    '.SH NAME',
    textLine(`${esc(name)} \\- ${prose(summary)}`),
  ];
}

/** `<file|json>` as `file|json` in italics, `[value]` keeps its brackets. */
function placeholder(p: string): string {
  const optional = p.startsWith('[');
  const inner = italic(p.slice(1, -1));
  return optional ? `[${inner}]` : inner;
}

function argText(a: TreeArg): string {
  const name = `${italic(a.name)}${a.variadic ? '...' : ''}`;
  return a.required ? name : `[${name}]`;
}

/** `prospect lists get list [options]` */
function usageLine(node: TreeNode): string {
  const parts = [bold(['prospect', ...node.path].join(' ')), ...node.args.map(argText)];
  if (node.flags.length > 0) parts.push(`[${italic('options')}]`);
  return parts.join(' ');
}

function flagTag(f: TreeFlag): string {
  const names = [f.short, f.long].filter((n): n is string => n !== undefined).map(bold).join(', ');
  return f.placeholder ? `${names} ${placeholder(f.placeholder)}` : names;
}

/** The allowed values: one of them, or a list of them (repeated or comma-separated). */
function valuesLine(values: readonly string[] | undefined, oneValue: boolean): string[] {
  if (!values?.length) return [];
  return [textLine(`${oneValue ? 'One of' : 'Values (one or more)'}: ${values.map(bold).join(', ')}.`)];
}

function flagItem(f: TreeFlag): string[] {
  const body = [textLine(prose(sentence(f.description))), ...valuesLine(f.values, f.oneValue)];
  if (f.defaultText !== undefined) body.push(textLine(`Default: ${bold(f.defaultText)}.`));
  return tagged(flagTag(f), body);
}

function argItem(a: TreeArg): string[] {
  const notes = [a.required ? '' : 'Optional.', a.variadic ? 'One or more.' : ''].filter(Boolean).join(' ');
  const body = [textLine(`${prose(sentence(a.description))}${notes ? ` ${notes}` : ''}`), ...valuesLine(a.values, true)];
  return tagged(argText(a), body);
}

/** Arguments, options and examples of one command, under headings `heading` makes. */
function commandBody(node: TreeNode, heading: (title: string) => string[]): string[] {
  const out: string[] = [];
  if (node.args.length > 0) out.push(...heading('Arguments'), ...node.args.flatMap(argItem));
  if (node.flags.length > 0) out.push(...heading('Options'), ...node.flags.flatMap(flagItem));
  if (node.examples.length > 0) out.push(...heading('Examples'), ...verbatim(node.examples.map((e) => esc(`$ ${e}`))));
  for (const section of node.sections) out.push(...heading(section.title), ...verbatim(section.lines.map(esc)));
  return out;
}

const relatedCommands = (node: TreeNode): string[] => (node.related.length > 0 ? [textLine(node.related.map(bold).join(', '))] : []);

/** Summary, aliases and description of one command. */
function commandIntro(node: TreeNode): string[] {
  const out = [textLine(prose(sentence(node.summary)))];
  const words = node.path.slice(0, -1);
  if (node.aliases.length > 0) {
    const names = node.aliases.map((a) => bold(['prospect', ...words, a].join(' ')));
    out.push(textLine(`Also: ${names.join(', ')}.`));
  }
  if (node.description && node.description.trim() !== sentence(node.summary)) out.push('.PP', ...paragraphs(node.description));
  return out;
}

function exitStatus(): string[] {
  return ['.SH EXIT STATUS', ...EXIT_CODE_MEANINGS.flatMap(([code, meaning]) => tagged(bold(String(code)), [textLine(prose(sentence(meaning)))]))];
}

/** Man pages of the other first words this node's commands point to. */
function relatedPages(nodes: readonly TreeNode[], self: string): string[] {
  const names = new Set<string>();
  for (const n of nodes)
    for (const r of n.related) {
      const word = r.split(/\s+/)[1];
      if (word && !word.startsWith('-')) names.add(`prospect-${word}`);
    }
  names.delete(self);
  return ['prospect', ...[...names].sort()];
}

function globalOptionsPointer(ctx: PageContext): string[] {
  const names = ctx.tree.globalFlags.map((f) => bold(f.long)).join(', ');
  return [
    '.SH GLOBAL OPTIONS',
    textLine(`Every command also takes the global options of ${bold('prospect')}(1), before or after the command name: ${names}.`),
  ];
}

/** The page of one first word: a group with its commands, or a command on its own. */
function topicPage(top: TreeNode, ctx: PageContext): ManPage {
  const name = pageName(top);
  const commands = [...walk(top)].filter((n) => n.runnable);
  const single = commands.length === 1 && commands[0] === top;
  const lines = [...header(name, top.summary, ctx), '.SH SYNOPSIS', ...verbatim(commands.map(usageLine), false)];
  if (single) {
    lines.push('.SH DESCRIPTION', ...commandIntro(top), ...commandBody(top, (t) => [`.SH ${t.toUpperCase()}`]));
  } else {
    lines.push('.SH DESCRIPTION', textLine(prose(sentence(top.summary))));
    lines.push('.SH COMMANDS');
    const heading = (t: string) => ['.PP', textLine(bold(`${t}:`))];
    for (const node of commands) {
      lines.push(macro('SS', esc(['prospect', ...node.path].join(' '))), ...commandIntro(node), ...commandBody(node, heading));
      if (node.related.length > 0) lines.push(...heading('See also'), ...relatedCommands(node));
    }
  }
  lines.push(...globalOptionsPointer(ctx), ...exitStatus(), '.SH SEE ALSO');
  if (single && top.related.length > 0) lines.push(...relatedCommands(top), '.PP');
  lines.push(...manRefs(relatedPages(commands, name)));
  return { name: `${name}.1`, text: `${lines.join('\n')}\n` };
}

function commandsSection(tree: CommandTree): string[] {
  const out = ['.SH COMMANDS'];
  for (const top of tree.root.children) {
    const tag = top.runnable && top.children.length === 0 ? usageLine(top) : `${bold(`prospect ${top.path[0]}`)} ${italic('command')}`;
    const body = [textLine(prose(sentence(top.summary)))];
    if (top.children.length > 0) body.push(textLine(`Commands: ${top.children.map((c) => bold(c.path.at(-1)!)).join(', ')}.`));
    body.push(textLine(`See ${bold(pageName(top))}(1).`));
    out.push(...tagged(tag, body));
  }
  return out;
}

function rootPage(ctx: PageContext): ManPage {
  const { root, globalFlags } = ctx.tree;
  const examples = root.examples;
  const documented = (entries: readonly { name: string; description: string }[], name: (n: string) => string) =>
    entries.flatMap((e) => tagged(name(e.name), [textLine(prose(sentence(e.description)))]));
  const lines = [
    ...header('prospect', root.summary, ctx),
    '.SH SYNOPSIS',
    ...verbatim(
      [
        `${bold('prospect')} [${italic('global options')}] ${italic('command')} [${italic('arguments')}] [${italic('options')}]`,
        `${bold('prospect help')} [${italic('command')}]`,
        `${bold('prospect --version')}`,
      ],
      false,
    ),
    '.SH DESCRIPTION',
    textLine(prose(sentence(root.summary))),
    '.PP',
    textLine(
      `Each command group has its own page, ${bold('prospect-lists')}(1) for ${bold('prospect lists')}; ` +
        `${bold('prospect')} ${italic('command')} ${bold('--help')} shows the same on the terminal.`,
    ),
    textLine(prose('Settings are resolved in this order: flag, environment, the chosen profile, the default profile.')),
    ...commandsSection(ctx.tree),
    '.SH GLOBAL OPTIONS',
    textLine(prose('Accepted before or after the command name.')),
    ...globalFlags.flatMap(flagItem),
    '.SH EXAMPLES',
    ...verbatim(examples.map((e) => esc(`$ ${e}`))),
    ...exitStatus(),
    '.SH ENVIRONMENT',
    ...documented(ENVIRONMENT, bold),
    '.SH FILES',
    ...documented(FILES, italic),
    '.SH SEE ALSO',
    ...manRefs(root.children.map(pageName)),
  ];
  return { name: 'prospect.1', text: `${lines.join('\n')}\n` };
}

/**
 * The man pages of the command tree: prospect(1) and one page per first word (a group
 * and all its commands, or a command on its own). Pure: the same tree, version and date
 * give the same text. `date` is the page date in the header (YYYY-MM-DD).
 */
export function manPages(tree: CommandTree, version: string, date = '2025-01-01'): ManPage[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`man page date must be YYYY-MM-DD, got "${date}"`);
  const ctx: PageContext = { version, date, tree };
  return [rootPage(ctx), ...tree.root.children.map((top) => topicPage(top, ctx))];
}
