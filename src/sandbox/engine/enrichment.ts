import {
  ENRICHMENT_TYPE_WANTS,
  PERSON_DATA_POINT_PRICES,
  type EnrichmentType,
  type RefundStatus,
} from '../../api/schemas/values/credits.js';
import type { EmailStatus, EnrichmentStatus, EnrichmentTerminalStatus } from '../../api/schemas/values/enrichment.js';
import type { EnrichmentStatusResponse } from '../../api/schemas/enrichment.js';
import type { SandboxServices } from '../context.js';
import { own, type OrganizationRecord, type Store } from '../store.js';
import { publicError, type SandboxError } from './errors.js';
import { refundCredits } from './ledger.js';
import { leadOf, listsArea, type LeadRecord } from './lists.js';
import { forgetListKeys } from './csv-import.js';
import { lookupPerson, type HitRates } from './waterfall.js';
import { rowSucceeded, rowsFor } from './enrichment-outcomes.js';
import { resolveCohort } from './cohorts.js';
import { COHORT_PREFIX } from '../../api/schemas/values/search.js';

/**
 * Enrichment workflows on the sandbox clock. A run is planned when it starts: the waterfall
 * decides, row by row, what will be found (so the outcome is fixed and known), and the
 * credits for the whole run are already reserved by the route. It is pending for
 * pace.pending_ms, then processes its rows evenly until its end time; rows processed so far
 * are charged (pay-for-results: a row that finds nothing costs 0), never more than was
 * reserved. At the end the found data is written to the leads and the unused reservation is
 * refunded. settleDue ends every run that is due; the server calls it before each request
 * and on a timer, so leads fill in and webhooks go out without anyone polling.
 */

export type WorkflowKind = 'person' | 'bulk' | 'by_task' | 'csv_import' | 'legacy';

/** What happened to one row: found something, found nothing (missed), or could not finish. */
export type RowOutcome = 'found' | 'missed' | 'error' | 'throttled';

export interface RowPlan {
  /** The workspace lead the row enriches. */
  lead_id: string;
  /** The entity as the request named it (a cohort's entity id, a v1 task id). */
  entity_id: string | null;
  outcome: RowOutcome;
  email: string | null;
  email_status: EmailStatus | null;
  phone: string | null;
  provider: string | null;
  linkedin_url: string | null;
  /** Credits the row charges once processed. */
  cost: number;
  error: string | null;
}

export interface WorkflowEnd {
  status: EnrichmentTerminalStatus;
  processed: number;
  completed: number;
  failed: number;
  credits_charged: number;
  credits_refunded: number;
  refund_status: RefundStatus;
  ended_at_ms: number;
}

export interface EnrichmentWorkflow {
  workflow_id: string;
  kind: WorkflowKind;
  organization_id: string;
  user_id: string;
  enrichment_type: EnrichmentType;
  wants: { email: boolean; phone: boolean };
  lead_list_id: string;
  /** The cohort handle of a by-task run. */
  task_id: string | null;
  rows: RowPlan[];
  credits_reserved: number;
  started_at_ms: number;
  pending_ms: number;
  run_ms: number;
  /** A terminal state a test control asked for, taken at the end time instead of the natural one. */
  forced: EnrichmentTerminalStatus | null;
  end: WorkflowEnd | null;
  /** Extra data of the kind that started it (v1 webhook, by-task company results ...). */
  extra: Record<string, unknown>;
}

export interface EnrichmentPace {
  pending_ms: number;
  min_run_ms: number;
  row_ms: number;
}

export const DEFAULT_PACE: EnrichmentPace = { pending_ms: 200, min_run_ms: 800, row_ms: 1 };

export interface EnrichmentSettings {
  hit_rates: HitRates;
  pace: EnrichmentPace;
  /** Terminal states the next runs will end in (first first), optionally for some kinds only. */
  next_outcomes: Array<{ status: EnrichmentTerminalStatus; kinds: WorkflowKind[] | null }>;
}

interface EnrichmentArea {
  workflows: Record<string, EnrichmentWorkflow>;
  /** Ids of runs not yet ended. */
  active: string[];
  /** Cohort handle -> its latest by-task workflow id. */
  by_task: Record<string, string>;
  settings: EnrichmentSettings;
}

const defaultSettings = (): EnrichmentSettings => ({
  hit_rates: { email: null, phone: null },
  pace: { ...DEFAULT_PACE },
  next_outcomes: [],
});

export function enrichmentArea(store: Store): EnrichmentArea {
  return store.area<EnrichmentArea>('enrichment', () => ({ workflows: {}, active: [], by_task: {}, settings: defaultSettings() }));
}

