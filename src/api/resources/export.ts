import type { Writable } from 'node:stream';
import type { DownloadOptions, DownloadResult } from '../download.js';
import { networkError } from '../errors.js';
import type { PagePromise } from '../paginate.js';
import { APIResource, lazyEntries, type CallOptions } from '../resource.js';
import type { CsvExportBody, CsvExportLink, ExportRow, JsonExportPage, JsonExportQuery } from '../schemas/export.js';

const exportEndpoints = lazyEntries(() => import('../endpoints/export.js').then((m) => m.exportEndpoints));

/** Export of a list (free): a signed link to its CSV, or its leads as paged JSON rows of the chosen columns. */
export class Exports extends APIResource {
  /** A link to the list's CSV as it is now, working without credentials for 24 hours. */
  csvLink(params: CsvExportBody, opts?: CallOptions): Promise<CsvExportLink> {
    return this.send(exportEndpoints.csvLink, { body: params }, opts);
  }

  /**
   * Streams a link's file into `sink` as it arrives (no credentials sent; https, or http to a
   * loopback host) and checks the whole file arrived.
   */
  async downloadCsv(link: CsvExportLink, sink: Writable, opts: DownloadOptions = {}): Promise<DownloadResult> {
    // Loaded here: node:http and the transport stay off the start-up path of every command.
    const { downloadTo } = await import('../download.js');
    const signal = this.signalOf(opts);
    const got = await downloadTo(link.download_url, sink, { ...opts, ...(signal ? { signal } : {}) });
    if (got.bytes !== link.file_size_bytes)
      throw networkError(
        'connection_reset',
        `the file has ${got.bytes} bytes where the export announced ${link.file_size_bytes}`,
        'GET',
        new URL(link.download_url).origin,
      );
    return got;
  }

  /** The list's leads as rows of the chosen columns (repeated in the query). Awaited: the first page; iterated: every row. */
  json(query: JsonExportQuery, opts?: CallOptions): PagePromise<JsonExportPage, ExportRow> {
    const { columns, ...rest } = query;
    return this.paged(exportEndpoints.json, { query: { ...rest, ...(columns?.length ? { columns } : {}) } }, opts);
  }
}
