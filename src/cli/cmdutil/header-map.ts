import { CANONICAL_FIELDS, identifiesLead, type CanonicalField } from '../../api/schemas/values/lists.js';
import { closest, didYouMean } from '../../api/suggest.js';
import { usageError } from '../errors.js';
import { headerTokens } from './header-tokens.js';
import { AMBIGUOUS_LINKS, COMPANY_LEVEL_FIELDS, FIELD_ALIASES, QUALIFIERS } from './header-vocabulary.js';

/**
 * Which canonical field each CSV column holds, from its header alone:
 * - a header's words, less qualifiers (Primary, Contact, Work, Home, Company...), must spell
 *   one alias of a field exactly; a word the vocabulary does not know leaves it unmapped
 *   (Email Status, Phone 1 - Type, Manager's Name);
 * - a company-level column (Company Phone, Company Linkedin Url, Billing City) maps only to a
 *   company field or to the title held there, never to the person's phone, LinkedIn or place;
 * - a second value (Other Phone, Email 2, Secondary Email) and a bare URL, which is a profile in
 *   one export and a website in the next, stay unmapped;
 * - a field two columns match goes to the stronger match (Job Title over Title, Primary Phone
 *   over Home Phone, Business City over Home City), on a tie to the column further left.
 * `--map` overrides all of it.
 */

type Alias = { field: CanonicalField; weight: number };

const ALIASES = new Map<string, Alias>();
for (const f of CANONICAL_FIELDS) {
  ALIASES.set(f.replace(/_/g, ' '), { field: f, weight: 3 });
  for (const [words, weight] of FIELD_ALIASES[f]) if (!ALIASES.has(words)) ALIASES.set(words, { field: f, weight });
}

type QualifierKind = keyof typeof QUALIFIERS;
const KIND_OF = new Map<string, QualifierKind>();
for (const [kind, words] of Object.entries(QUALIFIERS) as Array<[QualifierKind, readonly string[]]>)
  for (const w of words) KIND_OF.set(w, kind);

const VOCABULARY: ReadonlySet<string> = new Set([...ALIASES.keys(), ...KIND_OF.keys()].flatMap((a) => a.split(' ')));

export function normalizeHeader(h: string): string {
  return h.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** What a header's words say: a field and how strongly, or why not. */
export type HeaderMatch =
  { field: CanonicalField; score: number } | { field: null; why?: 'company-level' | 'second value' | 'ambiguous link' };

export function matchHeader(header: string): HeaderMatch {
  const tokens = headerTokens(header, VOCABULARY);
  const kinds = tokens.map((t) => (/^[0-9]+$/.test(t) && t !== '1' ? 'secondary' : KIND_OF.get(t)));
  const has = (k: QualifierKind) => kinds.includes(k);
  const score = (a: Alias) => a.weight + (has('primary') ? 1 : 0) + (has('work') ? 1 : 0) - (has('personal') ? 1 : 0);
  // The whole header first (Company Name, Business Name, Account), then its words less qualifiers.
  const whole = ALIASES.get(tokens.filter((_, i) => kinds[i] !== 'neutral' && kinds[i] !== 'primary').join(' '));
  if (whole && !has('secondary')) return { field: whole.field, score: score(whole) };
  const coreWords = tokens.filter((_, i) => kinds[i] === undefined).join(' ');
  const core = ALIASES.get(coreWords);
  if (!core)
    return AMBIGUOUS_LINKS.has(coreWords) && !has('company') && !has('secondary')
      ? { field: null, why: 'ambiguous link' }
      : { field: null };
  if (has('secondary')) return { field: null, why: 'second value' };
  if (has('company') && !COMPANY_LEVEL_FIELDS.has(core.field)) return { field: null, why: 'company-level' };
  if (has('personal') && core.field === 'company_domain') return { field: null };
  const field = core.field === 'phone' && has('work') ? 'work_phone' : core.field;
  return { field, score: score(core) };
}

export type ColumnMapping = Partial<Record<CanonicalField, string>>;

export interface MappingResult {
  mapping: ColumnMapping;
  /** Headers no field took. */
  unmapped: string[];
}

/** `--map field=Header` values, checked: a known field, a header of the file. */
export function parseMapFlags(values: readonly string[], headers: readonly string[]): ColumnMapping {
  const out: ColumnMapping = {};
  for (const v of values) {
    const eq = v.indexOf('=');
    if (eq <= 0) throw usageError(`--map takes field=Header, got "${v}"`, 'For example --map email="Work E-mail".');
    const field = v.slice(0, eq).trim();
    const header = v.slice(eq + 1);
    if (!(CANONICAL_FIELDS as readonly string[]).includes(field))
      throw usageError(
        `--map: unknown field "${field}"${didYouMean(closest(field, CANONICAL_FIELDS))}`,
        `Fields: ${CANONICAL_FIELDS.join(', ')}.`,
      );
    if (!headers.includes(header))
      throw usageError(
        `--map ${field}: the file has no column "${header}"`,
        `Columns: ${headers.map((h) => JSON.stringify(h)).join(', ')}.`,
      );
    out[field as CanonicalField] = header;
  }
  return out;
}

/** The mapping of a file's headers: --map overrides first, then each field to the header that matches it best. */
export function mapHeaders(headers: readonly string[], overrides: ColumnMapping = {}): MappingResult {
  const mapping: ColumnMapping = { ...overrides };
  const taken = new Set<string>(Object.values(overrides));
  const candidates = headers
    .map((header, column) => ({ header, column, match: matchHeader(header) }))
    .filter((c): c is typeof c & { match: { field: CanonicalField; score: number } } => c.match.field !== null && !taken.has(c.header))
    .sort((a, b) => b.match.score - a.match.score || a.column - b.column);
  for (const { header, match } of candidates) {
    if (mapping[match.field] !== undefined || taken.has(header)) continue;
    mapping[match.field] = header;
    taken.add(header);
  }
  return { mapping: inFieldOrder(mapping), unmapped: headers.filter((h) => !taken.has(h)) };
}

const inFieldOrder = (m: ColumnMapping): ColumnMapping =>
  Object.fromEntries(CANONICAL_FIELDS.filter((f) => m[f] !== undefined).map((f) => [f, m[f]]));

/** Whether mapped columns can give what the service needs of a row. */
export const canIdentifyLeads = (m: ColumnMapping): boolean => identifiesLead((f) => m[f] !== undefined);

/** Whether a row's mapped values (trimmed; blank is absent) give it, as the service judges: false is its skip reason missing_required. */
export function rowIdentifier(headers: readonly string[], m: ColumnMapping): (fields: readonly string[]) => boolean {
  const at = new Map(Object.entries(m).map(([f, h]) => [f, headers.indexOf(h)]));
  return (fields) => identifiesLead((f) => (fields[at.get(f) ?? -1] ?? '').trim() !== '');
}

/** One line per header the file repeats (the service, like --map, takes the first column of that name); [] when none is. */
export function repeatedHeaders(headers: readonly string[]): string[] {
  const columns = new Map<string, number[]>();
  headers.forEach((h, i) => columns.set(h.trim(), [...(columns.get(h.trim()) ?? []), i + 1]));
  return [...columns]
    .filter(([, at]) => at.length > 1)
    .map(
      ([h, at]) =>
        `the header ${JSON.stringify(h)} is in columns ${at.join(' and ')}: only column ${at[0]} can be mapped and imported; rename the others to import them too`,
    );
}
