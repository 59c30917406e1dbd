import { beforeEach, expect } from 'vitest';
import { control, type RawResponse } from './helpers.js';
import { call, expectOk, seedList, useListsSandbox, type Cast } from './lists-helpers.js';

export { expectOk, expectPublicError } from './lists-helpers.js';

/** The lists sandbox with rate limits off (a test prices many requests in one clock minute). */
export function useEstimateSandbox(): Cast {
  const cast = useListsSandbox();
  beforeEach(() => control(cast.sb, 'POST', '/rate-limits', { enabled: false }));
  return cast;
}

/** POST /credits/estimate as the demo owner (or another token). */
export function estimate(cast: Cast, body: Record<string, unknown>, token?: string): Promise<RawResponse> {
  return call(cast.sb, 'POST', '/credits/estimate', { body, ...(token ? { token } : {}) });
}

/** The quote of a request that must be priced. */
export async function quoteOf(cast: Cast, body: Record<string, unknown>): Promise<any> {
  return expectOk(await estimate(cast, body));
}

/** [row_count, estimated_cost] of a request. */
export async function priceOf(cast: Cast, body: Record<string, unknown>): Promise<[number, number]> {
  const q = await quoteOf(cast, body);
  return [q.row_count, q.estimated_cost];
}

/** A list of the demo owner holding `people` leads of the data set; its id and lead ids. */
export async function listOf(cast: Cast, people: number, opts: Record<string, unknown> = {}): Promise<{ id: string; leads: string[] }> {
  const list = await seedList(cast.sb, { name: `List of ${people}`, people, ...opts });
  if (people === 0 || opts.organization_id) return { id: list.list_id, leads: [] };
  const page = expectOk(await call(cast.sb, 'GET', `/lead-lists/${list.list_id}/leads?limit=500`));
  expect(page.leads).toHaveLength(people);
  return { id: list.list_id, leads: page.leads.map((l: any) => l.lead_id) };
}

/** The most common industry among the data set's companies (it backs cohorts of a known size). */
export function commonIndustry(cast: Cast): string {
  const counts = new Map<string, number>();
  for (let i = 0; i < cast.ds.size.companies; i++) {
    const industry = cast.ds.company(i).industry;
    counts.set(industry, (counts.get(industry) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

/** A people search page: its cohort handle and row ids. */
export async function peopleCohort(cast: Cast, limit: number, token?: string): Promise<{ task_id: string; ids: string[] }> {
  const r = expectOk(
    await call(cast.sb, 'POST', '/people/find', {
      body: { filters: { company_industries: [commonIndustry(cast)] }, limit },
      ...(token ? { token } : {}),
    }),
  );
  expect(r.results).toHaveLength(limit);
  return { task_id: r.task_id, ids: r.results.map((p: any) => p.lead_id) };
}

/** A company search page: its cohort handle and company ids. */
export async function companyCohort(cast: Cast, limit: number): Promise<{ task_id: string; ids: string[] }> {
  const r = expectOk(
    await call(cast.sb, 'POST', '/search/companies', { body: { filters: { industries: [commonIndustry(cast)] }, limit } }),
  );
  expect(r.results).toHaveLength(limit);
  return { task_id: r.task_id, ids: r.results.map((c: any) => c.company_id) };
}
