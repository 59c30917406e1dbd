import { CSV_IMPORT_LIMITS, type CsvImportResponse } from '../../api/schemas/lists.js';
import { ENRICHMENT_TYPE_PRICES, type EnrichmentType } from '../../api/schemas/values/credits.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import { reply, type RequestContext } from '../context.js';
import { requireScope } from '../engine/auth.js';
import { entryBody } from '../engine/validation.js';
import { addMembers, checkLeadCap, insertLead, leadEditableList, type ListRecord, type NewLead } from '../engine/lists.js';
import { csvTooLarge, decodeCsvContent, mapColumns, parseCsv, planImport, skipSummary, listTakenKeys } from '../engine/csv-import.js';
import { checkNotProcessing, importRequestHash, recordImport, replayOf, requireImportsEnabled } from '../engine/csv-import-records.js';
import { bulkWorkflowId, runPaid, startCallerRun, statusUrl } from '../engine/enrichment-paid.js';

/**
 * POST /lead-lists/{list_id}/csv-import: the rows of a CSV become lead records of the
 * organization and members of the list (free). With dispatch_enrichment (the default) the
 * imported rows are enriched by a run billed per lead: its quote (optional, tool
 * bulk_import_csv) is checked and its credits reserved before any row is imported, so a
 * refused import imports nothing.
 */

const NOTHING_TO_ENRICH = 'No row was imported, so no enrichment was dispatched and nothing was reserved.';

type Imported = Pick<CsvImportResponse, 'workflow_id' | 'enrichment_status_url'>;

/** Makes the planned leads records of the organization and members of the list. */
function importLeads(ctx: RequestContext, list: ListRecord, leads: readonly NewLead[]) {
  const org = ctx.caller.organization;
  const records = leads.map((l) => insertLead(ctx.store, ctx.clock, org.id, l));
  addMembers(
    ctx.store,
    org,
    list,
    records.map((l) => l.lead_id),
  );
  return records;
}

/** Imports and dispatches the enrichment of the imported rows, paid per lead. */
function importAndEnrich(
  ctx: RequestContext,
  list: ListRecord,
  leads: readonly NewLead[],
  type: EnrichmentType,
  quoteId: string | undefined,
): Imported {
  const rows = leads.length;
  return runPaid(ctx, {
    run: { tool: 'bulk_import_csv', body: { enrichment_type: type }, rows },
    quoteId,
    rows,
    cost: rows * ENRICHMENT_TYPE_PRICES[type],
    redeemedStatus: 409,
    start: (reserved) => {
      const records = importLeads(ctx, list, leads);
      const wf = startCallerRun(ctx, reserved, {
        workflow_id: bulkWorkflowId(ctx.store),
        kind: 'csv_import',
        enrichment_type: type,
        lead_list_id: list.list_id,
        leads: records.map((lead) => ({ lead })),
      });
      return {
        redeemed: { workflow_id: wf.workflow_id, list_id: list.list_id },
        answer: { workflow_id: wf.workflow_id, enrichment_status_url: statusUrl(ctx, wf.workflow_id) },
      };
    },
  });
}

function importCsv(ctx: RequestContext) {
  requireImportsEnabled(ctx.store);
  const body = entryBody(API.lists.importCsv, ctx.body);
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
  const enrich = dispatch && plan.leads.length > 0;
  let imported: Imported = { workflow_id: null, enrichment_status_url: null };
  if (enrich) imported = importAndEnrich(ctx, list, plan.leads, body.enrichment_type!, body.quote_id);
  else importLeads(ctx, list, plan.leads);

  const response: CsvImportResponse = {
    list_id: list.list_id,
    rows_parsed: csv.records.length,
    rows_imported: plan.leads.length,
    rows_skipped: plan.skipped.length,
    ...skipSummary(plan.skipped),
    ...imported,
    idempotency_replayed: false,
    ...(dispatch && !enrich ? { message: NOTHING_TO_ENRICH } : {}),
  };
  recordImport(ctx.store, { organizationId: org.id, listId: list.list_id, idempotencyKey: key, requestHash, response, nowMs: now });
  return reply(response, 201);
}

export const csvImportRoutes: RouteDef[] = [{ endpoint: API.lists.importCsv, handler: importCsv }];
