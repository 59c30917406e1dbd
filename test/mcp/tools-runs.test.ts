import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Prospect } from '../../src/index.js';
import { control } from '../sandbox/helpers.js';
import { tempDir } from '../helpers/temp-dir.js';
import { balance, callTool, structuredOf, textOf, useMcpSandbox, type Session } from './helpers.js';

/** The run, agent, export and sync tools against the sandbox, and every paid tool priced without spending. */

const t = useMcpSandbox();

/** Starts the runs these tools read, outside the MCP server (the paid tools' own runs are tested in paid.test.ts). */
let sdk: Prospect;
beforeEach(() => {
  sdk = new Prospect({ baseUrl: t.sb.url, apiKey: t.sb.demoKey, maxRetries: 0 });
});
afterEach(() => sdk.close());

async function ok(s: Session, name: string, args: Record<string, unknown> = {}): Promise<{ r: CallToolResult; data: any }> {
  const r = await callTool(s, name, args);
  expect(r.isError, textOf(r)).toBeFalsy();
  return { r, data: structuredOf(r) };
}

const seededList = (name: string, people: number): Promise<string> => t.seededList(name, people);
/** Moves the sandbox clock on an hour: every run started has ended. */
const runsEnd = () => control(t.sb, 'POST', '/clock', { advance_ms: 60 * 60_000 });
const connect = (provider: string, connected = true) => control(t.sb, 'POST', '/connections', { provider, connected });

describe('run_status', () => {
  it('kind enrichment: a list enrichment, done', async () => {
    const list = await seededList('Enriched', 3);
    const {
      runs: [run],
    } = await sdk.enrichment.bulk({ list_id: list, scope: 'partial' }, { maxCredits: 1000 });
    await runsEnd();
    const s = await t.session();
    const { data } = await ok(s, 'run_status', { kind: 'enrichment', id: run!.workflow_id });
    expect(data.kind).toBe('enrichment');
    expect(data.status).toMatchObject({ workflow_id: run!.workflow_id, total: 3, processed: 3, lead_list_id: list });
    expect(['completed', 'completed_with_errors']).toContain(data.status.status);
  });

  it('kind smart_agent: its outputs per lead', async () => {
    const list = await seededList('Agent', 2);
    const run = await sdk.agents.run({ list_id: list, agent_type: 'title_normalizer', column_name: 'clean_title' }, { maxCredits: 1000 });
    await runsEnd();
    const s = await t.session();
    const { data } = await ok(s, 'run_status', { kind: 'smart_agent', id: run.smart_agent_task_id });
    expect(data.kind).toBe('smart_agent');
    expect(data.status).toMatchObject({ smart_agent_task_id: run.smart_agent_task_id, status: 'completed', total: 2 });
    expect(data.status.results).toHaveLength(2);
  });

  it('kind find_people: needs the list, then answers the job', async () => {
    const companies = await sdk.companies.search({ filters: { employee_count_ranges: ['51-200'] }, limit: 2 });
    const list = await sdk.lists.create({ name: 'Accounts' });
    await sdk.lists.addLeads(list.list_id, { task_id: companies.task_id! });
    const job = await sdk.lists.findPeople(list.list_id, { company_ids: companies.results.map((c) => c.company_id), limit_per_company: 1 });
    await runsEnd();
    const s = await t.session();

    const without = await callTool(s, 'run_status', { kind: 'find_people', id: job.workflow_id });
    expect(without.isError).toBe(true);
    expect(textOf(without)).toContain('Error validation_error: list_id: is required for kind find_people');

    const { data } = await ok(s, 'run_status', { kind: 'find_people', id: job.workflow_id, list_id: list.list_id });
    expect(data.status).toMatchObject({
      workflow_id: job.workflow_id,
      status: 'completed',
      lead_list_id: list.list_id,
      total_companies: 2,
    });
  });

  it('an id missing or empty is a validation error, and nothing is sent', async () => {
    const s = await t.session();
    for (const [args, said] of [
      [{ kind: 'smart_agent', id: '' }, 'id: "" is not an id'],
      [{ kind: 'enrichment' }, 'id: is required'],
      [{ kind: 'find_people', id: 'wf', list_id: '' }, 'list_id: "" is not an id'],
    ] as const) {
      const r = await callTool(s, 'run_status', args);
      expect(r.isError, JSON.stringify(args)).toBe(true);
      expect(textOf(r)).toContain(`Error validation_error: ${said}`);
    }
    expect(s.sent).toEqual([]);
  });
});

describe('agents and exports', () => {
  it('agents_ls lists the runs, agents_results reads one with only the fields asked', async () => {
    const list = await seededList('Titles', 3);
    const run = await sdk.agents.run({ list_id: list, agent_type: 'title_normalizer', column_name: 'clean_title' }, { maxCredits: 1000 });
    await runsEnd();
    const s = await t.session();

    const { r, data: runs } = await ok(s, 'agents_ls', { list_id: list });
    expect(runs.runs).toEqual([
      expect.objectContaining({ task_id: run.smart_agent_task_id, list_id: list, column_name: 'clean_title', status: 'completed' }),
    ]);
    expect(textOf(r)).toContain('agents_ls: 1 of 1 runs.');

    const { data: results } = await ok(s, 'agents_results', { smart_agent_task_id: run.smart_agent_task_id, fields: ['lead_id', 'value'] });
    expect(results).toMatchObject({ smart_agent_task_id: run.smart_agent_task_id, status: 'completed', succeeded: 3 });
    expect(results.results).toHaveLength(3);
    for (const row of results.results) {
      expect(Object.keys(row).sort()).toEqual(['lead_id', 'value']);
      expect(row.value).toEqual(expect.any(String));
    }
  });

  it('export_json pages through a list with the columns asked', async () => {
    const list = await seededList('Export', 9);
    const s = await t.session();
    const args = { list_id: list, limit: 4, columns: ['lead_id', 'title'] };
    const seen: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const { r, data } = await ok(s, 'export_json', { ...args, ...(cursor ? { cursor } : {}) });
      expect(data.total).toBe(9);
      for (const lead of data.leads) {
        expect(Object.keys(lead)).toEqual(['lead_id', 'title']);
        seen.push(lead.lead_id);
      }
      if (data.cursor) expect(textOf(r)).toContain(`cursor "${data.cursor}"`);
      cursor = data.cursor;
      pages++;
    } while (cursor && pages < 5);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(9);
    expect(new Set(seen).size).toBe(9);
  });

  it('export_csv_link answers a signed link for the whole list', async () => {
    const list = await seededList('Linked', 5);
    const s = await t.session();
    const { data } = await ok(s, 'export_csv_link', { list_id: list });
    expect(data).toMatchObject({ list_id: list, row_count: 5, download_url: expect.stringMatching(/^http/) });
    expect(data.file_size_bytes).toBeGreaterThan(0);
  });
});

