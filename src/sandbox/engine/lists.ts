import { PLANS } from '../../api/schemas/auth.js';
import {
  PLAN_LIST_CAPS,
  type ListVisibility,
  type SharePermission,
  type ListDetail,
  type ListSummary,
  type LeadRow,
} from '../../api/schemas/lists.js';
import { own, type Store, type OrganizationRecord } from '../store.js';
import type { SandboxClock } from './clock.js';
import type { Principal } from './auth.js';
import { publicError, type SandboxError } from './errors.js';
import { addToCleanlist, removeFromCleanlist } from './cleanlist.js';

/**
 * Lead lists, lead records and folders of every organization: the model the list routes,
 * CSV import and find-people jobs share. A lead record is a workspace entity of one
 * organization; a list holds memberships (lead ids in the order added) and companies
 * saved from a company cohort. Deleting a list never deletes lead records.
 */

export interface ListRecord {
  list_id: string;
  organization_id: string;
  owner_id: string;
  name: string;
  description: string | null;
  folder_id: string | null;
  visibility: ListVisibility;
  /** Members it is shared with (visibility shared), by user id. */
  shares: Record<string, SharePermission>;
  /** System lists (Extension Leads, MCP Results): no rename, no delete. */
  protected: boolean;
  created_at: string;
  /** Workspace lead ids, in the order added. */
  lead_ids: string[];
  /** Company ids (cmp_) saved from company cohorts, for find-people jobs. */
  company_ids: string[];
  /**
   * Named columns of the list (smart-agent output): column name, then lead id, then value.
   * Columns keep the order they were first written in; exports add them after the chosen columns.
   */
  columns?: Record<string, Record<string, string>>;
}

export interface LeadRecord {
  lead_id: string;
  organization_id: string;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  email: string | null;
  phone: string | null;
  title: string | null;
  company: string | null;
  company_domain: string | null;
  /** The data set's company (cmp_), when the lead's employer is known to it. */
  company_id: string | null;
  linkedin_url: string | null;
  location: string | null;
  /** The search-scoped id (sp_) of the person this lead was saved from, if any. */
  person_lead_id: string | null;
  /** Set when an enrichment filled email or phone. */
  enriched_at: string | null;
  created_at: string;
}

export interface FolderRecord {
  folder_id: string;
  organization_id: string;
  owner_id: string;
  name: string;
  parent_id: string | null;
  created_at: string;
}

export interface ListCaps {
  lists: number;
  leadsPerList: number;
}

export interface ListsArea {
  lists: Record<string, ListRecord>;
  leads: Record<string, LeadRecord>;
  folders: Record<string, FolderRecord>;
  /** Per-organization overrides of the plan caps (a sandbox control). */
  caps: Record<string, Partial<ListCaps>>;
}

export const LIST_ID_PREFIX = 'lst';
export const LEAD_ID_PREFIX = 'ld';

export function listsArea(store: Store): ListsArea {
  return store.area<ListsArea>('lists', () => ({ lists: {}, leads: {}, folders: {}, caps: {} }));
}

/** The plan's caps of an organization, with any override. */
export function capsOf(store: Store, org: OrganizationRecord): ListCaps {
  const base = PLAN_LIST_CAPS[PLANS[org.plan].tier];
  const o = listsArea(store).caps[org.id] ?? {};
  return { lists: o.lists ?? base.lists, leadsPerList: o.leadsPerList ?? base.leadsPerList };
}

// Access.

/** Whether a member of the list's organization may read it: owner, organization-wide, or shared with them. */
export function canView(list: ListRecord, p: Pick<Principal, 'user' | 'organization'>): boolean {
  if (list.organization_id !== p.organization.id) return false;
  return list.owner_id === p.user.id || list.visibility === 'organization' || Object.hasOwn(list.shares, p.user.id);
}

/** Whether the caller may change the list's leads: the owner, or an edit share. */
export function canEditLeads(list: ListRecord, p: Pick<Principal, 'user'>): boolean {
  return list.owner_id === p.user.id || own(list.shares, p.user.id) === 'edit';
}

export function listNotFound(listId: string): SandboxError {
  return publicError(404, {
    code: 'list_not_found',
    problem: `List ${listId} was not found`,
    cause: 'The list does not exist, was deleted, or is not visible to you.',
    fix: 'List the lists you can see with GET /lead-lists.',
    retryable: false,
  });
}

