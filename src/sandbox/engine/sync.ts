import {
  CRM_SUB_ACTIONS,
  SYNC_PREVIEW_LIMITS,
  SYNC_WORKFLOW_PREFIX,
  isCrmProvider,
  syncCost,
  type Destination,
  type SyncFailReason,
  type SyncSkipReason,
} from '../../api/schemas/values/sync.js';
import type { FieldMapping, SyncPreview, SyncResult } from '../../api/schemas/sync.js';
import type { RequestContext } from '../context.js';
import type { Store } from '../store.js';
import { fnv1a } from '../data/prng.js';
import { publicError, type SandboxError } from './errors.js';
import { badField } from './validation.js';
import { leadOf, visibleList, type LeadRecord, type ListRecord } from './lists.js';
import { requireConnected } from './connections.js';
import { campaignOf } from './sync-campaigns.js';
import { mappingFor, recordOf, requiredColumn, lastNameOf, type SyncTarget } from './sync-mapping.js';

/**
 * Sync of a list to a CRM or a sequencer campaign. A sync is planned (every lead of the list
 * gets its fate: pushed, skipped for lacking what the destination needs, or refused by the
 * destination) and the plan is either shown (POST /migrate/preview) or pushed inside the
 * call (POST /migrate/crm, /migrate/sequencer). What was pushed is held per destination in
 * the store, so a sandbox user can see what a CRM or campaign now contains.
 */

/** A sync request as both routes and the preview receive it. */
export interface SyncRequest {
  provider: Destination;
  list_id: string;
  sub_action?: string | undefined;
  campaign_id?: string | undefined;
  field_mapping?: FieldMapping | undefined;
}

export type LeadFate =
  { outcome: 'pushed'; reason: null } | { outcome: 'skipped'; reason: SyncSkipReason } | { outcome: 'failed'; reason: SyncFailReason };

export interface PlannedLead {
  lead: LeadRecord;
  fate: LeadFate;
  /** The record the destination receives (mapped properties with a value). */
  record: Record<string, string>;
}

export interface SyncPlan {
  target: SyncTarget;
  list: ListRecord;
  mapping: FieldMapping;
  mappingSource: 'default' | 'custom';
  leads: PlannedLead[];
  counts: { successful: number; skipped: number; failed: number };
  cost: number;
}

/** A record held by a destination, by lead. */
export interface HeldRecord {
  lead_id: string;
  properties: Record<string, string>;
  list_id: string;
  workflow_id: string;
  pushed_at: string;
}

interface SyncArea {
  /** Organization -> destination key (provider/sub_action or sequencer_one/campaign) -> lead id -> record. */
  held: Record<string, Record<string, Record<string, HeldRecord>>>;
  /** Results of the syncs run, by workflow id. */
  syncs: Record<string, SyncResult & { organization_id: string; created_at: string }>;
  /** Failures queued by the control: the next matching pushes fail. */
  failures: Array<{ organization_id: string; provider: Destination | null; outcome: PushFailure }>;
}

/**
 * How a queued failure ends a push: whole_push, a 502 internal_error (nothing pushed, the
 * reservation refunded); status_failed, a sync result with status failed (the destination
 * took the batch and refused every lead it was sent; charged in full, as the spec charges
 * refused leads).
 */
export const PUSH_FAILURES = ['whole_push', 'status_failed'] as const;
export type PushFailure = (typeof PUSH_FAILURES)[number];

export const syncArea = (store: Store): SyncArea => store.area<SyncArea>('sync', () => ({ held: {}, syncs: {}, failures: [] }));

/** Queues `count` refusals of an organization's next pushes (to `provider`, or to any when null). */
export function queueSyncFailures(store: Store, failure: SyncArea['failures'][number], count: number): void {
  const q = syncArea(store).failures;
  for (let i = 0; i < count; i++) q.push({ ...failure });
}

export const destinationKey = (t: SyncTarget): string => `${t.provider}/${t.sub_action ?? t.campaign_id}`;

/** What the organization's destination holds (empty when nothing was pushed). */
export function heldBy(store: Store, organizationId: string, key: string): Record<string, HeldRecord> {
  return syncArea(store).held[organizationId]?.[key] ?? {};
}

// Checks.

function subActionOf(provider: Destination, v: string | undefined): string | null {
  if (!isCrmProvider(provider)) return null;
  const allowed = CRM_SUB_ACTIONS[provider];
  if (v === undefined) return allowed[0]!;
  if (allowed.includes(v)) return v;
  throw badField(
    'sub_action',
    `sub_action for ${provider} must be ${allowed.join(' or ')} (default ${allowed[0]}); got ${JSON.stringify(v)}`,
  );
}