describe('sync helpers', () => {
  it('sync_connections, sync_campaigns and sync_preview say where a list can go and what it would push', async () => {
    await connect('crm_one', false);
    const s = await t.session();
    const { data: before } = await ok(s, 'sync_connections');
    expect(before.connections).toContainEqual(expect.objectContaining({ provider: 'crm_one', kind: 'crm', connected: false }));

    await connect('crm_one');
    await connect('sequencer_one');
    const { data: after } = await ok(s, 'sync_connections');
    expect(after.connections).toContainEqual(expect.objectContaining({ provider: 'crm_one', connected: true }));

    const { data: campaigns } = await ok(s, 'sync_campaigns');
    expect(campaigns.campaigns.length).toBeGreaterThan(0);
    expect(campaigns.total).toBe(campaigns.campaigns.length);

    const list = await seededList('To push', 4);
    const { data: crm } = await ok(s, 'sync_preview', { provider: 'crm_one', list_id: list });
    expect(crm).toMatchObject({ provider: 'crm_one', list_id: list, total_leads: 4, mapping_source: 'default' });
    expect(crm.would_sync + crm.would_skip + crm.would_fail).toBe(4);
    const campaign = campaigns.campaigns[0].campaign_id;
    const { data: seq } = await ok(s, 'sync_preview', { provider: 'sequencer_one', list_id: list, campaign_id: campaign });
    expect(seq).toMatchObject({ provider: 'sequencer_one', campaign_id: campaign, total_leads: 4 });
  });

  it('sync_preview of a destination not connected is a tool error', async () => {
    await connect('crm_two', false);
    const s = await t.session();
    const list = await seededList('Nowhere', 1);
    const r = await callTool(s, 'sync_preview', { provider: 'crm_two', list_id: list });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toContain('Error provider_not_connected:');
  });
});

describe('paid tools called without quote_id are priced, and nothing is spent', () => {
  it('each answers status priced with a quote; the balance does not move', async () => {
    const list = await seededList('Priced', 3);
    await connect('crm_one');
    await connect('sequencer_one');
    const dir = tempDir('mcp-priced-');
    await writeFile(path.join(dir, 'two.csv'), 'First,Last,Company\nAda,Lovelace,Analytical\nAlan,Turing,Bletchley\n');
    const s = await t.session({ cwd: dir });
    const { data: search } = await ok(s, 'people_search', { filters: { seniority: ['Director'] }, limit: 2 });
    const { data: campaigns } = await ok(s, 'sync_campaigns');
    const domain = (await ok(s, 'companies_search', { filters: { employee_count_ranges: ['51-200'] }, limit: 1 })).data.results[0].domain;
    const before = await balance(t.sb);

    const calls: Array<[string, Record<string, unknown>, number]> = [
      ['enrich_person', { lead_list_id: list, email: 'ada@example.com', enrichment_type: 'partial' }, 1],
      ['enrich_company', { domain }, 1],
      ['enrich_cohort', { task_id: search.task_id, data_points: ['Email'] }, 2],
      ['enrich_list', { list_id: list, scope: 'partial' }, 3],
      ['agents_run', { list_id: list, agent_type: 'title_normalizer', column_name: 'clean_title' }, 3],
      ['sync_crm', { provider: 'crm_one', list_id: list }, 3],
      ['sync_sequencer', { provider: 'sequencer_one', list_id: list, campaign_id: campaigns.campaigns[0].campaign_id }, 3],
      [
        'lists_import_csv',
        {
          list_id: list,
          file: 'two.csv',
          column_mapping: { first_name: 'First', last_name: 'Last', company_name: 'Company' },
          enrichment_type: 'partial',
        },
        2,
      ],
    ];
    for (const [name, args, rows] of calls) {
      const { r, data } = await ok(s, name, args);
      expect(data.status, name).toBe('priced');
      expect(data.quote, name).toMatchObject({ quote_id: expect.stringMatching(/^qte_/), row_count: rows, sufficient: true });
      expect(data.quote.estimated_cost, name).toBeGreaterThan(0);
      expect(data.result, name).toBeUndefined();
      expect(data.spend, name).toEqual({ spent_up_to: 0, max_credits: 0, budget_left: 0, approved_by_person: 0 });
      expect(textOf(r), name).toContain(`quote_id "${data.quote.quote_id}"`);
      expect(textOf(r), name).toContain('Nothing was spent.');
      if (name.startsWith('sync_')) expect(data.preview, name).toMatchObject({ list_id: list, total_leads: 3 });
    }
    expect(await balance(t.sb)).toBe(before);
    expect((await ok(s, 'lists_get', { list_id: list })).data.lead_count).toBe(3);
  });
});