export function listNotEditable(list: ListRecord): SandboxError {
  return publicError(403, {
    code: 'list_not_editable',
    problem: `List "${list.name}" is not editable by you`,
    cause: 'You can view this list (it is shared with you view-only, or visible to the organization) but only its owner can change it.',
    fix: 'Ask the owner for edit access, or save the leads to a list of your own.',
    retryable: false,
  });
}

export function listProtected(list: ListRecord, action: 'rename' | 'delete'): SandboxError {
  return publicError(403, {
    code: 'list_protected',
    problem: `List "${list.name}" is a protected system list and cannot be ${action === 'rename' ? 'renamed' : 'deleted'}`,
    fix: 'Leave the system list as it is; copy its leads to a list of your own to work with them.',
    retryable: false,
  });
}

export function folderNotFound(folderId: string): SandboxError {
  return publicError(404, {
    code: 'folder_not_found',
    problem: `Folder ${folderId} was not found`,
    cause: 'The folder does not exist or is not yours.',
    fix: 'Create a folder with POST /api/v1/public/folders and use its folder_id.',
    retryable: false,
  });
}

/** Any organization's list by id (no access check). */
export function listById(store: Store, listId: string): ListRecord | undefined {
  return own(listsArea(store).lists, listId);
}

/** The list the caller can see, else 404 list_not_found (unknown, deleted, foreign and private lists alike). */
export function visibleList(store: Store, p: Pick<Principal, 'user' | 'organization'>, listId: string): ListRecord {
  const list = listById(store, listId);
  if (!list || !canView(list, p)) throw listNotFound(listId);
  return list;
}

/** The list if the caller may change its leads (owner or edit share): 404 list_not_found unseen, 403 list_not_editable view-only. */
export function leadEditableList(store: Store, p: Pick<Principal, 'user' | 'organization'>, listId: string): ListRecord {
  const list = visibleList(store, p, listId);
  if (!canEditLeads(list, p)) throw listNotEditable(list);
  return list;
}

/** Whether the folder is one the caller owns. */
export function ownsFolder(store: Store, p: Pick<Principal, 'user' | 'organization'>, folderId: string): boolean {
  const f = own(listsArea(store).folders, folderId);
  return !!f && f.owner_id === p.user.id && f.organization_id === p.organization.id;
}

/** A folder the caller owns, else 404 folder_not_found. */
export function ownFolder(store: Store, p: Pick<Principal, 'user' | 'organization'>, folderId: string): FolderRecord {
  if (!ownsFolder(store, p, folderId)) throw folderNotFound(folderId);
  return own(listsArea(store).folders, folderId)!;
}

/** The caller's own list named `name`, compared case-insensitively (what POST /lead-lists reuses; never a teammate's). */
export function ownListNamed(store: Store, p: Pick<Principal, 'user' | 'organization'>, name: string): ListRecord | undefined {
  const wanted = name.toLowerCase();
  return Object.values(listsArea(store).lists).find(
    (l) => l.organization_id === p.organization.id && l.owner_id === p.user.id && l.name.toLowerCase() === wanted,
  );
}

/** The lists the caller can see, in the order they were created; with a folder id, only those in it. */
export function visibleLists(store: Store, p: Pick<Principal, 'user' | 'organization'>, folderId?: string): ListRecord[] {
  return Object.values(listsArea(store).lists).filter((l) => canView(l, p) && (folderId === undefined || l.folder_id === folderId));
}

export function listCapReached(cap: number, lists: number): SandboxError {
  return publicError(403, {
    code: 'list_cap_reached',
    problem: `The organization has ${lists} lists, the plan's limit of ${cap}`,
    cause: 'Every list of the organization counts toward the limit except the system lists (Extension Leads, MCP Results).',
    fix: 'Delete lists that are no longer needed, save to an existing list, or upgrade the plan on the plans page.',
    retryable: false,
    details: { cap, lists },
  });
}

/** 403 list_cap_reached unless the organization may have one more list. */
export function checkListCap(store: Store, org: OrganizationRecord): void {
  const cap = capsOf(store, org).lists;
  const lists = countedLists(store, org.id);
  if (lists >= cap) throw listCapReached(cap, lists);
}

// Views.

export function enrichedCount(store: Store, list: ListRecord): number {
  const leads = listsArea(store).leads;
  let n = 0;
  for (const id of list.lead_ids) if (own(leads, id)?.enriched_at) n++;
  return n;
}

