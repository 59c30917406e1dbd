import { createHash } from 'node:crypto';
import type { Api } from '../../api/api.js';
import { isApiError } from '../../api/errors.js';
import type { PaidCallOptions } from '../../api/paid-call.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import type { EstimateBody } from '../../api/schemas/credits.js';
import type { CsvImportBody, CsvImportResponse } from '../../api/schemas/lists.js';
import type { EnrichmentType } from '../../api/schemas/values/credits.js';
import type { CsvPart } from './csv-parts.js';
import { notEnrichedText, type ImportColumnMapping, type RowsToEnrich } from './enrich-rows.js';
import { splitCsvForEnrichment } from './split-csv.js';

/**
 * One CSV import with enrichment as the SDK's lists.importCsv and the MCP tool lists_import_csv
 * send it: the CSV cut by splitCsvForEnrichment (rows holding what the enrichment finds go
 * without it, free; the others in one request per enrichment type they need), each request with
 * its own idempotency key, and the answers read back as one import's. The faces ask and pay
 * their own way; the CLI's `import --enrich` cuts its chunks by the same rule.
 */

/** A request of the import as sent, without its quote. */
export type CsvPartBody = Omit<CsvImportBody, 'quote_id' | 'idempotency_key'> & { idempotency_key: string };

export interface CsvImportRequest {
  part: CsvPart;
  body: CsvPartBody;
  /** The estimate of a request that enriches (derived from it); null: free. */
  estimate: EstimateBody | null;
}

export interface CsvImportPlan {
  /** In the order to send them: the free one first (a row repeated in the file keeps the held copy). */
  requests: CsvImportRequest[];
  /** Rows per type and those left out: mostCost, typesToEnrich. */
  planned: RowsToEnrich;
  /** What was left out and why, for a person; '' when nothing was. */
  summary: string;
}

export interface CsvImportAsked {
  column_mapping: ImportColumnMapping;
  enrichment_type: EnrichmentType;
  /** Enrich every row, whatever it holds (the caller's opt-in). */
  allRows?: boolean | undefined;
  /** The caller's idempotency key; none: each request's key is derived from its content. */
  key?: string | undefined;
}

const MAX_KEY = 255;

/**
 * A request's idempotency key. The caller's key as it is when the import is one request, with the
 * part named when several; without one, derived from what the request sends (the list, the
 * mapping, its enrichment and its rows), so the same import sent again, by any face, is replayed
 * by the service (24 hours), not imported or paid again.
 */
function keyOf(listId: string, mapping: ImportColumnMapping, part: CsvPart, given: string | undefined, several: boolean): string {
  const enrichment = part.enrichment ?? 'none';
  if (given !== undefined) {
    if (!several) return given;
    const key = `${given}-${enrichment}`;
    return key.length <= MAX_KEY ? key : `${createHash('sha256').update(given).digest('hex').slice(0, 48)}-${enrichment}`;
  }
  const fields = Object.entries(mapping).sort(([a], [b]) => a.localeCompare(b));
  const h = createHash('sha256')
    .update(JSON.stringify({ list: listId, mapping: fields, enrichment }))
    .update('\n')
    .update(part.csv)
    .digest('hex');
  return `csv-content-${h.slice(0, 48)}`;
}

/** The requests of an import into `listId` of `csv` with enrichment; `optIn` is how the face says allRows ("{ allRows: true }"). */
export function planCsvImport(listId: string, csv: string, asked: CsvImportAsked, optIn: string): CsvImportPlan {
  const { column_mapping, enrichment_type, allRows, key } = asked;
  const { parts, planned } = splitCsvForEnrichment(csv, column_mapping, enrichment_type, { allRows: allRows === true });
  const requests = parts.map((part): CsvImportRequest => {
    const base = {
      csv_content_base64: Buffer.from(part.csv).toString('base64'),
      column_mapping,
      idempotency_key: keyOf(listId, column_mapping, part, key, parts.length > 1),
    };
    if (!part.enrichment) return { part, body: { ...base, dispatch_enrichment: false }, estimate: null };
    const estimate = estimateBodyFor({ tool: 'bulk_import_csv', body: { enrichment_type: part.enrichment }, rows: part.rows.length });
    return { part, body: { ...base, dispatch_enrichment: true, enrichment_type: part.enrichment }, estimate };
  });
  return { requests, planned, summary: notEnrichedText(planned, optIn) };
}

