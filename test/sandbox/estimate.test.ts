import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { Quote } from '../../src/api/schemas/credits.js';
import { customAiCost } from '../../src/api/schemas/values/agents.js';
import { call } from './lists-helpers.js';
import { importedList } from './smart-agents-helpers.js';
import {
  companyCohort,
  estimate,
  expectOk,
  expectPublicError,
  listOf,
  peopleCohort,
  priceOf,
  quoteOf,
  useEstimateSandbox,
} from './estimate-helpers.js';

const cast = useEstimateSandbox();

/** A 400 validation_error of the handler, located at `field`; its message. */
async function badRequest(body: Record<string, unknown>, field: string): Promise<string> {
  const e = expectPublicError(await estimate(cast, body), 400, 'validation_error');
  expect(e.details.errors[0].loc).toEqual(['body', ...field.split('.')]);
  return e.details.errors[0].msg;
}

describe('single records', () => {
  test('enrich_person: partial / phone_only / full cost 1 / 10 / 11; include_phone false / true cost 1 / 10; enrichment_type wins', async () => {
    expect(await priceOf(cast, { tool: 'enrich_person', enrichment_type: 'partial' })).toEqual([1, 1]);
    expect(await priceOf(cast, { tool: 'enrich_person', enrichment_type: 'phone_only' })).toEqual([1, 10]);
    expect(await priceOf(cast, { tool: 'enrich_person', enrichment_type: 'full' })).toEqual([1, 11]);
    expect(await priceOf(cast, { tool: 'enrich_person', include_phone: false })).toEqual([1, 1]);
    expect(await priceOf(cast, { tool: 'enrich_person', include_phone: true })).toEqual([1, 10]);
    expect(await priceOf(cast, { tool: 'enrich_person', enrichment_type: 'partial', include_phone: true })).toEqual([1, 1]);
    expect(await priceOf(cast, { tool: 'enrich_person', enrichment_type: 'full', include_phone: false })).toEqual([1, 11]);
    expect(await priceOf(cast, { tool: 'enrich_person' })).toEqual([1, 1]);
    expect(await priceOf(cast, { tool: 'enrich_person', enrichment_type: 'full', row_count: 3 })).toEqual([3, 33]);
    expect(await badRequest({ tool: 'enrich_person', enrichment_type: 'phone-only' }, 'enrichment_type')).toContain(
      'phone_only, with an underscore',
    );
  });

  test('enrich_company costs 1', async () => {
    expect(await priceOf(cast, { tool: 'enrich_company' })).toEqual([1, 1]);
  });
});

describe('person cohorts (add_person_enrichments)', () => {
  test('Email 1 + Phone 10 per person of a search cohort, LinkedIn free, row_count ignored', async () => {
    const { task_id } = await peopleCohort(cast, 10);
    const price = (data_points: string[], extra = {}) => priceOf(cast, { tool: 'add_person_enrichments', task_id, data_points, ...extra });
    expect(await price(['Email'])).toEqual([10, 10]);
    expect(await price(['Phone'])).toEqual([10, 100]);
    expect(await price(['Email', 'Phone'])).toEqual([10, 110]);
    expect(await price(['LinkedIn', 'Phone', 'Email'])).toEqual([10, 110]);
    expect(await price(['Email', 'LinkedIn'], { row_count: 500 })).toEqual([10, 10]);
  });

  test('an entity_ids subset prices only its people (repeats counted once)', async () => {
    const { task_id, ids } = await peopleCohort(cast, 10);
    const subset = [ids[4]!, ids[1]!, ids[7]!, ids[1]!];
    expect(await priceOf(cast, { tool: 'add_person_enrichments', task_id, data_points: ['Email', 'Phone'], entity_ids: subset })).toEqual([
      3, 33,
    ]);
    const msg = await badRequest(
      { tool: 'add_person_enrichments', task_id, data_points: ['Email'], entity_ids: [ids[0]!, 'sp_not_in_it'] },
      'entity_ids',
    );
    expect(msg).toContain('sp_not_in_it');
  });

  test('a list page is a cohort too', async () => {
    const { id } = await listOf(cast, 7);
    const page = expectOk(await call(cast.sb, 'GET', `/lead-lists/${id}/leads?limit=5`));
    expect(await priceOf(cast, { tool: 'add_person_enrichments', task_id: page.task_id, data_points: ['Phone'] })).toEqual([5, 50]);
  });

  test('LinkedIn alone, no data point, or an unknown one is a 400 at no cost', async () => {
    const { task_id } = await peopleCohort(cast, 10);
    expect(await badRequest({ tool: 'add_person_enrichments', task_id, data_points: ['LinkedIn'] }, 'data_points')).toContain(
      'LinkedIn alone',
    );
    expect(await badRequest({ tool: 'add_person_enrichments', task_id, data_points: [] }, 'data_points')).toContain('Email or Phone');
    expect(await badRequest({ tool: 'add_person_enrichments', task_id, data_points: ['Phone', 'Emial'] }, 'data_points.1')).toContain(
      'did you mean Email',
    );
    expect(await badRequest({ tool: 'add_person_enrichments', task_id }, 'data_points')).toContain('required');
    expect(expectOk(await call(cast.sb, 'GET', '/credits/balance')).credits).toBe(5000);
  });

  test('a company cohort under the person tool is a 400 naming the right tool', async () => {
    const { task_id } = await companyCohort(cast, 5);
    expect(await badRequest({ tool: 'add_person_enrichments', task_id, data_points: ['Email'] }, 'task_id')).toContain(
      'add_company_enrichments',
    );
  });
});

