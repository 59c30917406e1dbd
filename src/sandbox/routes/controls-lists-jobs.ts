import type { RouteDef } from '../router.js';
import type { RequestContext } from '../context.js';
import { parseBody } from '../engine/validation.js';
import { csvImportArea } from '../engine/csv-import-records.js';
import { CONTROL } from '../control-endpoints.js';
import { ImportsBody } from '../control-bodies.js';

/**
 * Test controls of CSV imports: `enabled` false switches imports off for maintenance (503
 * not_enabled), `processing_ms` keeps a list busy that long after each import (409 conflict
 * meanwhile). A reset restores both (on, 0).
 */

function setImports(ctx: RequestContext) {
  const b = parseBody(ImportsBody, ctx.body);
  const settings = csvImportArea(ctx.store).settings;
  if (b.enabled !== undefined) settings.enabled = b.enabled;
  if (b.processing_ms !== undefined) settings.processing_ms = b.processing_ms;
  return { ...settings };
}

export const listJobControlRoutes: RouteDef[] = [
  { endpoint: CONTROL.imports.get, handler: (ctx) => ({ ...csvImportArea(ctx.store).settings }) },
  { endpoint: CONTROL.imports.set, handler: setImports },
];
