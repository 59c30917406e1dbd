import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { JsonExportPage } from '../../src/api/schemas/export.js';
import { control, raw } from './helpers.js';
import {
  SPEC_DEFAULT_COLUMNS,
  expectOk,
  expectPublicError,
  jsonPage,
  listLeadIds,
  listWithLeads,
  useListsSandbox,
} from './export-helpers.js';

const cast = useListsSandbox();

/** Every page of GET /export/json for a query, following cursors. */
async function allPages(query: string): Promise<any[]> {
  const pages: any[] = [];
  let cursor: string | null = null;
  do {
    pages.push(expectOk(await jsonPage(cast.sb, `${query}${cursor ? `&cursor=${cursor}` : ''}`)));
    cursor = pages.at(-1).cursor;
  } while (cursor);
  return pages;
}

describe('GET /export/json', () => {
  test('pages through the whole list in list order, total on every page, a null cursor on the last', async () => {
    const listId = await listWithLeads(cast.sb, 250);
    const pages = await allPages(`list_id=${listId}&limit=100`);
    expect(pages.map((p) => p.leads.length)).toEqual([100, 100, 50]);
    expect(pages.every((p) => p.total === 250 && p.list_id === listId && z.safeParse(JsonExportPage, p).success)).toBe(true);
    const leads = pages.flatMap((p) => p.leads);
    expect(leads.map((l) => l.lead_id)).toEqual(await listLeadIds(cast.sb, listId));
    expect(leads.every((l) => Object.keys(l).join() === SPEC_DEFAULT_COLUMNS.join())).toBe(true);
    expect(leads[0]).toMatchObject({ domain: expect.stringMatching(/\./), linkedin_url: expect.stringMatching(/^https:\/\//) });
  });

  test('limit: 100 by default, 1 to 500, anything else a 422 located at query.limit', async () => {
    const listId = await listWithLeads(cast.sb, 501);
    expect(expectOk(await jsonPage(cast.sb, `list_id=${listId}`)).leads).toHaveLength(100);
    expect(expectOk(await jsonPage(cast.sb, `list_id=${listId}&limit=500`)).leads).toHaveLength(500);
    for (const bad of ['0', '501', 'ten', '2.5']) {
      const e = expectPublicError(await jsonPage(cast.sb, `list_id=${listId}&limit=${bad}`), 422, 'validation_error');
      expect(e.details.errors[0].loc).toEqual(['query', 'limit']);
    }
  });

  test('columns (one parameter each) pick and order the fields; list columns by name; unknown names are null', async () => {
    const listId = await listWithLeads(cast.sb, 2, { columns: ['company_intel'] });
    const page = expectOk(
      await jsonPage(cast.sb, `list_id=${listId}&columns=email&columns=company_intel&columns=lead_id&columns=shoe_size`),
    );
    expect(Object.keys(page.leads[0])).toEqual(['email', 'company_intel', 'lead_id', 'shoe_size']);
    expect(page.leads[0].company_intel).toMatch(/^company_intel for /);
    expect(page.leads.map((l: any) => l.shoe_size)).toEqual([null, null]);
    const dup = expectPublicError(await jsonPage(cast.sb, `list_id=${listId}&columns=email&columns=email`), 422, 'validation_error');
    expect(dup.details.errors[0].loc).toEqual(['query', 'columns']);
  });

  test('a cursor is bound to its list and columns: malformed, altered or sent with others is 400 invalid_cursor', async () => {
    const listId = await listWithLeads(cast.sb, 5);
    const otherList = await listWithLeads(cast.sb, 5, {}, 'Other');
    const { cursor } = expectOk(await jsonPage(cast.sb, `list_id=${listId}&limit=2&columns=email`));
    const reason = async (q: string) => expectPublicError(await jsonPage(cast.sb, q), 400, 'invalid_cursor').details.reason;
    expect(await reason(`list_id=${listId}&columns=email&cursor=not-a-cursor`)).toBe('malformed');
    expect(await reason(`list_id=${listId}&columns=email&cursor=${cursor}x`)).toBe('forged');
    expect(await reason(`list_id=${listId}&columns=phone&cursor=${cursor}`)).toBe('mismatch');
    expect(await reason(`list_id=${otherList}&columns=email&cursor=${cursor}`)).toBe('mismatch');
    const next = expectOk(await jsonPage(cast.sb, `list_id=${listId}&limit=2&columns=email&cursor=${cursor}`));
    expect(next.leads).toHaveLength(2);
  });

  test('an unknown, foreign or teammate-private list is 404 list_not_found; no list_id is a 422', async () => {
    const mine = await listWithLeads(cast.sb, 1);
    const theirs = (await control(cast.sb, 'POST', '/lists', { user_id: cast.teammateId, name: 'Private' })).list_id;
    expectPublicError(await jsonPage(cast.sb, 'list_id=lst_000000000000000000000000'), 404, 'list_not_found');
    expectPublicError(await jsonPage(cast.sb, `list_id=${mine}`, cast.other), 404, 'list_not_found');
    expectPublicError(await jsonPage(cast.sb, `list_id=${theirs}`), 404, 'list_not_found');
    const e = expectPublicError(await jsonPage(cast.sb, 'limit=5'), 422, 'validation_error');
    expect(e.details.errors[0].loc).toEqual(['query', 'list_id']);
  });

  test('without export:read it is 403 insufficient_scope, also under /api/v1/public; export:read alone is enough', async () => {
    const listId = await listWithLeads(cast.sb, 3);
    await control(cast.sb, 'POST', '/scopes', { user_id: cast.ownerId, scopes: ['lists:read'] });
    const v1Page = (token = cast.owner) => raw(cast.sb, 'GET', `/api/v1/public/export/json?list_id=${listId}`, { token });
    for (const r of [await jsonPage(cast.sb, `list_id=${listId}`), await v1Page()]) {
      const e = expectPublicError(r, 403, 'insufficient_scope');
      expect(e.details).toEqual({ required_scope: 'export:read', granted_scopes: ['lists:read'] });
    }
    await control(cast.sb, 'POST', '/scopes', { user_id: cast.ownerId, scopes: ['export:read'] });
    for (const r of [await jsonPage(cast.sb, `list_id=${listId}`), await v1Page()]) expect(expectOk(r).total).toBe(3);
  });
});

describe('a list of 100,000 leads', () => {
  test('is generated by the control and paged at 500 a page, every lead once, in list order', async () => {
    await control(cast.sb, 'POST', '/rate-limits', { enabled: false });
    const listId = await listWithLeads(cast.sb, 0, {}, 'Big');
    const made = await control(cast.sb, 'POST', `/lists/${listId}/generate`, { count: 100_000, formula_rows: 10 });
    expect(made).toMatchObject({ added: 100_000, lead_count: 100_000 });
    const pages = await allPages(`list_id=${listId}&limit=500&columns=lead_id`);
    expect(pages).toHaveLength(200);
    const ids = pages.flatMap((p) => p.leads.map((l: { lead_id: string }) => l.lead_id));
    expect(new Set(ids).size).toBe(100_000);
    expect([ids[0], ids.at(-1)]).toEqual([made.first_lead_id, made.last_lead_id]);
  });
});
