import { parse } from 'csv-parse/sync';
import { control, raw, type RawResponse, type RunningSandbox } from './helpers.js';
import { call, seedList } from './lists-helpers.js';

export { useListsSandbox } from './lists-helpers.js';
export { expectOk, expectPublicError } from './search-helpers.js';

/** The spec's default export columns, written out here so a change of order in the code fails the tests. */
export const SPEC_DEFAULT_COLUMNS = [
  'lead_id',
  'first_name',
  'last_name',
  'email',
  'title',
  'company',
  'domain',
  'linkedin_url',
  'phone',
  'location',
];

/** A list of the demo owner filled with `count` synthetic leads (the generate control's other options passed on). */
export async function listWithLeads(
  sb: RunningSandbox,
  count: number,
  opts: Record<string, unknown> = {},
  name = 'Export me',
): Promise<string> {
  const list = await seedList(sb, { name });
  if (count > 0) await control(sb, 'POST', `/lists/${list.list_id}/generate`, { count, ...opts });
  return list.list_id;
}

export function signedUrl(sb: RunningSandbox, body: Record<string, unknown>, token?: string, prefix?: string): Promise<RawResponse> {
  return call(sb, 'POST', '/export/csv/signed-url', { body, ...(token ? { token } : {}), ...(prefix ? { prefix } : {}) });
}

/** GET of a download URL as a browser would: no credentials unless headers say otherwise. */
export function download(sb: RunningSandbox, url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const u = new URL(url);
  return raw(sb, 'GET', `${u.pathname}${u.search}`, { headers });
}

/** The CSV as rows of cells, header first. */
export const csvCells = (text: string): string[][] => parse(text);

export function jsonPage(sb: RunningSandbox, query: string, token?: string): Promise<RawResponse> {
  return call(sb, 'GET', `/export/json?${query}`, token ? { token } : {});
}

/** Every lead id of a list in list order, through the lists API (the reference the exports are held to). */
export async function listLeadIds(sb: RunningSandbox, listId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const r = await call(sb, 'GET', `/lead-lists/${listId}/leads?limit=500${cursor ? `&cursor=${cursor}` : ''}`);
    ids.push(...r.json.leads.map((l: { lead_id: string }) => l.lead_id));
    cursor = r.json.cursor;
  } while (cursor);
  return ids;
}
