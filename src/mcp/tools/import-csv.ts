import { createHash, randomUUID } from 'node:crypto';
import { API } from '../../api/endpoints/index.js';
import type { JsonSchema } from '../../api/endpoints/json-schema.js';
import type { PaidCallJournal } from '../../api/paid-call.js';
import type { CsvImportResponse } from '../../api/schemas/lists.js';
import { CSV_IMPORT_LIMITS } from '../../api/schemas/values/lists.js';
import type { EnrichmentType } from '../../api/schemas/values/credits.js';
import { sleep } from '../../api/sleep.js';
import { mostCost, type ImportColumnMapping } from '../../workflows/import/enrich-rows.js';
import { csvToImport } from '../../workflows/import/split-csv.js';
import {
  mergeCsvAnswers,
  planCsvImport,
  sendCsvPart,
  type CsvImportRequest,
  type CsvPartBody,
} from '../../workflows/import/csv-import-requests.js';
import type { CsvPart } from '../../workflows/import/csv-parts.js';
import type { Args, PaidJob, PaidPlan, PaidRun, ToolEnv, ToolSpec } from '../tool.js';
import { argError, bodyArgs, checkBody, paramsOf } from '../args.js';
import { ToolFailure } from '../errors.js';

/**
 * lists_import_csv: a local CSV into a list, free, or enriched paying only for the rows that lack
 * what the enrichment finds, as the CLI's `import --enrich` and the SDK's lists.importCsv do (the
 * rule: workflows/import). The rows that hold it go in a request without enrichment (free, sent
 * first), the others in one request per type they need, priced together and run by one quote_id;
 * all_rows: true enriches every row in one request, as before. Each request's idempotency key is
 * derived from what it sends, so the same import again (this server, the next one, the SDK) is
 * replayed by the service, not paid again.
 */

const ALL_ROWS = 'all_rows';

const ALL_ROWS_ARG: JsonSchema = {
  type: 'boolean',
  description:
    'true: enrich every row, paying for those that already hold what enrichment_type finds (an email for partial, a phone for phone_only, both for full) and replacing their values. ' +
    'Left out (the default): those rows are imported free, keeping the file\u2019s values, and the answer says how many (left_out).',
};

const KEEP_APOSTROPHES = 'keep_apostrophes';

const KEEP_APOSTROPHES_ARG: JsonSchema = {
  type: 'boolean',
  description:
    'true: send cells as written. Left out (the default): a cell the service\u2019s CSV export escaped (one leading apostrophe before =, +, - or @) is imported as it was before, ' +
    'so export then import is a round trip; pass true for a value that truly begins with such an apostrophe.',
};

/** A true/false argument: `fix` says how to set it. */
function flagOf(args: Args, name: string, fix: string): boolean {
  const v = args[name];
  if (v === undefined) return false;
  if (typeof v !== 'boolean') throw argError(name, `${JSON.stringify(v)} is not true or false`, fix);
  return v;
}

/** The file the tool was given, read and checked: a .csv within what one import request takes. */
async function csvFile(args: Args, env: ToolEnv, listId: string): Promise<Buffer> {
  const file = args.file;
  if (typeof file !== 'string' || !file.toLowerCase().endsWith('.csv'))
    throw argError(
      'file',
      file === undefined ? 'is required' : `${JSON.stringify(file)} is not a .csv file`,
      'Pass the path of a .csv file.',
    );
  const bytes = await env.readFile(file);
  if (bytes.length > CSV_IMPORT_LIMITS.maxBytes)
    throw argError(
      'file',
      `${file} is ${bytes.length} bytes, over the ${CSV_IMPORT_LIMITS.maxBytes} one import takes`,
      `Split it, or import it into list ${listId} from a terminal, which sends a file of any size in parts (see: prospect import --help).`,
    );
  return bytes;
}

