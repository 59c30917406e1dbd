import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { commandTree, walk, type CommandTree, type TreeFlag, type TreeNode } from '../../src/cli/tree/tree.js';
import { EXIT_CODE_MEANINGS } from '../../src/cli/exit-codes.js';
import { ENVIRONMENT } from '../../src/cli/man/environment.js';
import { manPages } from '../../src/cli/man/pages.js';
import { writeManPages } from '../../src/cli/man/write-man.js';
import { drives } from '../helpers/has-command.js';
import { tempDir } from '../helpers/temp-dir.js';
import { commandSet } from '../../src/commands/command-table.js';

// groff renders every page for most tests here: without it they fail, naming the package.
const groff = drives('groff');
const mandoc = drives('mandoc');
const man = drives('man');

const run = promisify(execFile);

/** The page as a reader sees it: plain UTF-8 text, lines long enough that nothing wraps. */
async function rendered(file: string): Promise<string> {
  groff.check();
  return (await run('groff', ['-man', '-Tutf8', '-P-cbou', '-rLL=2000n', file], { encoding: 'utf8' })).stdout;
}

/** Whitespace-insensitive text; `code` spans lose their backticks (they are set in bold). */
const norm = (s: string): string => s.replace(/`/g, '').replace(/\s+/g, ' ').trim();

/** The rendered text of each command of a page, keyed by its path: subsections of a group page, or the whole page. */
function commandBlocks(text: string, top: TreeNode): Map<string, string> {
  const blocks = new Map<string, string>();
  if (top.runnable && top.children.length === 0) return blocks.set(top.path.join(' '), text);
  const parts = text.split(/^ {3}prospect (.+)$/m);
  for (let i = 1; i < parts.length; i += 2) blocks.set(parts[i]!.trim(), parts[i + 1]!);
  return blocks;
}

/** The flag starts its item: `-o, --output file` or `--all`. */
function flagOnItsLine(block: string, f: TreeFlag): boolean {
  const short = f.short ? `(${f.short}, )?` : '';
  return new RegExp(`^\\s+${short}${f.long}( |$)`, 'm').test(block);
}

let tree: CommandTree;
let dir: string;
let names: string[];
const text = new Map<string, string>();

beforeAll(async () => {
  tree = await commandTree(commandSet);
  dir = tempDir('prospect-man-');
  writeFileSync(path.join(dir, 'prospect-gone.1'), '.TH GONE 1\n');
  writeFileSync(path.join(dir, 'other.txt'), 'kept');
  names = await writeManPages(dir, { tree, version: '0.1.0', date: '2025-06-01' });
  await Promise.all(names.map(async (n) => text.set(n, await rendered(path.join(dir, n)))));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('man pages from the command tree', () => {
  it('writes prospect.1 and exactly one page per first word of the tree, and removes stale pages and its temporary folder', () => {
    const firstWords = tree.root.children.map((c) => `prospect-${c.path[0]}.1`);
    expect(names).toEqual(['prospect.1', ...firstWords]);
    expect(new Set(names).size).toBe(names.length);
    expect(readdirSync(dir).sort()).toEqual([...names, 'other.txt'].sort());
  });

  it('documents every command, argument and flag in its page, with allowed values and defaults', () => {
    for (const top of tree.root.children) {
      const page = text.get(`prospect-${top.path[0]}.1`)!;
      const synopsis = page.slice(page.indexOf('SYNOPSIS'), page.indexOf('DESCRIPTION'));
      const blocks = commandBlocks(page, top);
      for (const node of walk(top)) {
        if (!node.runnable) continue;
        const key = node.path.join(' ');
        expect(synopsis, key).toContain(`prospect ${key}`);
        const block = blocks.get(key);
        expect(block, `section for ${key}`).toBeDefined();
        expect(norm(block!), key).toContain(norm(node.summary));
        for (const a of node.args) {
          expect(norm(block!), `${key} ${a.name}`).toContain(norm(a.description));
          for (const v of a.values ?? []) expect(block, `${key} ${a.name} value ${v}`).toContain(v);
        }
        for (const f of node.flags) {
          const what = `${key} ${f.long}`;
          expect(flagOnItsLine(block!, f), what).toBe(true);
          expect(norm(block!), what).toContain(norm(f.description));
          for (const v of f.values ?? []) expect(block, `${what} value ${v}`).toContain(v);
          if (f.defaultText !== undefined) expect(norm(block!), what).toContain(norm(`Default: ${f.defaultText}`));
        }
        for (const a of node.aliases) expect(block, `${key} alias ${a}`).toContain(`prospect ${[...node.path.slice(0, -1), a].join(' ')}`);
        for (const e of node.examples) expect(block, `${key} example`).toContain(`$ ${e}`);
        for (const r of node.related) expect(norm(block!), `${key} related`).toContain(r);
      }
    }
  });

  it('prospect.1 lists the commands, global options, exit codes, environment and the group pages', () => {
    const page = text.get('prospect.1')!;
    for (const top of tree.root.children) {
      expect(page).toContain(`prospect ${top.path[0]}`);
      expect(page).toContain(`prospect-${top.path[0]}(1)`);
    }
    for (const f of tree.globalFlags) {
      expect(flagOnItsLine(page, f), f.long).toBe(true);
      for (const v of f.values ?? []) expect(page).toContain(v);
    }
    for (const [code, meaning] of EXIT_CODE_MEANINGS)
      expect(norm(page)).toMatch(new RegExp(`${code} ${norm(meaning).replace(/[().?*+[\]]/g, '\\$&')}`));
    for (const v of ENVIRONMENT) expect(page).toMatch(new RegExp(`^ +${v.name}$`, 'm'));
    expect(page).toMatch(/^FILES$/m);
    expect(page).toContain('/completion/');
    expect(page).toMatch(/^ +\$ prospect /m);
  });

  it('is the same text for the same tree, version and date', () => {
    const a = manPages(tree, '0.1.0', '2025-06-01');
    expect(manPages(tree, '0.1.0', '2025-06-01')).toEqual(a);
    expect(a[0]!.text.split('\n')[0]).toBe('.TH PROSPECT 1 2025-06-01 "prospect\\-cli 0.1.0" "User Commands"');
  });

  it('groff -man -ww reports nothing for any page', async () => {
    // One groff for all pages (a warning names its file and line): 20 at once starve other test files of the CPU.
    const r = await run('groff', ['-man', '-ww', '-z', ...names.map((n) => path.join(dir, n))], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
  });

  it.runIf(mandoc.run)('mandoc -T lint -W style reports nothing for any page', () => {
    mandoc.check();
    const r = spawnSync('mandoc', ['-T', 'lint', '-W', 'style', ...names.map((n) => path.join(dir, n))], { encoding: 'utf8' });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it.runIf(man.run)('man -l renders every page at 80 columns', async () => {
    man.check();
    const env = { ...process.env, MANWIDTH: '80', MANPAGER: 'cat', PAGER: 'cat' };
    // One page at a time: a man pipeline is five processes, and 20 at once starve other test files of the CPU.
    for (const n of names) {
      const { stdout } = await run('man', ['-l', path.join(dir, n)], { encoding: 'utf8', env });
      expect(stdout, n).toMatch(/^NAME$/m);
      expect(stdout, n).toContain(n.replace(/\.1$/, '').toUpperCase());
    }
  });
});

describe('roff escaping', () => {
  const awkward = {
    summary: "it's `code`, C:\\path, ~/x and ^y",
    description: '.starts with a dot\n\'starts with a quote\n\nsecond paragraph: café × naïve "quoted" --flag',
  };
  const node: TreeNode = {
    path: ['odd'],
    summary: awkward.summary,
    description: awkward.description,
    aliases: [],
    runnable: true,
    args: [{ name: 'thing', description: '.dot first', required: false, variadic: true, kind: 'text' }],
    flags: [
      {
        long: '--mode',
        aliases: [],
        placeholder: '<a|b>',
        description: "'quoted' start and a very long description that has to be wrapped over several input lines. " + 'word '.repeat(30),
        defaultText: "a-b'c",
        values: ['a-b', "c'd", 'e\\f'],
        oneValue: true,
        kind: 'text',
      },
    ],
    examples: ['.dot --x \'{"a":"b\\\\c"}\''],
    related: ['prospect whoami'],
    sections: [{ title: 'Operations', lines: ['GET \\fI/x\\fP .TH'] }],
    children: [],
  };
  const odd: CommandTree = { root: { ...node, path: [], runnable: false, children: [node] }, globalFlags: [] };

  it('renders awkward text as written and passes groff and mandoc cleanly', async () => {
    const d = tempDir('prospect-man-odd-');
    try {
      for (const p of manPages(odd, '1.0.0-rc.1')) writeFileSync(path.join(d, p.name), p.text);
      const page = path.join(d, 'prospect-odd.1');
      const out = await rendered(page);
      for (const s of [awkward.summary, '.starts with a dot', "'starts with a quote", 'second paragraph: café × naïve "quoted" --flag'])
        expect(norm(out)).toContain(norm(s));
      expect(norm(out)).toContain(norm(node.flags[0]!.description));
      expect(out).toContain(`One of: a-b, c'd, e\\f.`);
      expect(out).toContain(`Default: a-b'c.`);
      expect(out).toContain(`$ ${node.examples[0]}`);
      expect(out).toContain(node.sections[0]!.lines[0]);
      expect(spawnSync('groff', ['-man', '-ww', '-z', page], { encoding: 'utf8' }).stderr).toBe('');
      if (mandoc.run) {
        mandoc.check();
        expect(spawnSync('mandoc', ['-T', 'lint', '-W', 'style', page], { encoding: 'utf8' }).stdout).toBe('');
      }
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });

  it('refuses a date mandoc cannot read', () => {
    expect(() => manPages(odd, '1.0.0', 'June 2025')).toThrow(/YYYY-MM-DD/);
  });
});
