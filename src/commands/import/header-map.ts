import { CANONICAL_FIELDS, type CanonicalField } from '../../api/schemas/values/lists.js';
import { closest, didYouMean } from '../../api/suggest.js';
import { usageError } from '../../cli/errors.js';

/**
 * Header spellings people's CSVs use for each canonical field, compared after
 * normalizeHeader (lower case, letters and digits only).
 */
const HEADER_ALIASES: Record<CanonicalField, readonly string[]> = {
  first_name: ['first name', 'firstname', 'first', 'given name', 'forename', 'fname'],
  last_name: ['last name', 'lastname', 'last', 'surname', 'family name', 'lname'],
  full_name: ['full name', 'name', 'contact name', 'contact', 'person name'],
  email: ['email', 'e-mail', 'email address', 'e-mail address', 'work email', 'business email', 'mail'],
  phone: ['phone', 'phone number', 'telephone', 'tel'],
  mobile_phone: ['mobile', 'mobile phone', 'mobile number', 'cell', 'cell phone'],
  work_phone: ['work phone', 'office phone', 'direct dial', 'direct phone', 'business phone'],
  linkedin_url: ['linkedin', 'linkedin url', 'linkedin profile', 'linkedin profile url', 'person linkedin url'],
  company_name: ['company', 'company name', 'organization', 'organisation', 'account name', 'account', 'employer'],
  company_domain: ['company domain', 'domain', 'website', 'company website', 'url', 'web', 'site'],
  job_title: ['job title', 'title', 'position', 'role', 'job'],
  city: ['city', 'town'],
  state: ['state', 'region', 'province', 'state or region', 'county'],
  country: ['country', 'country name', 'nation'],
};

export function normalizeHeader(h: string): string {
  return h.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

const BY_ALIAS = new Map<string, CanonicalField>();
for (const f of CANONICAL_FIELDS) for (const a of [f, ...HEADER_ALIASES[f]]) BY_ALIAS.set(normalizeHeader(a), f);

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
      throw usageError(`--map: unknown field "${field}"${didYouMean(closest(field, CANONICAL_FIELDS))}`, `Fields: ${CANONICAL_FIELDS.join(', ')}.`);
    if (!headers.includes(header))
      throw usageError(`--map ${field}: the file has no column "${header}"`, `Columns: ${headers.map((h) => JSON.stringify(h)).join(', ')}.`);
    out[field as CanonicalField] = header;
  }
  return out;
}

/**
 * The mapping of a file's headers: --map overrides first, then each header whose
 * normalized spelling is a known alias (the first header wins a field).
 */
export function mapHeaders(headers: readonly string[], overrides: ColumnMapping = {}): MappingResult {
  const mapping: ColumnMapping = { ...overrides };
  const taken = new Set(Object.values(overrides));
  for (const h of headers) {
    if (taken.has(h)) continue;
    const field = BY_ALIAS.get(normalizeHeader(h));
    if (field && mapping[field] === undefined) {
      mapping[field] = h;
      taken.add(h);
    }
  }
  return { mapping, unmapped: headers.filter((h) => !taken.has(h)) };
}

/** Whether mapped columns can give what the service needs of a row: a LinkedIn URL, an email, or a name and a company. */
export function canIdentifyLeads(m: ColumnMapping): boolean {
  const name = m.full_name !== undefined || (m.first_name !== undefined && m.last_name !== undefined);
  const company = m.company_name !== undefined || m.company_domain !== undefined;
  return m.linkedin_url !== undefined || m.email !== undefined || (name && company);
}
