import type { CanonicalField } from '../../api/schemas/values/lists.js';

/**
 * The words CSV headers of CRMs, prospecting tools and spreadsheets are made of, and what
 * they say about a column. A header maps when its words, less the qualifiers below, spell
 * one alias exactly; any other word (Status, Type, Owner, Yomi, Fax...) leaves it unmapped.
 * The corpus in test/fixtures/csv-headers/ is what these lists are measured against.
 */

/** Alias word sequences per field, with a strength: 3 says the field outright, 1 only hints at it. */
export const FIELD_ALIASES: Record<CanonicalField, ReadonlyArray<readonly [string, number]>> = {
  first_name: [
    ['first name', 3],
    ['given name', 3],
    ['forename', 3],
    ['fname', 2],
    ['first', 2],
  ],
  last_name: [
    ['last name', 3],
    ['surname', 3],
    ['family name', 3],
    ['lname', 2],
    ['last', 2],
  ],
  full_name: [
    ['full name', 3],
    ['name', 2],
    ['display name', 1],
  ],
  email: [
    ['email', 3],
    ['email address', 3],
    ['mail', 1],
  ],
  phone: [
    ['phone', 3],
    ['phone number', 3],
    ['telephone', 3],
    ['telephone number', 3],
    ['tel', 2],
    ['first phone', 3],
  ],
  mobile_phone: [
    ['mobile', 3],
    ['mobile phone', 3],
    ['mobile number', 3],
    ['mobile phone number', 3],
    ['cell', 3],
    ['cell phone', 3],
    ['cellphone', 3],
    ['cell number', 3],
    ['cellular', 3],
  ],
  work_phone: [
    ['direct dial', 3],
    ['direct phone', 3],
    ['direct phone number', 3],
    ['direct number', 3],
  ],
  linkedin_url: [
    ['linkedin', 3],
    ['linkedin url', 3],
    ['linkedin profile', 3],
    ['linkedin profile url', 3],
    ['linkedin link', 2],
    ['linkedin profile link', 2],
  ],
  company_name: [
    ['company', 3],
    ['company name', 3],
    ['organization', 3],
    ['organisation', 3],
    ['organization name', 3],
    ['organisation name', 3],
    ['account name', 3],
    ['business name', 2],
    ['employer', 2],
    ['org name', 2],
    ['account', 1],
    ['org', 1],
  ],
  company_domain: [
    ['domain', 3],
    ['domain name', 3],
    ['company domain', 3],
    ['website', 3],
    ['web site', 3],
    ['website url', 3],
    ['company website', 3],
    ['company url', 2],
    ['web page', 2],
    ['webpage', 2],
    ['homepage', 2],
    ['web', 1],
    ['site', 1],
  ],
  job_title: [
    ['job title', 3],
    ['title', 2],
    ['position', 2],
    ['job position', 3],
    ['designation', 2],
    ['job role', 2],
    ['role', 1],
    ['job', 1],
  ],
  city: [
    ['city', 3],
    ['town', 2],
    ['address city', 3],
  ],
  state: [
    ['state', 3],
    ['region', 2],
    ['province', 2],
    ['state region', 3],
    ['state province', 3],
    ['state or region', 3],
    ['state or province', 3],
    ['address region', 3],
    ['address state', 3],
  ],
  country: [
    ['country', 3],
    ['country name', 3],
    ['nation', 1],
    ['country region', 3],
    ['country territory', 3],
    ['address country', 3],
  ],
};

/** Words that say whose or which value a column holds without changing the field. */
export const QUALIFIERS = {
  /** Said of the person the row is about, or of the first of several slots: no effect. */
  neutral: ['contact', 'person', 'lead', 'prospect', 'current', 'value', 'your', 'mailing', '1'],
  /** The main value among several: a little stronger. */
  primary: ['primary'],
  /** At work: a phone becomes work_phone; a work address beats a home one. */
  work: ['work', 'business', 'office', 'professional'],
  /** The person's own: a little weaker than the work value; never a company's website. */
  personal: ['home', 'personal', 'private'],
  /**
   * The company's, not the person's: such a column maps only to a company field or to the
   * person's title at that company (a company's LinkedIn URL, city or phone is not the person's).
   */
  company: [
    'company',
    'organization',
    'organisation',
    'org',
    'account',
    'corporate',
    'employer',
    'billing',
    'shipping',
    'main',
    'hq',
    'headquarters',
  ],
  /** A second value (Other Phone, Email 2, Secondary Email): never the field's value. */
  secondary: ['other', 'secondary', 'alternate', 'alt', 'additional', 'tertiary', 'second', 'third'],
} as const;

/** Headers that name a link without saying whose: a LinkedIn profile in one export (LinkedIn's own), a page or a website in another. */
export const AMBIGUOUS_LINKS: ReadonlySet<string> = new Set(['url', 'profile url', 'profile', 'link']);

/** Fields a company-level column may map to. */
export const COMPANY_LEVEL_FIELDS: ReadonlySet<CanonicalField> = new Set(['company_name', 'company_domain', 'job_title']);