export function listDetail(store: Store, clock: SandboxClock, list: ListRecord): ListDetail {
  return {
    list_id: list.list_id,
    name: list.name,
    description: list.description,
    lead_count: list.lead_ids.length,
    enriched_count: enrichedCount(store, list),
    folder_id: list.folder_id,
    created_at: list.created_at,
    timestamp_ms: clock.now(),
  };
}

export function listSummary(store: Store, list: ListRecord): ListSummary {
  return {
    list_id: list.list_id,
    name: list.name,
    lead_count: list.lead_ids.length,
    folder_id: list.folder_id,
    created_at: list.created_at,
    owner_name: store.user(list.owner_id)?.name ?? null,
    visibility: list.visibility,
  };
}

export function leadRow(lead: LeadRecord): LeadRow {
  return {
    lead_id: lead.lead_id,
    first_name: lead.first_name,
    last_name: lead.last_name,
    full_name: lead.full_name,
    email: lead.email,
    phone: lead.phone,
    title: lead.title,
    company: lead.company,
    location: lead.location,
  };
}

// Changes.

export interface NewList {
  organization_id: string;
  owner_id: string;
  name: string;
  description?: string | null;
  folder_id?: string | null;
  visibility?: ListVisibility;
  shares?: Record<string, SharePermission>;
  protected?: boolean;
}

/** Stores a new list (caps are the caller's to check). */
export function insertList(store: Store, clock: SandboxClock, l: NewList): ListRecord {
  const list: ListRecord = {
    list_id: store.nextId(LIST_ID_PREFIX, 'list'),
    organization_id: l.organization_id,
    owner_id: l.owner_id,
    name: l.name,
    description: l.description ?? null,
    folder_id: l.folder_id ?? null,
    visibility: l.visibility ?? 'private',
    shares: { ...(l.shares ?? {}) },
    protected: l.protected ?? false,
    created_at: clock.iso(),
    lead_ids: [],
    company_ids: [],
  };
  listsArea(store).lists[list.list_id] = list;
  return list;
}

/** The organization's lists that count toward the plan's list cap (system lists do not). */
export function countedLists(store: Store, organizationId: string): number {
  let n = 0;
  for (const l of Object.values(listsArea(store).lists)) if (l.organization_id === organizationId && !l.protected) n++;
  return n;
}

export type NewLead = Omit<LeadRecord, 'lead_id' | 'organization_id' | 'created_at' | 'enriched_at'> & { enriched_at?: string | null };

/** A new lead record of the organization's workspace. */
export function insertLead(store: Store, clock: Pick<SandboxClock, 'iso'>, organizationId: string, l: NewLead): LeadRecord {
  const lead: LeadRecord = {
    ...l,
    enriched_at: l.enriched_at ?? null,
    lead_id: store.nextId(LEAD_ID_PREFIX, 'lead'),
    organization_id: organizationId,
    created_at: clock.iso(),
  };
  listsArea(store).leads[lead.lead_id] = lead;
  return lead;
}

export function leadOf(store: Store, organizationId: string, leadId: string): LeadRecord | undefined {
  const lead = own(listsArea(store).leads, leadId);
  return lead && lead.organization_id === organizationId ? lead : undefined;
}

export function leadCapReached(list: ListRecord, cap: number, adding: number): SandboxError {
  return publicError(403, {
    code: 'lead_cap_reached',
    problem: `List "${list.name}" would hold ${list.lead_ids.length + adding} contacts, more than the plan's ${cap} per list`,
    cause: `It holds ${list.lead_ids.length}; ${adding} more were asked for.`,
    fix: 'Save the rest to another list, or remove leads first.',
    retryable: false,
    details: { lead_count: list.lead_ids.length, adding, cap },
  });
}

/** The ids not in `held`, each once, in the order given. */
function newIds(held: readonly string[], ids: readonly string[]): string[] {
  const present = new Set(held);
  const fresh: string[] = [];
  for (const id of ids) {
    if (present.has(id)) continue;
    present.add(id);
    fresh.push(id);
  }
  return fresh;
}

/** The lead ids not yet in the list, each once, in the order given. */
export function freshMembers(list: ListRecord, leadIds: readonly string[]): string[] {
  return newIds(list.lead_ids, leadIds);
}

/** 403 lead_cap_reached when `adding` more memberships would pass the list's per-list cap. */
export function checkLeadCap(store: Store, org: OrganizationRecord, list: ListRecord, adding: number): void {
  const cap = capsOf(store, org).leadsPerList;
  if (list.lead_ids.length + adding > cap) throw leadCapReached(list, cap, adding);
}

