import type { EmailStatus } from '../../api/schemas/values/enrichment.js';
import type { Dataset } from '../data/dataset.js';
import { fnv1a } from '../data/prng.js';
import { domainKey } from '../data/text.js';
import { profileUrlKey } from './list-saves.js';

/**
 * The provider waterfall: each data point is asked of the providers in order until one
 * finds it. Whether a provider finds a person's email or phone is a fixed function of the
 * seed, the provider and the person, at the provider's hit rate for that data point, so
 * the same person gives the same outcome every run. A person of the data set can only be
 * found with the email and phone the data set holds (none for some people); a person it
 * does not know is matched to nothing, and a found email is built from the name and domain.
 */

export interface Provider {
  name: string;
  email: number;
  phone: number;
}

/** Hit rates per data point; together about 84 % of emails and 66 % of phones that exist are found. */
export const PROVIDERS: readonly Provider[] = [
  { name: 'provider_a', email: 0.55, phone: 0.3 },
  { name: 'provider_b', email: 0.45, phone: 0.35 },
  { name: 'provider_c', email: 0.35, phone: 0.25 },
];

/** Share of found emails a provider could verify (the rest are catch-all domains). */
const VERIFIED_SHARE = 0.85;
/** For people outside the data set: share who have an email and a phone at all. */
const UNKNOWN_HAS_EMAIL = 0.7;
const UNKNOWN_HAS_PHONE = 0.5;

/** Overrides of the hit rates (a sandbox control): the share of people found, whatever the providers. */
export interface HitRates {
  email: number | null;
  phone: number | null;
  /** Share of companies company enrichment finds (absent or null: every company of the data set). */
  company?: number | null;
}

export interface PersonIdentity {
  /** A data-set person id (sp_...), when known. */
  person_lead_id?: string | null;
  email?: string | null;
  linkedin_url?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  full_name?: string | null;
  company_domain?: string | null;
  company_name?: string | null;
}

export interface Lookup {
  /** The data-set person matched, if any. */
  person_index: number | null;
  email: string | null;
  email_status: EmailStatus | null;
  phone: string | null;
  /** The provider that found the first data point found. */
  provider: string | null;
  linkedin_url: string | null;
}

/** A fixed share in [0, 1) for a key: the same key, the same share. */
export const fraction = (key: string): number => fnv1a(key) / 4294967296;

const peopleByUrl = new WeakMap<Dataset, Map<string, number>>();
const peopleByEmail = new WeakMap<Dataset, Map<string, number>>();

function indexOf(dataset: Dataset, cache: WeakMap<Dataset, Map<string, number>>, keyOf: (i: number) => string | null): Map<string, number> {
  let m = cache.get(dataset);
  if (!m) {
    m = new Map();
    for (let i = 0; i < dataset.size.people; i++) {
      const k = keyOf(i);
      if (k && !m.has(k)) m.set(k, i);
    }
    cache.set(dataset, m);
  }
  return m;
}

/** A trimmed string, or null for a missing or blank one. */
export const clean = (v: string | null | undefined): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Splits a full name into first and last (the rest after the first word). */
function nameParts(id: PersonIdentity): { first: string | null; last: string | null } {
  const [first, ...rest] = (clean(id.full_name) ?? '').split(/\s+/).filter(Boolean);
  return { first: clean(id.first_name) ?? first ?? null, last: clean(id.last_name) ?? (rest.length ? rest.join(' ') : null) };
}

