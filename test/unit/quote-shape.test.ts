import { describe, expect, test } from 'vitest';
import { byTaskTool, estimateBodyFor, personEnrichmentType, quoteShape, sortedUnique, type PaidRun } from '../../src/api/quote-shape.js';
import { shapeHash } from '../../src/sandbox/engine/quotes.js';
import type { EstimateBody } from '../../src/api/schemas/credits.js';

const hashOf = (b: EstimateBody) => shapeHash(quoteShape(b));

describe('estimateBodyFor: the estimate of each paid run', () => {
  test('enrich_person: one row of its enrichment type; enrichment_type wins over include_phone, which maps false/true to partial/phone_only', () => {
    const person = { lead_list_id: 'lst_1', email: 'a@b.example' };
    expect(estimateBodyFor({ tool: 'enrich_person', body: { ...person, enrichment_type: 'full' } })).toEqual({
      tool: 'enrich_person',
      enrichment_type: 'full',
      row_count: 1,
    });
    expect(estimateBodyFor({ tool: 'enrich_person', body: { ...person, include_phone: true } })).toEqual({
      tool: 'enrich_person',
      enrichment_type: 'phone_only',
      row_count: 1,
    });
    expect(estimateBodyFor({ tool: 'enrich_person', body: { ...person, include_phone: false } }).enrichment_type).toBe('partial');
    expect(
      estimateBodyFor({ tool: 'enrich_person', body: { ...person, enrichment_type: 'partial', include_phone: true } }).enrichment_type,
    ).toBe('partial');
    expect(estimateBodyFor({ tool: 'enrich_person', body: person }).enrichment_type).toBe('partial');
  });

  test('enrich_company: one row', () => {
    expect(estimateBodyFor({ tool: 'enrich_company', body: { domain: 'acme.example' } })).toEqual({ tool: 'enrich_company', row_count: 1 });
  });

  test('cohorts: task_id, data_points and the entity_ids subset only when given; no row_count (the server counts the cohort)', () => {
    const body = {
      task_id: 'svc-task_1',
      data_points: ['Phone', 'Email'],
      entity_ids: ['b', 'a'],
      lead_list_id: 'lst_1',
      quote_id: 'qte_v1_x',
    };
    const est = estimateBodyFor({ tool: 'add_person_enrichments', body });
    expect(est).toEqual({ tool: 'add_person_enrichments', task_id: 'svc-task_1', data_points: ['Phone', 'Email'], entity_ids: ['b', 'a'] });
    expect(est.data_points).not.toBe(body.data_points);
    const whole = estimateBodyFor({ tool: 'add_company_enrichments', body: { task_id: 'svc-task_2', data_points: ['Industry'] } });
    expect(whole).toEqual({ tool: 'add_company_enrichments', task_id: 'svc-task_2', data_points: ['Industry'] });
    expect(whole).not.toHaveProperty('entity_ids');
  });

  test('enrich_list, whole list: list_id and scope (partial by default), no row_count', () => {
    expect(estimateBodyFor({ tool: 'enrich_list', body: { list_id: 'lst_1' } })).toEqual({
      tool: 'enrich_list',
      list_id: 'lst_1',
      scope: 'partial',
    });
    expect(estimateBodyFor({ tool: 'enrich_list', body: { list_id: 'lst_1', scope: 'phone-only' } })).toEqual({
      tool: 'enrich_list',
      list_id: 'lst_1',
      scope: 'phone-only',
    });
  });

  test('enrich_list, a subset: the spec form, row_count of unique ids, scope, filters {list_id, scope, sorted unique lead_ids} and no list_id', () => {
    const est = estimateBodyFor({
      tool: 'enrich_list',
      body: { list_id: 'lst_1', scope: 'full', lead_ids: ['ld_c', 'ld_a', 'ld_c', 'ld_b'] },
    });
    expect(est).toEqual({
      tool: 'enrich_list',
      row_count: 3,
      scope: 'full',
      filters: { list_id: 'lst_1', scope: 'full', lead_ids: ['ld_a', 'ld_b', 'ld_c'] },
    });
    expect(est).not.toHaveProperty('list_id');
  });

  test('bulk_import_csv: the rows to import and the enrichment type', () => {
    expect(estimateBodyFor({ tool: 'bulk_import_csv', body: { enrichment_type: 'phone_only' }, rows: 42 })).toEqual({
      tool: 'bulk_import_csv',
      row_count: 42,
      enrichment_type: 'phone_only',
    });
  });

  test('a run and its own estimate always give the same filter_hash', () => {
    const runs: PaidRun[] = [
      { tool: 'enrich_person', body: { lead_list_id: 'l', email: 'e@x.example', include_phone: true } },
      { tool: 'add_person_enrichments', body: { task_id: 't', data_points: ['Email', 'Email', 'LinkedIn'], entity_ids: ['z', 'y', 'z'] } },
      { tool: 'enrich_list', body: { list_id: 'l', lead_ids: ['b', 'a'] } },
    ];
    for (const run of runs) {
      const body = estimateBodyFor(run);
      expect(hashOf(JSON.parse(JSON.stringify(body)) as EstimateBody)).toBe(hashOf(body));
    }
  });
});

