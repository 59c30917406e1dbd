import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { CsvExportLink } from '../../src/api/schemas/export.js';
import { FORMULA_SAMPLES } from '../../src/sandbox/engine/synthetic-leads.js';
import { control, freshMinute } from './helpers.js';
import { call } from './lists-helpers.js';
import {
  SPEC_DEFAULT_COLUMNS,
  csvCells,
  download,
  expectOk,
  expectPublicError,
  jsonPage,
  listLeadIds,
  listWithLeads,
  signedUrl,
  useListsSandbox,
} from './export-helpers.js';

const cast = useListsSandbox();
const DAY_MS = 24 * 60 * 60 * 1000;

/** A link to the list's CSV and what it serves. */
async function exported(body: Record<string, unknown>) {
  const link = expectOk(await signedUrl(cast.sb, body));
  const file = await download(cast.sb, link.download_url);
  expect(file.status, file.text).toBe(200);
  return { link, file, cells: csvCells(file.text) };
}

describe('POST /export/csv/signed-url and its download', () => {
  test('default columns in the spec order; row_count and file_size_bytes describe exactly what the link serves', async () => {
    const listId = await listWithLeads(cast.sb, 25, {}, 'Q3 CTOs');
    const now = await freshMinute(cast.sb, 7);
    const { link, file, cells } = await exported({ list_id: listId });
    expect(z.safeParse(CsvExportLink, link).success).toBe(true);
    expect(cells[0]).toEqual(SPEC_DEFAULT_COLUMNS);
    expect(cells.slice(1).map((r) => r[0])).toEqual(await listLeadIds(cast.sb, listId));
    expect(link).toMatchObject({
      list_id: listId,
      row_count: 25,
      file_size_bytes: Buffer.byteLength(file.text),
      expires_at: (now + 7000 + DAY_MS) / 1000,
    });
    expect(cells).toHaveLength(26);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-length']).toBe(String(link.file_size_bytes));
    expect(file.headers['content-disposition']).toBe('attachment; filename="Q3-CTOs.csv"');
    // The cells are the lead rows of the list as the JSON export gives them (phones in +E.164 escaped like any + cell).
    const page = expectOk(await jsonPage(cast.sb, `list_id=${listId}&limit=500`));
    const spreadsheetSafe = (v: string | null) => (v && /^[=+\-@]/.test(v) ? `'${v}` : (v ?? ''));
    expect(cells.slice(1)).toEqual(
      page.leads.map((l: Record<string, string | null>) => SPEC_DEFAULT_COLUMNS.map((c) => spreadsheetSafe(l[c] ?? null))),
    );
    expect(page.leads.filter((l: { phone: string | null }) => l.phone?.startsWith('+')).length).toBeGreaterThan(0);
  });

  test('columns picks an ordered subset; a column the service does not know comes back empty', async () => {
    const listId = await listWithLeads(cast.sb, 3);
    const { cells, link } = await exported({ list_id: listId, columns: ['email', 'lead_id', 'favourite_colour'] });
    expect(cells[0]).toEqual(['email', 'lead_id', 'favourite_colour']);
    expect(cells.slice(1).map((r) => r[2])).toEqual(['', '', '']);
    expect(cells[1]![1]).toMatch(/^ld_/);
    expect(link.row_count).toBe(3);
  });

  test('smart-agent columns follow the chosen columns (each once) unless include_smart_agents is false', async () => {
    const listId = await listWithLeads(cast.sb, 2, { columns: ['company_intel', 'pain_points'] });
    const header = async (body: Record<string, unknown>) => (await exported({ list_id: listId, ...body })).cells[0];
    expect(await header({})).toEqual([...SPEC_DEFAULT_COLUMNS, 'company_intel', 'pain_points']);
    expect(await header({ columns: ['pain_points', 'email'] })).toEqual(['pain_points', 'email', 'company_intel']);
    expect(await header({ include_smart_agents: false })).toEqual(SPEC_DEFAULT_COLUMNS);
    const { cells } = await exported({ list_id: listId, columns: ['lead_id'] });
    expect(cells[1]![1]).toMatch(/^company_intel for .+ at .+/);
  });

  test('cells starting with =, +, - or @ get a leading apostrophe (the JSON export gives them as they are)', async () => {
    const listId = await listWithLeads(cast.sb, 6, { formula_rows: 4, columns: ['notes'] });
    const { cells } = await exported({ list_id: listId, columns: ['title', 'company', 'notes'] });
    const formulas = cells.slice(1, 5).flat();
    expect(new Set(formulas.map((c) => c[1]))).toEqual(new Set(['=', '+', '-', '@']));
    expect(formulas.every((c) => c.startsWith("'") && (FORMULA_SAMPLES as readonly string[]).includes(c.slice(1)))).toBe(true);
    expect(
      cells
        .slice(5)
        .flat()
        .some((c) => c.startsWith("'")),
    ).toBe(false);
    const page = expectOk(await jsonPage(cast.sb, `list_id=${listId}&columns=title&limit=1`));
    expect(page.leads[0].title).toBe(FORMULA_SAMPLES[0]);
  });

  test('the file is the list as it was when the link was made', async () => {
    const listId = await listWithLeads(cast.sb, 4);
    const link = expectOk(await signedUrl(cast.sb, { list_id: listId }));
    await control(cast.sb, 'POST', `/lists/${listId}/generate`, { count: 3 });
    const later = await download(cast.sb, link.download_url);
    expect(csvCells(later.text)).toHaveLength(1 + 4);
    expect(Buffer.byteLength(later.text)).toBe(link.file_size_bytes);
    expect(expectOk(await signedUrl(cast.sb, { list_id: listId })).row_count).toBe(7);
  });

  test('an empty list gives the header alone', async () => {
    const listId = await listWithLeads(cast.sb, 0);
    const { link, file } = await exported({ list_id: listId });
    expect(link.row_count).toBe(0);
    expect(file.text).toBe(`${SPEC_DEFAULT_COLUMNS.join(',')}\n`);
  });
});