async function importCsvCall(args: Args, env: ToolEnv): Promise<PaidRun | PaidJob> {
  // The path parameter is checked before the file is read: a missing list_id is no list "undefined".
  const { list_id } = paramsOf(API.lists.importCsv, args) as { list_id: string };
  const file = await csvFile(args, env, list_id);
  const allRows = flagOf(args, ALL_ROWS, 'Pass all_rows: true to enrich every row, or leave it out.');
  const keepApostrophes = flagOf(args, KEEP_APOSTROPHES, 'Pass keep_apostrophes: true to send cells as written, or leave it out.');
  const given = file.toString('utf8');
  const text = csvToImport(given, { keepApostrophes });
  const bytes = text === given ? file : Buffer.from(text);
  const fields = bodyArgs(API.lists.importCsv, args, ['file', 'list_id', ALL_ROWS, KEEP_APOSTROPHES]);
  const body = { ...fields, csv_content_base64: bytes.toString('base64') } as Args;
  checkBody(API.lists.importCsv, body);
  const fingerprint = createHash('sha256').update(bytes).digest('hex');
  if (fields.dispatch_enrichment === false) {
    if (allRows)
      throw argError(
        ALL_ROWS,
        'applies only to an import that enriches (dispatch_enrichment is false)',
        'Leave all_rows out, or pass enrichment_type to enrich the rows.',
      );
    return {
      estimate: { tool: 'bulk_import_csv' },
      fingerprint,
      free: true,
      send: () => env.api.lists.sendImportCsv(list_id, { ...body, idempotency_key: randomUUID() } as never),
    };
  }
  const asked = {
    column_mapping: fields.column_mapping as ImportColumnMapping,
    enrichment_type: fields.enrichment_type as EnrichmentType,
    allRows,
  };
  const { requests, planned, summary } = planCsvImport(list_id, text, asked, `${ALL_ROWS}: true`);
  const facts = { type: asked.enrichment_type, rows_by_type: planned.rows_by_type, skipped: planned.skipped, most_cost: mostCost(planned) };
  const leftOut = summary ? { summary: `${summary}.`, facts } : undefined;
  // Not stopped by the tool call's cancellation: once decided, a request goes out whole and its answer is kept.
  const send = (b: CsvPartBody & { quote_id?: string | undefined }, journal?: PaidCallJournal) =>
    sendCsvPart(env.api, list_id, b, { sleep, journal });
  const withFacts = (sent: ReadonlyArray<{ part: CsvPart; answer: CsvImportResponse }>) => ({
    ...mergeCsvAnswers(sent),
    enrichment: { ...facts, summary },
  });
  const paid = requests.filter((r) => r.estimate);
  const free = requests.find((r) => !r.estimate);
  // Every row holds what the enrichment finds: imported free, nothing to price.
  if (!paid.length && free)
    return {
      estimate: { tool: 'bulk_import_csv' },
      fingerprint,
      free: true,
      ...(leftOut ? { leftOut } : {}),
      send: async () => withFacts([{ part: free.part, answer: await send(free.body) }]),
    };

  // The free request goes first, once a call (its key replays it when sent again).
  let freeSending: Promise<void> | undefined;
  let freeDone: CsvImportResponse | undefined;
  const sendFree = () =>
    free &&
    (freeSending ??= send(free.body).then(
      (a) => void (freeDone = a),
      (e: unknown) => {
        freeSending = undefined;
        throw e;
      },
    ));
  const keyOf = (b: unknown) => (b as CsvPartBody | undefined)?.idempotency_key;
  const requestOf = (b: unknown): CsvImportRequest => {
    const found = b === undefined ? (paid.length === 1 ? paid[0] : undefined) : paid.find((r) => r.body.idempotency_key === keyOf(b));
    if (found) return found;
    throw new ToolFailure({
      code: 'quote_mismatch',
      problem: `a quote of credits_estimate prices one request, and this import goes in ${requests.length} (${summary}); nothing was spent`,
      fix: `Call lists_import_csv without quote_id for the quotes of its requests, or with ${ALL_ROWS}: true to send the whole file in the one request such a quote prices.`,
      retryable: false,
    });
  };
  const path = `/lead-lists/${list_id}/csv-import`;
  return {
    tool: 'bulk_import_csv',
    fingerprint,
    plan: async (): Promise<PaidPlan> => {
      const priced = [];
      for (const r of paid) priced.push({ quote: await env.api.credits.estimate(r.estimate!, { signal: env.signal }), body: r.body });
      return { requests: priced, ...(leftOut ? { leftOut } : {}) };
    },
    send: async (b, quoteId, journal) => {
      const r = requestOf(b);
      await sendFree();
      return send({ ...r.body, quote_id: quoteId }, journal);
    },
    // A request of this import sent earlier and never answered is sent again as it went.
    lost: (journal) =>
      journal
        .unanswered('bulk_import_csv')
        .filter((entry) => entry.request.path.endsWith(path) && paid.some((r) => r.body.idempotency_key === keyOf(entry.request.body)))
        .map((entry) => ({ entry, body: entry.request.body })),
    // The free request is in the answer even when every paid one was taken from another sender's answer.
    answer: async (sent) => {
      await sendFree();
      const answered = sent.flatMap((s) =>
        s.answer === undefined ? [] : [{ part: requestOf(s.body).part, answer: s.answer as CsvImportResponse }],
      );
      return withFacts([...(free && freeDone ? [{ part: free.part, answer: freeDone }] : []), ...answered]);
    },
  };
}

export const importCsvTool: ToolSpec = {
  name: 'lists_import_csv',
  title: 'Import a CSV file into a list',
  entry: API.lists.importCsv,
  toolset: 'standard',
  note:
    `Reads a local .csv file (UTF-8, header row, at most ${CSV_IMPORT_LIMITS.maxBytes / 1024} KiB and ${CSV_IMPORT_LIMITS.maxRows} rows). ` +
    'Free with dispatch_enrichment false. Enriching is paid, priced first like every paid tool, and only for what is missing: rows that already hold what enrichment_type finds ' +
    '(an email for partial, a phone in a phone, mobile_phone or work_phone column for phone_only, both for full; with full a row holding one gets the other alone) are imported free and keep ' +
    `the file\u2019s values, and the priced answer says how many (left_out); ${ALL_ROWS}: true enriches every row. ` +
    `A cell the CSV export escaped (a leading apostrophe before =, +, - or @) is imported unescaped (${KEEP_APOSTROPHES}: true keeps it). The rows go in one request without enrichment and one per type, ` +
    'priced together (quotes lists each) and run by one quote_id; result sums them (workflow_ids: every run; enrichment: what was enriched and left out). ' +
    'The same import again is replayed by the service, not paid again.',
  args: {
    add: {
      file: { type: 'string', minLength: 1, description: 'Path of the .csv file (relative to the server\u2019s working directory).' },
      [ALL_ROWS]: ALL_ROWS_ARG,
      [KEEP_APOSTROPHES]: KEEP_APOSTROPHES_ARG,
    },
    required: ['file'],
    omit: ['csv_content_base64', 'idempotency_key'],
  },
  paid: importCsvCall,
};
