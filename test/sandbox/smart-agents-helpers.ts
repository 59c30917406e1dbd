import { beforeEach, expect } from 'vitest';
import { control, type RawResponse } from './helpers.js';
import { advance, call, expectOk, quoteFor, useEnrichmentSandbox, type Cast } from './enrichment-helpers.js';
import { b64, csvImport, expectCreated } from './csv-import-helpers.js';

export {
  advance,
  balance,
  call,
  estimate,
  expectOk,
  expectPublicError,
  listOf,
  quoteFor,
  seedList,
  type Cast,
} from './enrichment-helpers.js';

/** Runs are pending 100 ms, then one lead finishes every 10 ms. */
export const AGENT_PACE = { pending_ms: 100, row_ms: 10 };

/** The enrichment sandbox (clock frozen, rate limits off) with the small agent pace. */
export function useAgentSandbox(): Cast {
  const cast = useEnrichmentSandbox();
  beforeEach(async () => {
    await control(cast.sb, 'POST', '/smart-agents', { pace: AGENT_PACE });
  });
  return cast;
}

export type RunBody = Record<string, unknown>;

export const estimateBody = (body: RunBody) => ({ tool: 'run_smart_agent', ...body });

/** POST /smart-agents/run with a quote from the matching estimate (or the quote_id given in the body). */
export async function runAgent(cast: Cast, body: RunBody, token?: string): Promise<RawResponse> {
  const quote_id = 'quote_id' in body ? body.quote_id : await quoteFor(cast, estimateBody(body));
  return call(cast.sb, 'POST', '/smart-agents/run', { body: { ...body, quote_id }, ...(token ? { token } : {}) });
}

/** Starts a run and returns its answer (fails the test on anything but 200). */
export async function started(cast: Cast, body: RunBody): Promise<any> {
  return expectOk(await runAgent(cast, body));
}

export async function resultsOf(cast: Cast, id: string): Promise<any> {
  return expectOk(await call(cast.sb, 'GET', `/smart-agents/${id}`));
}

/** Moves the clock past the end of a run of `leads` leads and reads its results. */
export async function finished(cast: Cast, id: string, leads: number): Promise<any> {
  await advance(cast, AGENT_PACE.pending_ms + leads * AGENT_PACE.row_ms);
  const r = await resultsOf(cast, id);
  expect(r.status).toMatch(/^(completed|failed)$/);
  return r;
}

/** A list column read back the way a user reads it: GET /export/json with the column asked for. */
export async function columnOf(cast: Cast, listId: string, column: string): Promise<Record<string, string | null>> {
  const q = new URLSearchParams([
    ['list_id', listId],
    ['limit', '500'],
    ['columns', 'lead_id'],
    ['columns', column],
  ]);
  const page = expectOk(await call(cast.sb, 'GET', `/export/json?${q.toString()}`));
  return Object.fromEntries(page.leads.map((l: any) => [l.lead_id, l[column] ?? null]));
}

/** A list of leads imported from CSV rows (Name, Email, Title, Domain): its id. */
export async function importedList(
  cast: Cast,
  name: string,
  rows: ReadonlyArray<{ name: string; email?: string; title?: string; domain?: string }>,
): Promise<string> {
  const id = (await control(cast.sb, 'POST', '/lists', { name })).list_id as string;
  const cell = (v: string | undefined) => `"${(v ?? '').replace(/"/g, '""')}"`;
  const csv = ['Name,Email,Title,Domain', ...rows.map((r) => [r.name, r.email, r.title, r.domain].map(cell).join(','))].join('\n');
  const mapping = { full_name: 'Name', email: 'Email', job_title: 'Title', company_domain: 'Domain' };
  expectCreated(await csvImport(cast, id, { csv_content_base64: b64(csv), column_mapping: mapping, dispatch_enrichment: false }));
  return id;
}

/** The lead ids of a list, in list order. */
export async function leadIdsOf(cast: Cast, listId: string): Promise<string[]> {
  return expectOk(await call(cast.sb, 'GET', `/lead-lists/${listId}/leads?limit=500`)).leads.map((l: any) => l.lead_id);
}
