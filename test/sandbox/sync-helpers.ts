import { expect } from 'vitest';
import { control, type RawResponse } from './helpers.js';
import { balance, call, expectOk, listOf, useEnrichmentSandbox, type Cast } from './enrichment-helpers.js';
import { listsArea, type LeadRecord } from '../../src/sandbox/engine/lists.js';

export { balance, call, expectOk, useEnrichmentSandbox, type Cast };
export { expectPublicError } from './enrichment-helpers.js';

/** Leads of a list as the store holds them (fields the lead row does not show included). */
export function records(cast: Pick<Cast, 'sb'>, listId: string): LeadRecord[] {
  const area = listsArea(cast.sb.store);
  return area.lists[listId]!.lead_ids.map((id) => area.leads[id]!);
}

/**
 * A list of `n` data-set people (from person `fromPerson`) whose leads look as a CRM sync meets them: most enriched with
 * an email, every 8th without one (index 5, 13, ...), every 10th (3, 13, ...) without a last
 * name but with a full name, and every 20th (7, 27, ...) with neither (a one-word name).
 */
export async function syncList(cast: Cast, n: number, name = 'Accounts', fromPerson = 0): Promise<string> {
  const listId = await listOf(cast, name, n, fromPerson);
  shapeForSync(records(cast, listId));
  return listId;
}

/** Gives leads (saved from search, so without emails) the emails and names syncList describes. */
export function shapeForSync(leads: LeadRecord[]): void {
  leads.forEach((l, i) => {
    if (i % 8 !== 5)
      l.email = `${l.first_name}.${l.last_name}${i}@${l.company_domain ?? 'example.com'}`.toLowerCase().replace(/[^a-z0-9.@-]/g, '');
    if (i % 10 === 3) l.last_name = null;
    if (i % 20 === 7) {
      l.last_name = null;
      l.full_name = l.first_name;
    }
  });
}

export const estimate = async (cast: Cast, body: Record<string, unknown>): Promise<any> =>
  expectOk(await call(cast.sb, 'POST', '/credits/estimate', { body }));

export const preview = (cast: Cast, body: Record<string, unknown>, token?: string): Promise<RawResponse> =>
  call(cast.sb, 'POST', '/migrate/preview', { body, ...(token ? { token } : {}) });

type Kind = 'crm' | 'sequencer';
const TOOL = { crm: 'sync_to_crm', sequencer: 'sync_to_sequencer' } as const;

/** POST /migrate/{kind} with the body as given. */
export const post = (cast: Cast, kind: Kind, body: Record<string, unknown>, token?: string): Promise<RawResponse> =>
  call(cast.sb, 'POST', `/migrate/${kind}`, { body, ...(token ? { token } : {}) });

/** Quotes the request (its tool, the body's fields) and sends it approved with the quote. */
export async function syncQuoted(cast: Cast, kind: Kind, body: Record<string, unknown>): Promise<RawResponse> {
  const quote = await estimate(cast, { tool: TOOL[kind], ...body });
  return post(cast, kind, { ...body, quote_id: quote.quote_id, approved: true });
}

/** What a destination holds now (crm_one/contacts, sequencer_one/<campaign id> ...), by lead id. */
export async function held(cast: Cast, key: string): Promise<Record<string, { properties: Record<string, string>; workflow_id: string }>> {
  const d = await control(cast.sb, 'GET', '/sync/destinations');
  return Object.fromEntries((d.destinations[key] ?? []).map((r: any) => [r.lead_id, r]));
}

export async function expectBalance(cast: Cast, credits: number): Promise<void> {
  expect(await balance(cast)).toBe(credits);
}
