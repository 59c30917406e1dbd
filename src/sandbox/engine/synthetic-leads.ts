import type { Dataset } from '../data/dataset.js';
import type { Store } from '../store.js';
import type { SandboxClock } from './clock.js';
import { insertLead, setColumnValue, type ListRecord, type NewLead } from './lists.js';

/**
 * Fills a list with synthetic leads fast, for tests and benchmarks (a control: no caps).
 * Lead k is the data set's person k (cycling through the data set when more are asked for,
 * with a numbered LinkedIn URL and email so every lead stays distinct), with the person's
 * employer, email and phone (when `enriched`). The first `formula_rows` leads carry
 * formula-looking text (starting with =, +, - or @) in their title, company and list columns,
 * as a spreadsheet injection would.
 */

export interface SyntheticLeadsRequest {
  count: number;
  formula_rows?: number | undefined;
  /** List columns (smart-agent output) to fill for every generated lead. */
  columns?: readonly string[] | undefined;
  /** Default true: email and phone filled where the data set has them. */
  enriched?: boolean | undefined;
}

/** Cell text a spreadsheet would run as a formula, one per dangerous first character. */
export const FORMULA_SAMPLES = ['=HYPERLINK("https://evil.example","Open")', '+1 555 0100', '-2+3', '@SUM(A1:A9)'] as const;

/** What lead k takes from its person, read once per person however many cycles reuse it. */
type PersonLead = Omit<NewLead, 'enriched_at'>;

function personLead(dataset: Dataset, index: number, enriched: boolean): PersonLead {
  const p = dataset.person(index);
  const c = dataset.company(p.company_index);
  return {
    first_name: p.first_name,
    last_name: p.last_name,
    full_name: `${p.first_name} ${p.last_name}`,
    email: enriched ? p.email : null,
    phone: enriched ? p.phone : null,
    title: p.title,
    company: c.name,
    company_domain: c.domain,
    company_id: c.company_id,
    linkedin_url: p.linkedin_url,
    location: p.location,
    person_lead_id: null,
  };
}

/** Appends `count` generated leads to the list; returns the ids of the first and last. */
export function generateLeads(
  store: Store,
  clock: SandboxClock,
  dataset: Dataset,
  list: ListRecord,
  r: SyntheticLeadsRequest,
): { added: number; first_lead_id: string | null; last_lead_id: string | null } {
  const people = dataset.size.people;
  if (people === 0) throw new RangeError('the data set has no people to generate leads from');
  const enriched = r.enriched ?? true;
  const formulaRows = r.formula_rows ?? 0;
  // One timestamp for the whole batch (the leads are made in one go).
  const now = clock.iso();
  const at = { iso: () => now };
  const base: PersonLead[] = [];
  let first: string | null = null;
  let last: string | null = null;
  for (let k = 0; k < r.count; k++) {
    const index = k % people;
    const cycle = Math.floor(k / people);
    const b = (base[index] ??= personLead(dataset, index, enriched));
    const formula = k < formulaRows;
    const lead = insertLead(store, at, list.organization_id, {
      ...b,
      email: b.email && (cycle === 0 ? b.email : b.email.replace('@', `+${cycle}@`)),
      linkedin_url: b.linkedin_url && (cycle === 0 ? b.linkedin_url : `${b.linkedin_url}-${cycle}`),
      title: formula ? FORMULA_SAMPLES[k % 4]! : b.title,
      company: formula ? FORMULA_SAMPLES[(k + 1) % 4]! : b.company,
      enriched_at: b.email || b.phone ? now : null,
    });
    list.lead_ids.push(lead.lead_id);
    first ??= lead.lead_id;
    last = lead.lead_id;
    for (const column of r.columns ?? [])
      setColumnValue(list, column, lead.lead_id, formula ? FORMULA_SAMPLES[(k + 2) % 4]! : `${column} for ${b.full_name} at ${b.company}`);
  }
  return { added: r.count, first_lead_id: first, last_lead_id: last };
}
