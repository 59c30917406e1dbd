import { beforeAll, describe, expect, it } from 'vitest';
import { commandTree, walk, type CommandTree, type TreeFlag, type TreeNode } from '../../src/cli/tree/tree.js';
import { runInProcess } from '../helpers/in-process.js';
import { commandSet } from '../../src/commands/command-table.js';

/**
 * The help a user reads, checked against the command tree that completions and man pages
 * are generated from: every command has examples and related commands that exist, and its
 * --help shows every flag with its allowed values and its default.
 */

let tree: CommandTree;
let nodes: TreeNode[];
const env = { PROSPECT_BASE_URL: 'http://127.0.0.1:9', PROSPECT_API_KEY: `svcapi_${'h'.repeat(64)}` };

beforeAll(async () => {
  tree = await commandTree(commandSet);
  nodes = [...walk(tree.root)];
});

const name = (n: TreeNode) => `prospect ${n.path.join(' ')}`.trim();
const commands = () => nodes.filter((n) => n.runnable);
const groups = () => nodes.filter((n) => !n.runnable);
/** Every flag with the node it belongs to; the global flags under the root. */
const allFlags = (): [TreeNode, TreeFlag][] => [
  ...tree.globalFlags.map((f): [TreeNode, TreeFlag] => [tree.root, f]),
  ...nodes.flatMap((n) => n.flags.map((f): [TreeNode, TreeFlag] => [n, f])),
];

/** Help text with line wrapping undone, so a description reads as one line. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** How help writes a flag's term: `-o, --output <file>`. */
const term = (f: TreeFlag) => `${f.short ? `${f.short}, ` : ''}${f.long}${f.placeholder ? ` ${f.placeholder}` : ''}`;

function flagOf(node: TreeNode, word: string): TreeFlag | undefined {
  const long = word.split('=')[0]!;
  return [...node.flags, ...tree.globalFlags].find((f) => f.long === long || f.short === long || f.aliases.includes(long));
}

/** The node a `prospect <path> [flags]` line names; throws on a word or flag that does not exist. */
function resolveLine(line: string): TreeNode {
  const words = line.split(' ');
  if (words[0] !== 'prospect') throw new Error(`"${line}" does not start with "prospect"`);
  let node = tree.root;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w.startsWith('-')) {
      const f = flagOf(node, w);
      if (!f) throw new Error(`"${line}": ${name(node)} has no flag ${w}`);
      if (f.placeholder && !w.includes('=')) i++;
      continue;
    }
    const child = node.children.find((c) => c.path[c.path.length - 1] === w || c.aliases.includes(w));
    if (!child) throw new Error(`"${line}": ${name(node)} has no command "${w}"`);
    node = child;
  }
  return node;
}

/** The values in the order they are declared, separated by nothing but commas, "or", "and". */
function listsValues(description: string, values: readonly string[]): boolean {
  const esc = values.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(esc.join('\\s*(?:,|;|\\bor\\b|\\band\\b|\\s)\\s*(?:or\\s+|and\\s+)?')).test(description);
}

/** "a, b, c" or "a, b or c" after a colon or in brackets: a set of values the flag should declare. */
const ITEM = '[A-Za-z][\\w-]*(?: [A-Za-z][\\w-]*)?';
const VALUE_LIST = new RegExp(`(?:^|: |\\()${ITEM}(?:(?:, ${ITEM}){2,}(?:,? or ${ITEM})?|, ${ITEM},? or ${ITEM})\\s*(?:$|[;()])`);

/** What is wrong with the help entries of `flags` in the (flattened) Options section of a help text. */
function flagProblems(label: string, options: string, flags: readonly TreeFlag[]): string[] {
  const problems: string[] = [];
  const terms = flags.map(term);
  flags.forEach((f, i) => {
    const start = options.indexOf(` ${terms[i]} `);
    if (start < 0) return problems.push(`${label}: ${terms[i]} missing`);
    const next = terms
      .slice(i + 1)
      .map((t) => options.indexOf(` ${t} `, start + 1))
      .find((at) => at > 0);
    const entry = options.slice(start, next ?? options.indexOf(' -h, --help ', start));
    if (f.values) {
      const shown = f.oneValue ? `choices: ${f.values.map((v) => JSON.stringify(v)).join(', ')}` : `values: ${f.values.join(', ')}`;
      if (!entry.includes(shown)) problems.push(`${label} ${f.long}: no "${shown}" in "${entry}"`);
    }
    if (f.defaultText !== undefined) {
      const shown = [f.defaultText, JSON.stringify(f.defaultText), JSON.stringify(f.defaultText.split(','))].map((d) => `default: ${d}`);
      if (!shown.some((s) => entry.includes(s))) problems.push(`${label} ${f.long}: no "default: ${f.defaultText}" in "${entry}"`);
    }
  });
  return problems;
}

