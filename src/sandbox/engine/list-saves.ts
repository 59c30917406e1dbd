import type { PersonSearchRow } from '../../api/schemas/search.js';
import type { Dataset } from '../data/dataset.js';
import type { OrganizationRecord, Store } from '../store.js';
import type { SandboxClock } from './clock.js';
import { publicError, type SandboxError } from './errors.js';
import {
  addMembers,
  checkLeadCap,
  freshMembers,
  insertLead,
  leadOf,
  listsArea,
  type LeadRecord,
  type ListRecord,
  type NewLead,
} from './lists.js';

/**
 * Saving the rows of a person cohort to a list. A search cohort holds search-scoped ids
 * (the data set's lead_ids): each person gets one workspace lead record of the organization
 * the first time it is saved, and keeps it after (email and phone stay null: saving is free,
 * enrichment fills them). A list page's cohort holds workspace lead ids, added as they are.
 */

export interface SaveOutcome {
  added: number;
  skipped_duplicates: number;
  /** Lead records made for people saved for the first time. */
  created: number;
}

export interface SearchConflict {
  lead_id: string;
  field: 'company' | 'title';
  saved: string;
  search: string;
}

/** A LinkedIn profile URL in any spelling (scheme, www., query, trailing slash, case) as one key. */
export function profileUrlKey(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
}

export function searchResultConflict(conflicts: SearchConflict[]): SandboxError {
  const leads = new Set(conflicts.map((c) => c.lead_id)).size;
  return publicError(409, {
    code: 'search_result_conflict',
    problem: `${leads} search row${leads === 1 ? '' : 's'} differ${leads === 1 ? 's' : ''} from a lead already saved in the workspace`,
    cause: 'A saved lead with the same LinkedIn profile has another company or title than the search row. Nothing was saved.',
    fix: 'Leave those rows out with entity_ids, or correct or remove the saved leads named in details.conflicts, then save again.',
    retryable: false,
    details: { conflicts },
  });
}

const sameText = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Where a saved lead and a search row of the same person disagree (a field the lead lacks is no disagreement). */
function differences(lead: LeadRecord, row: PersonSearchRow): SearchConflict[] {
  const pairs = [
    ['company', lead.company, row.company],
    ['title', lead.title, row.title],
  ] as const;
  return pairs.flatMap(([field, saved, search]) =>
    saved && search && !sameText(saved, search) ? [{ lead_id: lead.lead_id, field, saved, search }] : [],
  );
}

/** The lead record of a data-set person (its profile; email and phone stay null until enriched). */
export function leadFromRow(dataset: Dataset, index: number, row: PersonSearchRow = dataset.personRow(index)): NewLead {
  return {
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: row.full_name,
    email: null,
    phone: null,
    title: row.title,
    company: row.company,
    company_domain: row.domain,
    company_id: dataset.company(dataset.person(index).company_index).company_id,
    linkedin_url: row.linkedin_url,
    location: row.location,
    person_lead_id: row.lead_id,
  };
}

/**
 * Adds a person cohort's rows (search-scoped or workspace lead ids) to the list. The whole
 * batch is refused before anything changes on a search_result_conflict (409: the person is
 * already a lead, matched by LinkedIn URL, with another company or title) or when the new
 * memberships would pass the per-list cap (403 lead_cap_reached). A lead matched by URL
 * without a conflict is taken as that person's record. Ids that resolve to nothing are left out.
 */
export function saveCohortRows(
  store: Store,
  clock: SandboxClock,
  dataset: Dataset,
  org: OrganizationRecord,
  list: ListRecord,
  ids: readonly string[],
): SaveOutcome {
  const leads = Object.values(listsArea(store).leads).filter((l) => l.organization_id === org.id);
  const byPerson = new Map(leads.flatMap((l) => (l.person_lead_id ? [[l.person_lead_id, l] as const] : [])));
  let byUrl: Map<string, LeadRecord> | undefined;
  const planned: string[] = [];
  const toMake = new Map<string, NewLead>();
  const adopted = new Map<string, LeadRecord>();
  const conflicts: SearchConflict[] = [];
  const checked = new Set<string>();
  for (const id of ids) {
    const lead = leadOf(store, org.id, id) ?? byPerson.get(id) ?? adopted.get(id);
    if (lead) {
      planned.push(lead.lead_id);
      continue;
    }
    const index = dataset.personIndexByLeadId(id);
    if (index === undefined) continue;
    planned.push(`new:${id}`);
    if (checked.has(id)) continue;
    checked.add(id);
    const row = dataset.personRow(index);
    byUrl ??= new Map(leads.flatMap((l) => (l.linkedin_url ? [[profileUrlKey(l.linkedin_url), l] as const] : [])));
    const same = row.linkedin_url ? byUrl.get(profileUrlKey(row.linkedin_url)) : undefined;
    if (!same) toMake.set(id, leadFromRow(dataset, index, row));
    else {
      const diff = differences(same, row);
      if (diff.length) conflicts.push(...diff);
      else {
        adopted.set(id, same);
        planned[planned.length - 1] = same.lead_id;
      }
    }
  }
  if (conflicts.length) throw searchResultConflict(conflicts);
  checkLeadCap(store, org, list, freshMembers(list, planned).length);
  const made = new Map<string, string>();
  for (const [personId, l] of toMake) made.set(`new:${personId}`, insertLead(store, clock, org.id, l).lead_id);
  for (const [personId, l] of adopted) l.person_lead_id ??= personId;
  const outcome = addMembers(
    store,
    org,
    list,
    planned.map((id) => made.get(id) ?? id),
  );
  return { ...outcome, created: toMake.size };
}