/** Where the request syncs to: the destination connected, the sub_action valid, the campaign known. */
function targetOf(ctx: RequestContext, r: SyncRequest): SyncTarget {
  const sub_action = subActionOf(r.provider, r.sub_action);
  requireConnected(ctx.caller.organization, r.provider);
  const campaign_id = isCrmProvider(r.provider) ? null : campaignOf(ctx.store, ctx.caller.organization.id, r.campaign_id ?? '').campaign_id;
  return { provider: r.provider, sub_action, campaign_id };
}

// The fate of a lead.

/** Share of leads, in thousandths, a destination refuses (deterministically, by lead). */
const REFUSED_PER_MILLE = 30;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function fateOf(provider: Destination, lead: LeadRecord): LeadFate {
  const needsEmail = requiredColumn(provider) === 'email';
  if (needsEmail && !lead.email) return { outcome: 'skipped', reason: 'missing_email' };
  if (!needsEmail && !lastNameOf(lead)) return { outcome: 'skipped', reason: 'missing_last_name' };
  if (needsEmail && !EMAIL.test(lead.email!)) return { outcome: 'failed', reason: 'invalid_email' };
  // The same lead is always refused the same way by the same destination.
  const h = fnv1a(`sync\u0000${provider}\u0000${lead.lead_id}`);
  if (h % 1000 >= REFUSED_PER_MILLE) return { outcome: 'pushed', reason: null };
  return { outcome: 'failed', reason: needsEmail && (h >>> 10) % 2 === 0 ? 'invalid_email' : 'duplicate_rejected' };
}

/** Plans a sync of the caller's list (400 and 404 errors for anything that stops it; nothing changes). */
export function planSync(ctx: RequestContext, r: SyncRequest): SyncPlan {
  const target = targetOf(ctx, r);
  const list = visibleList(ctx.store, ctx.caller, r.list_id);
  const { mapping, source } = mappingFor(target, list, r.field_mapping);
  if (list.lead_ids.length === 0) throw badField('list_id', `List "${list.name}" is empty: there is nothing to sync`);
  const orgId = ctx.caller.organization.id;
  const leads = list.lead_ids.flatMap((id) => {
    const lead = leadOf(ctx.store, orgId, id);
    return lead ? [{ lead, fate: fateOf(target.provider, lead), record: recordOf(target, list, lead, mapping) }] : [];
  });
  const count = (o: LeadFate['outcome']) => leads.filter((l) => l.fate.outcome === o).length;
  return {
    target,
    list,
    mapping,
    mappingSource: source,
    leads,
    counts: { successful: count('pushed'), skipped: count('skipped'), failed: count('failed') },
    cost: syncCost(leads.length),
  };
}

// Preview.

const where = (t: SyncTarget) => (t.campaign_id ? `campaign ${t.campaign_id} of ${t.provider}` : `${t.provider} ${t.sub_action}`);

export function previewOf(ctx: RequestContext, p: SyncPlan): SyncPreview {
  const skipped = p.leads.filter((l) => l.fate.outcome === 'skipped');
  const shown = skipped.slice(0, SYNC_PREVIEW_LIMITS.skippedShown);
  const needed = requiredColumn(p.target.provider) === 'email' ? 'an email' : 'a last name (or a full name to take it from)';
  return {
    provider: p.target.provider,
    list_id: p.list.list_id,
    sub_action: p.target.sub_action,
    campaign_id: p.target.campaign_id,
    field_mapping: p.mapping,
    mapping_source: p.mappingSource,
    total_leads: p.leads.length,
    would_sync: p.counts.successful,
    would_skip: p.counts.skipped,
    would_fail: p.counts.failed,
    estimated_cost: p.cost,
    skipped_leads: shown.map((l) => ({ lead_id: l.lead.lead_id, full_name: l.lead.full_name, reason: l.fate.reason as SyncSkipReason })),
    sample_records: p.leads
      .filter((l) => l.fate.outcome === 'pushed')
      .slice(0, SYNC_PREVIEW_LIMITS.samples)
      .map((l) => ({ lead_id: l.lead.lead_id, properties: l.record })),
    agent_instructions:
      `Syncing list "${p.list.name}" to ${where(p.target)} would push ${p.counts.successful} of ${p.leads.length} leads ` +
      `(${p.counts.skipped} skipped for lacking ${needed}, ${p.counts.failed} refused by the destination) and cost ${p.cost} credits, skipped and refused leads included. ` +
      (skipped.length > shown.length ? `skipped_leads lists the first ${shown.length} of ${skipped.length}. ` : '') +
      'Nothing was pushed or charged.',
    timestamp_ms: ctx.clock.now(),
  };
}

