/**
 * CRM exports for the tests of a CSV import that enriches only what a row lacks (the SDK's
 * lists.importCsv, the MCP tool lists_import_csv): people at different companies named Ann0,
 * Ann1, ... (the rows' own key), some holding the CRM's own emails and phones.
 */

const PERSON_MAPPING = { first_name: 'First Name', last_name: 'Last Name', company_name: 'Company', company_domain: 'Website' };
/** The mapping of emailsExport. */
export const CRM_MAPPING = { ...PERSON_MAPPING, email: 'Email' };

const person = (i: number) => `Ann${i},Lee,Acme ${i},acme${i}.example`;

/** The CRM's own email of row i (mixed case: kept byte for byte) and phone. */
export const crmEmail = (i: number) => `Ann${i}.Lee@CRM-${i}.example`;
export const crmPhone = (i: number) => `+1555000${String(i).padStart(4, '0')}`;

/** `rows` people, the even ones with the CRM's own email. */
export const emailsExport = (rows: number) =>
  [
    'First Name,Last Name,Company,Website,Email',
    ...Array.from({ length: rows }, (_, i) => `${person(i)},${i % 2 === 0 ? crmEmail(i) : ''}`),
  ].join('\n') + '\n';

/** 12 people: 4 with a Phone, 2 with a Mobile Phone only, 2 with a Work Phone only, 4 with none. */
export const PHONES_EXPORT = [
  'First Name,Last Name,Company,Website,Phone,Mobile Phone,Work Phone',
  ...Array.from({ length: 12 }, (_, i) => {
    const phones = i < 4 ? [crmPhone(i), '', ''] : i < 6 ? ['', crmPhone(i), ''] : i < 8 ? ['', '', crmPhone(i)] : ['', '', ''];
    return `${person(i)},${phones.join(',')}`;
  }),
].join('\n');
export const PHONES_MAPPING = { ...PERSON_MAPPING, phone: 'Phone', mobile_phone: 'Mobile Phone', work_phone: 'Work Phone' };

/** 8 people, two of each: an email and a phone (0, 1), an email only (2, 3), a phone only (4, 5), neither (6, 7). */
export const BOTH_EXPORT = [
  'First Name,Last Name,Company,Website,Email,Phone',
  ...Array.from({ length: 8 }, (_, i) => `${person(i)},${i < 4 ? crmEmail(i) : ''},${i < 2 || (i >= 4 && i < 6) ? crmPhone(i) : ''}`),
].join('\n');
export const BOTH_MAPPING = { ...CRM_MAPPING, phone: 'Phone' };