/** The data-set person an identity names: by id, LinkedIn URL, email, or name at the company's domain. */
export function matchPerson(dataset: Dataset, id: PersonIdentity): number | null {
  const byId = clean(id.person_lead_id);
  if (byId) {
    const i = dataset.personIndexByLeadId(byId);
    if (i !== undefined) return i;
  }
  const url = clean(id.linkedin_url);
  if (url) {
    const i = indexOf(dataset, peopleByUrl, (k) => profileUrlKey(dataset.person(k).linkedin_url)).get(profileUrlKey(url));
    if (i !== undefined) return i;
  }
  const email = clean(id.email);
  if (email) {
    const i = indexOf(dataset, peopleByEmail, (k) => dataset.person(k).email?.toLowerCase() ?? null).get(email.toLowerCase());
    if (i !== undefined) return i;
  }
  const name = fullNameKey(id);
  const domain = clean(id.company_domain);
  const at = domain ? dataset.companyIndexByDomain(domain) : undefined;
  if (name && at !== undefined) {
    for (const i of dataset.peopleAt(at)) {
      const p = dataset.person(i);
      if (nameKey(`${p.first_name} ${p.last_name}`) === name) return i;
    }
  }
  return null;
}

const nameKey = (s: string): string => s.trim().toLowerCase().split(/\s+/).join(' ');

/** The whole name an identity gives, compared as a whole: a full name does not say where a two-word first name ends. */
function fullNameKey(id: PersonIdentity): string | null {
  const first = clean(id.first_name);
  const last = clean(id.last_name);
  if (first && last) return nameKey(`${first} ${last}`);
  const full = clean(id.full_name);
  return full && full.split(/\s+/).length > 1 ? nameKey(full) : null;
}

const ascii = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** What the waterfall finds for one person: only the data points asked for. */
export function lookupPerson(
  dataset: Dataset,
  id: PersonIdentity,
  wants: { email: boolean; phone: boolean },
  rates: HitRates = { email: null, phone: null },
): Lookup {
  const index = matchPerson(dataset, id);
  const facts = index === null ? null : dataset.person(index);
  // A known person's facts, not the identity's spelling, so every way of naming them gives the same result.
  const { first, last } = facts ? { first: facts.first_name, last: facts.last_name } : nameParts(id);
  const givenDomain = clean(id.company_domain);
  const domain = facts ? dataset.company(facts.company_index).domain : givenDomain ? domainKey(givenDomain) : null;
  const key = facts
    ? `p${index}`
    : `u:${(clean(id.linkedin_url) ?? '').toLowerCase()}|${(clean(id.email) ?? '').toLowerCase()}|${first ?? ''}|${last ?? ''}|${domain ?? ''}`;
  const seed = dataset.seed;
  const built = first && last && domain ? `${ascii(first)}.${ascii(last)}@${domain}` : null;
  const truthEmail = facts ? facts.email : fraction(`${seed}|has-email|${key}`) < UNKNOWN_HAS_EMAIL ? built : null;
  const synthPhone = `+1555${String(fnv1a(`${seed}|phone|${key}`) % 10_000_000).padStart(7, '0')}`;
  const truthPhone = facts ? facts.phone : fraction(`${seed}|has-phone|${key}`) < UNKNOWN_HAS_PHONE ? synthPhone : null;

  const find = (
    point: 'email' | 'phone',
    truth: string | null,
    fallback: string | null,
  ): { value: string | null; provider: string | null } => {
    const override = rates[point];
    if (override !== null) {
      const hit = fraction(`${seed}|override|${point}|${key}`) < override;
      const value = truth ?? fallback;
      return hit && value ? { value, provider: PROVIDERS[0]!.name } : { value: null, provider: null };
    }
    if (!truth) return { value: null, provider: null };
    for (const p of PROVIDERS) if (fraction(`${seed}|${p.name}|${point}|${key}`) < p[point]) return { value: truth, provider: p.name };
    return { value: null, provider: null };
  };

  const email = wants.email ? find('email', truthEmail, built) : { value: null, provider: null };
  const phone = wants.phone ? find('phone', truthPhone, synthPhone) : { value: null, provider: null };
  return {
    person_index: index,
    email: email.value,
    email_status: email.value ? (fraction(`${seed}|verified|${key}`) < VERIFIED_SHARE ? 'verified' : 'catch_all') : null,
    phone: phone.value,
    provider: email.provider ?? phone.provider,
    linkedin_url: facts?.linkedin_url ?? clean(id.linkedin_url),
  };
}