// Push.

/** Takes the next queued failure for this push, if any. */
function takeFailure(store: Store, organizationId: string, provider: Destination): PushFailure | null {
  const q = syncArea(store).failures;
  const i = q.findIndex((f) => f.organization_id === organizationId && (f.provider === null || f.provider === provider));
  if (i < 0) return null;
  return q.splice(i, 1)[0]!.outcome;
}

/** 502 internal_error: the destination took nothing, the reservation is refunded (by the caller), the quote stays unused. */
function wholePushFailed(p: SyncPlan, refunded: number, workflowId: string): SandboxError {
  return publicError(502, {
    code: 'internal_error',
    problem: `The push to ${where(p.target)} failed as a whole: nothing was pushed`,
    cause: `${p.target.provider} did not accept the batch. None of the ${p.leads.length} leads of list "${p.list.name}" were pushed, and the ${refunded} credits reserved were refunded.`,
    fix: 'Send the same request again later; its quote was not used and works until it expires (or get a new quote).',
    retryable: true,
    details: { workflow_id: workflowId, provider: p.target.provider, list_id: p.list.list_id, pushed: 0, credits_refunded: refunded },
  });
}

const syncWorkflowId = (store: Store): string => `${SYNC_WORKFLOW_PREFIX}${store.nextUuid('sync')}`;

/**
 * Pushes a planned sync with `charged` credits reserved: the records go to the destination
 * and the result is kept. A queued failure either throws the 502 instead, pushing nothing, or
 * ends the push failed: nothing held, every lead sent counted as refused, charged in full.
 */
export function pushSync(ctx: RequestContext, p: SyncPlan, charged: number, estimatedCost: number): SyncResult {
  const orgId = ctx.caller.organization.id;
  const workflow_id = syncWorkflowId(ctx.store);
  const failure = takeFailure(ctx.store, orgId, p.target.provider);
  if (failure === 'whole_push') throw wholePushFailed(p, charged, workflow_id);
  const failed = failure === 'status_failed';
  const area = syncArea(ctx.store);
  const now = ctx.clock.iso();
  if (!failed) {
    const held = ((area.held[orgId] ??= {})[destinationKey(p.target)] ??= {});
    for (const l of p.leads)
      if (l.fate.outcome === 'pushed')
        held[l.lead.lead_id] = { lead_id: l.lead.lead_id, properties: l.record, list_id: p.list.list_id, workflow_id, pushed_at: now };
  }
  const { skipped } = p.counts;
  const balance = ctx.caller.organization.credits;
  const result: SyncResult = {
    workflow_id,
    status: failed ? 'failed' : 'completed',
    provider: p.target.provider,
    list_id: p.list.list_id,
    total_leads: p.leads.length,
    ...(failed ? { successful: 0, skipped, failed: p.leads.length - skipped } : p.counts),
    estimated_cost: estimatedCost,
    credits_charged: charged,
    sub_action: p.target.sub_action,
    campaign_id: p.target.campaign_id,
    agent_instructions: failed ? failedHint(p, charged, balance) : resultHint(p, charged, balance),
    timestamp_ms: ctx.clock.now(),
  };
  area.syncs[workflow_id] = { ...result, organization_id: orgId, created_at: now };
  return result;
}

function failedHint(p: SyncPlan, charged: number, balance: number): string {
  const { skipped } = p.counts;
  return (
    `The sync to ${where(p.target)} failed: the destination refused all ${p.leads.length - skipped} leads it was sent` +
    `${skipped ? ` (${skipped} more skipped)` : ''}; nothing was pushed. ` +
    `${charged} credits charged, refused leads included; ${balance} remaining. ` +
    `Check the ${p.target.provider} connection and what it already holds before syncing again with a new quote.`
  );
}

function resultHint(p: SyncPlan, charged: number, balance: number): string {
  const reasons = (o: 'skipped' | 'failed') => {
    const by = new Map<string, number>();
    for (const l of p.leads) if (l.fate.outcome === o) by.set(l.fate.reason, (by.get(l.fate.reason) ?? 0) + 1);
    return by.size ? ` (${[...by].map(([r, n]) => `${n} ${r}`).join(', ')})` : '';
  };
  const { successful, skipped, failed } = p.counts;
  return (
    `Pushed ${successful} of ${p.leads.length} leads to ${where(p.target)}; ${skipped} skipped${reasons('skipped')}, ${failed} refused by the destination${reasons('failed')}. ` +
    `${charged} credits charged, skipped and refused leads included; ${balance} remaining.` +
    (skipped ? ' POST /migrate/preview lists the skipped leads.' : '')
  );
}
