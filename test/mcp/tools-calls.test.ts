import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { tempDir } from '../helpers/temp-dir.js';
import { balance, callTool, structuredOf, textOf, useMcpSandbox, type Session } from './helpers.js';

/** The free account, search and list tools, each called as an assistant would, against the sandbox. */

const t = useMcpSandbox();

/** A tool's answer that is no error: its structured content. */
async function ok(s: Session, name: string, args: Record<string, unknown> = {}): Promise<{ r: CallToolResult; data: any }> {
  const r = await callTool(s, name, args);
  expect(r.isError, textOf(r)).toBeFalsy();
  return { r, data: structuredOf(r) };
}

const seededList = (name: string, people: number): Promise<string> => t.seededList(name, people);

describe('account tools', () => {
  it('whoami, credits_balance and usage say who the key is, what it can spend and what it used', async () => {
    const s = await t.session();
    const { data: me } = await ok(s, 'whoami');
    expect(me).toMatchObject({ auth_type: 'api_key', organization_id: expect.any(String), scopes: expect.arrayContaining(['lists:read']) });

    const { r, data: bal } = await ok(s, 'credits_balance');
    expect(bal).toMatchObject({ organization_id: me.organization_id, credits: await balance(t.sb) });
    expect(textOf(r)).toContain(`"credits":${bal.credits}`);

    const { r: usage, data: report } = await ok(s, 'usage', { days: 1, group_by: 'tool' });
    expect(report).toMatchObject({ days: 1, group_by: 'tool' });
    expect(report.rows.map((row: { group: string }) => row.group)).toEqual(expect.arrayContaining(['/whoami', '/credits/balance']));
    expect(textOf(usage)).toMatch(/^usage: \d+ rows\./);
  });

  it('credits_estimate prices a list enrichment without spending', async () => {
    const list = await seededList('Priced', 6);
    const before = await balance(t.sb);
    const s = await t.session();
    const { data: quote } = await ok(s, 'credits_estimate', { tool: 'enrich_list', list_id: list, scope: 'partial' });
    expect(quote).toMatchObject({
      tool: 'enrich_list',
      row_count: 6,
      sufficient: true,
      available_credits: before,
      quote_id: expect.stringMatching(/^qte_/),
    });
    expect(quote.estimated_cost).toBeGreaterThan(0);
    expect(await balance(t.sb)).toBe(before);
  });
});

describe('search tools', () => {
  it('people_search keeps the fields asked and pages on with the cursor it answers', async () => {
    const s = await t.session();
    const args = { filters: { seniority: ['Director'] }, limit: 5, fields: ['lead_id', 'full_name', 'title'] };
    const { r, data: first } = await ok(s, 'people_search', args);
    expect(first.results).toHaveLength(5);
    for (const row of first.results) expect(Object.keys(row).sort()).toEqual(['full_name', 'lead_id', 'title']);
    expect(first.task_id).toEqual(expect.any(String));
    expect(first.total).toBeGreaterThan(5);
    expect(textOf(r)).toContain(`people_search: 5 of ${first.total} results.`);
    expect(textOf(r)).toContain(`cursor "${first.cursor}"`);

    const { data: second } = await ok(s, 'people_search', { ...args, cursor: first.cursor });
    expect(second.results).toHaveLength(5);
    const ids = (page: any) => page.results.map((row: { lead_id: string }) => row.lead_id);
    expect(ids(second).filter((id: string) => ids(first).includes(id))).toEqual([]);
  });

  it('people_filter_values, people_compile', async () => {
    const s = await t.session();
    const { data: values } = await ok(s, 'people_filter_values', { field: 'seniority', query: 'dir' });
    expect(values.values[0]).toMatchObject({ value: 'Director', count: expect.any(Number) });

    const { data: compiled } = await ok(s, 'people_compile', { criteria: { jobTitlesInclude: ['CTO'], jobTitleMatchType: 'contains' } });
    expect(compiled.route).toBe('person_first');
    expect(compiled.person_filter).not.toBeNull();
  });

  it('companies_search, companies_filter_values, companies_similar', async () => {
    const s = await t.session();
    const { data: ranges } = await ok(s, 'companies_filter_values', { field: 'employee_count_ranges', query: '51' });
    expect(ranges.values.map((v: { value: string }) => v.value)).toContain('51-200');

    const { r, data: found } = await ok(s, 'companies_search', {
      filters: { employee_count_ranges: ['51-200'] },
      limit: 3,
      fields: ['company_id', 'name', 'domain'],
    });
    expect(found.results).toHaveLength(3);
    for (const row of found.results) expect(Object.keys(row).sort()).toEqual(['company_id', 'domain', 'name']);
    expect(textOf(r)).toMatch(/^companies_search: 3 of \d+ results\./);

    const seed = found.results[0];
    const { data: similar } = await ok(s, 'companies_similar', { company_id: seed.company_id, limit: 3 });
    expect(similar.results.length).toBeGreaterThan(0);
    expect(similar.results.map((c: { company_id: string }) => c.company_id)).not.toContain(seed.company_id);
    for (const c of similar.results) expect(c.similarity_score).toBeGreaterThan(0);
  });
});