describe('every command documents itself', () => {
  it('has at least one example and one related command', () => {
    const missing = commands().flatMap((n) => [
      ...(n.examples.length ? [] : [`${name(n)}: no example`]),
      ...(n.related.length ? [] : [`${name(n)}: no related commands`]),
    ]);
    expect(missing).toEqual([]);
  });

  it('each related entry is a real command, with flags it has', () => {
    const broken: string[] = [];
    for (const n of commands())
      for (const r of n.related) {
        try {
          const target = resolveLine(r);
          if (target === n) broken.push(`${name(n)}: related "${r}" is the command itself`);
        } catch (e) {
          broken.push(`${name(n)}: ${(e as Error).message}`);
        }
      }
    expect(broken).toEqual([]);
  });

  it('each example runs that command', () => {
    const wrong = commands().flatMap((n) =>
      n.examples
        .filter((ex) => !new RegExp(`(^|[\\s(])prospect (-\\S+ ((?!-)\\S+ )?)*${n.path.join(' ')}( |$|\\))`).test(ex))
        .map((ex) => `${name(n)}: ${ex}`),
    );
    expect(wrong).toEqual([]);
  });

  it('a flag with fixed values declares them, and no flag or argument description lists declared values again', () => {
    const twice: string[] = [];
    const undeclared: string[] = [];
    for (const [n, f] of allFlags()) {
      if (f.values?.length) {
        if (listsValues(f.description, f.values) || /\bvalues:/.test(f.description)) twice.push(`${name(n)} ${f.long}: ${f.description}`);
      } else if (f.placeholder && VALUE_LIST.test(f.description)) {
        undeclared.push(`${name(n)} ${f.long}: ${f.description}`);
      }
    }
    for (const n of nodes)
      for (const a of n.args)
        if (a.values?.length && listsValues(a.description, a.values)) twice.push(`${name(n)} <${a.name}>: ${a.description}`);
    expect({ twice, undeclared }).toEqual({ twice: [], undeclared: [] });
  });

  it('a default written into a description belongs in the flag spec', () => {
    const inline = allFlags()
      .filter(([, f]) => /(?:^|[(;,] ?)default\b|\bdefaults? (?:is|to)\b/.test(f.description))
      .map(([n, f]) => `${name(n)} ${f.long}`);
    expect(inline).toEqual([]);
  });
});

describe('--help', () => {
  it('shows every flag of a command, and the global flags, with their allowed values and defaults', async () => {
    const problems: string[] = [];
    for (const n of commands()) {
      const r = await runInProcess([...n.path, '--help'], { env });
      expect(r.code, `${name(n)} --help: ${r.stderr}`).toBe(0);
      const text = flat(r.stdout);
      // A command that narrows --format shows it under "Output formats:", after the global flags.
      const narrowed = text.includes('Output formats:') ? text.slice(text.indexOf('Output formats:')) : '';
      problems.push(...flagProblems(name(n), text.slice(text.indexOf('Options:'), text.indexOf('Global Options:')) + narrowed, n.flags));
    }
    const root = flat((await runInProcess(['--help'], { env })).stdout);
    problems.push(...flagProblems('prospect', root.slice(root.indexOf('Options:'), root.indexOf('Commands:')), tree.globalFlags));
    expect(problems).toEqual([]);
  });

  it('of every group exits 0 and shows its commands and examples', async () => {
    for (const g of groups()) {
      const r = await runInProcess([...g.path, '--help'], { env });
      expect(r.code, name(g)).toBe(0);
      for (const c of g.children) expect(r.stdout, name(g)).toContain(c.path[c.path.length - 1]);
      expect(r.stdout, name(g)).toMatch(/^Examples:\n {2}\$ prospect /m);
    }
  });
});

describe('a command line that names no command', () => {
  it('prospect alone prints the help on stdout and exits 0, as --help does', async () => {
    const bare = await runInProcess([], { env });
    expect(bare.code).toBe(0);
    expect(bare.stdout).toBe((await runInProcess(['--help'], { env })).stdout);
    expect(bare.stderr).toBe('');
  });

  it('an unknown word at any level exits 2 naming it and the nearest command; help of an unknown topic too', async () => {
    const cases: Array<[string[], string]> = [
      [['lists', 'lss'], "unknown command 'lss' for 'prospect lists'; did you mean ls?"],
      [['lists', 'get-it', 'Q3'], "unknown command 'get-it' for 'prospect lists'; did you mean get?"],
      [['search', 'peeple'], "unknown command 'peeple' for 'prospect search'; did you mean people?"],
      [['lsts'], "unknown command 'lsts' for 'prospect'; did you mean lists?"],
      [['help', 'nosuch'], "unknown command 'nosuch' for 'prospect'"],
      [['help', 'lists', 'lss'], "unknown command 'lss' for 'prospect lists'; did you mean ls?"],
    ];
    for (const [argv, message] of cases) {
      const r = await runInProcess(argv, { env });
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr, argv.join(' ')).toContain(`error: usage: ${message}`);
      expect(r.stdout).toBe('');
    }
    expect((await runInProcess(['help', 'lists', 'ls'], { env })).code).toBe(0);
  });
});
