import { CSV_IMPORT_LIMITS, CsvImportBody, type CsvImportResponse } from '../../api/schemas/lists.js';
import type { RouteDef } from '../router.js';
import { reply, type RequestContext } from '../context.js';
import { requireScope } from '../engine/auth.js';
import { parseBody } from '../engine/validation.js';
import { addMembers, checkLeadCap, insertLead, leadEditableList } from '../engine/lists.js';
import { csvTooLarge, decodeCsvContent, mapColumns, parseCsv, planImport, skipSummary, listTakenKeys } from '../engine/csv-import.js';
import { checkNotProcessing, importRequestHash, recordImport, replayOf, requireImportsEnabled } from '../engine/csv-import-records.js';

/**
 * POST /lead-lists/{list_id}/csv-import: the rows of a CSV become lead records of the
 * organization and members of the list (free). Enrichment of the imported rows is not
 * dispatched: the response says so in `message` and has no workflow.
 */

const NOT_DISPATCHED =
  'Enrichment was not dispatched with this import; the rows were imported without it. ' +
  'Enrich the list when ready with POST /enrichment/bulk (quote it first with POST /credits/estimate, tool enrich_list).';

function importCsv(ctx: RequestContext) {
  requireImportsEnabled(ctx.store);
  const body = parseBody(CsvImportBody, ctx.body);
  const dispatch = body.dispatch_enrichment !== false;
  if (dispatch) requireScope(ctx.caller, 'enrich:write');
  const org = ctx.caller.organization;
  const list = leadEditableList(ctx.store, ctx.caller, ctx.params.list_id ?? '');
  const now = ctx.clock.now();
  checkNotProcessing(ctx.store, list.list_id, now);
  const requestHash = importRequestHash(list.list_id, body);
  const key = body.idempotency_key;
  const replayed = key === undefined ? undefined : replayOf(ctx.store, org.id, key, requestHash, now);
  if (replayed) return reply(replayed, 201);

  const bytes = decodeCsvContent(body.csv_content_base64);
  if (bytes.length > CSV_IMPORT_LIMITS.maxBytes) throw csvTooLarge(bytes.length, null);
  const csv = parseCsv(bytes);
  if (csv.records.length > CSV_IMPORT_LIMITS.maxRows) throw csvTooLarge(bytes.length, csv.records.length);
  const columns = mapColumns(csv.headers, body.column_mapping);
  const plan = planImport(csv, columns, listTakenKeys(ctx.store, org.id, list), ctx.services.dataset);
  checkLeadCap(ctx.store, org, list, plan.leads.length);
  const ids = plan.leads.map((l) => insertLead(ctx.store, ctx.clock, org.id, l).lead_id);
  addMembers(ctx.store, org, list, ids);

  const response: CsvImportResponse = {
    list_id: list.list_id,
    rows_parsed: csv.records.length,
    rows_imported: ids.length,
    rows_skipped: plan.skipped.length,
    ...skipSummary(plan.skipped),
    workflow_id: null,
    enrichment_status_url: null,
    idempotency_replayed: false,
    ...(dispatch ? { message: NOT_DISPATCHED } : {}),
  };
  recordImport(ctx.store, { organizationId: org.id, listId: list.list_id, idempotencyKey: key, requestHash, response, nowMs: now });
  return reply(response, 201);
}

export const csvImportRoutes: RouteDef[] = [
  { method: 'POST', path: '/lead-lists/:list_id/csv-import', kind: 'v2', scope: 'lists:write', handler: importCsv },
];
