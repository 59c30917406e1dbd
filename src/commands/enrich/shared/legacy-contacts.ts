import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { LegacyContact } from '../../../api/schemas/legacy.js';
import { LEGACY_BULK_LIMITS } from '../../../api/schemas/values/legacy.js';
import { usageError } from '../../../cli/errors.js';
import { readCsv } from '../../../cli/cmdutil/csv-read.js';
import { mapHeaders } from '../../../cli/cmdutil/header-map.js';
import { splitLastFirst } from '../../../cli/cmdutil/name-split.js';
import { counted, formatCount as n } from '../../../cli/output/numbers.js';

/**
 * Contacts for v1 bulk enrichment from a CSV (headers mapped as for import: LinkedIn URL,
 * first and last or full name, company domain or name) or a JSON file (an array of contacts
 * or {"contacts": [...]}), checked as the service checks them: 1 to 250 contacts, each with a
 * LinkedIn URL or a first and last name with a company (blank values count as missing).
 */

const FIELDS = ['linkedin_url', 'first_name', 'last_name', 'company_domain', 'company_name'] as const;
const filled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

export function identified(c: LegacyContact): boolean {
  return filled(c.linkedin_url) || (filled(c.first_name) && filled(c.last_name) && (filled(c.company_domain) || filled(c.company_name)));
}

async function fromCsv(file: string, signal: AbortSignal): Promise<Array<{ row: number; contact: LegacyContact }>> {
  const records = readCsv(file, signal);
  const first = await records.next();
  const header = first.done ? undefined : first.value;
  if (!header?.fields) throw usageError(`${file} has no readable header row`, 'Give a UTF-8 CSV whose first row names the columns.');
  const { mapping } = mapHeaders(header.fields);
  const at = (h: string | undefined) => (h === undefined ? -1 : header.fields!.indexOf(h));
  const cols = {
    linkedin_url: at(mapping.linkedin_url),
    first_name: at(mapping.first_name),
    last_name: at(mapping.last_name),
    full_name: at(mapping.full_name),
    company_domain: at(mapping.company_domain),
    company_name: at(mapping.company_name),
  };
  const out: Array<{ row: number; contact: LegacyContact }> = [];
  for await (const rec of records) {
    if (!rec.fields) throw usageError(`${file} row ${rec.row} is not UTF-8`, 'Save the file as UTF-8.');
    const get = (i: number) => (i >= 0 ? rec.fields![i]?.trim() || undefined : undefined);
    const full = get(cols.full_name) ?? '';
    const parts = splitLastFirst(full);
    const [first, ...rest] = parts ? [parts.first, parts.last] : full.split(/\s+/).filter(Boolean);
    const contact: LegacyContact = {};
    const values: Record<(typeof FIELDS)[number], string | undefined> = {
      linkedin_url: get(cols.linkedin_url),
      first_name: get(cols.first_name) ?? first,
      last_name: get(cols.last_name) ?? (rest.length ? rest.join(' ') : undefined),
      company_domain: get(cols.company_domain),
      company_name: get(cols.company_name),
    };
    for (const f of FIELDS) if (values[f] !== undefined) contact[f] = values[f];
    out.push({ row: rec.row, contact });
  }
  return out;
}

async function fromJson(file: string): Promise<Array<{ row: number; contact: LegacyContact }>> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    throw usageError(`${file} is not valid JSON: ${(e as Error).message}`, 'Give an array of contacts or {"contacts": [...]}.');
  }
  const list = Array.isArray(data) ? data : (data as { contacts?: unknown })?.contacts;
  if (!Array.isArray(list)) throw usageError(`${file} holds no contacts`, 'Give an array of contacts or {"contacts": [...]}.');
  return list.map((c, i) => {
    if (typeof c !== 'object' || c === null || Array.isArray(c))
      throw usageError(`${file}: contact ${i + 1} is not an object`, `Fields: ${FIELDS.join(', ')}.`);
    const contact: LegacyContact = {};
    for (const f of FIELDS) {
      const v = (c as Record<string, unknown>)[f];
      if (v !== undefined && v !== null && typeof v !== 'string')
        throw usageError(`${file}: contact ${i + 1} ${f} must be text`, `Fields: ${FIELDS.join(', ')}.`);
      if (filled(v)) contact[f] = v;
    }
    return { row: i + 1, contact };
  });
}

export async function readContacts(file: string, signal: AbortSignal): Promise<LegacyContact[]> {
  const json = extname(file).toLowerCase() === '.json';
  let rows: Array<{ row: number; contact: LegacyContact }>;
  try {
    rows = json ? await fromJson(file) : await fromCsv(file, signal);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR')
      throw usageError(`cannot read ${file} (${code})`, 'Give a readable CSV or JSON file.');
    throw e;
  }
  const { min, max } = LEGACY_BULK_LIMITS.contacts;
  if (rows.length < min) throw usageError(`${file} has no contacts`, 'Give 1 to 250 contacts.');
  if (rows.length > max)
    throw usageError(
      `${file} has ${counted(rows.length, 'contact')}; v1 bulk enrichment takes at most ${max} per request`,
      `Split the file, or import it with \`prospect import LIST ${file} --enrich partial\`.`,
    );
  const bad = rows.filter((r) => !identified(r.contact)).map((r) => r.row);
  if (bad.length)
    throw usageError(
      `${n(bad.length)} contact${bad.length === 1 ? '' : 's'} cannot be identified (${json ? 'contact' : 'row'} ${bad.slice(0, 10).join(', ')}${bad.length > 10 ? ', ...' : ''})`,
      'Each contact needs a LinkedIn URL, or a first and last name with a company domain or name.',
    );
  return rows.map((r) => r.contact);
}
