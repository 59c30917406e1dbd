import { ENRICHMENT_TYPE_PRICES, type EnrichmentType } from '../../api/schemas/values/credits.js';
import { EXTENSION_LEADS_LIST, type EnrichmentStatus } from '../../api/schemas/values/enrichment.js';
import {
  LEGACY_BULK_LIMITS,
  LEGACY_TASK_RETENTION_MS,
  LEGACY_WORKFLOW_PREFIX,
  type LegacyBulkBody,
  type LegacyBulkStarted,
  type LegacyContact,
  type LegacyStatus,
  type LegacyTaskStatus,
  type LegacyWorkflowStatus,
} from '../../api/schemas/legacy.js';
import { domainKey } from '../data/text.js';
import type { SandboxServices } from '../context.js';
import { own, type Store } from '../store.js';
import type { Principal } from './auth.js';
import { genericError, omitEmpty, validationError, type SandboxError } from './errors.js';
import { enrichmentArea, processedAt, startWorkflow, workflowStatus, type EnrichmentWorkflow, type RowPlan } from './enrichment.js';
import { reserveCredits } from './ledger.js';
import { leadFromRow, profileUrlKey } from './list-saves.js';
import { addMembers, checkLeadCap, existingSystemList, insertLead, listsArea, systemList, type ListRecord, type NewLead } from './lists.js';
import { clean, matchPerson } from './waterfall.js';

/**
 * v1-only bulk enrichment: contacts sent inline are checked (each needs a LinkedIn URL or a
 * name at a company), those already in the caller's Extension Leads list or repeated in the
 * request are dropped, the balance must cover the rest at the type's full price, and each
 * becomes a lead record of Extension Leads enriched by a 'legacy' workflow of the engine
 * (pay-for-results; the unused reservation is refunded when it ends). Every contact gets a
 * task id whose status stays readable for LEGACY_TASK_RETENTION_MS after the run ended.
 */

/** What v1 keeps beside the engine: which run and row each task id is. */
interface LegacyArea {
  tasks: Record<string, { workflow_id: string; index: number }>;
}

const legacyArea = (store: Store): LegacyArea => store.area<LegacyArea>('legacy_enrich', () => ({ tasks: {} }));

/** A contact with blank strings as missing. */
export interface ContactIdentity {
  linkedin_url: string | null;
  first_name: string | null;
  last_name: string | null;
  company_domain: string | null;
  company_name: string | null;
}

export const identityOf = (c: LegacyContact): ContactIdentity => ({
  linkedin_url: clean(c.linkedin_url),
  first_name: clean(c.first_name),
  last_name: clean(c.last_name),
  company_domain: clean(c.company_domain),
  company_name: clean(c.company_name),
});

/** What a contact lacks to be identified, or null when it is identified. */
function missingIdentity(c: ContactIdentity): string | null {
  if (c.linkedin_url) return null;
  const missing = [
    c.first_name ? null : 'first_name',
    c.last_name ? null : 'last_name',
    c.company_domain || c.company_name ? null : 'company_domain or company_name',
  ].filter((m): m is string => m !== null);
  if (!missing.length) return null;
  return `A contact needs linkedin_url, or first_name + last_name + (company_domain or company_name); this one has no linkedin_url and no ${missing.join(', no ')} (blank strings count as missing)`;
}

/** 400 on 0 or more than 250 contacts; 422 locating every contact that cannot be identified. */
function checkContacts(contacts: readonly LegacyContact[]): ContactIdentity[] {
  const { min, max } = LEGACY_BULK_LIMITS.contacts;
  const n = contacts.length;
  if (n < min) throw genericError(400, 'BAD_REQUEST', `contacts is empty: send ${min} to ${max} contacts`, { contacts: n, min, max });
  if (n > max)
    throw genericError(
      400,
      'BAD_REQUEST',
      `contacts has ${n} entries, more than the ${max} allowed per request: send them in several requests of at most ${max}`,
      {
        contacts: n,
        min,
        max,
      },
    );
  const identities = contacts.map(identityOf);
  const issues = identities.flatMap((c, i) => {
    const msg = missingIdentity(c);
    return msg ? [{ type: 'value_error', loc: ['body', 'contacts', i], msg }] : [];
  });
  if (issues.length) throw validationError(issues, 422, `${issues.length} of ${n} contacts cannot be identified`);
  return identities;
}

/** The keys a person is known by: LinkedIn profile, and first + last name at the company's domain or name. */
function identityKeys(c: ContactIdentity): string[] {
  const keys: string[] = [];
  if (c.linkedin_url) keys.push(`url ${profileUrlKey(c.linkedin_url)}`);
  if (c.first_name && c.last_name) {
    const name = `${c.first_name.toLowerCase()}\u0000${c.last_name.toLowerCase()}`;
    if (c.company_domain) keys.push(`domain ${name}\u0000${domainKey(c.company_domain)}`);
    if (c.company_name) keys.push(`company ${name}\u0000${c.company_name.toLowerCase()}`);
  }
  return keys;
}