describe('company cohorts (add_company_enrichments)', () => {
  test('1 credit per 10 companies, rounded up: 25 companies cost 3, subsets of 10 and 11 cost 1 and 2', async () => {
    const { task_id, ids } = await companyCohort(cast, 25);
    expect(await priceOf(cast, { tool: 'add_company_enrichments', task_id, data_points: ['Industry', 'Revenue'] })).toEqual([25, 3]);
    expect(await priceOf(cast, { tool: 'add_company_enrichments', task_id })).toEqual([25, 3]);
    expect(await priceOf(cast, { tool: 'add_company_enrichments', task_id, entity_ids: ids.slice(0, 10) })).toEqual([10, 1]);
    expect(await priceOf(cast, { tool: 'add_company_enrichments', task_id, entity_ids: ids.slice(0, 11) })).toEqual([11, 2]);
    expect(await priceOf(cast, { tool: 'add_company_enrichments', task_id, entity_ids: ids.slice(0, 1) })).toEqual([1, 1]);
  });

  test('person data points or a person cohort are 400s', async () => {
    const companies = await companyCohort(cast, 5);
    expect(
      await badRequest({ tool: 'add_company_enrichments', task_id: companies.task_id, data_points: ['Email'] }, 'data_points.0'),
    ).toContain('Industry');
    const people = await peopleCohort(cast, 5);
    expect(await badRequest({ tool: 'add_company_enrichments', task_id: people.task_id }, 'task_id')).toContain('add_person_enrichments');
  });
});

describe('lists (enrich_list)', () => {
  test('partial 1 / full 11 / phone-only 10 per lead of the list, partial by default, row_count ignored', async () => {
    const { id } = await listOf(cast, 7);
    expect(await priceOf(cast, { tool: 'enrich_list', list_id: id, scope: 'partial' })).toEqual([7, 7]);
    expect(await priceOf(cast, { tool: 'enrich_list', list_id: id, scope: 'full' })).toEqual([7, 77]);
    expect(await priceOf(cast, { tool: 'enrich_list', list_id: id, scope: 'phone-only' })).toEqual([7, 70]);
    expect(await priceOf(cast, { tool: 'enrich_list', list_id: id })).toEqual([7, 7]);
    expect(await priceOf(cast, { tool: 'enrich_list', list_id: id, scope: 'full', row_count: 2 })).toEqual([7, 77]);
  });

  test('scope phone_only is refused with a hint at the hyphen; no list is a 400', async () => {
    const { id } = await listOf(cast, 3);
    const msg = await badRequest({ tool: 'enrich_list', list_id: id, scope: 'phone_only' }, 'scope');
    expect(msg).toContain('phone-only, with a hyphen');
    expect(await badRequest({ tool: 'enrich_list', scope: 'full' }, 'list_id')).toContain('required');
  });

  test('the subset form: filters {list_id, scope, lead_ids}, row_count = unique ids, the order and repeats of the ids do not change the quote', async () => {
    const { id, leads } = await listOf(cast, 7);
    const ids = [leads[5]!, leads[0]!, leads[3]!];
    const sorted = [...ids].sort();
    const a = await quoteOf(cast, {
      tool: 'enrich_list',
      row_count: 3,
      scope: 'full',
      filters: { list_id: id, scope: 'full', lead_ids: sorted },
    });
    expect(a).toMatchObject({ row_count: 3, estimated_cost: 33 });
    const b = await quoteOf(cast, {
      tool: 'enrich_list',
      scope: 'full',
      filters: { list_id: id, scope: 'full', lead_ids: [...ids, ids[0]!] },
    });
    expect(b).toMatchObject({ row_count: 3, estimated_cost: 33, filter_hash: a.filter_hash });
    const phone = await quoteOf(cast, {
      tool: 'enrich_list',
      row_count: 3,
      filters: { list_id: id, scope: 'phone-only', lead_ids: sorted },
    });
    expect(phone).toMatchObject({ row_count: 3, estimated_cost: 30 });
    expect(phone.filter_hash).not.toBe(a.filter_hash);
    const whole = await quoteOf(cast, { tool: 'enrich_list', list_id: id, scope: 'full' });
    expect(whole.filter_hash).not.toBe(a.filter_hash);
  });

  test('the subset form refuses a top-level list_id, ids outside the list, and differing scopes', async () => {
    const { id, leads } = await listOf(cast, 4);
    const filters = { list_id: id, scope: 'full', lead_ids: leads.slice(0, 2) };
    expect(await badRequest({ tool: 'enrich_list', list_id: id, scope: 'full', filters }, 'list_id')).toContain('filters.list_id');
    const other = await listOf(cast, 2, { from_person: 100 });
    expect(
      await badRequest({ tool: 'enrich_list', filters: { ...filters, lead_ids: [leads[0]!, other.leads[0]!] } }, 'filters.lead_ids'),
    ).toContain(other.leads[0]!);
    expect(await badRequest({ tool: 'enrich_list', scope: 'partial', filters }, 'scope')).toContain('differ');
  });
});

