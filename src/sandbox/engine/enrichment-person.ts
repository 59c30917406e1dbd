import type { PersonEnrichBody } from '../../api/schemas/enrichment.js';
import type { SandboxServices } from '../context.js';
import type { OrganizationRecord } from '../store.js';
import { domainKey } from '../data/text.js';
import { publicError } from './errors.js';
import { profileUrlKey, saveCohortRows } from './list-saves.js';
import { addMembers, insertLead, leadOf, listsArea, type LeadRecord, type ListRecord, type NewLead } from './lists.js';
import { clean, matchPerson } from './waterfall.js';
import { companyIndexByName } from './enrichment-companies.js';

/**
 * Who a person enrichment is about, in order: person_id naming a workspace lead (ld_...);
 * person_id naming a person of the data set (sp_...); a workspace lead with the email
 * (any case) or the LinkedIn URL (any spelling); the data-set person the identifiers match;
 * else a new lead made of the fields sent. Identifying changes nothing; the lead is made
 * (or saved from the data set) and put in the list only once the credits are reserved.
 */
export type PersonTarget = { kind: 'lead'; lead: LeadRecord } | { kind: 'person'; person_id: string } | { kind: 'new'; lead: NewLead };

type Services = Pick<SandboxServices, 'store' | 'clock' | 'dataset'>;

function orgLeads(services: Services, orgId: string): LeadRecord[] {
  return Object.values(listsArea(services.store).leads).filter((l) => l.organization_id === orgId);
}

function workspaceLeadMatching(services: Services, orgId: string, email: string | null, url: string | null): LeadRecord | undefined {
  if (!email && !url) return undefined;
  const mail = email?.toLowerCase();
  const key = url ? profileUrlKey(url) : null;
  return orgLeads(services, orgId).find(
    (l) => (mail && l.email?.toLowerCase() === mail) || (key && l.linkedin_url && profileUrlKey(l.linkedin_url) === key),
  );
}

/** The company the request names: its domain, else the data-set company of that exact name. */
function companyOf(services: Services, b: PersonEnrichBody): { name: string | null; domain: string | null; company_id: string | null } {
  const ds = services.dataset;
  const domain = clean(b.domain);
  const index = domain ? ds.companyIndexByDomain(domain) : clean(b.company_name) ? companyIndexByName(ds, b.company_name!) : undefined;
  const known = index === undefined ? null : ds.company(index);
  return {
    name: clean(b.company_name) ?? known?.name ?? null,
    domain: domain ? domainKey(domain) : (known?.domain ?? null),
    company_id: known?.company_id ?? null,
  };
}

export function identifyPerson(services: Services, orgId: string, b: PersonEnrichBody): PersonTarget {
  const personId = clean(b.person_id);
  if (personId) {
    const lead = leadOf(services.store, orgId, personId);
    if (lead) return { kind: 'lead', lead };
    if (services.dataset.personIndexByLeadId(personId) !== undefined) return { kind: 'person', person_id: personId };
  }
  const email = clean(b.email);
  const url = clean(b.linkedin_url);
  const known = workspaceLeadMatching(services, orgId, email, url);
  if (known) return { kind: 'lead', lead: known };
  const company = companyOf(services, b);
  const first = clean(b.first_name);
  const last = clean(b.last_name);
  const index = matchPerson(services.dataset, {
    email,
    linkedin_url: url,
    first_name: first,
    last_name: last,
    company_domain: company.domain,
  });
  if (index !== null) return { kind: 'person', person_id: services.dataset.person(index).lead_id };
  if (personId && !email && !url && !(first && last && (company.name || company.domain))) throw personNotFound(personId);
  return {
    kind: 'new',
    lead: {
      first_name: first,
      last_name: last,
      full_name: [first, last].filter(Boolean).join(' ') || null,
      email,
      phone: clean(b.phone),
      title: null,
      company: company.name,
      company_domain: company.domain,
      company_id: company.company_id,
      linkedin_url: url,
      location: null,
      person_lead_id: null,
    },
  };
}

function personNotFound(personId: string) {
  return publicError(404, {
    code: 'not_found',
    problem: `Person ${personId} was not found`,
    cause: 'person_id is neither a lead of your workspace (ld_...) nor a person of a search (sp_...), and no other identifier was sent.',
    fix: 'Send a lead_id from GET /lead-lists/{list_id}/leads or a search row, or identify the person by email, linkedin_url or name and company.',
    retryable: false,
  });
}

/** Whether enriching the target adds a member to the list (for the lead cap check before anything is charged). */
export function addsMember(services: Services, orgId: string, list: ListRecord, t: PersonTarget): boolean {
  if (t.kind === 'new') return true;
  const lead = t.kind === 'lead' ? t.lead : orgLeads(services, orgId).find((l) => l.person_lead_id === t.person_id);
  return !lead || !list.lead_ids.includes(lead.lead_id);
}

/** Makes the target a lead of the list (saving a data-set person, or creating a new lead) and returns it. */
export function attachPerson(services: Services, org: OrganizationRecord, list: ListRecord, t: PersonTarget): LeadRecord {
  const { store, clock, dataset } = services;
  if (t.kind === 'person') {
    saveCohortRows(store, clock, dataset, org, list, [t.person_id]);
    const url = dataset.personRow(dataset.personIndexByLeadId(t.person_id)!).linkedin_url;
    const leads = orgLeads(services, org.id);
    return (leads.find((l) => l.person_lead_id === t.person_id) ??
      leads.find((l) => !!url && !!l.linkedin_url && profileUrlKey(l.linkedin_url) === profileUrlKey(url)))!;
  }
  const lead = t.kind === 'lead' ? t.lead : insertLead(store, clock, org.id, t.lead);
  addMembers(store, org, list, [lead.lead_id]);
  return lead;
}
