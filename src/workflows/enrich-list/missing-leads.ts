import type { Api } from '../../api/api.js';
import type { LeadRow } from '../../api/schemas/lists.js';
import type { ListScope } from '../../api/schemas/values/credits.js';
import { LIST_LIMITS } from '../../api/schemas/values/lists.js';
import { formatCount as n } from '../counts.js';

/**
 * Which leads of a list still lack what a scope finds, so enriching pays only for what is
 * missing, in every face. Judged by each lead's own email and phone (reading leads is free), never by
 * the list's enriched_count: an imported CRM export holds emails and phones nobody enriched
 * (docs/design-changes.md). The leads are read in pages of 500 and each goes where its gap is:
 * partial for a missing email, phone-only for a missing phone, and with scope full only the part it
 * lacks (a lead with an email gets the phone alone, a lead with a phone the email alone). When no
 * lead is left out, the whole list goes in one run.
 */

/** What a lead holds that makes a scope skip it. */
export const SKIP_REASONS = { partial: 'has_email', 'phone-only': 'has_phone', full: 'has_email_and_phone' } as const satisfies Record<
  ListScope,
  string
>;

/** The same, in words. */
export const HAVE: Record<ListScope, string> = { partial: 'an email', 'phone-only': 'a phone', full: 'an email and a phone' };

/** The scope that finds what `lead` lacks of `scope`, or undefined when it lacks nothing. */
export function missingScope(lead: Pick<LeadRow, 'email' | 'phone'>, scope: ListScope): ListScope | undefined {
  const email = !lead.email;
  const phone = !lead.phone;
  if (scope === 'partial') return email ? 'partial' : undefined;
  if (scope === 'phone-only') return phone ? 'phone-only' : undefined;
  return email && phone ? 'full' : email ? 'partial' : phone ? 'phone-only' : undefined;
}

/** Leads that earlier runs enrich: some lead ids, or 'all' when one of them enriches the whole list. */
export type Covered = Set<string> | 'all';

/** `covered` and the leads of a run (its lead_ids, or the whole list without them). */
export function cover(covered: Covered, run: { lead_ids?: readonly string[] | undefined }): Covered {
  if (covered === 'all' || !run.lead_ids) return 'all';
  for (const id of run.lead_ids) covered.add(id);
  return covered;
}

/** Leads that either enriches. */
export const union = (a: Covered, b: Covered): Covered => (a === 'all' || b === 'all' ? 'all' : new Set([...a, ...b]));

/** Leads to enrich with one scope: some lead ids, or (no lead_ids) the whole list. */
export interface Group {
  scope: ListScope;
  lead_ids?: string[];
}

/** What finding out which leads lack the data cost (reads are free). */
export interface SelectionCheck {
  leads_read: number;
  requests: number;
}

export interface Selection {
  groups: Group[];
  /** Leads left out, by what they hold ({has_email: 1000}). */
  skipped: Record<string, number>;
  /** What finding out cost: the leads read and the requests made (pages of leads, status reads of earlier runs); undefined when nothing was read. */
  check?: SelectionCheck;
  /** One line for a person: what was checked and what is left out. */
  summary?: string;
}

export interface SelectionRequest {
  listId: string;
  scope: ListScope;
  /** --lead-ids: only these leads of the list. */
  ids?: readonly string[];
  /** --all-leads: every lead selected, whatever it holds. */
  allLeads: boolean;
  /** Leads earlier runs (still going, or resolved now) enrich: left out (the leads are read to leave them out). */
  covered?: ReadonlySet<string>;
  /** Status reads of earlier runs made before: part of what the check cost. */
  runsRead?: number;
  /** How the caller's face opts in to enriching held data again, for the summary: --all-leads, { allLeads: true }, all_leads: true. */
  optIn?: string;
  signal?: AbortSignal;
}

const everyone = (r: SelectionRequest): Group[] => [{ scope: r.scope, ...(r.ids ? { lead_ids: [...r.ids] } : {}) }];

const plural = (count: number, word: string) => `${n(count)} ${word}${count === 1 ? '' : 's'}`;

export async function selectMissing(api: Api, r: SelectionRequest): Promise<Selection> {
  const covered = r.covered ?? new Set<string>();
  if (r.allLeads && covered.size === 0) return { groups: everyone(r), skipped: {} };
  const runsRead = r.runsRead ?? 0;
  let requests = runsRead;
  let pages = 0;
  /** "3 requests (its leads in pages of 500, 1 earlier run)" */
  const cost = () =>
    `${plural(requests, 'request')} (${[...(pages ? [`its leads in pages of ${LIST_LIMITS.leadsPage.max}`] : []), ...(runsRead ? [plural(runsRead, 'earlier run')] : [])].join(', ')})`;
  const wanted = r.ids ? new Set(r.ids) : undefined;
  const byScope = new Map<ListScope, string[]>();
  const add = (scope: ListScope, ...ids: string[]) => void (byScope.get(scope)?.push(...ids) ?? byScope.set(scope, ids));
  const seen = new Set<string>();
  const skipped: Record<string, number> = {};
  const skip = (reason: string) => (skipped[reason] = (skipped[reason] ?? 0) + 1);
  let read = 0;
  for await (const page of api.lists.leads(r.listId, {}, { signal: r.signal }).rowPages()) {
    requests += 1;
    pages += 1;
    for (const lead of page.items) {
      read += 1;
      if (wanted && !wanted.has(lead.lead_id)) continue;
      seen.add(lead.lead_id);
      const scope = r.allLeads ? r.scope : missingScope(lead, r.scope);
      if (covered.has(lead.lead_id)) skip(IN_EARLIER_RUN);
      else if (!scope) skip(SKIP_REASONS[r.scope]);
      else add(scope, lead.lead_id);
    }
  }
  // Ids the list does not hold go as given: the service says which are not in it.
  const strangers = r.ids?.filter((id) => !seen.has(id) && !covered.has(id)) ?? [];
  if (strangers.length) add(r.scope, ...strangers);
  const partly = r.scope === 'full' ? narrowed(byScope) : '';
  const whole = !r.ids && Object.keys(skipped).length === 0 && !partly;
  return {
    groups: whole ? everyone(r) : [...byScope].map(([scope, lead_ids]) => ({ scope, lead_ids })),
    skipped,
    check: { leads_read: read, requests },
    summary: `Checked ${plural(read, 'lead')} in ${cost()}${skippedText(skipped, r.scope, r.optIn)}${partly}.`,
  };
}

/** Leads an earlier run enriches (one still going, or one resolved now). */
const IN_EARLIER_RUN = 'in_earlier_run';

function skippedText(skipped: Record<string, number>, scope: ListScope, optIn = '--all-leads'): string {
  const held = skipped[SKIP_REASONS[scope]];
  const earlier = skipped[IN_EARLIER_RUN];
  const parts = [
    ...(held ? [`${n(held)} already have ${HAVE[scope]}, skipped (${optIn} enriches them again)`] : []),
    ...(earlier ? [`${n(earlier)} are in an earlier run named above`] : []),
  ];
  return parts.length ? `: ${parts.join('; ')}` : ': none is skipped';
}

/** With --scope full: the leads that get only the part they lack. */
function narrowed(byScope: ReadonlyMap<ListScope, readonly string[]>): string {
  const phone = byScope.get('phone-only')?.length ?? 0;
  const email = byScope.get('partial')?.length ?? 0;
  const parts = [
    ...(phone ? [`${n(phone)} with an email get the phone alone`] : []),
    ...(email ? [`${n(email)} with a phone get the email alone`] : []),
  ];
  return parts.length ? `; ${parts.join(', ')}` : '';
}
