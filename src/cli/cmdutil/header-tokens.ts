/**
 * A CSV header as lower-case words, whatever its case, punctuation or joining: "Mobile Phone
 * Number", "mobile_phone_number", "MobilePhoneNumber" and "MOBILEPHONENUMBER" all read
 * mobile, phone, number. A run of letters is split into words of the vocabulary (the fewest
 * that spell it), so camelCase needs no case to be found and "mailingcity" reads mailing,
 * city; a run no split spells stays one unknown word.
 */
export function headerTokens(header: string, vocabulary: ReadonlySet<string>): string[] {
  const text = header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/linked[\s_-]*in/gi, ' linkedin ')
    .replace(/\be[\s_-]?mail/gi, ' email')
    .replace(/['’]s\b/gi, '')
    .toLowerCase();
  const out: string[] = [];
  for (const run of text.split(/[^a-z0-9]+|(?<=[a-z])(?=[0-9])|(?<=[0-9])(?=[a-z])/)) {
    if (!run) continue;
    if (/^[0-9]+$/.test(run)) out.push(String(Number(run)));
    else out.push(...(segment(run, vocabulary) ?? [run]));
  }
  return out;
}

/** Runs longer than this are no header's words run together (and a "header" can be megabytes long). */
const LONGEST_RUN = 64;
const longestWord = new WeakMap<ReadonlySet<string>, number>();

/** The fewest vocabulary words that spell `run` exactly, or null. */
function segment(run: string, vocabulary: ReadonlySet<string>): string[] | null {
  if (vocabulary.has(run)) return [run];
  if (run.length > LONGEST_RUN) return null;
  let longest = longestWord.get(vocabulary);
  if (longest === undefined) longestWord.set(vocabulary, (longest = Math.max(...[...vocabulary].map((w) => w.length))));
  const best: Array<string[] | null> = [[]];
  for (let end = 1; end <= run.length; end++) {
    best[end] = null;
    for (let start = Math.max(0, end - longest); start < end; start++) {
      const head = best[start];
      const word = run.slice(start, end);
      if (head && vocabulary.has(word) && (!best[end] || head.length + 1 < best[end]!.length)) best[end] = [...head, word];
    }
  }
  return best[run.length] ?? null;
}