describe('CSV import (bulk_import_csv)', () => {
  test('per row of the stated row_count at the enrichment type price; the type and row_count are required', async () => {
    expect(await priceOf(cast, { tool: 'bulk_import_csv', row_count: 40, enrichment_type: 'partial' })).toEqual([40, 40]);
    expect(await priceOf(cast, { tool: 'bulk_import_csv', row_count: 40, enrichment_type: 'phone_only' })).toEqual([40, 400]);
    expect(await priceOf(cast, { tool: 'bulk_import_csv', row_count: 40, enrichment_type: 'full' })).toEqual([40, 440]);
    expect(await badRequest({ tool: 'bulk_import_csv', row_count: 40 }, 'enrichment_type')).toContain('required');
    expect(await badRequest({ tool: 'bulk_import_csv', enrichment_type: 'full' }, 'row_count')).toContain('required');
    expect(await badRequest({ tool: 'bulk_import_csv', row_count: 4, enrichment_type: 'phone-only' }, 'enrichment_type')).toContain(
      'underscore',
    );
  });
});

describe('smart agents (run_smart_agent)', () => {
  test('presets cost 1 per lead, cold_intro_email 3, custom_ai its prompt price rounded up once over the rows', async () => {
    const { id } = await listOf(cast, 12);
    for (const agent_type of ['title_normalizer', 'company_intel', 'pain_point_hypothesis'])
      expect(await priceOf(cast, { tool: 'run_smart_agent', list_id: id, agent_type, column_name: 'Out' })).toEqual([12, 12]);
    // cold_intro_email is priced over leads holding an email (the estimate refuses others, as the run does).
    const withEmails = await importedList(
      cast,
      'Enriched',
      Array.from({ length: 12 }, (_, i) => ({ name: `Ann Lee${i}`, email: `ann${i}@acme.io` })),
    );
    expect(await priceOf(cast, { tool: 'run_smart_agent', list_id: withEmails, agent_type: 'cold_intro_email' })).toEqual([12, 36]);
    // 400 characters = 100 tokens = 0.6 credit per lead: 7.2 over 12 leads, rounded up once to 8 (not 12 rounded per lead).
    const prompt = 'x'.repeat(400);
    expect(customAiCost(prompt, 12)).toBe(8);
    expect(await priceOf(cast, { tool: 'run_smart_agent', list_id: id, column_name: 'Out', prompt })).toEqual([12, 8]);
    expect(
      await priceOf(cast, { tool: 'run_smart_agent', list_id: id, agent_type: 'custom_ai', column_name: 'Out', prompt: 'x'.repeat(4000) }),
    ).toEqual([12, customAiCost('x'.repeat(4000), 12)]);
  });

  test('rows: up to max_rows (default 100) of the list with lead_scope subset, every lead with all', async () => {
    const { id } = await listOf(cast, 130);
    const agent = { tool: 'run_smart_agent', list_id: id, agent_type: 'company_intel', column_name: 'Intel' };
    expect(await priceOf(cast, agent)).toEqual([100, 100]);
    expect(await priceOf(cast, { ...agent, max_rows: 30 })).toEqual([30, 30]);
    expect(await priceOf(cast, { ...agent, lead_scope: 'all' })).toEqual([130, 130]);
  });

  test('custom_ai needs a prompt and a column; max_rows beyond 10,000 and long column names are 400s', async () => {
    const { id } = await listOf(cast, 2);
    expect(await badRequest({ tool: 'run_smart_agent', list_id: id, column_name: 'Out' }, 'prompt')).toContain('required');
    expect(await badRequest({ tool: 'run_smart_agent', list_id: id, prompt: 'p' }, 'column_name')).toContain('required');
    expect(
      await badRequest({ tool: 'run_smart_agent', list_id: id, column_name: 'Out', prompt: 'p', max_rows: 10_001 }, 'max_rows'),
    ).toContain('10000');
    expect(await badRequest({ tool: 'run_smart_agent', list_id: id, column_name: 'c'.repeat(101), prompt: 'p' }, 'column_name')).toContain(
      '100',
    );
  });
});

