import type { SequencerCampaigns, DestinationConnections, SyncPreview, SyncResult } from '../../api/schemas/sync.js';
import type { PaidRun } from '../../api/quote-shape.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import type { RequestContext } from '../context.js';
import { entryBody } from '../engine/validation.js';
import { publicError } from '../engine/errors.js';
import { requireFeature } from '../engine/features.js';
import { runPaid } from '../engine/enrichment-paid.js';
import { connectionsOf, requireConnected } from '../engine/connections.js';
import { campaignsOf } from '../engine/sync-campaigns.js';
import { destinationKey, heldBy, planSync, previewOf, pushSync, type SyncPlan } from '../engine/sync.js';

/**
 * Sync (POST /migrate/crm, /migrate/sequencer; scope sync:write; 0.2 credit per lead) and its
 * free helper routes, which partner-license-only workspaces cannot use (403 feature_gated):
 * POST /migrate/preview and GET /migrate/sequencer/campaigns (sync:write: they are the first
 * steps of a sync), GET /migrate/crm/connections (crm:read: it reads the workspace's CRM setup).
 */

function approvalRequired(p: SyncPlan, approved: boolean | undefined) {
  return publicError(400, {
    code: 'approval_required',
    problem: 'The sync was not approved: send approved true',
    cause: `A sync pushes leads to ${p.target.provider} and charges ${p.cost} credits for the ${p.leads.length} leads of list "${p.list.name}"; it runs only with approved: true${approved === false ? '' : ' (approved defaults to false)'}.`,
    fix: 'Review it with POST /migrate/preview, then send the same request with approved: true and its quote_id.',
    retryable: false,
    details: { approved: approved ?? false },
  });
}

/**
 * The sync itself: checked and planned, approved, its quote checked and the cost reserved,
 * then pushed inside the call. A whole-push failure (502) refunds the reservation and leaves
 * the quote unused: nothing was pushed or charged, so the same request may be sent again.
 */
function sync(ctx: RequestContext, run: Extract<PaidRun, { tool: 'sync_to_crm' | 'sync_to_sequencer' }>): SyncResult {
  const plan = planSync(ctx, run.body);
  if (run.body.approved !== true) throw approvalRequired(plan, run.body.approved);
  return runPaid(ctx, {
    run,
    required: true,
    rows: plan.leads.length,
    cost: plan.cost,
    redeemedStatus: 409,
    start: (reserved, quote) => {
      const result = pushSync(ctx, plan, reserved, quote.payload?.c ?? reserved);
      return { redeemed: { workflow_id: result.workflow_id, list_id: plan.list.list_id }, answer: result };
    },
  });
}

function requireSyncHelpers(ctx: RequestContext, label: string): void {
  requireFeature(ctx.caller.organization, 'sync_helpers', {
    label,
    problem: `${label} is not available to this workspace`,
    fix: 'Sync without it: POST /migrate/crm or /migrate/sequencer with a quote from POST /credits/estimate still work.',
  });
}

function preview(ctx: RequestContext): SyncPreview {
  requireSyncHelpers(ctx, 'Sync preview');
  return previewOf(ctx, planSync(ctx, entryBody(API.sync.preview, ctx.body)));
}

function campaigns(ctx: RequestContext): SequencerCampaigns {
  requireSyncHelpers(ctx, 'The campaign list');
  const org = ctx.caller.organization;
  requireConnected(org, 'sequencer_one');
  const held = (campaign_id: string) =>
    Object.keys(heldBy(ctx.store, org.id, destinationKey({ provider: 'sequencer_one', sub_action: null, campaign_id }))).length;
  const list = campaignsOf(ctx.store, org.id, held);
  return {
    campaigns: list,
    total: list.length,
    agent_instructions: 'Send a campaign_id with POST /migrate/sequencer to push a list into that campaign.',
    timestamp_ms: ctx.clock.now(),
  };
}

function connections(ctx: RequestContext): DestinationConnections {
  requireSyncHelpers(ctx, 'The connection list');
  return { connections: connectionsOf(ctx.caller.organization), timestamp_ms: ctx.clock.now() };
}

export const migrateRoutes: RouteDef[] = [
  { endpoint: API.sync.crm, handler: (ctx) => sync(ctx, { tool: 'sync_to_crm', body: entryBody(API.sync.crm, ctx.body) }) },
  {
    endpoint: API.sync.sequencer,
    handler: (ctx) => sync(ctx, { tool: 'sync_to_sequencer', body: entryBody(API.sync.sequencer, ctx.body) }),
  },
  { endpoint: API.sync.preview, handler: preview },
  { endpoint: API.sync.campaigns, handler: campaigns },
  { endpoint: API.sync.connections, handler: connections },
];
