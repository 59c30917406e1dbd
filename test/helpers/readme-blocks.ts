/** The languages of the README's fences that are shell commands to run. */
export const SHELL_LANGUAGES = ['sh', 'bash', 'shell', 'console'] as const;

/** A fence of a Markdown file: its language and the 1-based line of its opening fence. */
export interface Fence {
  lang: string;
  line: number;
  body: string[];
  /** `<!-- readme-test: skip (why) -->` on the line above: the block is not run, for that reason. */
  skip?: string;
}

const MARKER = /^<!-- readme-test: (.*) -->$/;
const SKIP = /^skip \((.+)\)$/;

/**
 * Every fenced block of a Markdown text, in order. A `readme-test:` marker other than
 * `skip (why)`, or a marker not right above a fence, throws: a typo never hides a block.
 */
export function fences(markdown: string): Fence[] {
  const lines = markdown.split('\n');
  const out: Fence[] = [];
  let open: Fence | undefined;
  lines.forEach((l, i) => {
    if (open) {
      if (/^```\s*$/.test(l)) {
        out.push(open);
        open = undefined;
      } else open.body.push(l);
      return;
    }
    const fence = /^```(\S*)\s*$/.exec(l);
    if (fence) {
      const marker = MARKER.exec(lines[i - 1] ?? '')?.[1];
      const skip = marker === undefined ? undefined : SKIP.exec(marker)?.[1];
      if (marker !== undefined && skip === undefined)
        throw new Error(`line ${i}: unknown marker "${marker}": the one marker is "skip (why)"`);
      open = { lang: fence[1]!, line: i + 1, body: [], ...(skip ? { skip } : {}) };
      return;
    }
    if (MARKER.test(l) && !/^```/.test(lines[i + 1] ?? ''))
      throw new Error(`line ${i + 1}: a readme-test marker belongs right above a fence`);
  });
  if (open) throw new Error(`line ${open.line}: the fence is never closed`);
  return out;
}

/** The fences that hold shell commands. */
export const shellBlocks = (all: Fence[]): Fence[] => all.filter((f) => (SHELL_LANGUAGES as readonly string[]).includes(f.lang));

/**
 * The script that runs a block in bash: it stops at the first command that fails and names
 * that command's line in the Markdown file. `console` blocks keep only their `$ ` lines.
 */
export function blockScript(block: Fence): string {
  const body = block.lang === 'console' ? block.body.map((l) => (l.startsWith('$ ') ? l.slice(2) : '')) : block.body;
  // One line before the body, so the body's line k is LINENO k + 1 and the file's line fence + k.
  const prelude = `set -eo pipefail; trap 'echo "readme-test: README.md:$((LINENO - 1 + ${block.line})) exited $?" >&2' ERR`;
  return [prelude, ...body].join('\n');
}
