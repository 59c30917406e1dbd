import * as z from 'zod/mini';
import { EXPORT_LIMITS, ExportColumns, chosenColumns, type JsonExportPage } from '../../api/schemas/export.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import { reply, type RequestContext } from '../context.js';
import { notFound, publicError } from '../engine/errors.js';
import { parseBody, queryError, queryInt, queryIssuesError, toValidationIssues, entryBody } from '../engine/validation.js';
import { cursorBinding, pageWindow } from '../engine/cursors.js';
import { listById, visibleList } from '../engine/lists.js';
import { createSignedCsv, downloadFileName, exportColumns, exportRows, signedFile } from '../engine/export.js';
import { exportFilesState, setExportFileCaps } from '../engine/export-files.js';
import { generateLeads } from '../engine/synthetic-leads.js';
import { CONTROL } from '../control-endpoints.js';
import { ExportCapsBody, GenerateLeadsBody } from '../control-bodies.js';

/**
 * Export (free, scope export:read): a signed link to a CSV snapshot of the list, served at
 * the sandbox's root without credentials, and paged JSON. A build or upload failure (502
 * internal_error) is what a fault rule gives: POST /__sandbox/faults {rules: [{path:
 * "/export/", kind: "status", status: 502, code: "internal_error"}]}.
 */

const JSON_ENDPOINT = 'GET /export/json';

function signedUrl(ctx: RequestContext) {
  const body = entryBody(API.exports.csvLink, ctx.body);
  const list = visibleList(ctx.store, ctx.caller, body.list_id);
  return createSignedCsv(ctx.services, list, exportColumns(list, body.columns, body.include_smart_agents ?? true));
}

const ColumnsQuery = z.object({ columns: ExportColumns });

/** The columns query parameter (repeated, one per column): the defaults when absent. */
function queryColumns(query: URLSearchParams): string[] {
  const given = query.getAll('columns');
  if (given.length === 0) return chosenColumns(undefined);
  const r = ColumnsQuery.safeParse({ columns: given });
  if (!r.success) throw queryIssuesError(toValidationIssues(r.error.issues, 'query'));
  return r.data.columns;
}

function jsonPage(ctx: RequestContext): JsonExportPage {
  const listId = ctx.query.get('list_id');
  if (!listId) throw queryError('list_id', 'missing', 'Field required');
  const limit = queryInt(ctx.query, 'limit', EXPORT_LIMITS.jsonPage);
  const columns = queryColumns(ctx.query);
  const list = visibleList(ctx.store, ctx.caller, listId);
  const binding = cursorBinding(JSON_ENDPOINT, { list_id: list.list_id, columns });
  const w = pageWindow(
    ctx.store.state.jwt_secret,
    { cursor: ctx.query.get('cursor') ?? undefined, binding, pageSize: limit },
    list.lead_ids.length,
  );
  return {
    list_id: list.list_id,
    leads: exportRows(ctx.store, list, columns, w.offset, w.end),
    total: list.lead_ids.length,
    cursor: w.cursor,
  };
}

/** GET of a signed link: no credentials (a request that brings an Authorization header is refused, as a storage service does). */
function download(ctx: RequestContext) {
  if (ctx.headers.authorization !== undefined)
    throw publicError(400, {
      code: 'validation_error',
      problem: 'A signed download link takes no Authorization header',
      cause: 'The link carries its own signature; credentials sent with it would go to whoever holds the link.',
      fix: 'Download the URL as it is, without an Authorization header.',
      retryable: false,
    });
  const file = signedFile(ctx.services, ctx.params.file ?? '', ctx.query);
  return reply(Buffer.from(file.csv), 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${downloadFileName(file)}"`,
    'cache-control': 'private, no-store',
  });
}

/** Control: appends N synthetic leads to any list (no caps); see engine/synthetic-leads.ts. */
function generate(ctx: RequestContext) {
  const b = parseBody(GenerateLeadsBody, ctx.body);
  const id = ctx.params.list_id ?? '';
  const list = listById(ctx.store, id);
  if (!list) throw notFound(`Unknown list ${id}`);
  const started = performance.now();
  const r = generateLeads(ctx.store, ctx.clock, ctx.services.dataset, list, b);
  return { list_id: list.list_id, ...r, lead_count: list.lead_ids.length, took_ms: Math.round(performance.now() - started) };
}

/** Control: the caps on the CSV files kept for signed links (a reset restores the defaults); see engine/export-files.ts. */
function setCaps(ctx: RequestContext) {
  const b = parseBody(ExportCapsBody, ctx.body);
  return setExportFileCaps(ctx.store, {
    ...(b.max_files !== undefined && { max_files: b.max_files }),
    ...(b.max_bytes !== undefined && { max_bytes: b.max_bytes }),
  });
}

export const exportRoutes: RouteDef[] = [
  { endpoint: API.exports.csvLink, handler: signedUrl },
  { endpoint: API.exports.json, handler: jsonPage },
  { endpoint: API.exports.download, handler: download },
  { endpoint: CONTROL.lists.generate, handler: generate },
  { endpoint: CONTROL.exports.get, handler: (ctx) => exportFilesState(ctx.store) },
  { endpoint: CONTROL.exports.set, handler: setCaps },
];
