import { randomUUID } from 'node:crypto';
import { ConfigurationError } from '../../api/errors.js';
import type { CallOptions } from '../../api/resource.js';
import { Lists as ListsArea } from '../../api/resources/lists.js';
import type { CanonicalField, CsvImportResponse } from '../../api/schemas/lists.js';
import type { EnrichmentType } from '../../api/schemas/values/credits.js';
import { csvToImport } from '../../workflows/import/split-csv.js';
import { importCsvEnriched, type CsvImportOptions, type CsvImportResult } from '../csv-import.js';
import { journaled, type SdkHost } from '../host.js';

/** The CSV of lists.importCsv: as text or bytes (encoded for you), or already base64-encoded. */
export type CsvContent = { csv: string | Uint8Array; csv_content_base64?: undefined } | { csv_content_base64: string; csv?: undefined };

/** What every CSV import takes beside the CSV. */
export interface CsvImportFields {
  /** Canonical field -> the CSV header that holds it. */
  column_mapping: Partial<Record<CanonicalField, string>>;
  /**
   * Makes a repeat of this import within 24 hours replay the first answer instead of importing
   * (and enriching) again. Default: without enrichment, a new random key per call; with it, a key
   * derived from the list, the mapping, the enrichment and the CSV, so the same import made again
   * is replayed, not paid again. With rows sent in several requests, each request's key is this
   * key and its part (`KEY-none`, `KEY-partial`, ...).
   */
  idempotency_key?: string;
  /**
   * Send cells as written. Default false: a cell the service's CSV export escaped (one leading
   * apostrophe before =, +, - or @) is imported as it was before, so export then import is a
   * round trip; pass true for a value that truly begins with such an apostrophe.
   */
  keepApostrophes?: boolean | undefined;
}

/** lists.importCsv() without enrichment: free. */
export type CsvImportParams = CsvContent &
  CsvImportFields & { dispatch_enrichment: false; enrichment_type?: undefined; allRows?: undefined };

/**
 * lists.importCsv() with enrichment of the imported rows: paid (bulk_import_csv, the type's price
 * per row enriched).
 */
export type CsvImportEnrichParams = CsvContent &
  CsvImportFields & {
    dispatch_enrichment?: true;
    enrichment_type: EnrichmentType;
    /**
     * Enrich (and pay for) every row, replacing what it holds. Default false: a row that already
     * holds what the enrichment finds (an email for partial, a phone in the phone, mobile_phone or
     * work_phone column for phone_only, both for full) is imported without it and keeps its value.
     */
    allRows?: boolean | undefined;
  };

/** Lead lists (free): lists, their leads, CSV import (paid when it enriches), find-people jobs, folders. */
export class Lists extends ListsArea {
  /** @internal */
  declare protected readonly host: SdkHost;

  /**
   * Imports one CSV (at most 600 rows, about 150 KB) into the list. With dispatch_enrichment:
   * false it is free. Otherwise the imported rows are enriched (paid: pass `confirm`, `maxCredits`
   * or `quote` as the second argument), and only those that lack what the enrichment finds: a row
   * that holds an email (partial), a phone (phone_only: the phone, mobile_phone or work_phone
   * column) or both (full) is imported without enrichment, free, and keeps its value; with full, a
   * row holding one part gets only the other. `{ allRows: true }` in the params enriches every row.
   * The CSV then goes in one request without enrichment and one per enrichment type, each with its
   * own idempotency key and quote; the spend is decided once on their sum (`maxCredits` caps it;
   * `confirm(quote, plan)` gets it with what was left out: `plan.skipped`, `plan.summary`,
   * `plan.quotes`). No row needing it: the CSV is imported free and nobody is asked.
   *
   * Paid once: every request that enriches goes through the client's paid-run journal, and the
   * same import made again (same list, mapping, enrichment and CSV) within 24 hours is replayed by
   * the service through its idempotency keys, not imported or charged again.
   *
   * A `quote` you estimated is for one exact request: it is sent only when the CSV goes whole with
   * the type asked (no row left out, or `{ allRows: true }`); otherwise it throws a
   * ConfigurationError and sends nothing.
   *
   * Changed: with enrichment it answers a CsvImportResult, the service's answer summed over the
   * requests (row counts, skip reasons, `sample_skip_rows` as row numbers of the CSV given) with
   * `workflow_ids` (every run; `workflow_id` is the first) and `enrichment` (what was enriched and
   * left out).
   *
   * @throws SpendDeclinedError when declined, over maxCredits or short of credits (nothing sent);
   *   PaidCallAbortedError when its signal stopped it after a paid request went out (call again: it is replayed or resolved, not paid twice);
   *   MalformedQuoteError for a quote that does not make sense (nothing sent);
   *   ChargeAboveQuoteError when a run reserved or charged more than its approved quote.
   */
  importCsv(listId: string, params: CsvImportParams, opts?: CallOptions): Promise<CsvImportResponse>;
  importCsv(listId: string, params: CsvImportEnrichParams, opts: CsvImportOptions): Promise<CsvImportResult>;
  async importCsv(
    listId: string,
    params: CsvImportParams | CsvImportEnrichParams,
    opts: CallOptions | CsvImportOptions = {},
  ): Promise<CsvImportResponse | CsvImportResult> {
    const { csv, csv_content_base64, idempotency_key, allRows, keepApostrophes, ...rest } = params;
    const given =
      csv === undefined
        ? Buffer.from(csv_content_base64, 'base64').toString('utf8')
        : typeof csv === 'string'
          ? csv
          : Buffer.from(csv).toString('utf8');
    const text = csvToImport(given, { keepApostrophes });
    if (rest.dispatch_enrichment !== false) {
      const { column_mapping, enrichment_type } = rest;
      const asked = { listId, csv: text, column_mapping, enrichment_type, allRows: allRows === true, idempotency_key };
      return importCsvEnriched(this.host.api(), journaled(this.host), asked, opts as CsvImportOptions);
    }
    if (allRows !== undefined)
      throw new ConfigurationError(
        'allRows applies only to an import that enriches (dispatch_enrichment is false)',
        'Leave allRows out, or pass enrichment_type to enrich the rows.',
      );
    const body = {
      ...rest,
      csv_content_base64: (text === given ? csv_content_base64 : undefined) ?? Buffer.from(text).toString('base64'),
      idempotency_key: idempotency_key ?? randomUUID(),
    };
    return this.host.api().lists.sendImportCsv(listId, body, { signal: opts.signal });
  }
}
