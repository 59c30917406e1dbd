import { createHash } from 'node:crypto';
import { API } from '../../api/endpoints/index.js';
import { pathOf } from '../../api/endpoints/endpoint.js';
import { derivedKey, hmac, sameSignature } from './signing.js';
import {
  DEFAULT_EXPORT_COLUMNS,
  SIGNED_LINK_TTL_MS,
  chosenColumns,
  csvField,
  escapeFormulaCell,
  type CsvExportLink,
  type DefaultExportColumn,
  type ExportRow,
} from '../../api/schemas/export.js';
import type { SandboxServices } from '../context.js';
import type { Store } from '../store.js';
import { publicError, type SandboxError } from './errors.js';
import { describeCaps, exportFileById, keepExportFile, type ExportFile } from './export-files.js';
import { columnNames, columnValue, leadOf, type LeadRecord, type ListRecord } from './lists.js';

/**
 * Exports of a list. A row holds the chosen columns: the lead's fields for the default
 * columns, a list column's value (smart-agent output) for a list column's name, and
 * nothing for any other name. The CSV behind a signed link is built once, when the link
 * is made: the file is that moment's snapshot (what row_count and file_size_bytes describe),
 * however the list changes afterwards. The link is signed (HMAC-SHA256) over the file's
 * id, its content hash and its expiry, so neither the file nor the expiry can be swapped.
 * Files are kept within caps (export-files.ts).
 */

const LEAD_FIELDS: Record<DefaultExportColumn, (l: LeadRecord) => string | null> = {
  lead_id: (l) => l.lead_id,
  first_name: (l) => l.first_name,
  last_name: (l) => l.last_name,
  email: (l) => l.email,
  title: (l) => l.title,
  company: (l) => l.company,
  domain: (l) => l.company_domain,
  linkedin_url: (l) => l.linkedin_url,
  phone: (l) => l.phone,
  location: (l) => l.location,
};

const isLeadField = (c: string): c is DefaultExportColumn => (DEFAULT_EXPORT_COLUMNS as readonly string[]).includes(c);

/** The columns of an export: the chosen ones (default columns when none), then the list's smart-agent columns not chosen already. */
export function exportColumns(list: ListRecord, columns: readonly string[] | undefined, includeSmartAgents: boolean): string[] {
  const chosen = chosenColumns(columns);
  if (!includeSmartAgents) return chosen;
  const taken = new Set(chosen);
  return [...chosen, ...columnNames(list).filter((c) => !taken.has(c))];
}

type Cell = (lead: LeadRecord) => string | null;

/** How each column reads a lead: a lead field, a list column, or nothing. */
function cellReaders(list: ListRecord, columns: readonly string[]): Cell[] {
  return columns.map((c) => (isLeadField(c) ? LEAD_FIELDS[c] : (l: LeadRecord) => columnValue(list, c, l.lead_id) ?? null));
}

/** The leads of the list from `start` to `end`, in list order. */
function* leadsOf(store: Store, list: ListRecord, start = 0, end = list.lead_ids.length): Generator<LeadRecord> {
  for (let i = start; i < end; i++) {
    const lead = leadOf(store, list.organization_id, list.lead_ids[i]!);
    if (lead) yield lead;
  }
}

/** The export rows of the list's leads from `start` to `end` (a page costs its own size, never the list's). */
export function exportRows(store: Store, list: ListRecord, columns: readonly string[], start: number, end: number): ExportRow[] {
  const readers = cellReaders(list, columns);
  const rows: ExportRow[] = [];
  for (const lead of leadsOf(store, list, start, end)) {
    const row: ExportRow = {};
    columns.forEach((c, i) => (row[c] = readers[i]!(lead)));
    rows.push(row);
  }
  return rows;
}

/** One CSV field of the export: formula-looking text escaped, then quoted as CSV needs. */
const exportField = (value: string | null): string => csvField(escapeFormulaCell(value ?? ''));

/** The CSV of the whole list: a header, then one line per lead (RFC 4180 quoting, \n line ends). */
function buildCsv(store: Store, list: ListRecord, columns: readonly string[]): { text: string; rows: number } {
  const readers = cellReaders(list, columns);
  const lines = [columns.map(exportField).join(',')];
  for (const lead of leadsOf(store, list)) lines.push(readers.map((read) => exportField(read(lead))).join(','));
  return { text: `${lines.join('\n')}\n`, rows: lines.length - 1 };
}

