import { call, expectPublicError, seedList, type Cast } from './lists-helpers.js';
import type { RawResponse } from './helpers.js';
import { listsArea, type LeadRecord } from '../../src/sandbox/engine/lists.js';

export const b64 = (csv: string | Buffer): string => Buffer.from(csv).toString('base64');

/** The mapping of the usual test CSV (Name, Email, Company, LinkedIn). */
export const MAP = { full_name: 'Name', email: 'Email', company_name: 'Company', linkedin_url: 'LinkedIn' };

/** An import body for a CSV text, enrichment not dispatched unless `extra` says otherwise. */
export function importBody(csv: string | Buffer, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { csv_content_base64: b64(csv), column_mapping: MAP, dispatch_enrichment: false, ...extra };
}

export function csvImport(cast: Cast, listId: string, body: unknown, token?: string): Promise<RawResponse> {
  return call(cast.sb, 'POST', `/lead-lists/${listId}/csv-import`, { body, ...(token ? { token } : {}) });
}

/** Asserts a 201 and returns the body. */
export function expectCreated(r: RawResponse): any {
  if (r.status !== 201) throw new Error(`expected 201, got ${r.status}: ${r.text}`);
  return r.json;
}

export async function newList(cast: Cast, name = 'Imports', extra: Record<string, unknown> = {}): Promise<string> {
  return (await seedList(cast.sb, { name, ...extra })).list_id as string;
}

/** The lead records of a list, in membership order (fields the lead row does not show included). */
export function leadRecords(cast: Cast, listId: string): LeadRecord[] {
  const area = listsArea(cast.sb.store);
  return (area.lists[listId]?.lead_ids ?? []).map((id) => area.leads[id]!);
}

export function leadCount(cast: Cast): number {
  return Object.keys(listsArea(cast.sb.store).leads).length;
}

export { expectPublicError };
