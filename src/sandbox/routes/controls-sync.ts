import type { RouteDef } from '../router.js';
import type { RequestContext } from '../context.js';
import { parseBody } from '../engine/validation.js';
import { destinationOf } from '../engine/connections.js';
import { queueSyncFailures, syncArea } from '../engine/sync.js';
import { orgOf } from './controls.js';
import { CONTROL } from '../control-endpoints.js';
import { SyncFailuresBody } from '../control-bodies.js';

/**
 * Test controls of syncs: queue failures (the next matching pushes answer 502, push nothing
 * and refund; or, with outcome status_failed, answer a result with status failed, charged in
 * full), and read what each destination of an organization now holds.
 */

function queueFailures(ctx: RequestContext) {
  const b = parseBody(SyncFailuresBody, ctx.body);
  const org = orgOf(ctx, b.organization_id);
  const provider = b.provider === undefined ? null : destinationOf(b.provider);
  queueSyncFailures(ctx.store, { organization_id: org.id, provider, outcome: b.outcome ?? 'whole_push' }, b.count ?? 1);
  return { failures: syncArea(ctx.store).failures.filter((f) => f.organization_id === org.id) };
}

/** Destination (crm_one/contacts, sequencer_one/<campaign_id> ...) -> the records it holds; and the syncs run. */
function destinations(ctx: RequestContext) {
  const org = orgOf(ctx, ctx.query.get('organization_id') ?? undefined);
  const area = syncArea(ctx.store);
  const held = Object.fromEntries(Object.entries(area.held[org.id] ?? {}).map(([key, byLead]) => [key, Object.values(byLead)]));
  const syncs = Object.values(area.syncs).filter((s) => s.organization_id === org.id);
  return { organization_id: org.id, destinations: held, syncs };
}

export const syncControlRoutes: RouteDef[] = [
  { endpoint: CONTROL.sync.failures, handler: queueFailures },
  { endpoint: CONTROL.sync.destinations, handler: destinations },
];
