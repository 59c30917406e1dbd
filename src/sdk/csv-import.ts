import type { Api } from '../api/api.js';
import { ConfigurationError } from '../api/errors.js';
import type { PaidCallJournal } from '../api/paid-call.js';
import type { Quote } from '../api/schemas/credits.js';
import type { CsvImportResponse } from '../api/schemas/lists.js';
import { ENRICHMENT_TYPES, type EnrichmentType } from '../api/schemas/values/credits.js';
import { sleep } from '../api/sleep.js';
import { mostCost, type ImportColumnMapping } from '../workflows/import/enrich-rows.js';
import { mergeCsvAnswers, planCsvImport, sendCsvPart, type CsvImportRequest } from '../workflows/import/csv-import-requests.js';
import type { CsvPart } from '../workflows/import/csv-parts.js';
import { resolveEarlier } from '../workflows/journal/resolve-earlier.js';
import { checkQuote, jobQuote } from '../workflows/spend-verdict.js';
import {
  checkApproval,
  decidedOn,
  decideSpend,
  payFor,
  resenderOf,
  resolving,
  senderOf,
  sendJobPart,
  type Journaled,
  type PaidOptions,
  type SpendQuote,
} from './paid.js';

/**
 * client.lists.importCsv with enrichment, as every face imports a CSV: it pays only for the rows
 * that lack what the enrichment finds. The workflow cuts the CSV (workflows/import): the rows
 * holding it go in a request without enrichment (free), the others in one request per type they
 * need, each with its own idempotency key. The SDK decides once on the paid requests' quotes
 * (its `confirm`, told what was left out, and `maxCredits`), then sends the free request and each
 * paid one with its own quote through the client's paid-run journal.
 */

/** How `{ allRows: true }` is spelled in the summary's "... enriches them too". */
const OPT_IN = '{ allRows: true }';

/** The service's tool that prices a CSV import's enrichment (what the journal files its requests under). */
const TOOL = 'bulk_import_csv';

/** Why rows were imported without enrichment: they hold an email (partial), a phone (phone_only), or both (full). */
export type CsvSkipReason = 'has_email' | 'has_phone' | 'has_email_and_phone';

/** What the enrichment of a CSV import covers (the CLI's `import --enrich --json` says the same in `enrichment`). */
export interface CsvImportEnrichment {
  /** The enrichment_type asked. */
  type: EnrichmentType;
  /** Rows enriched by each type; with full, a row holding an email gets phone_only, one holding a phone partial. */
  rows_by_type: Partial<Record<EnrichmentType, number>>;
  /** Rows imported without enrichment (free, their values kept) because they hold what it finds: `{ has_email: 10 }`. Empty with allRows. */
  skipped: Partial<Record<CsvSkipReason, number>>;
  /** One line for a person: what was left out and why; '' when nothing was. */
  summary: string;
}

/** What `confirm` of lists.importCsv is told beside the quote it decides on. */
export interface CsvImportPlan extends CsvImportEnrichment {
  list_id: string;
  /** The most the enrichment can cost: each row at its type's price. */
  most_cost: number;
  /** Requests the CSV is sent in: one, or with rows left out (or, for full, rows holding one part) one without enrichment and one per type. */
  requests: number;
  /** Each paid request's quote, in the order they are sent. */
  quotes: Quote[];
}

/**
 * Decides on a CSV import's enrichment: `quote` is the quote of its one paid request, or with
 * several their quotes summed (cost, rows, the lowest balance; quote_id null: each has its own,
 * in `plan.quotes`); true spends up to its estimated_cost. A `(quote) => boolean` still fits.
 */
export type ConfirmCsvImportSpend = (quote: Quote, plan: CsvImportPlan) => boolean | Promise<boolean>;

/** How lists.importCsv with enrichment may spend: `confirm` (told what was left out), `maxCredits` on the sum, or a `quote` of the one exact request. */
export type CsvImportOptions = PaidOptions<ConfirmCsvImportSpend>;

/**
 * What lists.importCsv with enrichment did: the service's answer, summed over the requests the
 * CSV went in (rows counted once each; `sample_skip_rows` are row numbers of the CSV you gave,
 * header = 1; `workflow_id` is the first run; `idempotency_replayed` true when every request was
 * replayed), and two fields more.
 */
export interface CsvImportResult extends CsvImportResponse {
  /** Every enrichment run started, one per enrichment type sent ([] when no row needed it): wait for each with enrichment.waitFor. */
  workflow_ids: string[];
  /** What was enriched and what was left out. */
  enrichment: CsvImportEnrichment;
}

/** An import with enrichment as asked: the CSV's text and the request's fields. */
export interface EnrichedImport {
  listId: string;
  csv: string;
  column_mapping: ImportColumnMapping;
  enrichment_type: EnrichmentType;
  allRows: boolean;
  idempotency_key: string | undefined;
}

