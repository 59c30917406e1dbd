import { exportEndpoints } from '../endpoints/export.js';
import { call } from '../endpoints/call.js';
import type { Writable } from 'node:stream';
import type { Client } from '../client.js';
import { pages, type CursorPageResult } from '../paginate.js';
import type { DownloadOptions, DownloadResult } from '../download.js';
import { networkError } from '../errors.js';
import type { CsvExportBody, CsvExportLink, ExportRow, JsonExportPage, JsonExportQuery } from '../schemas/export.js';

/** Export of a list (free): a signed link to a CSV file, or the leads as paged JSON. */

interface Call {
  signal?: AbortSignal | undefined;
}

/**
 * POST /export/csv/signed-url: the list's CSV as it is now, behind a link that works
 * without credentials for 24 hours. Free and without side effects, so safe to repeat.
 */
export function createCsvExportLink(client: Client, body: CsvExportBody, opts: Call = {}): Promise<CsvExportLink> {
  return call(client, exportEndpoints.csvLink, { body, signal: opts.signal });
}

/**
 * Downloads an export link's file into `sink` as it arrives (no credentials sent), and checks
 * that exactly file_size_bytes arrived.
 */
export async function downloadCsvExport(link: CsvExportLink, sink: Writable, opts: DownloadOptions = {}): Promise<DownloadResult> {
  // Loaded here: node:http and the transport stay off the start-up path of every command.
  const { downloadTo } = await import('../download.js');
  const got = await downloadTo(link.download_url, sink, opts);
  if (got.bytes !== link.file_size_bytes)
    throw networkError(
      'connection_reset',
      `the file has ${got.bytes} bytes where the export announced ${link.file_size_bytes}`,
      'GET',
      new URL(link.download_url).origin,
    );
  return got;
}

/** GET /export/json: one page of the list's leads with the chosen columns (columns repeat in the query). */
export function exportJsonPage(client: Client, query: JsonExportQuery, opts: Call = {}): Promise<JsonExportPage> {
  const { columns, ...rest } = query;
  return call(client, exportEndpoints.json, { query: { ...rest, ...(columns?.length ? { columns } : {}) }, signal: opts.signal });
}

/** Every page of GET /export/json from a cursor (or the start), one request at a time. */
export function exportJsonPages(
  client: Client,
  query: Omit<JsonExportQuery, 'cursor'>,
  opts: Call & { cursor?: string | undefined } = {},
): AsyncGenerator<CursorPageResult<ExportRow> & { page: JsonExportPage }> {
  return pages(async (cursor) => {
    const page = await exportJsonPage(client, { ...query, ...(cursor ? { cursor } : {}) }, opts);
    return { items: page.leads, cursor: page.cursor, page };
  }, opts.cursor) as AsyncGenerator<CursorPageResult<ExportRow> & { page: JsonExportPage }>;
}
