import type { Writable } from 'node:stream';
import { createCsvExportLink, downloadCsvExport, exportJsonPages } from '../../api/resources/export.js';
import { PagePromise } from '../../api/paginate.js';
import type { DownloadOptions, DownloadResult } from '../../api/download.js';
import type { CsvExportBody, CsvExportLink, ExportRow, JsonExportPage, JsonExportQuery } from '../../api/schemas/export.js';
import { Resource } from '../core.js';
import type { CallOptions } from '../options.js';

/** Export of a list (free): a signed link to its CSV, or its leads as paged JSON rows of the chosen columns. */
export class Exports extends Resource {
  /** A link to the list's CSV as it is now, working without credentials for 24 hours. */
  async csvLink(params: CsvExportBody, opts: CallOptions = {}): Promise<CsvExportLink> {
    return createCsvExportLink(this.core, params, opts);
  }

  /**
   * Streams a link's file into `sink` as it arrives (no credentials sent; https, or http to a
   * loopback host) and checks the whole file arrived.
   */
  async downloadCsv(link: CsvExportLink, sink: Writable, opts: DownloadOptions = {}): Promise<DownloadResult> {
    return downloadCsvExport(link, sink, opts);
  }

  /** The list's leads as rows of the chosen columns. Awaited: the first page; iterated: every row. */
  json(query: JsonExportQuery, opts: CallOptions = {}): PagePromise<JsonExportPage, ExportRow> {
    const { cursor, ...rest } = query;
    return new PagePromise(() => exportJsonPages(this.core, rest, { signal: opts.signal, ...(cursor ? { cursor } : {}) }));
  }
}
