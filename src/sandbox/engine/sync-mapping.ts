import { SYNC_LEAD_COLUMNS, isCrmProvider, type Destination } from '../../api/schemas/values/sync.js';
import type { FieldMapping } from '../../api/schemas/sync.js';
import { columnNames, columnValue, type LeadRecord, type ListRecord } from './lists.js';
import { badField } from './validation.js';

/**
 * Field mappings of a sync: list column -> destination property. The list columns are the
 * lead fields (SYNC_LEAD_COLUMNS) and the list's smart-agent columns. Each destination
 * object has a default mapping (the sandbox's choice; the spec leaves it to the service),
 * used when the request has none.
 */

/** What a sync writes to: a CRM object (the sub_action) or a sequencer campaign. */
export interface SyncTarget {
  provider: Destination;
  /** crm_one: contacts; crm_two: leads or contacts; null for the sequencer. */
  sub_action: string | null;
  /** The sequencer campaign; null for CRMs. */
  campaign_id: string | null;
}

const DEFAULT_MAPPINGS: Record<string, FieldMapping> = {
  'crm_one/contacts': {
    email: 'email',
    first_name: 'firstname',
    last_name: 'lastname',
    title: 'jobtitle',
    company: 'company',
    domain: 'website',
    phone: 'phone',
    linkedin_url: 'linkedin_url',
    location: 'city',
  },
  'crm_two/leads': {
    first_name: 'FirstName',
    last_name: 'LastName',
    email: 'Email',
    title: 'Title',
    company: 'Company',
    phone: 'Phone',
    domain: 'Website',
  },
  'crm_two/contacts': {
    first_name: 'FirstName',
    last_name: 'LastName',
    email: 'Email',
    title: 'Title',
    company: 'AccountName',
    phone: 'Phone',
  },
  sequencer_one: {
    email: 'email',
    first_name: 'first_name',
    last_name: 'last_name',
    title: 'title',
    company: 'company_name',
    linkedin_url: 'linkedin_url',
    phone: 'phone',
  },
};

function defaultMapping(t: SyncTarget): FieldMapping {
  return { ...DEFAULT_MAPPINGS[isCrmProvider(t.provider) ? `${t.provider}/${t.sub_action}` : t.provider] };
}

/** The list column a destination cannot take a lead without: an email, or a last name for crm_two. */
export const requiredColumn = (provider: Destination): 'email' | 'last_name' => (provider === 'crm_two' ? 'last_name' : 'email');

/** The columns a mapping of this list may name. */
function listColumns(list: ListRecord): string[] {
  return [...SYNC_LEAD_COLUMNS, ...columnNames(list).filter((c) => !(SYNC_LEAD_COLUMNS as readonly string[]).includes(c))];
}

/**
 * The mapping a sync uses: the default when none is given; a custom one must name list
 * columns only, give each a property of its own, and map the column the destination needs.
 */
export function mappingFor(
  t: SyncTarget,
  list: ListRecord,
  custom: FieldMapping | undefined,
): { mapping: FieldMapping; source: 'default' | 'custom' } {
  if (custom === undefined) return { mapping: defaultMapping(t), source: 'default' };
  const valid = listColumns(list);
  const unknown = Object.keys(custom).filter((c) => !valid.includes(c));
  if (unknown.length)
    throw badField(
      'field_mapping',
      `field_mapping names ${unknown.length === 1 ? 'a column' : 'columns'} list "${list.name}" does not have: ${unknown.join(', ')}. Valid columns: ${valid.join(', ')}`,
    );
  const blank = Object.keys(custom).filter((c) => custom[c]!.trim() === '');
  if (blank.length) throw badField(`field_mapping.${blank[0]}`, `field_mapping gives ${blank.join(', ')} an empty destination property`);
  const seen = new Map<string, string>();
  for (const [column, property] of Object.entries(custom)) {
    const other = seen.get(property);
    if (other) throw badField(`field_mapping.${column}`, `field_mapping maps both ${other} and ${column} to the property ${property}`);
    seen.set(property, column);
  }
  const needed = requiredColumn(t.provider);
  if (!(needed in custom))
    throw badField(
      'field_mapping',
      `field_mapping must map the ${needed} column: ${t.provider} takes no lead without ${needed === 'email' ? 'an email' : 'a last name'} (the default maps it to ${defaultMapping(t)[needed]})`,
    );
  return { mapping: { ...custom }, source: 'custom' };
}

/** crm_two's last name: the lead's, or the last word of its full name. */
export function lastNameOf(lead: LeadRecord): string | null {
  const own = lead.last_name?.trim();
  if (own) return own;
  const words = lead.full_name?.trim().split(/\s+/) ?? [];
  return words.length > 1 ? words[words.length - 1]! : null;
}

/** A lead's value in a list column, as the destination receives it (null when it has none). */
function cellOf(t: SyncTarget, list: ListRecord, lead: LeadRecord, column: string): string | null {
  switch (column) {
    case 'domain':
      return lead.company_domain;
    case 'last_name':
      return t.provider === 'crm_two' ? lastNameOf(lead) : lead.last_name;
    case 'lead_id':
    case 'first_name':
    case 'full_name':
    case 'email':
    case 'phone':
    case 'title':
    case 'company':
    case 'linkedin_url':
    case 'location':
      return lead[column];
    default:
      return columnValue(list, column, lead.lead_id) ?? null;
  }
}

/** The record the destination receives for a lead: mapped properties with a value. */
export function recordOf(t: SyncTarget, list: ListRecord, lead: LeadRecord, mapping: FieldMapping): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [column, property] of Object.entries(mapping)) {
    const v = cellOf(t, list, lead, column);
    if (v !== null && v !== '') out[property] = v;
  }
  return out;
}
