import { createHash, randomUUID } from 'node:crypto';
import { API } from '../../api/endpoints/index.js';
import { importCsv } from '../../api/resources/lists.js';
import { requestOf } from '../../api/endpoints/call.js';
import { sendPaid, type PaidCallJournal } from '../../api/paid-call.js';
import type { CsvImportResponse } from '../../api/schemas/lists.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import { CSV_IMPORT_LIMITS } from '../../api/schemas/values/lists.js';
import type { EnrichmentType } from '../../api/schemas/values/credits.js';
import { countCsvRecords } from '../../sdk/csv-rows.js';
import type { Args, ToolSpec } from '../tool.js';
import { argError, bodyArgs, checkBody, paramsOf } from '../args.js';
import { canonical } from '../spend.js';

export const listTools: ToolSpec[] = [
  { name: 'lists_ls', title: 'Lead lists', entry: API.lists.list, toolset: 'read', rows: 'lists', note: 'One page; pass the answered cursor for the next.' },
  { name: 'lists_get', title: 'A lead list', entry: API.lists.get, toolset: 'read' },
  {
    name: 'lists_leads',
    title: 'Leads of a list',
    entry: API.lists.leads,
    toolset: 'read',
    rows: 'leads',
    note: "One page; pass the answered cursor for the next. The page's task_id is a cohort handle enrich_cohort takes.",
  },
  { name: 'lists_create', title: 'Create a lead list', entry: API.lists.create, toolset: 'standard' },
  { name: 'lists_update', title: 'Change a lead list', entry: API.lists.update, toolset: 'standard' },
  { name: 'lists_add_leads', title: 'Add leads to a list', entry: API.lists.addLeads, toolset: 'standard' },
  { name: 'lists_remove_leads', title: 'Remove leads from a list', entry: API.lists.removeLeads, toolset: 'standard', destructive: true },
  { name: 'lists_delete', title: 'Delete a lead list', entry: API.lists.delete, toolset: 'standard', destructive: true },
  {
    name: 'lists_import_csv',
    title: 'Import a CSV file into a list',
    entry: API.lists.importCsv,
    toolset: 'standard',
    note:
      `Reads a local .csv file (UTF-8, header row, at most ${CSV_IMPORT_LIMITS.maxBytes / 1024} KiB and ${CSV_IMPORT_LIMITS.maxRows} rows), sent as it is. ` +
      'Free with dispatch_enrichment false; enriching the rows is paid, priced first like every paid tool.',
    args: {
      add: { file: { type: 'string', minLength: 1, description: 'Path of the .csv file (relative to the server\u2019s working directory).' } },
      required: ['file'],
      omit: ['csv_content_base64', 'idempotency_key'],
    },
    paid: async (args, env) => {
      // The path parameter is checked before the file is read: a missing list_id is no list "undefined".
      const { list_id } = paramsOf(API.lists.importCsv, args) as { list_id: string };
      const file = args.file;
      if (typeof file !== 'string' || !file.toLowerCase().endsWith('.csv'))
        throw argError('file', file === undefined ? 'is required' : `${JSON.stringify(file)} is not a .csv file`, 'Pass the path of a .csv file.');
      const bytes = await env.readFile(file);
      if (bytes.length > CSV_IMPORT_LIMITS.maxBytes)
        throw argError('file', `${file} is ${bytes.length} bytes, over the ${CSV_IMPORT_LIMITS.maxBytes} one import takes`, `Split it, or import it into list ${list_id} from a terminal, which sends a file of any size in parts (see: prospect import --help).`);
      const fields = bodyArgs(API.lists.importCsv, args, ['file', 'list_id']);
      const body = { ...fields, csv_content_base64: bytes.toString('base64') } as Args;
      checkBody(API.lists.importCsv, body);
      const fingerprint = createHash('sha256').update(bytes).digest('hex');
      // Not stopped by the tool call's cancellation: once decided, a paid request goes out whole and its answer is kept.
      if (fields.dispatch_enrichment === false)
        return { estimate: { tool: 'bulk_import_csv' }, fingerprint, free: true, send: () => importCsv(env.client, list_id, { ...body, idempotency_key: randomUUID() } as never) };
      // The key is the request's own (the list, the fields, the file; the quote aside, as the CLI's import keys a chunk): the same import
      // sent again, by this server, the next one or another at once, is answered by the service from the first (24 hours), paid once.
      const idempotency_key = `mcp-${createHash('sha256').update(canonical({ list_id, fields })).update('\n').update(bytes).digest('hex').slice(0, 32)}`;
      // Sent through the paid path with the call's journal: the resource function sends an import with an idempotency key as any request.
      const send = (quoteId: string | undefined, journal?: PaidCallJournal) => {
        const sent: Args = { ...body, idempotency_key, ...(quoteId ? { quote_id: quoteId } : {}) };
        return sendPaid<CsvImportResponse>(env.client, { ...requestOf(API.lists.importCsv, { params: { list_id } }), body: sent }, null, undefined, { journal });
      };
      const enrichment_type = fields.enrichment_type as EnrichmentType;
      const rows = countCsvRecords(bytes.toString('utf8'));
      return { estimate: estimateBodyFor({ tool: 'bulk_import_csv', body: { enrichment_type }, rows }), fingerprint, send };
    },
  },
];