/** Several quotes as the one `confirm` gets: one request's quote as it is, several summed under no id (jobQuote). */
const asOneQuote = (quotes: readonly Quote[]): Quote => (quotes.length === 1 ? quotes[0]! : jobQuote(quotes, null));

/** A quote given prices one request: the CSV whole, with the type asked. */
function checkExact(requests: readonly CsvImportRequest[], asked: EnrichedImport, summary: string): void {
  if (requests.length === 1 && requests[0]!.part.enrichment === asked.enrichment_type) return;
  const why = summary || `the import goes in ${requests.length} requests`;
  throw new ConfigurationError(
    `the quote given prices the whole CSV with ${asked.enrichment_type}, but ${why}; nothing was sent`,
    `Leave out quote and pass confirm or maxCredits to pay only for the rows that lack it, or pass ${OPT_IN} in the params to send exactly the request the quote prices.`,
  );
}

/** Imports a CSV, enriching only the rows that lack what the enrichment finds (or, with allRows, every row); see Lists.importCsv. */
export async function importCsvEnriched(
  api: Api,
  journaled: Journaled,
  asked: EnrichedImport,
  opts: CsvImportOptions,
): Promise<CsvImportResult> {
  checkApproval(opts);
  if (!(ENRICHMENT_TYPES as readonly unknown[]).includes(asked.enrichment_type))
    throw new ConfigurationError(
      `enrichment_type ${JSON.stringify(asked.enrichment_type)} is not one of ${ENRICHMENT_TYPES.join(', ')}`,
      'Pass enrichment_type, or dispatch_enrichment: false to import without enriching.',
    );
  if (typeof opts.quote === 'object') checkQuote(opts.quote);
  const { listId, column_mapping, enrichment_type, allRows, idempotency_key: key } = asked;
  const { requests, planned, summary } = planCsvImport(listId, asked.csv, { column_mapping, enrichment_type, allRows, key }, OPT_IN);
  if (opts.quote !== undefined) checkExact(requests, asked, summary);
  const enrichment: CsvImportEnrichment = {
    type: enrichment_type,
    rows_by_type: { ...planned.rows_by_type },
    skipped: { ...planned.skipped },
    summary,
  };
  const planOf = (quotes: readonly Quote[]): CsvImportPlan => ({
    list_id: listId,
    ...enrichment,
    most_cost: mostCost(planned),
    requests: requests.length,
    quotes: [...quotes],
  });
  const signal = opts.signal;
  const send = (r: CsvImportRequest) => (quoteId: string | undefined, journal?: PaidCallJournal) =>
    sendCsvPart(api, listId, { ...r.body, ...(quoteId ? { quote_id: quoteId } : {}) }, { signal, journal, sleep });
  const what = (r: CsvImportRequest) => `client.lists.importCsv: list ${listId}, ${r.part.rows.length} rows (${r.part.enrichment})`;
  const sent: Array<{ part: CsvPart; answer: CsvImportResponse }> = [];
  const result = (): CsvImportResult => ({ ...mergeCsvAnswers(sent), enrichment });
  const paid = requests.filter((r) => r.estimate);
  const free = requests.find((r) => !r.estimate);
  const sendFree = async () => void (free && sent.push({ part: free.part, answer: await send(free)(undefined) }));

  // Every row holds what the enrichment finds: the CSV goes free, nobody is asked.
  if (paid.length === 0) {
    await sendFree();
    return result();
  }
  const confirm = opts.confirm;
  if (requests.length === 1) {
    const [only] = paid as [CsvImportRequest];
    const asking = confirm ? { ...opts, confirm: (q: Quote) => confirm(q, planOf([q])) } : opts;
    sent.push({
      part: only.part,
      answer: await payFor(api, { estimate: only.estimate!, what: what(only), send: send(only) }, asking as PaidOptions, journaled),
    });
    return result();
  }

  // A paid request an earlier identical call sent without getting its answer is resolved through its own quote, not priced again.
  journaled.journal.prepare();
  const left: CsvImportRequest[] = [];
  for (const r of paid) {
    const earlier = await resolveEarlier(journaled.journal, TOOL, resenderOf(journaled.journal, TOOL, send(r)), resolving(opts));
    if (earlier) sent.push({ part: r.part, answer: earlier.result });
    else left.push(r);
  }
  const quotes: Quote[] = [];
  for (const r of left) {
    const q = await api.credits.estimate(r.estimate!, { signal });
    checkQuote(q);
    quotes.push(q);
  }
  const ask = confirm && ((_q: SpendQuote) => confirm(asOneQuote(quotes), planOf(quotes)));
  if (quotes.length) await decideSpend(decidedOn(quotes), opts, { approved: false, ask, needsId: false });
  await sendFree();
  for (const [i, r] of left.entries()) {
    const sender = senderOf({ estimate: r.estimate!, what: what(r), send: send(r) }, opts, journaled);
    sent.push({ part: r.part, answer: await sendJobPart(api, r.estimate!, sender, i, quotes, opts, ask) });
  }
  return result();
}