describe('the signed link', () => {
  test('works without credentials for 24 hours, then is refused with 403', async () => {
    const listId = await listWithLeads(cast.sb, 1);
    await freshMinute(cast.sb);
    const { download_url } = expectOk(await signedUrl(cast.sb, { list_id: listId }));
    await control(cast.sb, 'POST', '/clock', { advance_ms: DAY_MS - 1000 });
    expect((await download(cast.sb, download_url)).status).toBe(200);
    await control(cast.sb, 'POST', '/clock', { advance_ms: 1000 });
    const gone = expectPublicError(await download(cast.sb, download_url), 403, 'forbidden');
    expect(gone.problem).toBe('The download link has expired');
  });

  test('made at a non-whole second, it still works the whole 24 hours (expires_at is rounded up)', async () => {
    const listId = await listWithLeads(cast.sb, 1);
    const start = await freshMinute(cast.sb, 7);
    await control(cast.sb, 'POST', '/clock', { advance_ms: 600 });
    const link = expectOk(await signedUrl(cast.sb, { list_id: listId }));
    expect(link.expires_at).toBe((start + 8000 + DAY_MS) / 1000);
    await control(cast.sb, 'POST', '/clock', { advance_ms: DAY_MS - 1 });
    expect((await download(cast.sb, link.download_url)).status).toBe(200);
    await control(cast.sb, 'POST', '/clock', { set_ms: link.expires_at * 1000, freeze: true });
    expect(expectPublicError(await download(cast.sb, link.download_url), 403, 'forbidden').problem).toBe('The download link has expired');
  });

  test('an altered signature, expiry or file name is refused', async () => {
    const listId = await listWithLeads(cast.sb, 1);
    const url = new URL(expectOk(await signedUrl(cast.sb, { list_id: listId })).download_url);
    const altered = (f: (u: URL) => void) => {
      const u = new URL(url.href);
      f(u);
      return download(cast.sb, u.href);
    };
    const sig = url.searchParams.get('signature')!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    const bad = expectPublicError(await altered((u) => u.searchParams.set('signature', flipped)), 403, 'forbidden');
    expect(bad.problem).toBe('The download link signature does not match');
    const later = String(Number(url.searchParams.get('expires')) + 86_400);
    expectPublicError(await altered((u) => u.searchParams.set('expires', later)), 403, 'forbidden');
    expectPublicError(await altered((u) => u.searchParams.delete('signature')), 403, 'forbidden');
    const other = new URL(expectOk(await signedUrl(cast.sb, { list_id: listId, columns: ['email'] })).download_url);
    expectPublicError(await altered((u) => (u.pathname = other.pathname)), 403, 'forbidden');
    expectPublicError(
      await altered((u) => (u.pathname = u.pathname.replace(/exp_[0-9a-f]+/, 'exp_000000000000000000000000'))),
      404,
      'not_found',
    );
  });

  test('a download that brings an Authorization header is refused: the link is its own credential', async () => {
    const listId = await listWithLeads(cast.sb, 1);
    const { download_url } = expectOk(await signedUrl(cast.sb, { list_id: listId }));
    const r = await download(cast.sb, download_url, { authorization: `Bearer ${cast.sb.demoKey}` });
    expect(expectPublicError(r, 400, 'validation_error').problem).toBe('A signed download link takes no Authorization header');
  });
});