/**
 * Adds memberships, skipping leads already in the list; refuses the whole batch with 403
 * lead_cap_reached when the new ones would pass the per-list cap. Keeps the cleanlist
 * (the people of the organization's lists) in step.
 */
export function addMembers(
  store: Store,
  org: OrganizationRecord,
  list: ListRecord,
  leadIds: readonly string[],
): { added: number; skipped_duplicates: number } {
  const fresh = freshMembers(list, leadIds);
  checkLeadCap(store, org, list, fresh.length);
  list.lead_ids.push(...fresh);
  const people = fresh.flatMap((id) => leadOf(store, org.id, id)?.person_lead_id ?? []);
  if (people.length) addToCleanlist(store, org.id, people);
  return { added: fresh.length, skipped_duplicates: leadIds.length - fresh.length };
}

/** Saves companies (from a company cohort) to the list, for find-people jobs; those already saved are skipped. */
export function addCompanies(list: ListRecord, companyIds: readonly string[]): { added: number; skipped_duplicates: number } {
  const fresh = newIds(list.company_ids, companyIds);
  list.company_ids.push(...fresh);
  return { added: fresh.length, skipped_duplicates: companyIds.length - fresh.length };
}

/** Removes memberships (ids not in the list are ignored); returns how many were removed. */
export function removeMembers(store: Store, list: ListRecord, leadIds: readonly string[]): number {
  const drop = new Set(leadIds);
  const before = list.lead_ids.length;
  const removed = list.lead_ids.filter((id) => drop.has(id));
  list.lead_ids = list.lead_ids.filter((id) => !drop.has(id));
  releaseFromCleanlist(store, list.organization_id, removed);
  return before - list.lead_ids.length;
}

/** Deletes a list and its memberships; the lead records stay. */
export function deleteList(store: Store, list: ListRecord): void {
  delete listsArea(store).lists[list.list_id];
  releaseFromCleanlist(store, list.organization_id, list.lead_ids);
}

/** Takes people out of the cleanlist when no list of the organization holds them any more. */
function releaseFromCleanlist(store: Store, organizationId: string, leadIds: readonly string[]): void {
  if (!leadIds.length) return;
  const area = listsArea(store);
  const held = new Set<string>();
  for (const l of Object.values(area.lists)) if (l.organization_id === organizationId) for (const id of l.lead_ids) held.add(id);
  const gone = leadIds.filter((id) => !held.has(id)).flatMap((id) => own(area.leads, id)?.person_lead_id ?? []);
  if (gone.length) removeFromCleanlist(store, organizationId, gone);
}

/**
 * The caller's protected system list of that name (Extension Leads for v1 bulk enrichment,
 * MCP Results for by-task results without a list), created on first use and reused after.
 * System lists do not count toward the plan's list cap and cannot be renamed or deleted.
 */
export function systemList(store: Store, clock: SandboxClock, p: Pick<Principal, 'user' | 'organization'>, name: string): ListRecord {
  return (
    existingSystemList(store, p, name) ??
    insertList(store, clock, { organization_id: p.organization.id, owner_id: p.user.id, name, protected: true })
  );
}

/** The caller's system list of that name if it was created already (a check that must not create it). */
export function existingSystemList(store: Store, p: Pick<Principal, 'user' | 'organization'>, name: string): ListRecord | undefined {
  return Object.values(listsArea(store).lists).find(
    (l) => l.organization_id === p.organization.id && l.owner_id === p.user.id && l.protected && l.name === name,
  );
}

// Named list columns (smart-agent output).

/** The value a lead holds in a list column, or undefined when it holds none. */
export function columnValue(list: ListRecord, column: string, leadId: string): string | undefined {
  const values = list.columns && own(list.columns, column);
  const v = values && own(values, leadId);
  return v === '' ? undefined : v;
}

/** Writes a lead's value in a list column, creating the column on first use. */
export function setColumnValue(list: ListRecord, column: string, leadId: string, value: string): void {
  const columns = (list.columns ??= {});
  const values = Object.hasOwn(columns, column) ? columns[column]! : (columns[column] = {});
  values[leadId] = value;
}

/** The list's named columns, in the order they were first written. */
export function columnNames(list: ListRecord): string[] {
  return Object.keys(list.columns ?? {});
}