/** Listeners told when a run ends (the v1 webhook). */
type EndListener = (services: SandboxServices, wf: EnrichmentWorkflow) => void;
const endListeners: EndListener[] = [];
export function onWorkflowEnd(listener: EndListener): void {
  if (!endListeners.includes(listener)) endListeners.push(listener);
}

/** The plan of one lead's row: what the waterfall finds for the data points asked, and its price. */
function planRow(
  services: Pick<SandboxServices, 'dataset'>,
  settings: EnrichmentSettings,
  lead: LeadRecord,
  wants: { email: boolean; phone: boolean },
  entityId: string | null = null,
): RowPlan {
  const found = lookupPerson(
    services.dataset,
    {
      person_lead_id: lead.person_lead_id,
      email: lead.email,
      linkedin_url: lead.linkedin_url,
      first_name: lead.first_name,
      last_name: lead.last_name,
      full_name: lead.full_name,
      company_domain: lead.company_domain,
      company_name: lead.company,
    },
    wants,
    settings.hit_rates,
  );
  const cost = (found.email ? PERSON_DATA_POINT_PRICES.Email : 0) + (found.phone ? PERSON_DATA_POINT_PRICES.Phone : 0);
  return {
    lead_id: lead.lead_id,
    entity_id: entityId,
    outcome: found.email || found.phone ? 'found' : 'missed',
    email: found.email,
    email_status: found.email_status,
    phone: found.phone,
    provider: found.provider,
    linkedin_url: found.linkedin_url,
    cost,
    error: found.email || found.phone ? null : 'No provider found the data asked for',
  };
}

export interface NewWorkflow {
  workflow_id: string;
  kind: WorkflowKind;
  organization_id: string;
  user_id: string;
  enrichment_type: EnrichmentType;
  wants?: { email: boolean; phone: boolean };
  lead_list_id: string;
  task_id?: string | null;
  /** The leads to enrich, in order, each with the entity id the request used. */
  leads: Array<{ lead: LeadRecord; entity_id?: string | null }>;
  credits_reserved: number;
  extra?: Record<string, unknown>;
}

/** The settings with every email and phone the data has (or a name and domain can build) found. */
const findingEverything = (s: EnrichmentSettings): EnrichmentSettings => ({ ...s, hit_rates: { ...s.hit_rates, email: 1, phone: 1 } });

/** Plans and registers a run (its credits are already reserved). */
export function startWorkflow(services: Pick<SandboxServices, 'store' | 'clock' | 'dataset'>, w: NewWorkflow): EnrichmentWorkflow {
  const area = enrichmentArea(services.store);
  const s = area.settings;
  const wants = w.wants ?? ENRICHMENT_TYPE_WANTS[w.enrichment_type];
  let rows = w.leads.map(({ lead, entity_id }) => planRow(services, s, lead, wants, entity_id ?? null));
  // A queued terminal state goes to the first run of its kinds that can end in it, with the rows it needs.
  const found = (i: number) => planRow(services, findingEverything(s), w.leads[i]!.lead, wants, w.leads[i]!.entity_id ?? null);
  let forced: EnrichmentTerminalStatus | null = null;
  for (const [i, o] of s.next_outcomes.entries()) {
    if (o.kinds && !o.kinds.includes(w.kind)) continue;
    const shaped = rowsFor(o.status, w.kind, rows, found);
    if (!shaped) continue;
    rows = shaped;
    forced = o.status;
    s.next_outcomes.splice(i, 1);
    break;
  }
  const wf: EnrichmentWorkflow = {
    workflow_id: w.workflow_id,
    kind: w.kind,
    organization_id: w.organization_id,
    user_id: w.user_id,
    enrichment_type: w.enrichment_type,
    wants,
    lead_list_id: w.lead_list_id,
    task_id: w.task_id ?? null,
    rows,
    credits_reserved: w.credits_reserved,
    started_at_ms: services.clock.now(),
    pending_ms: s.pace.pending_ms,
    run_ms: Math.max(s.pace.min_run_ms, rows.length * s.pace.row_ms),
    forced,
    end: null,
    extra: w.extra ?? {},
  };
  area.workflows[wf.workflow_id] = wf;
  area.active.push(wf.workflow_id);
  if (wf.task_id) area.by_task[wf.task_id] = wf.workflow_id;
  return wf;
}

/** When a run ends: its end time, or half-way through for a run the service stops (canceled, terminated). */
const endsAt = (wf: EnrichmentWorkflow): number =>
  wf.started_at_ms + wf.pending_ms + (wf.forced === 'canceled' || wf.forced === 'terminated' ? Math.floor(wf.run_ms / 2) : wf.run_ms);

