import { endpoint, ref } from './endpoint.js';
import { QUOTE_ERRORS, QUOTE_UNCONFIRMED, TAGS } from './params.js';
import { SAMPLE } from './samples.js';

const statusUrl = (workflowId: string) => `https://api.example.com/api/v2/enrichment/status/${workflowId}`;

/**
 * Enrichment (paid, pay for results): one person, one company, a search cohort, a whole list,
 * and the status of runs. Each paid call carries the quote_id of a matching estimate.
 */

export const enrichment = {
  person: endpoint({
    id: 'enrichment.person',
    method: 'POST',
    path: '/enrichment/person',
    kind: 'v2',
    scope: 'enrich:write',
    summary: 'Enrich one person (async)',
    description:
      'Finds a verified email and/or phone of one person, given a strong identifier (email, linkedin_url, person_id) or a name with a company name or domain. Reserves the type’s price up front and keeps only what it finds; poll GET /enrichment/status/{workflow_id}. A quote_id from POST /credits/estimate (tool enrich_person) is optional; one sent must match.',
    body: ref('PersonEnrichBody'),
    response: ref('PersonEnrichStarted'),
    errors: { 400: [...QUOTE_ERRORS, 'quote_already_redeemed'], 404: ['list_not_found'], 503: QUOTE_UNCONFIRMED },
    example: {
      body: { lead_list_id: SAMPLE.listId, linkedin_url: SAMPLE.linkedinUrl, enrichment_type: 'partial', quote_id: SAMPLE.quoteId },
      response: {
        workflow_id: SAMPLE.personWorkflowId,
        status: 'pending',
        credits_reserved: 1,
        lead_list_id: SAMPLE.listId,
        poll_url: statusUrl(SAMPLE.personWorkflowId),
      },
    },
    idempotent: false,
    paid: { tools: ['enrich_person'] },
    published: { document: 'v2', operationId: 'enrichPerson', tag: TAGS.enrichment },
  }),
  company: endpoint({
    id: 'enrichment.company',
    method: 'POST',
    path: '/enrichment/company',
    kind: 'v2',
    scope: 'enrich:write',
    summary: 'Enrich one company (sync, 1 credit)',
    description:
      'The firmographics of one company, answered at once for 1 credit, refunded when the company is not found (404). A quote_id from POST /credits/estimate (tool enrich_company) is optional; one sent must match.',
    body: ref('CompanyEnrichBody'),
    response: ref('CompanyEnrichResponse'),
    errors: {
      400: [...QUOTE_ERRORS, 'quote_already_redeemed'],
      404: ['not_found'],
      502: ['provider_error'],
      503: ['quote_verification_unavailable'],
    },
    example: {
      body: { domain: SAMPLE.domain, quote_id: SAMPLE.quoteId },
      response: {
        company: {
          company_id: SAMPLE.companyId,
          name: 'Vivid Savings',
          domain: SAMPLE.domain,
          industry: 'Banking',
          employee_count: 73,
          employee_count_range: '51-200',
          revenue_range: '$10M-50M',
          hq_location: 'Seongnam, Gyeonggi, South Korea',
          funding_stage: 'Series A',
          tech_stack: ['Salesforce', 'HubSpot'],
          linkedin_url: 'https://www.linkedin.com/company/vivid-savings',
        },
        credits_charged: 1,
        timestamp_ms: SAMPLE.timestampMs,
      },
    },
    idempotent: false,
    paid: { tools: ['enrich_company'] },
    published: { document: 'v2', operationId: 'enrichCompany', tag: TAGS.enrichment },
  }),
  byTask: endpoint({
    id: 'enrichment.byTask',
    method: 'POST',
    path: '/enrichment/by-task',
    kind: 'v2',
    scope: 'enrich:write',
    summary: 'Enrich a cohort (person async, company sync)',
    description:
      'Enriches the entities of a search cohort (its task_id): people start a run whose results are queued (poll GET /enrichment/status/{workflow_id}), companies are answered at once. Needs a quote_id from POST /credits/estimate with tool add_person_enrichments or add_company_enrichments and the same task_id, data_points and entity_ids.',
    body: ref('ByTaskEnrichBody'),
    response: ref('ByTaskEnrichResponse'),
    errors: {
      400: ['validation_error', ...QUOTE_ERRORS, 'quote_already_redeemed'],
      404: ['task_not_found', 'list_not_found'],
      503: QUOTE_UNCONFIRMED,
    },
    example: {
      body: { task_id: SAMPLE.cohort, data_points: ['Email'], lead_list_id: SAMPLE.listId, quote_id: SAMPLE.quoteId },
      response: {
        task_id: SAMPLE.cohort,
        entity_kind: 'person',
        workflow_id: SAMPLE.personWorkflowId,
        status: 'pending',
        total_entities: 2,
        credits_reserved: 2,
        results: [
          { entity_id: 'sp_941b88aca4fcb093', status: 'queued', error: null, company: null },
          { entity_id: 'sp_51939f120cb2dda7', status: 'queued', error: null, company: null },
        ],
        lead_list_id: SAMPLE.listId,
      },
    },
    idempotent: false,
    paid: { tools: ['add_person_enrichments', 'add_company_enrichments'] },
    published: { document: 'v2', operationId: 'enrichByTask', tag: TAGS.enrichment },
  }),
  bulk: endpoint({
    id: 'enrichment.bulk',
    method: 'POST',
    path: '/enrichment/bulk',
    kind: 'v2',
    scope: 'enrich:write',
    summary: 'Enrich every lead of a list, or a subset (async)',
    description:
      'Enriches a whole list, or 1 to 500 of its leads, in one run; poll GET /enrichment/status/{workflow_id}. Needs a quote_id from POST /credits/estimate with tool enrich_list (a subset is quoted with filters {list_id, scope, lead_ids}).',
    body: ref('BulkEnrichBody'),
    response: ref('BulkEnrichStarted'),
    errors: {
      400: ['validation_error', ...QUOTE_ERRORS, 'quote_already_redeemed'],
      403: ['feature_gated'],
      404: ['list_not_found'],
      409: ['conflict'],
      503: QUOTE_UNCONFIRMED,
    },
    example: {
      body: { list_id: SAMPLE.listId, scope: 'partial', quote_id: SAMPLE.quoteId },
      response: {
        workflow_id: SAMPLE.bulkWorkflowId,
        status: 'pending',
        total_leads: 2,
        estimated_cost: 2,
        credits_reserved: 2,
        poll_url: statusUrl(SAMPLE.bulkWorkflowId),
      },
    },
    idempotent: false,
    paid: { tools: ['enrich_list'] },
    published: { document: 'v2', operationId: 'enrichList', tag: TAGS.enrichment },
  }),
  status: endpoint({
    id: 'enrichment.status',
    method: 'GET',
    path: '/enrichment/status/:workflow_id',
    params: {
      workflow_id:
        'The run: the workflow_id its start answered (enrich-... for a person or a person cohort, bulk-enrich-... for a list or a CSV import), ' +
        'or the task_id (svc-task_...) of a cohort sent to POST /enrichment/by-task.',
    },
    kind: 'v2',
    scope: 'enrich:read',
    summary: 'Poll an enrichment workflow (workflow id or cohort handle)',
    description:
      'The state of an enrichment run (by workflow id or by-task cohort handle), its progress, credits and, when done, its results. Free.',
    response: ref('EnrichmentStatusResponse'),
    errors: { 404: ['not_found', 'task_not_found'] },
    example: {
      response: {
        workflow_id: SAMPLE.bulkWorkflowId,
        status: 'completed',
        progress: 100,
        total: 2,
        processed: 2,
        completed: 2,
        failed: 0,
        enrichment_type: 'partial',
        lead_list_id: SAMPLE.listId,
        result: null,
        credits_charged: 2,
        credits_refunded: 0,
        refund_status: 'not_applicable',
      },
    },
    idempotent: true,
    published: { document: 'v2', operationId: 'getEnrichmentStatus', tag: TAGS.enrichment },
  }),
};