/** Indexes of the contacts to enrich: not already in the list, and not repeating an earlier contact of the request. */
function newContacts(store: Store, list: ListRecord | undefined, contacts: readonly ContactIdentity[]): number[] {
  const leads = listsArea(store).leads;
  const taken = new Set<string>();
  for (const id of list?.lead_ids ?? []) {
    const l = leads[id];
    if (!l) continue;
    const held = { linkedin_url: clean(l.linkedin_url), first_name: clean(l.first_name), last_name: clean(l.last_name) };
    for (const k of identityKeys({ ...held, company_domain: clean(l.company_domain), company_name: clean(l.company) })) taken.add(k);
  }
  const kept: number[] = [];
  contacts.forEach((c, i) => {
    const keys = identityKeys(c);
    if (keys.some((k) => taken.has(k))) return;
    for (const k of keys) taken.add(k);
    kept.push(i);
  });
  return kept;
}

function insufficientCredits(contacts: number, type: EnrichmentType, available: number): SandboxError {
  const price = ENRICHMENT_TYPE_PRICES[type];
  const cost = contacts * price;
  return genericError(
    402,
    'INSUFFICIENT_CREDITS',
    `The balance of ${available} credits does not cover ${contacts} contacts x ${price} credits (${type}) = ${cost} credits; nothing was queued. Buy credits on the plans page of the application or send fewer contacts.`,
    { estimated_cost_credits: cost, available_credits: available, shortfall_credits: cost - available, contacts, price_per_contact: price },
  );
}

export type LegacyBulkAnswer = LegacyBulkStarted & { skipped_duplicates: number; credits_reserved: number; lead_list_id: string };

/** Checks, reserves and starts a v1 bulk run; nothing changes when it throws. */
export function startLegacyBulk(services: SandboxServices, caller: Principal, body: LegacyBulkBody): LegacyBulkAnswer {
  const { store, clock } = services;
  const identities = checkContacts(body.contacts);
  const type = body.enrichment_type ?? 'partial';
  const existing = existingSystemList(store, caller, EXTENSION_LEADS_LIST);
  const kept = newContacts(store, existing, identities);
  const skipped = identities.length - kept.length;
  if (!kept.length)
    throw genericError(
      400,
      'BAD_REQUEST',
      `All ${identities.length} contacts are duplicates (already in the Extension Leads list, or repeated in the request); nothing was queued`,
      { duplicates: skipped, lead_list_id: existing?.list_id ?? null },
    );
  const org = caller.organization;
  const reserve = kept.length * ENRICHMENT_TYPE_PRICES[type];
  if (org.credits < reserve) throw insufficientCredits(kept.length, type, org.credits);
  const list = existing ?? systemList(store, clock, caller, EXTENSION_LEADS_LIST);
  checkLeadCap(store, org, list, kept.length);

  const workflowId = `${LEGACY_WORKFLOW_PREFIX}${store.nextUuid('v1bulk')}`;
  const tasks = legacyArea(store).tasks;
  const leads = kept.map((i, index) => {
    const c = identities[i]!;
    const lead = insertLead(store, clock, org.id, leadFields(services, c));
    const taskId = store.nextUuid('v1task');
    tasks[taskId] = { workflow_id: workflowId, index };
    return { lead, entity_id: taskId };
  });
  addMembers(
    store,
    org,
    list,
    leads.map((l) => l.lead.lead_id),
  );
  reserveCredits(org, reserve);
  const taskIds = leads.map((l) => l.entity_id);
  startWorkflow(services, {
    workflow_id: workflowId,
    kind: 'legacy',
    organization_id: org.id,
    user_id: caller.user.id,
    enrichment_type: type,
    lead_list_id: list.list_id,
    leads,
    credits_reserved: reserve,
    extra: { webhook_url: body.webhook_url ?? null, inputs: kept.map((i) => body.contacts[i]!) },
  });
  const dropped = skipped ? `; ${skipped} duplicate contact${skipped === 1 ? ' was' : 's were'} dropped` : '';
  return {
    workflow_id: workflowId,
    status: 'processing',
    message: `Enrichment of ${kept.length} contact${kept.length === 1 ? '' : 's'} started${dropped}. Poll GET /api/v1/public/enrich/status?workflow_id=${workflowId}${body.webhook_url ? ' or wait for the enrichment.completed webhook' : ''}.`,
    task_ids: taskIds,
    total_contacts: kept.length,
    skipped_duplicates: skipped,
    credits_reserved: reserve,
    lead_list_id: list.list_id,
  };
}

/**
 * The lead record of a contact. A person of the data set it names is saved with their profile,
 * as the v2 person route saves them (spec, lead row: first_name, last_name, full_name, title and
 * company are strings); any other contact keeps what was sent, tied to the company when known.
 */