/** Rows processed by `nowMs`: none while pending, then evenly until the end. */
export function processedAt(wf: EnrichmentWorkflow, nowMs: number): number {
  if (wf.end) return wf.end.processed;
  const run = nowMs - wf.started_at_ms - wf.pending_ms;
  if (run <= 0) return 0;
  return Math.min(wf.rows.length, Math.floor((wf.rows.length * run) / wf.run_ms));
}

function tally(wf: EnrichmentWorkflow, rows: readonly RowPlan[]) {
  let completed = 0;
  let cost = 0;
  for (const r of rows) {
    if (rowSucceeded(wf.kind, r)) completed++;
    cost += r.cost;
  }
  return { completed, failed: rows.length - completed, charged: Math.min(cost, wf.credits_reserved) };
}

/**
 * The state a run ends in on its own: completed when every row succeeded, else completed
 * with errors. A single-person run's row succeeds once its lookup ran, found or not (status
 * completed, completed 1, failed 0; result.status found, partial or not_found says what).
 */
function naturalEnd(wf: EnrichmentWorkflow): EnrichmentTerminalStatus {
  const { completed, failed } = tally(wf, wf.rows);
  if (failed === 0) return 'completed';
  // v1 reports a run in which no contact succeeded as failed.
  if (wf.kind === 'legacy' && completed === 0) return 'failed';
  return 'completed_with_errors';
}

/** Writes what a row found onto its lead; true when something changed. */
function applyRow(store: Store, orgId: string, row: RowPlan, nowIso: string): boolean {
  const lead = leadOf(store, orgId, row.lead_id);
  if (!lead || row.outcome !== 'found') return false;
  if (row.email) lead.email = row.email;
  if (row.phone) lead.phone = row.phone;
  if (row.linkedin_url && !lead.linkedin_url) lead.linkedin_url = row.linkedin_url;
  lead.enriched_at = nowIso;
  return true;
}

/**
 * Ends a run now in `status`. Completed states and canceled/terminated write the rows
 * processed so far to the leads, charge them (capped at the reservation) and refund the
 * rest. A run that failed as a whole charges nothing and, as the spec's reservation model
 * "on a terminal state refunds the unused part", is refunded in full (not_applicable); the
 * spec keeps pending_review for "a prepaid run needing manual refund", which the sandbox
 * takes as an organization's setting (manual_refunds, a fixture): its run keeps the
 * reservation. A v1 run in which no contact succeeded charged nothing and is refunded in full.
 */
function endWorkflow(
  services: SandboxServices,
  wf: EnrichmentWorkflow,
  status: EnrichmentTerminalStatus,
  atMs = services.clock.now(),
): WorkflowEnd {
  if (wf.end) return wf.end;
  const store = services.store;
  const org = store.organization(wf.organization_id);
  const full = status === 'completed' || status === 'completed_with_errors' || (status === 'failed' && !wf.forced);
  const processed = full ? wf.rows.length : status === 'failed' ? 0 : processedAt(wf, atMs);
  const done = wf.rows.slice(0, processed);
  const t = tally(wf, done);
  const wholeRunFailed = status === 'failed' && wf.forced === 'failed';
  const review = wholeRunFailed && org?.manual_refunds === true;
  const charged = wholeRunFailed ? 0 : t.charged;
  const refunded = review ? 0 : wf.credits_reserved - charged;
  if (org && !review) {
    const nowIso = new Date(atMs).toISOString();
    let changed = false;
    for (const r of done) changed = applyRow(store, org.id, r, nowIso) || changed;
    if (changed) forgetOrgListKeys(store, org);
    refundCredits(org, refunded);
  }
  wf.end = {
    status,
    processed,
    completed: wholeRunFailed ? 0 : t.completed,
    failed: wholeRunFailed ? wf.rows.length : t.failed + (wf.rows.length - processed),
    credits_charged: charged,
    credits_refunded: refunded,
    refund_status: review ? 'pending_review' : 'not_applicable',
    ended_at_ms: atMs,
  };
  const area = enrichmentArea(store);
  area.active = area.active.filter((id) => id !== wf.workflow_id);
  for (const l of endListeners) l(services, wf);
  return wf.end;
}

/** Enrichment changed emails or LinkedIn URLs: the import duplicate keys of the organization's lists are read again. */
function forgetOrgListKeys(store: Store, org: OrganizationRecord): void {
  for (const l of Object.values(listsArea(store).lists)) if (l.organization_id === org.id) forgetListKeys(l);
}

/** Ends every run whose end time has come. */
export function settleDue(services: SandboxServices): void {
  const area = enrichmentArea(services.store);
  if (area.active.length === 0) return;
  const now = services.clock.now();
  for (const id of [...area.active]) {
    const wf = area.workflows[id];
    if (!wf) continue;
    const at = endsAt(wf);
    if (now >= at) endWorkflow(services, wf, wf.forced ?? naturalEnd(wf), at);
  }
}