// Signed files.

const EXPORT_ID_PREFIX = 'exp';
/** The root path a signed file is served under (no /api prefix, no credentials). */

function signature(store: Store, f: Pick<ExportFile, 'export_id' | 'content_sha256'>, expiresSec: number): string {
  return hmac(derivedKey(store, 'export-links'), `${f.export_id}\n${f.content_sha256}\n${expiresSec}`, 'hex');
}

/** Builds the list's CSV now, keeps it, and returns the signed link to it (24 hours). */
export function createSignedCsv(services: SandboxServices, list: ListRecord, columns: readonly string[]): CsvExportLink {
  const { store, clock } = services;
  const now = clock.now();
  const { text, rows } = buildCsv(store, list, columns);
  // Rounded up: the link works at least the whole 24 hours, whatever the millisecond it was made at.
  const expiresSec = Math.ceil((now + SIGNED_LINK_TTL_MS) / 1000);
  const file: ExportFile = {
    export_id: store.nextId(EXPORT_ID_PREFIX, 'export'),
    organization_id: list.organization_id,
    list_id: list.list_id,
    list_name: list.name,
    csv: text,
    content_sha256: createHash('sha256').update(text).digest('hex'),
    row_count: rows,
    file_size_bytes: Buffer.byteLength(text),
    created_at: clock.iso(),
    expires_at_ms: expiresSec * 1000,
  };
  keepExportFile(store, now, file);
  const url = new URL(pathOf(API.exports.download, { file: `${file.export_id}.csv` }), services.url);
  url.searchParams.set('expires', String(expiresSec));
  url.searchParams.set('signature', signature(store, file, expiresSec));
  return {
    list_id: list.list_id,
    download_url: url.href,
    expires_at: expiresSec,
    row_count: file.row_count,
    file_size_bytes: file.file_size_bytes,
  };
}

const refused = (problem: string, cause: string, fix: string): SandboxError =>
  publicError(403, { code: 'forbidden', problem, cause, fix, retryable: false });

const CREATE_AGAIN = 'Ask for a new link with POST /export/csv/signed-url.';

/**
 * The file a signed download URL names, after checking its signature and expiry: 403
 * forbidden when the signature is missing or does not match (an altered file name, expiry or
 * signature) or the link has expired; 404 when the file is gone (expired and dropped, or reset).
 */
export function signedFile(services: SandboxServices, name: string, query: URLSearchParams): ExportFile {
  const { store, clock } = services;
  const exportId = name.endsWith('.csv') ? name.slice(0, -'.csv'.length) : name;
  const expiresRaw = query.get('expires') ?? '';
  const sig = query.get('signature') ?? '';
  if (!/^\d{1,12}$/.test(expiresRaw) || !/^[0-9a-f]{64}$/.test(sig))
    throw refused(
      'The download link is not signed',
      'The URL lacks its expires or signature parameter, or one of them is malformed.',
      CREATE_AGAIN,
    );
  const file = exportFileById(store, exportId);
  if (file === 'dropped')
    throw publicError(404, {
      code: 'not_found',
      problem: `Export ${exportId} was replaced by newer exports`,
      cause: `The sandbox keeps ${describeCaps(store)}; this link's file was dropped to make room before the link expired.`,
      fix: CREATE_AGAIN,
      retryable: false,
    });
  if (!file)
    throw publicError(404, {
      code: 'not_found',
      problem: `Export ${exportId} was not found`,
      cause: 'The file never existed here, or its link expired and the file was removed.',
      fix: CREATE_AGAIN,
      retryable: false,
    });
  const expiresSec = Number(expiresRaw);
  if (!sameSignature(signature(store, file, expiresSec), sig))
    throw refused(
      'The download link signature does not match',
      'The URL was altered after it was signed (its file, expiry or signature).',
      CREATE_AGAIN,
    );
  if (clock.now() >= expiresSec * 1000)
    throw refused(
      'The download link has expired',
      `It was valid until ${new Date(expiresSec * 1000).toISOString()} (24 hours after it was made).`,
      CREATE_AGAIN,
    );
  return file;
}

/** A file name for the download: the list's name in safe characters. */
export function downloadFileName(file: ExportFile): string {
  const base = file.list_name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || file.list_id;
  return `${base}.csv`;
}
