/**
 * roff for man(7) pages: escaping and the few constructs the pages use. Text is escaped so
 * that what a reader copies from the rendered page is what the shell needs: hyphens, quotes,
 * carets and tildes come out as their ASCII characters, not typographic ones.
 */

const SPECIAL: Record<string, string> = {
  '\\': '\\e',
  '-': '\\-',
  "'": '\\(aq',
  '`': '\\(ga',
  '^': '\\(ha',
  '~': '\\(ti',
};

/**
 * Escapes one line of text (no newlines) for a text line or a macro argument. A comma
 * inside a token (`a,b,c`, JSON) may break the line there, so long lists fit the terminal.
 */
export function esc(s: string): string {
  return s.replace(/,(?=\S)|[\\\-'`^~]|[\x00-\x1f\x7f]|[^\x00-\x7f]/gu, (c) => {
    if (c === ',') return ',\\:';
    if (SPECIAL[c]) return SPECIAL[c];
    const code = c.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f) return ' ';
    return `\\[u${code.toString(16).toUpperCase().padStart(4, '0')}]`;
  });
}

export const bold = (s: string): string => `\\fB${esc(s)}\\fR`;
export const italic = (s: string): string => `\\fI${esc(s)}\\fR`;

/** Prose: escaped, with `code` spans in bold. */
export function prose(s: string): string {
  return esc(s).replace(/\\\(ga((?:(?!\\\(ga).)+)\\\(ga/g, '\\fB$1\\fR');
}

/** Ends a summary or description with a full stop when it has none. */
export const sentence = (s: string): string => (/[.!?:]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);

/** A macro line; arguments are escaped text, quoted when they hold spaces. */
export function macro(name: string, ...args: string[]): string {
  const quoted = args.map((a) => (/[\s"]/.test(a) || a === '' ? `"${a.replace(/"/g, '\\(dq')}"` : a));
  return [`.${name}`, ...quoted].join(' ');
}

/** One input line, guarded so that a leading `.` or `'` is not read as a request. */
export function guard(escaped: string): string {
  const line = escaped.trim();
  return /^[.']/.test(line) ? `\\&${line}` : line;
}

/** Where to break a filled line: the last space within `width`, preferably not after a full stop (roff would add sentence space). */
function breakAt(line: string, width: number): number {
  let fallback = -1;
  for (let i = Math.min(width, line.length - 1); i > 0; i--) {
    if (line[i] !== ' ') continue;
    if (!/[.?!]/.test(line[i - 1]!)) return i;
    if (fallback < 0) fallback = i;
  }
  return fallback > 0 ? fallback : line.indexOf(' ', width);
}

/**
 * Filled text (escaped, so ASCII): input lines of at most 80 bytes where spaces allow,
 * joined by newlines. Not for a `.TP` tag, which must stay one line.
 */
export function textLine(escaped: string, width = 80): string {
  const lines: string[] = [];
  let rest = escaped.trim();
  while (rest.length > width) {
    const cut = breakAt(rest, width);
    if (cut <= 0) break;
    lines.push(guard(rest.slice(0, cut)));
    rest = rest.slice(cut + 1).trim();
  }
  lines.push(guard(rest));
  return lines.join('\n');
}

/** Paragraphs of prose (split on blank lines), each a run of text lines. */
export function paragraphs(s: string): string[] {
  const out: string[] = [];
  for (const para of s.split(/\n\s*\n/)) {
    const lines = para.split('\n').map((l) => l.trim()).filter(Boolean);
    if (lines.length === 0) continue;
    if (out.length > 0) out.push('.PP');
    out.push(...lines.map((l) => textLine(prose(l))));
  }
  return out;
}

/** Lines shown as typed (examples, synopses): no filling, indented. */
export function verbatim(lines: readonly string[], indent = true): string[] {
  const body = ['.nf', ...lines.map(guard), '.fi'];
  return indent ? ['.RS 4', ...body, '.RE'] : body;
}

/** A tagged paragraph: the tag line, then its body lines. */
export const tagged = (tag: string, body: readonly string[]): string[] => ['.TP', guard(tag), ...body];

/** `name(1)` references, one per line, comma-separated. */
export function manRefs(names: readonly string[]): string[] {
  return names.map((n, i) => macro('BR', esc(n), i < names.length - 1 ? '(1),' : '(1)'));
}
