import { wordIndex } from './text.js';

/**
 * Title synonyms for contains matches: "CTO" finds "Chief Technology Officer" and back.
 * The first entry of a group is the short form and matches only as a whole word, so "PM"
 * does not find "Development", "CTO" not "Director", "Eng" not "Engagement".
 */
const SYNONYMS: readonly string[][] = [
  ['CEO', 'Chief Executive Officer'],
  ['CTO', 'Chief Technology Officer'],
  ['CFO', 'Chief Financial Officer'],
  ['COO', 'Chief Operating Officer'],
  ['CMO', 'Chief Marketing Officer'],
  ['CRO', 'Chief Revenue Officer'],
  ['CPO', 'Chief Product Officer', 'Chief People Officer'],
  ['CISO', 'Chief Information Security Officer'],
  ['CIO', 'Chief Information Officer'],
  ['CDO', 'Chief Data Officer', 'Chief Digital Officer'],
  ['CHRO', 'Chief Human Resources Officer'],
  ['CCO', 'Chief Customer Officer', 'Chief Compliance Officer'],
  ['CSO', 'Chief Strategy Officer', 'Chief Sales Officer', 'Chief Scientific Officer'],
  ['CBO', 'Chief Business Officer'],
  ['CLO', 'Chief Legal Officer'],
  ['GC', 'General Counsel'],
  ['VP', 'Vice President'],
  ['SVP', 'Senior Vice President'],
  ['EVP', 'Executive Vice President'],
  ['MD', 'Managing Director'],
  ['GM', 'General Manager'],
  ['HR', 'Human Resources', 'People'],
  ['SDR', 'Sales Development Representative'],
  ['BDR', 'Business Development Representative'],
  ['AE', 'Account Executive'],
  ['AM', 'Account Manager'],
  ['CSM', 'Customer Success Manager'],
  ['TAM', 'Technical Account Manager'],
  ['PM', 'Product Manager', 'Project Manager', 'Program Manager'],
  ['APM', 'Associate Product Manager'],
  ['SWE', 'Software Engineer'],
  ['SRE', 'Site Reliability Engineer'],
  ['QA', 'Quality Assurance'],
  ['UX', 'User Experience'],
  ['UI', 'User Interface'],
  ['ML', 'Machine Learning'],
  ['AI', 'Artificial Intelligence'],
  ['IT', 'Information Technology'],
  ['BI', 'Business Intelligence'],
  ['BD', 'Business Development', 'Biz Dev'],
  ['R&D', 'Research and Development'],
  ['FP&A', 'Financial Planning & Analysis'],
  ['L&D', 'Learning and Development'],
  ['Eng', 'Engineer', 'Engineering'],
  ['Dev', 'Developer'],
  ['Sr', 'Senior'],
  ['Jr', 'Junior'],
  ['Mgr', 'Manager'],
  ['Dir', 'Director'],
  ['Ops', 'Operations'],
];

interface Term {
  text: string;
  /** Match as a whole word only. */
  word: boolean;
}

const GROUPS: readonly Term[][] = SYNONYMS.map((g) => g.map((s, k) => ({ text: s.toLowerCase(), word: k === 0 })));

/** The text and its synonym spellings: "VP of Sales" -> "vp of sales", "vice president of sales". */
function titleTerms(text: string): Term[] {
  const t = text.trim().toLowerCase();
  const terms: Term[] = [{ text: t, word: GROUPS.some((g) => g.some((m) => m.word && m.text === t)) }];
  const add = (term: Term) => {
    if (!terms.some((x) => x.text === term.text)) terms.push(term);
  };
  for (const group of GROUPS)
    for (const m of group) {
      const at = wordIndex(t, m.text);
      if (at < 0) continue;
      for (const other of group) {
        if (other === m) continue;
        const replaced = t.slice(0, at) + other.text + t.slice(at + m.text.length);
        add({ text: replaced, word: other.word && replaced === other.text });
      }
    }
  return terms;
}

/** Distinct titles (of `titles`) that contain the text or one of its synonyms, case-insensitively; sorted. */
export function expandTitles(text: string, titles: readonly string[]): string[] {
  const terms = titleTerms(text);
  const out = titles.filter((title) => {
    const lc = title.toLowerCase();
    return terms.some((term) => (term.word ? wordIndex(lc, term.text) >= 0 : lc.includes(term.text)));
  });
  return [...new Set(out)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