function leadFields(services: Pick<SandboxServices, 'dataset'>, c: ContactIdentity): NewLead {
  const ds = services.dataset;
  const person = matchPerson(ds, c);
  if (person !== null) return leadFromRow(ds, person);
  const company = c.company_domain ? ds.companyIndexByDomain(c.company_domain) : undefined;
  const full = [c.first_name, c.last_name].filter(Boolean).join(' ');
  return {
    first_name: c.first_name,
    last_name: c.last_name,
    full_name: full || null,
    email: null,
    phone: null,
    title: null,
    company: c.company_name,
    company_domain: c.company_domain,
    company_id: company === undefined ? null : ds.company(company).company_id,
    linkedin_url: c.linkedin_url,
    location: null,
    person_lead_id: null,
  };
}

// Status.

/** v1 knows no canceled or terminated: a run a test control ended so reads as failed. */
export const legacyStatusOf = (s: EnrichmentStatus): LegacyStatus => (s === 'canceled' || s === 'terminated' ? 'failed' : s);

const accessDenied = (): SandboxError => genericError(403, 'PERMISSION_DENIED', 'Access denied');

/** A v1 run by id: 404 when unknown (or not a v1 run), 403 when another organization's. */
export function legacyWorkflow(store: Store, caller: Principal, workflowId: string): EnrichmentWorkflow {
  const workflows = enrichmentArea(store).workflows;
  const wf = own(workflows, workflowId);
  if (!wf || wf.kind !== 'legacy') throw genericError(404, 'RESOURCE_NOT_FOUND', `Workflow ${workflowId} not found`);
  if (wf.organization_id !== caller.organization.id) throw accessDenied();
  return wf;
}

/** How one contact of a run stands at `nowMs`. */
export interface ContactState {
  row: RowPlan;
  /** processed: its outcome is known. */
  done: boolean;
  succeeded: boolean;
  /** Why it failed (null while it is not done or when it succeeded). */
  error: string | null;
}

export function contactStates(wf: EnrichmentWorkflow, nowMs: number): ContactState[] {
  const processed = processedAt(wf, nowMs);
  return wf.rows.map((row, i) => {
    const done = i < processed;
    const succeeded = done && row.outcome === 'found';
    const error = succeeded
      ? null
      : done
        ? (row.error ?? 'No data was found')
        : wf.end
          ? 'The run ended before this contact was processed'
          : null;
    return { row, done, succeeded, error };
  });
}

/** Emails and phones found among the contacts that succeeded. */
export function foundCounts(states: readonly ContactState[]): { emails_found: number; phones_found: number } {
  const ok = states.filter((s) => s.succeeded);
  return { emails_found: ok.filter((s) => s.row.email).length, phones_found: ok.filter((s) => s.row.phone).length };
}

/** When the run last changed: its end, else when its processed count last grew, else its start. */
function modifiedAtMs(wf: EnrichmentWorkflow, nowMs: number): number {
  if (wf.end) return wf.end.ended_at_ms;
  const processing = wf.started_at_ms + wf.pending_ms;
  if (nowMs < processing) return wf.started_at_ms;
  const processed = processedAt(wf, nowMs);
  return processing + Math.ceil((processed * wf.run_ms) / Math.max(1, wf.rows.length));
}

export function legacyWorkflowView(services: Pick<SandboxServices, 'store' | 'clock'>, wf: EnrichmentWorkflow): LegacyWorkflowStatus {
  const now = services.clock.now();
  const s = workflowStatus(services, wf);
  const iso = (ms: number) => new Date(ms).toISOString();
  const workflow = omitEmpty({
    workflow_id: wf.workflow_id,
    status: legacyStatusOf(s.status),
    total_prospects: s.total,
    completed_prospects: s.completed,
    failed_prospects: s.failed,
    ...foundCounts(contactStates(wf, now)),
    created_at: iso(wf.started_at_ms),
    modified_at: iso(modifiedAtMs(wf, now)),
  });
  return { workflow: workflow as LegacyWorkflowStatus['workflow'] };
}

/** A task of the caller's organization, readable until LEGACY_TASK_RETENTION_MS after its run ended. */
export function legacyTaskView(services: Pick<SandboxServices, 'store' | 'clock'>, caller: Principal, taskId: string): LegacyTaskStatus {
  const { store, clock } = services;
  const tasks = legacyArea(store).tasks;
  const task = own(tasks, taskId);
  const wf = task ? enrichmentArea(store).workflows[task.workflow_id] : undefined;
  const now = clock.now();
  if (!task || !wf || (wf.end && now > wf.end.ended_at_ms + LEGACY_TASK_RETENTION_MS))
    throw genericError(404, 'RESOURCE_NOT_FOUND', `Task ${taskId} not found (a task's status is kept about 24 hours after its run ended)`);
  if (wf.organization_id !== caller.organization.id) throw accessDenied();
  const state = contactStates(wf, now)[task.index]!;
  const pending = now < wf.started_at_ms + wf.pending_ms;
  const status = state.succeeded ? 'completed' : state.error ? 'failed' : pending ? 'pending' : 'processing';
  const { row } = state;
  const result = state.succeeded
    ? omitEmpty({ email: row.email, phone: row.phone, provider: row.provider, linkedin_url: row.linkedin_url })
    : undefined;
  return {
    task: omitEmpty({ task_id: taskId, workflow_id: wf.workflow_id, status, result, error: state.error }) as LegacyTaskStatus['task'],
  };
}
