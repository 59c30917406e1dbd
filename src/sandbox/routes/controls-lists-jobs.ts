import * as z from 'zod/mini';
import type { RouteDef } from '../router.js';
import type { RequestContext } from '../context.js';
import { parseBody } from '../engine/validation.js';
import { csvImportArea } from '../engine/csv-import-records.js';

/**
 * Test controls of CSV imports: `enabled` false switches imports off for maintenance (503
 * not_enabled), `processing_ms` keeps a list busy that long after each import (409 conflict
 * meanwhile). A reset restores both (on, 0).
 */
const ImportsBody = z
  .object({ enabled: z.optional(z.boolean()), processing_ms: z.optional(z.int().check(z.minimum(0))) })
  .check(z.refine((b) => b.enabled !== undefined || b.processing_ms !== undefined, { message: 'send enabled or processing_ms' }));

function setImports(ctx: RequestContext) {
  const b = parseBody(ImportsBody, ctx.body);
  const settings = csvImportArea(ctx.store).settings;
  if (b.enabled !== undefined) settings.enabled = b.enabled;
  if (b.processing_ms !== undefined) settings.processing_ms = b.processing_ms;
  return { ...settings };
}

export const listJobControlRoutes: RouteDef[] = [
  { method: 'GET', path: '/imports', kind: 'control', scope: null, handler: (ctx) => ({ ...csvImportArea(ctx.store).settings }) },
  { method: 'POST', path: '/imports', kind: 'control', scope: null, handler: setImports },
];