function workflowNotFound(id: string): SandboxError {
  return publicError(404, {
    code: 'not_found',
    problem: `Enrichment workflow ${id} was not found`,
    cause:
      'The id is unknown, or the run belongs to another organization. Status takes a workflow id (enrich-..., bulk-enrich-...) or the cohort handle (svc-task_...) of a by-task run.',
    fix: 'Use the workflow_id (or poll_url) returned when the run started.',
    retryable: false,
  });
}

/**
 * The organization's run by workflow id, else 404 not_found; or the latest by-task run of a
 * cohort handle (svc-task_...), resolved as every route resolves one (its hour refreshed by the
 * use): spec, "An expired or foreign handle gives 404 task_not_found".
 */
export function findWorkflow(services: Pick<SandboxServices, 'store' | 'clock'>, organizationId: string, id: string): EnrichmentWorkflow {
  if (id.startsWith(COHORT_PREFIX)) resolveCohort(services, id, organizationId);
  const area = enrichmentArea(services.store);
  const wf = own(area.workflows, own(area.by_task, id) ?? id);
  if (!wf || wf.organization_id !== organizationId) throw workflowNotFound(id);
  return wf;
}

/** The status a run shows now: credits charged so far while running, settled once ended. */
export function workflowStatus(services: Pick<SandboxServices, 'store' | 'clock'>, wf: EnrichmentWorkflow): EnrichmentStatusResponse {
  const now = services.clock.now();
  const e = wf.end;
  const processed = processedAt(wf, now);
  const running = tally(wf, wf.rows.slice(0, processed));
  const status: EnrichmentStatus = e ? e.status : now < wf.started_at_ms + wf.pending_ms ? 'pending' : 'processing';
  const total = wf.rows.length;
  return {
    workflow_id: wf.workflow_id,
    status,
    progress: total === 0 ? 100 : Math.floor((100 * processed) / total),
    total,
    processed,
    completed: e ? e.completed : running.completed,
    failed: e ? e.failed : running.failed,
    enrichment_type: wf.enrichment_type,
    lead_list_id: wf.lead_list_id,
    result:
      e && wf.kind === 'person' ? personResult(services.store, wf) : ((wf.extra.result as Record<string, unknown> | undefined) ?? null),
    credits_charged: e ? e.credits_charged : running.charged,
    credits_refunded: e ? e.credits_refunded : 0,
    refund_status: e ? e.refund_status : 'not_applicable',
    credits_reserved: wf.credits_reserved,
    ...(wf.task_id ? { task_id: wf.task_id } : {}),
    timestamp_ms: now,
  };
}

/** result of an ended single-person run: the lead as enriched. */
function personResult(store: Store, wf: EnrichmentWorkflow): Record<string, unknown> {
  const row = wf.rows[0];
  const lead = row ? leadOf(store, wf.organization_id, row.lead_id) : undefined;
  const applied = wf.end?.processed === 1 && wf.end.refund_status !== 'pending_review';
  const gotEmail = applied && !!row?.email;
  const gotPhone = applied && !!row?.phone;
  const wantedAll = (!wf.wants.email || gotEmail) && (!wf.wants.phone || gotPhone);
  return {
    lead_id: row?.lead_id ?? null,
    status: gotEmail || gotPhone ? (wantedAll ? 'found' : 'partial') : 'not_found',
    full_name: lead?.full_name ?? null,
    email: lead?.email ?? null,
    email_status: gotEmail ? row.email_status : null,
    phone: lead?.phone ?? null,
    linkedin_url: lead?.linkedin_url ?? null,
    title: lead?.title ?? null,
    company: lead?.company ?? null,
    enrichment_type: wf.enrichment_type,
  };
}

/**
 * Ends a running run now in the state a test control asks for (as if the service had ended
 * it so), its rows shaped for that state (see enrichment-outcomes.ts); null when the run
 * cannot end in it.
 */
export function forceEnd(services: SandboxServices, wf: EnrichmentWorkflow, status: EnrichmentTerminalStatus): WorkflowEnd | null {
  if (wf.end) return wf.end;
  const settings = findingEverything(enrichmentArea(services.store).settings);
  const found = (i: number): RowPlan => {
    const row = wf.rows[i]!;
    const lead = leadOf(services.store, wf.organization_id, row.lead_id);
    return lead ? planRow(services, settings, lead, wf.wants, row.entity_id) : row;
  };
  const shaped = rowsFor(status, wf.kind, wf.rows, found);
  if (!shaped) return null;
  wf.rows = shaped;
  wf.forced = status;
  return endWorkflow(services, wf, status);
}
