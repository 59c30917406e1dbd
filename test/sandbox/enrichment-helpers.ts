import { beforeEach, expect } from 'vitest';
import { control, type RawResponse } from './helpers.js';
import { call, expectOk, expectPublicError, seedList, useListsSandbox, type Cast } from './lists-helpers.js';

export { call, expectOk, expectPublicError, seedList, type Cast };

export const START_MS = Date.UTC(2031, 5, 2, 9);
/** Runs start processing at once and end 50 ms after they start. */
export const PACE = { pending_ms: 0, min_run_ms: 50, row_ms: 0 };

/**
 * The lists sandbox (reset before each test) with the clock frozen at START_MS, the small
 * pace and rate limits off (tests make many calls within one frozen minute).
 */
export function useEnrichmentSandbox(): Cast {
  const cast = useListsSandbox();
  beforeEach(async () => {
    await control(cast.sb, 'POST', '/clock', { set_ms: START_MS, freeze: true });
    await control(cast.sb, 'POST', '/rate-limits', { enabled: false });
    await control(cast.sb, 'POST', '/enrichment', { pace: PACE });
  });
  return cast;
}

export const advance = (cast: Cast, ms: number) => control(cast.sb, 'POST', '/clock', { advance_ms: ms });
export const setHitRates = (cast: Cast, hit_rates: Record<string, number | null>) => control(cast.sb, 'POST', '/enrichment', { hit_rates });

export function enrich(cast: Cast, what: 'person' | 'company' | 'by-task' | 'bulk', body: unknown, token?: string): Promise<RawResponse> {
  return call(cast.sb, 'POST', `/enrichment/${what}`, { body, ...(token ? { token } : {}) });
}

export async function estimate(cast: Cast, body: Record<string, unknown>): Promise<any> {
  return expectOk(await call(cast.sb, 'POST', '/credits/estimate', { body }));
}

/** The quote_id of an estimate. */
export const quoteFor = async (cast: Cast, body: Record<string, unknown>): Promise<string> => (await estimate(cast, body)).quote_id;

export async function balance(cast: Cast): Promise<number> {
  return expectOk(await call(cast.sb, 'GET', '/credits/balance')).credits;
}

export async function statusOf(cast: Cast, id: string): Promise<any> {
  return expectOk(await call(cast.sb, 'GET', `/enrichment/status/${id}`));
}

/** Moves the clock past the run's end and reads its settled status. */
export async function finished(cast: Cast, id: string): Promise<any> {
  await advance(cast, PACE.min_run_ms);
  const s = await statusOf(cast, id);
  expect(s.status).not.toMatch(/^(pending|processing)$/);
  return s;
}

export async function leadsOf(cast: Cast, listId: string): Promise<any[]> {
  return expectOk(await call(cast.sb, 'GET', `/lead-lists/${listId}/leads?limit=500`)).leads;
}

/** Pay-for-results: 1 per email found and 10 per phone found, read from the leads (which had neither before). */
export const paidFor = (leads: Array<{ email: string | null; phone: string | null }>): number =>
  leads.reduce((n, l) => n + (l.email ? 1 : 0) + (l.phone ? 10 : 0), 0);

/** A list of `people` leads saved from the data set (from person `from`): its id. */
export async function listOf(cast: Cast, name: string, people: number, from = 0): Promise<string> {
  return (await seedList(cast.sb, { name, people, from_person: from })).list_id;
}

/** Expects a 2xx (200 or 201) and returns the body. */
export function accepted(r: RawResponse): any {
  expect(r.status, r.text).toBeLessThan(300);
  return r.json;
}
