import { isUtf8 } from 'node:buffer';
import { parse } from 'csv-parse/sync';
import { CSV_IMPORT_LIMITS, type CanonicalField, type SkipReason } from '../../api/schemas/lists.js';
import { identifiesLead } from '../../api/schemas/values/lists.js';
import type { Dataset } from '../data/dataset.js';
import { domainKey } from '../data/text.js';
import { publicError, type SandboxError } from './errors.js';
import { profileUrlKey } from './list-saves.js';
import { leadOf as leadRecord, type ListRecord, type NewLead } from './lists.js';
import type { Store } from '../store.js';
import { badField } from './validation.js';

/**
 * CSV import: base64 to bytes, bytes to records, records to leads. Row numbers are those
 * of the CSV sent: the header is row 1, the first data record row 2 (records, not lines:
 * a quoted field may span lines; blank lines are not records).
 */

export interface CsvRecord {
  row: number;
  /** The record's fields as bytes: each is checked for UTF-8 before it is read. */
  fields: Buffer[];
}

export interface ParsedCsv {
  headers: string[];
  records: CsvRecord[];
}

/** The column (index into the header) of each mapped canonical field. */
export type ColumnMap = Partial<Record<CanonicalField, number>>;

export interface ImportPlan {
  leads: NewLead[];
  skipped: Array<{ row: number; reason: SkipReason }>;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of csv_content_base64 (line breaks allowed, padding optional); anything else is a 400 validation_error. */
export function decodeCsvContent(text: string): Buffer {
  const s = text.replace(/[\r\n\t ]+/g, '');
  const padded = s.endsWith('=');
  if (!BASE64.test(s) || (padded ? s.length % 4 !== 0 : s.length % 4 === 1))
    throw badField('csv_content_base64', 'csv_content_base64 is not valid base64');
  return Buffer.from(s, 'base64');
}

/** 413 for a CSV over the byte or row limit (rows null when the bytes alone refuse it, before parsing). */
export function csvTooLarge(bytes: number, rows: number | null): SandboxError {
  const { maxBytes, maxRows } = CSV_IMPORT_LIMITS;
  const over = rows === null ? `${bytes} bytes, more than ${maxBytes}` : `${rows} data rows, more than ${maxRows}`;
  return publicError(413, {
    code: 'validation_error',
    problem: `The CSV is too large: ${over}`,
    cause: `One import takes at most ${maxBytes} bytes (about 150 KB) and ${maxRows} data rows after the header.`,
    fix: `Split the file into parts of at most ${maxRows} rows and ${maxBytes} bytes, each with the header row, and import each part into the list.`,
    retryable: false,
    details: { max_bytes: maxBytes, max_rows: maxRows, bytes, rows },
  });
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Comma, unless the header row is split only (or mostly) by semicolons or tabs. */
function delimiterOf(bytes: Buffer): string {
  const end = bytes.findIndex((b) => b === 0x0a || b === 0x0d);
  const header = bytes.subarray(0, end === -1 ? bytes.length : end).toString('latin1');
  const count = (c: string) => header.split(c).length - 1;
  return [';', '\t'].reduce((best, c) => (count(c) > count(best) ? c : best), ',');
}

/** Records of a CSV (UTF-8 with or without BOM, CRLF, LF or CR, quoted fields); 400 when it has no header or cannot be parsed. */
export function parseCsv(input: Buffer): ParsedCsv {
  const bytes = input.subarray(0, 3).equals(BOM) ? input.subarray(3) : input;
  let rows: Buffer[][];
  try {
    rows = parse(bytes, {
      encoding: null,
      delimiter: delimiterOf(bytes),
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as unknown as Buffer[][];
  } catch (e) {
    throw badField('csv_content_base64', `The CSV could not be parsed: ${(e as Error).message}`);
  }
  const [header, ...data] = rows;
  if (!header) throw badField('csv_content_base64', 'The CSV is empty: the first row must be the header');
  if (!header.every((f) => isUtf8(f))) throw badField('csv_content_base64', 'The header row of the CSV is not valid UTF-8');
  return { headers: header.map((f) => f.toString('utf8').trim()), records: data.map((fields, i) => ({ row: i + 2, fields })) };
}

/** Where each mapped header is; a header not in the CSV is a 400 naming it and the headers present. */
export function mapColumns(headers: readonly string[], mapping: Partial<Record<CanonicalField, string>>): ColumnMap {
  const exact = (h: string) => headers.indexOf(h.trim());
  const folded = (h: string) => headers.findIndex((x) => x.toLowerCase() === h.trim().toLowerCase());
  const columns: ColumnMap = {};
  const missing: string[] = [];
  for (const [field, header] of Object.entries(mapping) as Array<[CanonicalField, string]>) {
    const at = exact(header) >= 0 ? exact(header) : folded(header);
    if (at >= 0) columns[field] = at;
    else missing.push(header);
  }
  if (missing.length) {
    const msg = `column_mapping names ${missing.length === 1 ? 'a header' : 'headers'} not in the CSV: ${missing.map((h) => `"${h}"`).join(', ')}`;
    throw publicError(400, {
      code: 'validation_error',
      problem: msg,
      cause: `The CSV's header row has: ${headers.map((h) => `"${h}"`).join(', ')}.`,
      fix: 'Map each canonical field to one of the headers present (spelled as in the file).',
      retryable: false,
      details: { missing_headers: missing, headers, errors: [{ type: 'value_error', loc: ['body', 'column_mapping'], msg }] },
    });
  }
  return columns;
}

type Values = Partial<Record<CanonicalField, string>>;

/** The mapped values of a record, trimmed; blank values are absent. */
function valuesOf(rec: CsvRecord, columns: ColumnMap): Values {
  const v: Values = {};
  for (const [field, at] of Object.entries(columns) as Array<[CanonicalField, number]>) {
    const text = rec.fields[at]?.toString('utf8').trim();
    if (text) v[field] = text;
  }
  return v;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const emailKey = (email: string) => email.toLowerCase();

/** Email and LinkedIn URL keys already taken: the list's leads, then the rows imported before. */
export interface TakenKeys {
  emails: Set<string>;
  linkedinUrls: Set<string>;
}

const isTaken = (sets: readonly TakenKeys[], kind: keyof TakenKeys, key: string) => sets.some((t) => t[kind].has(key));

function skipReason(rec: CsvRecord, width: number, v: Values, taken: readonly TakenKeys[]): SkipReason | null {
  if (!rec.fields.every((f) => isUtf8(f))) return 'invalid_encoding';
  if (rec.fields.length !== width) return 'malformed_row';
  if (v.email && !EMAIL.test(v.email)) return 'invalid_email';
  if (!identifiesLead((f) => Boolean(v[f]))) return 'missing_required';
  if (v.email && isTaken(taken, 'emails', emailKey(v.email))) return 'duplicate_email';
  if (v.linkedin_url && isTaken(taken, 'linkedinUrls', profileUrlKey(v.linkedin_url))) return 'duplicate_linkedin_url';
  return null;
}

/** A lead from a row's values: names completed from each other, the first phone given, the employer from the data set by domain. */
function leadOf(v: Values, dataset: Dataset): NewLead {
  const [first, ...rest] = (v.full_name ?? '').split(/\s+/).filter(Boolean);
  const first_name = v.first_name ?? first ?? null;
  const last_name = v.last_name ?? (rest.length ? rest.join(' ') : null);
  const domain = v.company_domain ? domainKey(v.company_domain) || v.company_domain : null;
  const at = domain ? dataset.companyIndexByDomain(domain) : undefined;
  const employer = at === undefined ? null : dataset.company(at);
  const place = [v.city, v.state, v.country].filter(Boolean).join(', ');
  return {
    first_name,
    last_name,
    full_name: v.full_name ?? ([first_name, last_name].filter(Boolean).join(' ') || null),
    email: v.email ?? null,
    phone: v.phone ?? v.mobile_phone ?? v.work_phone ?? null,
    title: v.job_title ?? null,
    company: v.company_name ?? employer?.name ?? null,
    company_domain: domain,
    company_id: employer?.company_id ?? null,
    linkedin_url: v.linkedin_url ?? null,
    location: place || null,
    person_lead_id: null,
  };
}

/**
 * Decides each record: imported (a lead to make) or skipped with one reason, checked in
 * this order: invalid_encoding, malformed_row, invalid_email, missing_required,
 * duplicate_email, duplicate_linkedin_url. `taken` gains the keys of imported rows.
 */
/** `held`: the keys of the list's leads (not changed here); rows imported earlier in the same CSV are kept apart. */
export function planImport(csv: ParsedCsv, columns: ColumnMap, held: Readonly<TakenKeys>, dataset: Dataset): ImportPlan {
  const plan: ImportPlan = { leads: [], skipped: [] };
  const taken: TakenKeys = { emails: new Set(), linkedinUrls: new Set() };
  for (const rec of csv.records) {
    const v = valuesOf(rec, columns);
    const reason = skipReason(rec, csv.headers.length, v, [held, taken]);
    if (reason) {
      plan.skipped.push({ row: rec.row, reason });
      continue;
    }
    if (v.email) taken.emails.add(emailKey(v.email));
    if (v.linkedin_url) taken.linkedinUrls.add(profileUrlKey(v.linkedin_url));
    plan.leads.push(leadOf(v, dataset));
  }
  return plan;
}

/** The email and LinkedIn URL keys of leads, added to `into`. */
export function takenKeysOf(
  leads: Iterable<{ email: string | null; linkedin_url: string | null }>,
  into: TakenKeys = { emails: new Set(), linkedinUrls: new Set() },
): TakenKeys {
  for (const l of leads) {
    if (l.email) into.emails.add(emailKey(l.email));
    if (l.linkedin_url) into.linkedinUrls.add(profileUrlKey(l.linkedin_url));
  }
  return into;
}

/**
 * The keys of a list's leads, kept between imports: memberships are appended, so only leads
 * added since the last import are read (an import into a big list would otherwise read the
 * whole list each time). A replaced lead_ids array (leads removed) starts over; whatever
 * changes the email or LinkedIn URL of a lead record must call forgetListKeys for its lists.
 */
const listKeys = new WeakMap<ListRecord, { ids: string[]; read: number; keys: TakenKeys }>();

export function listTakenKeys(store: Store, organizationId: string, list: ListRecord): Readonly<TakenKeys> {
  let c = listKeys.get(list);
  if (!c || c.ids !== list.lead_ids || c.read > list.lead_ids.length) {
    c = { ids: list.lead_ids, read: 0, keys: { emails: new Set(), linkedinUrls: new Set() } };
    listKeys.set(list, c);
  }
  const fresh = function* (ids: readonly string[], from: number) {
    for (let i = from; i < ids.length; i++) {
      const lead = leadRecord(store, organizationId, ids[i]!);
      if (lead) yield lead;
    }
  };
  takenKeysOf(fresh(list.lead_ids, c.read), c.keys);
  c.read = list.lead_ids.length;
  return c.keys;
}

export function forgetListKeys(list: ListRecord): void {
  listKeys.delete(list);
}

/** skip_reasons (the reasons that occurred, with their counts) and sample_skip_rows. */
export function skipSummary(skipped: ImportPlan['skipped']): { skip_reasons: Record<string, number>; sample_skip_rows: number[] } {
  const skip_reasons: Record<string, number> = {};
  for (const s of skipped) skip_reasons[s.reason] = (skip_reasons[s.reason] ?? 0) + 1;
  return { skip_reasons, sample_skip_rows: skipped.slice(0, CSV_IMPORT_LIMITS.sampleSkipRows).map((s) => s.row) };
}
