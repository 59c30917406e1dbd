import { ownValue } from '../../api/schemas/values/own-key.js';
import { TITLE_EXPANSIONS as EXPANSIONS } from '../../api/schemas/values/titles.js';

/**
 * The title_normalizer agent: a job title as people write it ("Sr. VP, Eng", "DIRECTOR OF
 * SALES | hiring!") in one standard form ("Senior Vice President, Engineering", "Director of
 * Sales"): abbreviations expanded, words in title case with known acronyms kept, and noise
 * (emoji, hashtags, "hiring", parentheses, the employer after "|", "@" or " at ") dropped.
 */

/** Abbreviations whose expansion depends on their place: before another word, after a comma or a leader word, or alone. */
const BY_PLACE: Record<string, { modifier: string; domain: string; role: string }> = {
  eng: { modifier: 'Engineering', domain: 'Engineering', role: 'Engineer' },
  engr: { modifier: 'Engineering', domain: 'Engineering', role: 'Engineer' },
  engg: { modifier: 'Engineering', domain: 'Engineering', role: 'Engineer' },
  dev: { modifier: 'Development', domain: 'Development', role: 'Developer' },
  tech: { modifier: 'Technical', domain: 'Technology', role: 'Technology' },
};

const ACRONYMS = [
  'IT',
  'AI',
  'ML',
  'UX',
  'UI',
  'API',
  'SaaS',
  'B2B',
  'B2C',
  'EMEA',
  'APAC',
  'LATAM',
  'US',
  'UK',
  'EU',
  'GTM',
  'SEO',
  'IoT',
  'R&D',
  'FP&A',
  'L&D',
  'BI',
  'ERP',
  'CRM',
  'DevOps',
  'II',
  'III',
  'IV',
];
const ACRONYM_BY_LOWER = new Map(ACRONYMS.map((a) => [a.toLowerCase(), a]));
const SMALL_WORDS = new Set(['of', 'and', 'for', 'the', 'to', 'in', 'on', 'at', 'a', 'an']);
/** Short all-caps words that are words, not acronyms. */
const SHORT_WORDS = new Set(['new', 'art', 'key', 'top', 'web', 'lab', 'law', 'tax', 'app', 'pay', 'ads', 'co']);
/** Titles a department can follow with "of" ("Director Sales" -> "Director of Sales"). */
const LEADERS = new Set([
  'Vice President',
  'Senior Vice President',
  'Executive Vice President',
  'Assistant Vice President',
  'Director',
  'Head',
  'President',
]);
const DEPARTMENTS = new Set([
  'Engineering',
  'Sales',
  'Marketing',
  'Operations',
  'Product',
  'Finance',
  'Human Resources',
  'Business Development',
  'Technology',
  'Development',
  'Security',
  'Infrastructure',
  'Data',
  'Design',
  'Research',
  'Legal',
  'People',
  'Growth',
  'IT',
  'Partnerships',
  'Revenue',
]);

/** Drops what is not part of the title itself. */
function withoutNoise(title: string): string {
  return title
    .replace(/[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}]|\u{FE0F}|\u{200D}/gu, ' ')
    .split(/\s*[|•·]\s*|\s+@\s*|\s+at\s+(?=[A-Z0-9])/)[0]!
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .replace(/#\w+/g, ' ')
    .replace(/\b(we(?:'re| are)\s+hiring|now\s+hiring|hiring|open\s+to\s+work)\b[!.]*/gi, ' ')
    .replace(/\s+[-–—]\s+/g, ', ')
    .replace(/[!?*"]+/g, ' ');
}

function caseOf(word: string, first: boolean): string {
  const lower = word.toLowerCase();
  const acronym = ACRONYM_BY_LOWER.get(lower);
  if (acronym) return acronym;
  if (!first && SMALL_WORDS.has(lower)) return lower;
  const letters = word.replace(/[^A-Za-z]/g, '');
  if (letters.length >= 2 && letters.length <= 3 && letters === letters.toUpperCase() && !SHORT_WORDS.has(lower)) return word;
  // Mixed case written on purpose (iOS, McKinsey) stays.
  if (/[a-z]/.test(word) && /[A-Z]/.test(word.slice(1))) return word;
  return word
    .split('-')
    .map((part) => (part ? part[0]!.toUpperCase() + part.slice(1).toLowerCase() : part))
    .join('-');
}

/** The normalized title, or '' when nothing is left. */
export function normalizeTitle(title: string): string {
  const tokens = withoutNoise(title).match(/[^\s,/]+|,|\//g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === ',' || token === '/') {
      if (out.length && out[out.length - 1] !== ',' && out[out.length - 1] !== '/') out.push(token);
      continue;
    }
    const key = token.toLowerCase().replace(/\.+$/, '').replace(/^\.+/, '');
    if (!key) continue;
    const prev = out[out.length - 1];
    const next = tokens[i + 1];
    const place = ownValue(BY_PLACE, key);
    let word: string;
    if (place) {
      if (prev === ',' || prev === 'of' || prev === 'and' || prev === '&' || (prev !== undefined && LEADERS.has(prev))) word = place.domain;
      else if (next !== undefined && next !== ',' && next !== '/') word = place.modifier;
      else word = place.role;
    } else word = ownValue(EXPANSIONS, key) ?? caseOf(token.replace(/\.+$/, ''), out.length === 0);
    if (prev !== undefined && LEADERS.has(prev) && DEPARTMENTS.has(word)) out.push('of');
    out.push(word);
  }
  while (out.length && (out[out.length - 1] === ',' || out[out.length - 1] === '/')) out.pop();
  while (out.length && (out[0] === ',' || out[0] === '/')) out.shift();
  return out.join(' ').replace(/ ,/g, ',').replace(/ \/ /g, '/').replace(/\s+/g, ' ').trim();
}