/** How often a request waits out "an import into this list is still processing" (409 conflict). */
const CONFLICT_RETRIES = 5;

export interface PartSendOptions extends PaidCallOptions {
  /** How to wait out a busy list (and, for a paid request, between resends after a lost answer). */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * Sends one request of an import: one that enriches (with its quote_id) through the paid path,
 * written down in `opts.journal` as it goes out; a free one as any request (its idempotency key
 * replays it). The list busy with the import's previous request (409 conflict) is waited out.
 */
export async function sendCsvPart(
  api: Api,
  listId: string,
  body: CsvPartBody & { quote_id?: string | undefined },
  opts: PartSendOptions,
): Promise<CsvImportResponse> {
  return waitingOutBusyList(() => api.lists.sendImportCsv(listId, body, opts), opts.sleep, opts.signal);
}

/** Sends an import request, waiting out "an import into this list is still processing" (409 conflict) up to CONFLICT_RETRIES times. */
async function waitingOutBusyList<T>(
  send: () => Promise<T>,
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
  signal?: AbortSignal,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (e) {
      if (!isApiError(e) || e.code !== 'conflict' || attempt >= CONFLICT_RETRIES) throw e;
      await sleep(e.retryAfterMs ?? 1_000, signal);
    }
  }
}

/** The answers of an import's requests as one import's, and every enrichment run it started. */
export interface CsvImportAnswer extends CsvImportResponse {
  /** The enrichment runs started, one per request that enriched ([] when none did); workflow_id is the first. */
  workflow_ids: string[];
}

/**
 * The answers of the requests sent (any order) as the answer of the whole CSV: counts and skip
 * reasons summed, sample_skip_rows as row numbers of the CSV given (header = 1), the first run's
 * workflow_id and every run in workflow_ids, replayed only when every request was.
 */
export function mergeCsvAnswers(sent: ReadonlyArray<{ part: CsvPart; answer: CsvImportResponse }>): CsvImportAnswer {
  const ordered = [...sent].sort((a, b) => (a.part.rows[0] ?? 0) - (b.part.rows[0] ?? 0));
  const answers = ordered.map((s) => s.answer);
  const sum = (k: 'rows_parsed' | 'rows_imported' | 'rows_skipped') => answers.reduce((n, a) => n + a[k], 0);
  const skip_reasons: Record<string, number> = {};
  for (const a of answers) for (const [reason, n] of Object.entries(a.skip_reasons)) skip_reasons[reason] = (skip_reasons[reason] ?? 0) + n;
  const sample_skip_rows = ordered
    .flatMap(({ part, answer }) => answer.sample_skip_rows.map((n) => part.rows[n - 2]))
    .filter((n): n is number => n !== undefined)
    .sort((a, b) => a - b);
  const runs = sent.filter((s) => s.answer.workflow_id);
  const first = runs[0]?.answer;
  const messages = [...new Set(answers.flatMap((a) => (a.message ? [a.message] : [])))];
  return {
    ...(Object.assign({}, ...answers) as CsvImportResponse),
    list_id: answers[0]?.list_id ?? '',
    rows_parsed: sum('rows_parsed'),
    rows_imported: sum('rows_imported'),
    rows_skipped: sum('rows_skipped'),
    skip_reasons,
    sample_skip_rows,
    workflow_id: first?.workflow_id ?? null,
    enrichment_status_url: first?.enrichment_status_url ?? null,
    idempotency_replayed: answers.length > 0 && answers.every((a) => a.idempotency_replayed),
    ...(messages.length ? { message: messages.join(' ') } : {}),
    workflow_ids: runs.map((s) => s.answer.workflow_id!),
  };
}