describe('quoteShape: what a quote is bound to', () => {
  test('row counts are never part of it: they may drift', () => {
    expect(quoteShape({ tool: 'bulk_import_csv', enrichment_type: 'full', row_count: 10 })).toEqual(
      quoteShape({ tool: 'bulk_import_csv', enrichment_type: 'full', row_count: 11 }),
    );
    expect(quoteShape({ tool: 'enrich_person', row_count: 3 })).toEqual({ tool: 'enrich_person', enrichment_type: 'partial' });
  });

  test('enrich_person: the enrichment type the fields resolve to, however it is said', () => {
    expect(hashOf({ tool: 'enrich_person', include_phone: true })).toBe(hashOf({ tool: 'enrich_person', enrichment_type: 'phone_only' }));
    expect(hashOf({ tool: 'enrich_person' })).toBe(hashOf({ tool: 'enrich_person', include_phone: false, enrichment_type: 'partial' }));
    expect(hashOf({ tool: 'enrich_person', enrichment_type: 'full', include_phone: false })).not.toBe(hashOf({ tool: 'enrich_person' }));
  });

  test('person cohorts: data points and entity ids as sorted sets; the whole cohort differs from any subset', () => {
    const a = quoteShape({
      tool: 'add_person_enrichments',
      task_id: 't',
      data_points: ['Phone', 'Email', 'Phone'],
      entity_ids: ['c', 'a', 'c'],
    });
    expect(a).toEqual({ tool: 'add_person_enrichments', task_id: 't', data_points: ['Email', 'Phone'], entity_ids: ['a', 'c'] });
    const whole = quoteShape({ tool: 'add_person_enrichments', task_id: 't', data_points: ['Email', 'Phone'] });
    expect(whole).toMatchObject({ entity_ids: null });
    expect(shapeHash(whole)).not.toBe(shapeHash(a));
    expect(hashOf({ tool: 'add_person_enrichments', task_id: 't', data_points: ['Email'] })).not.toBe(
      hashOf({ tool: 'add_person_enrichments', task_id: 't', data_points: ['Email', 'LinkedIn'] }),
    );
  });

  test('company cohorts: the cohort and subset only (the estimate takes data_points for person cohorts; the price ignores them)', () => {
    const shape = quoteShape({ tool: 'add_company_enrichments', task_id: 't', entity_ids: ['b', 'a'] });
    expect(shape).toEqual({ tool: 'add_company_enrichments', task_id: 't', entity_ids: ['a', 'b'] });
    expect(
      quoteShape({ tool: 'add_company_enrichments', task_id: 't', entity_ids: ['a', 'b'], data_points: ['Industry', 'Revenue'] }),
    ).toEqual(shape);
  });

  test('enrich_list: scope partial by default; the subset form by its filters, with the scope taken from either place', () => {
    expect(hashOf({ tool: 'enrich_list', list_id: 'l' })).toBe(hashOf({ tool: 'enrich_list', list_id: 'l', scope: 'partial' }));
    expect(hashOf({ tool: 'enrich_list', list_id: 'l', scope: 'full' })).not.toBe(hashOf({ tool: 'enrich_list', list_id: 'l' }));
    const subset = quoteShape({ tool: 'enrich_list', scope: 'full', row_count: 2, filters: { list_id: 'l', lead_ids: ['b', 'a', 'b'] } });
    expect(subset).toEqual({ tool: 'enrich_list', filters: { list_id: 'l', scope: 'full', lead_ids: ['a', 'b'] } });
    expect(quoteShape({ tool: 'enrich_list', filters: { list_id: 'l', scope: 'full', lead_ids: ['a', 'b'] } })).toEqual(subset);
    expect(quoteShape({ tool: 'enrich_list', filters: { list_id: 'l', lead_ids: ['a'] } })).toMatchObject({
      filters: { scope: 'partial' },
    });
    expect(hashOf({ tool: 'enrich_list', list_id: 'l' })).not.toBe(
      hashOf({ tool: 'enrich_list', filters: { list_id: 'l', lead_ids: ['a'] } }),
    );
  });

  test('run_smart_agent: every run field with its default (custom_ai, subset, max_rows 100, overwrite false)', () => {
    const bare = quoteShape({ tool: 'run_smart_agent', list_id: 'l', column_name: 'Notes', prompt: 'p' });
    expect(bare).toEqual({
      tool: 'run_smart_agent',
      list_id: 'l',
      agent_type: 'custom_ai',
      column_name: 'Notes',
      prompt: 'p',
      template_id: null,
      lead_scope: 'subset',
      max_rows: 100,
      overwrite: false,
    });
    expect(
      quoteShape({
        tool: 'run_smart_agent',
        list_id: 'l',
        column_name: 'Notes',
        prompt: 'p',
        agent_type: 'custom_ai',
        lead_scope: 'subset',
        max_rows: 100,
        overwrite: false,
      }),
    ).toEqual(bare);
    for (const change of [{ max_rows: 99 }, { overwrite: true }, { prompt: 'q' }, { column_name: 'Other' }, { lead_scope: 'all' as const }])
      expect(hashOf({ tool: 'run_smart_agent', list_id: 'l', column_name: 'Notes', prompt: 'p', ...change })).not.toBe(shapeHash(bare));
  });

  test("sync_to_crm: the provider's default sub_action filled in; field_mapping in any key order", () => {
    expect(quoteShape({ tool: 'sync_to_crm', provider: 'crm_one', list_id: 'l' })).toMatchObject({
      sub_action: 'contacts',
      field_mapping: null,
    });
    expect(hashOf({ tool: 'sync_to_crm', provider: 'crm_two', list_id: 'l' })).toBe(
      hashOf({ tool: 'sync_to_crm', provider: 'crm_two', list_id: 'l', sub_action: 'leads' }),
    );
    expect(hashOf({ tool: 'sync_to_crm', provider: 'crm_two', list_id: 'l' })).not.toBe(
      hashOf({ tool: 'sync_to_crm', provider: 'crm_two', list_id: 'l', sub_action: 'contacts' }),
    );
    const m1 = { tool: 'sync_to_crm', provider: 'crm_one', list_id: 'l', field_mapping: { email: 'Email', title: 'JobTitle' } };
    const m2 = { list_id: 'l', field_mapping: { title: 'JobTitle', email: 'Email' }, provider: 'crm_one', tool: 'sync_to_crm' };
    expect(hashOf(m1)).toBe(hashOf(m2));
    expect(hashOf(m1)).not.toBe(hashOf({ ...m1, field_mapping: { email: 'Email' } }));
  });

  test('sync_to_sequencer: provider, list and campaign', () => {
    expect(quoteShape({ tool: 'sync_to_sequencer', provider: 'sequencer_one', list_id: 'l', campaign_id: 'c1', row_count: 5 })).toEqual({
      tool: 'sync_to_sequencer',
      provider: 'sequencer_one',
      list_id: 'l',
      campaign_id: 'c1',
      field_mapping: null,
    });
    expect(hashOf({ tool: 'sync_to_sequencer', provider: 'sequencer_one', list_id: 'l', campaign_id: 'c1' })).not.toBe(
      hashOf({ tool: 'sync_to_sequencer', provider: 'sequencer_one', list_id: 'l', campaign_id: 'c2' }),
    );
  });

  test('tools with nothing to bind are the tool alone', () => {
    for (const tool of ['enrich_company', 'search_people', 'search_companies', 'add_leads_to_list', 'find_similar_companies'])
      expect(quoteShape({ tool, row_count: 7, list_id: 'l' })).toEqual({ tool });
  });
});

describe('helpers', () => {
  test('personEnrichmentType, byTaskTool and sortedUnique', () => {
    expect(personEnrichmentType({})).toBe('partial');
    expect(personEnrichmentType({ include_phone: true })).toBe('phone_only');
    expect(personEnrichmentType({ enrichment_type: 'full', include_phone: true })).toBe('full');
    expect(byTaskTool(['Industry', 'Revenue'])).toBe('add_company_enrichments');
    expect(byTaskTool(['Email', 'Industry'])).toBe('add_person_enrichments');
    expect(byTaskTool([])).toBe('add_person_enrichments');
    expect(sortedUnique(['b', 'a', 'b'])).toEqual(['a', 'b']);
  });
});