describe('list tools', () => {
  it('lists_ls, lists_get and lists_leads read what a seeded list holds', async () => {
    const list = await seededList('Fintech leaders', 7);
    const s = await t.session();
    const { data: lists } = await ok(s, 'lists_ls', { fields: ['list_id', 'name'] });
    expect(lists.lists).toContainEqual({ list_id: list, name: 'Fintech leaders' });

    const { data: got } = await ok(s, 'lists_get', { list_id: list });
    expect(got).toMatchObject({ list_id: list, name: 'Fintech leaders', lead_count: 7 });

    const { r, data: page } = await ok(s, 'lists_leads', { list_id: list, limit: 4, fields: ['lead_id', 'full_name'] });
    expect(page.leads).toHaveLength(4);
    expect(page.total).toBe(7);
    expect(page.task_id).toEqual(expect.any(String));
    expect(textOf(r)).toContain('lists_leads: 4 of 7 leads.');
    const { data: rest } = await ok(s, 'lists_leads', { list_id: list, limit: 4, cursor: page.cursor });
    expect(rest.leads).toHaveLength(3);
    expect(rest.cursor).toBeNull();
  });

  it('lists_create, lists_update, lists_add_leads, lists_remove_leads, lists_delete', async () => {
    const s = await t.session();
    const { data: created } = await ok(s, 'lists_create', { name: 'CTO prospects', description: 'From the MCP test' });
    expect(created).toMatchObject({ name: 'CTO prospects', lead_count: 0, reused: false });
    const list = created.list_id;

    const { data: renamed } = await ok(s, 'lists_update', { list_id: list, name: 'CTO prospects (Q3)', description: null });
    expect(renamed).toMatchObject({ list_id: list, name: 'CTO prospects (Q3)', description: null });

    const { data: search } = await ok(s, 'people_search', { filters: { seniority: ['Director'] }, limit: 3 });
    const { data: added } = await ok(s, 'lists_add_leads', { list_id: list, task_id: search.task_id });
    expect(added).toMatchObject({ list_id: list, added: 3, skipped_duplicates: 0, credits_charged: 0 });

    const { data: leads } = await ok(s, 'lists_leads', { list_id: list });
    const gone = leads.leads[0].lead_id;
    const { data: removed } = await ok(s, 'lists_remove_leads', { list_id: list, lead_ids: [gone], confirm: true });
    expect(removed).toMatchObject({ list_id: list, removed: 1 });
    expect((await ok(s, 'lists_get', { list_id: list })).data.lead_count).toBe(2);

    const { data: deleted } = await ok(s, 'lists_delete', { list_id: list, confirm: true });
    expect(deleted).toEqual(expect.objectContaining({ list_id: list, deleted: true }));
    const after = await callTool(s, 'lists_get', { list_id: list });
    expect(after.isError).toBe(true);
    expect(textOf(after)).toContain('Error list_not_found:');
  });

  describe('lists_import_csv', () => {
    const CSV =
      'First Name,Last Name,Company,Website\nAda,Lovelace,Analytical Engines,analytical.example\nAlan,Turing,Bletchley Labs,bletchley.example\n';
    const MAPPING = { first_name: 'First Name', last_name: 'Last Name', company_name: 'Company', company_domain: 'Website' };

    it('without enrichment imports a file named relative to cwd, free and at once', async () => {
      const dir = tempDir('mcp-import-');
      await writeFile(path.join(dir, 'leads.csv'), CSV);
      const list = await seededList('Imported', 0);
      const before = await balance(t.sb);
      const s = await t.session({ cwd: dir });
      const { r, data } = await ok(s, 'lists_import_csv', {
        list_id: list,
        file: 'leads.csv',
        column_mapping: MAPPING,
        dispatch_enrichment: false,
      });
      expect(data).toMatchObject({
        status: 'ran',
        quote: null,
        result: { list_id: list, rows_parsed: 2, rows_imported: 2, rows_skipped: 0, workflow_id: null },
      });
      expect(textOf(r)).toContain('lists_import_csv: ran (free: nothing to price).');
      expect(await balance(t.sb)).toBe(before);
      const { data: leads } = await ok(s, 'lists_leads', { list_id: list, fields: ['full_name', 'company'] });
      expect(leads.leads).toEqual(
        expect.arrayContaining([
          { full_name: 'Ada Lovelace', company: 'Analytical Engines' },
          { full_name: 'Alan Turing', company: 'Bletchley Labs' },
        ]),
      );
    });

    it('a file that is not there, or not a .csv, is a validation error naming it', async () => {
      const dir = tempDir('mcp-import-');
      await writeFile(path.join(dir, 'leads.txt'), CSV);
      const list = await seededList('Imported', 0);
      const s = await t.session({ cwd: dir });
      const missing = await callTool(s, 'lists_import_csv', {
        list_id: list,
        file: 'nope.csv',
        column_mapping: MAPPING,
        dispatch_enrichment: false,
      });
      expect(missing.isError).toBe(true);
      expect(textOf(missing)).toContain(`Error validation_error: file: ${path.join(dir, 'nope.csv')} does not exist`);
      const txt = await callTool(s, 'lists_import_csv', {
        list_id: list,
        file: 'leads.txt',
        column_mapping: MAPPING,
        dispatch_enrichment: false,
      });
      expect(txt.isError).toBe(true);
      expect(textOf(txt)).toContain('Error validation_error: file: "leads.txt" is not a .csv file');
    });

    it('without list_id is a validation error, and nothing is sent', async () => {
      const dir = tempDir('mcp-import-');
      await writeFile(path.join(dir, 'leads.csv'), CSV);
      const s = await t.session({ cwd: dir });
      const r = await callTool(s, 'lists_import_csv', { file: 'leads.csv', column_mapping: MAPPING, dispatch_enrichment: false });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toContain('Error validation_error: list_id: is required');
      expect(s.sent).toEqual([]);
    });
  });
});
