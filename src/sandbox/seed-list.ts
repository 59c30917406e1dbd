import type { ListVisibility, SharePermission } from '../api/schemas/lists.js';
import type { SandboxServices } from './context.js';
import type { OrganizationRecord, UserRecord } from './store.js';
import { addMembers, checkLeadCap, deleteList, insertList, insertLead, ownFolder, type ListRecord, type NewLead } from './engine/lists.js';
import { saveCohortRows } from './engine/list-saves.js';

/**
 * A list made as any member, without the plan's list cap (the per-list contact cap holds):
 * what the list control and fixtures seed. Leads come from the synthetic data set (`people`
 * of them from person `from_person`) and/or as given; a list whose leads are refused is
 * removed again, so nothing half-made stays.
 */
export interface ListSeed {
  name: string;
  description?: string | null | undefined;
  folder_id?: string | undefined;
  /** Default shared when shares are given, else private. */
  visibility?: ListVisibility | undefined;
  /** By user id. */
  shares?: Record<string, SharePermission> | undefined;
  protected?: boolean | undefined;
  people?: number | undefined;
  from_person?: number | undefined;
  leads?: readonly Partial<NewLead>[] | undefined;
}

export function seedList(services: SandboxServices, org: OrganizationRecord, owner: UserRecord, seed: ListSeed): ListRecord {
  const { store, clock } = services;
  const shares = seed.shares ?? {};
  if (seed.folder_id !== undefined) ownFolder(store, { user: owner, organization: org }, seed.folder_id);
  const list = insertList(store, clock, {
    organization_id: org.id,
    owner_id: owner.id,
    name: seed.name,
    description: seed.description ?? null,
    folder_id: seed.folder_id ?? null,
    visibility: seed.visibility ?? (Object.keys(shares).length ? 'shared' : 'private'),
    shares,
    protected: seed.protected ?? false,
  });
  try {
    if (seed.people) {
      const dataset = services.dataset;
      const from = seed.from_person ?? 0;
      const to = Math.min(from + seed.people, dataset.size.people);
      const ids = Array.from({ length: Math.max(0, to - from) }, (_, k) => dataset.person(from + k).lead_id);
      saveCohortRows(store, clock, dataset, org, list, ids);
    }
    if (seed.leads?.length) {
      checkLeadCap(store, org, list, seed.leads.length);
      const ids = seed.leads.map((l) => insertLead(store, clock, org.id, leadOf(l)).lead_id);
      addMembers(store, org, list, ids);
    }
  } catch (e) {
    deleteList(store, list);
    throw e;
  }
  return list;
}

function leadOf(l: Partial<NewLead>): NewLead {
  const first = l.first_name ?? null;
  const last = l.last_name ?? null;
  return {
    first_name: first,
    last_name: last,
    full_name: l.full_name ?? ([first, last].filter(Boolean).join(' ') || null),
    email: l.email ?? null,
    phone: l.phone ?? null,
    title: l.title ?? null,
    company: l.company ?? null,
    company_domain: l.company_domain ?? null,
    company_id: l.company_id ?? null,
    linkedin_url: l.linkedin_url ?? null,
    location: l.location ?? null,
    person_lead_id: null,
    enriched_at: l.enriched_at ?? null,
  };
}