describe('sync', () => {
  test('0.2 credit per lead rounded up per call: 128 leads cost 26, to a CRM or a sequencer', async () => {
    const { id } = await listOf(cast, 128);
    expect(await priceOf(cast, { tool: 'sync_to_crm', provider: 'crm_one', list_id: id })).toEqual([128, 26]);
    expect(await priceOf(cast, { tool: 'sync_to_crm', provider: 'crm_two', list_id: id, sub_action: 'contacts', row_count: 5 })).toEqual([
      128, 26,
    ]);
    expect(await priceOf(cast, { tool: 'sync_to_sequencer', provider: 'sequencer_one', list_id: id, campaign_id: 'cmp_1' })).toEqual([
      128, 26,
    ]);
    const small = await listOf(cast, 6, { from_person: 200 });
    expect(await priceOf(cast, { tool: 'sync_to_crm', provider: 'crm_one', list_id: small.id })).toEqual([6, 2]);
  });

  test('unknown destinations and sub-actions, a missing campaign and an empty list are 400s', async () => {
    const { id } = await listOf(cast, 3);
    expect(await badRequest({ tool: 'sync_to_crm', provider: 'sequencer_one', list_id: id }, 'provider')).toContain('crm_one');
    expect(await badRequest({ tool: 'sync_to_crm', provider: 'crm_one', list_id: id, sub_action: 'leads' }, 'sub_action')).toContain(
      'contacts',
    );
    expect(await badRequest({ tool: 'sync_to_sequencer', provider: 'sequencer_one', list_id: id }, 'campaign_id')).toContain('required');
    const empty = await listOf(cast, 0);
    expect(await badRequest({ tool: 'sync_to_crm', provider: 'crm_one', list_id: empty.id }, 'list_id')).toContain('empty');
  });
});

describe('free tools', () => {
  test('find_similar_companies estimates 1 and needs no quote (quote_id null)', async () => {
    const q = await quoteOf(cast, { tool: 'find_similar_companies' });
    expect(q).toMatchObject({ tool: 'find_similar_companies', estimated_cost: 1, quote_id: null, expires_at: null, sufficient: true });
    expect(z.safeParse(Quote, q).success).toBe(true);
  });

  test('search_people, search_companies and add_leads_to_list cost 0', async () => {
    for (const tool of ['search_people', 'search_companies', 'add_leads_to_list']) {
      const q = await quoteOf(cast, { tool, row_count: 250 });
      expect(q).toMatchObject({ tool, estimated_cost: 0, row_count: 250, sufficient: true });
      expect(q.quote_id).toMatch(/^qte_v1_/);
    }
  });

  test('every one of the 13 tools is priced (a smoke check that none is missing)', async () => {
    const { id } = await listOf(cast, 5);
    const people = await peopleCohort(cast, 5);
    const companies = await companyCohort(cast, 5);
    const bodies = [
      { tool: 'search_people' },
      { tool: 'search_companies' },
      { tool: 'find_similar_companies' },
      { tool: 'add_leads_to_list' },
      { tool: 'enrich_person' },
      { tool: 'enrich_company' },
      { tool: 'add_person_enrichments', task_id: people.task_id, data_points: ['Email'] },
      { tool: 'add_company_enrichments', task_id: companies.task_id },
      { tool: 'enrich_list', list_id: id },
      { tool: 'bulk_import_csv', row_count: 5, enrichment_type: 'partial' },
      { tool: 'run_smart_agent', list_id: id, agent_type: 'title_normalizer', column_name: 'T' },
      { tool: 'sync_to_crm', provider: 'crm_one', list_id: id },
      { tool: 'sync_to_sequencer', provider: 'sequencer_one', list_id: id, campaign_id: 'c' },
    ];
    const costs = [];
    for (const body of bodies) costs.push((await quoteOf(cast, body)).estimated_cost);
    expect(costs).toEqual([0, 0, 1, 0, 1, 1, 5, 1, 5, 5, 5, 1, 1]);
  });
});