describe('the files kept for links', () => {
  const links = async (listId: string, n: number) => {
    const made: string[] = [];
    for (let i = 0; i < n; i++) made.push(expectOk(await signedUrl(cast.sb, { list_id: listId })).download_url);
    return made;
  };
  const statuses = async (urls: string[]) => Promise.all(urls.map(async (u) => (await download(cast.sb, u)).status));

  test('at most 50 by default: repeated exports drop the oldest file, whose link answers 404 saying it was replaced', async () => {
    await control(cast.sb, 'POST', '/rate-limits', { enabled: false });
    const listId = await listWithLeads(cast.sb, 2);
    const urls = await links(listId, 53);
    expect(await statuses(urls)).toEqual([404, 404, 404, ...Array(50).fill(200)]);
    const gone = expectPublicError(await download(cast.sb, urls[0]!), 404, 'not_found');
    expect(gone.problem).toMatch(/^Export exp_\w+ was replaced by newer exports$/);
    expect(gone.cause).toContain('the newest 50 export files, at most 64 MB together');
    expect(gone.fix).toBe('Ask for a new link with POST /export/csv/signed-url.');
    expect(await control(cast.sb, 'GET', '/exports')).toMatchObject({ max_files: 50, kept_files: 50, dropped_links: 3 });
  });

  test('within a byte budget, oldest dropped first; the newest file is kept even when it alone is over it', async () => {
    const listId = await listWithLeads(cast.sb, 40);
    const urls = await links(listId, 3);
    const size = (await control(cast.sb, 'GET', '/exports')).kept_bytes / 3;
    const state = await control(cast.sb, 'POST', '/exports', { max_bytes: Math.floor(2.5 * size) });
    expect(state).toMatchObject({ kept_files: 2, kept_bytes: 2 * size });
    expect(await statuses(urls)).toEqual([404, 200, 200]);
    urls.push(...(await links(listId, 2)));
    expect(await statuses(urls)).toEqual([404, 404, 404, 200, 200]);
    await control(cast.sb, 'POST', '/exports', { max_bytes: 100 });
    expect(await statuses(urls)).toEqual([404, 404, 404, 404, 200]);
    const bigger = await links(await listWithLeads(cast.sb, 80), 1);
    expect(await statuses([...urls, ...bigger])).toEqual([404, 404, 404, 404, 404, 200]);
    expect(await control(cast.sb, 'GET', '/exports')).toMatchObject({ kept_files: 1, max_bytes: 100 });
  });

  test('a dropped file whose link would have expired anyway is forgotten: its link answers like an unknown one', async () => {
    const listId = await listWithLeads(cast.sb, 1);
    await control(cast.sb, 'POST', '/exports', { max_files: 1 });
    const [first] = await links(listId, 2);
    await control(cast.sb, 'POST', '/clock', { advance_ms: DAY_MS + 1000 });
    await links(listId, 1);
    expect(expectPublicError(await download(cast.sb, first!), 404, 'not_found').problem).toMatch(/was not found$/);
    expect(await control(cast.sb, 'GET', '/exports')).toMatchObject({ kept_files: 1, dropped_links: 0 });
  });
});

