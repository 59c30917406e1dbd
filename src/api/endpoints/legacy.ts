import { LEGACY_BULK_LIMITS, WEBHOOK_DELIVERIES_LIMITS, WEBHOOK_EVENT } from '../schemas/values/legacy.js';
import { endpoint, ref } from './endpoint.js';
import { limitParam, TAGS, textParam } from './params.js';
import { SAMPLE } from './samples.js';

/** The v1-only enrichment operations (legacy, supported and frozen): they check no scope. */

export const legacy = {
  bulkEnrich: endpoint({
    id: 'legacy.bulkEnrich',
    method: 'POST',
    path: '/enrich/bulk',
    kind: 'v1only',
    scope: null,
    summary: `Enrich ${LEGACY_BULK_LIMITS.contacts.min} to ${LEGACY_BULK_LIMITS.contacts.max} contacts`,
    description:
      `Enriches up to ${LEGACY_BULK_LIMITS.contacts.max} contacts in one run without a quote: the balance must cover every new contact at the type's full price (402 otherwise; nothing is queued). ` +
      'Contacts go to the protected Extension Leads list; those already in it, or repeated in the request, are left out, and a request with no new contact is a 400, so the same request sent again starts nothing. ' +
      `With webhook_url, the ${WEBHOOK_EVENT} event is posted there when the run ends.`,
    body: ref('LegacyBulkBody'),
    response: ref('LegacyBulkStarted'),
    errors: { 400: ['BAD_REQUEST'], 402: ['INSUFFICIENT_CREDITS'] },
    example: {
      body: {
        enrichment_type: 'partial',
        webhook_url: SAMPLE.webhookUrl,
        contacts: [
          { linkedin_url: SAMPLE.linkedinUrl },
          { first_name: 'Hassan', last_name: 'Al-Mansoori', company_domain: 'rigeltalent.com' },
        ],
      },
      response: {
        workflow_id: SAMPLE.legacyWorkflowId,
        status: 'processing',
        message: `Enrichment of 2 contacts started. Poll GET /api/v1/public/enrich/status?workflow_id=${SAMPLE.legacyWorkflowId} or wait for the enrichment.completed webhook.`,
        task_ids: ['7b3e9f1a-4c8d-4e2b-9a6f-1d5c3e7b9f20', 'e2a8c4f6-0b9d-4f3e-8c1a-5b7d9e2f4a61'],
        total_contacts: 2,
      },
    },
    idempotent: false,
    paid: { tools: [] },
    published: { document: 'v1', operationId: 'enrichBulkV1', tag: TAGS.legacyEnrich },
  }),
  status: endpoint({
    id: 'legacy.status',
    method: 'GET',
    path: '/enrich/status',
    kind: 'v1only',
    scope: null,
    summary: 'Status of a run or of one contact',
    description:
      'The state of a v1 run (workflow_id) or of one of its contacts (task_id, kept about 24 hours). Send exactly one of them (both or neither is a 400).',
    query: [
      textParam('workflow_id', 'The run (public_bulk_...).'),
      textParam('task_id', 'One contact of a run: one of the task_ids its start answered.'),
    ],
    response: ref('LegacyWorkflowStatus'),
    oneOf: [ref('LegacyWorkflowStatus'), ref('LegacyTaskStatus')],
    errors: { 400: ['BAD_REQUEST'], 403: ['PERMISSION_DENIED'], 404: ['RESOURCE_NOT_FOUND'] },
    example: {
      response: {
        workflow: {
          workflow_id: SAMPLE.legacyWorkflowId,
          status: 'completed',
          total_prospects: 2,
          completed_prospects: 2,
          failed_prospects: 0,
          emails_found: 2,
          phones_found: 0,
          created_at: SAMPLE.createdAt,
          modified_at: '2025-03-04T09:17:45.000Z',
        },
      },
    },
    idempotent: true,
    published: { document: 'v1', operationId: 'getEnrichStatusV1', tag: TAGS.legacyEnrich },
  }),
  webhookDeliveries: endpoint({
    id: 'legacy.webhookDeliveries',
    method: 'GET',
    path: '/webhooks/deliveries',
    kind: 'v1only',
    scope: null,
    summary: 'Webhook delivery attempts of a run, newest first',
    description: 'One row per attempt to deliver a run’s webhook, newest first; empty when the run sent none.',
    query: [
      textParam('workflow_id', 'The run (public_bulk_...), as its start answered.', true),
      limitParam('limit', WEBHOOK_DELIVERIES_LIMITS.limit, 'How many attempts'),
    ],
    response: ref('WebhookDeliveries'),
    errors: { 404: ['RESOURCE_NOT_FOUND'] },
    idempotent: true,
    published: { document: 'v1', operationId: 'listWebhookDeliveries', tag: TAGS.webhooks },
  }),
};