describe('errors', () => {
  test('unknown, foreign and private-to-a-teammate lists are 404 list_not_found; a reader of the list may export it', async () => {
    const mine = await listWithLeads(cast.sb, 1);
    const theirs = (await control(cast.sb, 'POST', '/lists', { user_id: cast.teammateId, name: 'Private' })).list_id;
    expectPublicError(await signedUrl(cast.sb, { list_id: 'lst_000000000000000000000000' }), 404, 'list_not_found');
    expectPublicError(await signedUrl(cast.sb, { list_id: mine }, cast.other), 404, 'list_not_found');
    expectPublicError(await signedUrl(cast.sb, { list_id: theirs }), 404, 'list_not_found');
    const shared = (await control(cast.sb, 'POST', '/lists', { name: 'Team', visibility: 'organization' })).list_id;
    expect(expectOk(await signedUrl(cast.sb, { list_id: shared }, cast.teammate)).row_count).toBe(0);
  });

  test('a body without list_id, or with empty or repeated column names, is a 422', async () => {
    const listId = await listWithLeads(cast.sb, 1);
    const locs = async (body: unknown) =>
      expectPublicError(await signedUrl(cast.sb, body as Record<string, unknown>), 422, 'validation_error').details.errors.map((e: any) =>
        e.loc.join('.'),
      );
    expect(await locs({})).toEqual(['body.list_id']);
    expect(await locs({ list_id: listId, columns: ['email', ''] })).toEqual(['body.columns.1']);
    expect(await locs({ list_id: listId, columns: ['email', 'email'] })).toEqual(['body.columns']);
    expect(await locs({ list_id: listId, columns: [] })).toEqual(['body.columns']);
    expect(await locs({ list_id: listId, include_smart_agents: 'no' })).toEqual(['body.include_smart_agents']);
  });

  test('without export:read the call is 403 insufficient_scope, also under /api/v1/public; export:read alone is enough', async () => {
    const listId = await listWithLeads(cast.sb, 2);
    await control(cast.sb, 'POST', '/scopes', { user_id: cast.ownerId, scopes: ['lists:read', 'lists:write'] });
    for (const prefix of ['/api/v2', '/api/v1/public']) {
      const e = expectPublicError(await signedUrl(cast.sb, { list_id: listId }, undefined, prefix), 403, 'insufficient_scope');
      expect(e.details).toEqual({ required_scope: 'export:read', granted_scopes: ['lists:read', 'lists:write'] });
    }
    await control(cast.sb, 'POST', '/scopes', { user_id: cast.ownerId, scopes: ['export:read'] });
    for (const prefix of ['/api/v2', '/api/v1/public'])
      expect(expectOk(await signedUrl(cast.sb, { list_id: listId }, undefined, prefix)).row_count).toBe(2);
  });

  test('a build or upload failure is a 502 internal_error (a fault rule on the export paths)', async () => {
    const listId = await listWithLeads(cast.sb, 1);
    await control(cast.sb, 'POST', '/faults', {
      rules: [{ path: '/export/', kind: 'status', status: 502, code: 'internal_error', count: 2 }],
    });
    expectPublicError(await signedUrl(cast.sb, { list_id: listId }), 502, 'internal_error');
    expectPublicError(await jsonPage(cast.sb, `list_id=${listId}`), 502, 'internal_error');
    expect(expectOk(await signedUrl(cast.sb, { list_id: listId })).row_count).toBe(1);
    expect((await call(cast.sb, 'GET', `/lead-lists/${listId}`)).status).toBe(200);
  });
});
