import type { LegacyBulkBody, LegacyBulkStarted, LegacyTaskStatus, LegacyWorkflowStatus, WebhookDeliveries } from '../schemas/legacy.js';
import { LEGACY_BULK_LIMITS, WEBHOOK_DELIVERIES_LIMITS, WEBHOOK_EVENT } from '../schemas/values/legacy.js';
import { endpoint, ref } from './endpoint.js';
import { limitParam, TAGS, textParam } from './params.js';

/** The v1-only enrichment operations (legacy, supported and frozen): they check no scope. */

export const legacy = {
  bulkEnrich: endpoint({
    id: 'legacy.bulkEnrich',
    method: 'POST',
    path: '/enrich/bulk',
    kind: 'v1only',
    scope: null,
    summary: `Enrich ${LEGACY_BULK_LIMITS.contacts.min} to ${LEGACY_BULK_LIMITS.contacts.max} contacts`,
    description: `Enriches up to ${LEGACY_BULK_LIMITS.contacts.max} contacts in one run without a quote: the balance must cover every contact at full price (402 otherwise). With webhook_url, the ${WEBHOOK_EVENT} event is posted there when the run ends. Contacts go to the protected Extension Leads list. Never sent again after a lost answer.`,
    body: ref<typeof LegacyBulkBody>('LegacyBulkBody'),
    response: ref<typeof LegacyBulkStarted>('LegacyBulkStarted'),
    errors: { 400: ['BAD_REQUEST'], 402: ['INSUFFICIENT_CREDITS'] },
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
    description: 'The state of a v1 run (workflow_id) or of one of its contacts (task_id, kept about 24 hours). Send exactly one of them (both or neither is a 400).',
    query: [textParam('workflow_id', 'The run (public_bulk_...).'), textParam('task_id', 'One contact of a run.')],
    response: ref<typeof LegacyWorkflowStatus>('LegacyWorkflowStatus'),
    oneOf: [ref<typeof LegacyWorkflowStatus>('LegacyWorkflowStatus'), ref<typeof LegacyTaskStatus>('LegacyTaskStatus')],
    errors: { 400: ['BAD_REQUEST'], 403: ['PERMISSION_DENIED'], 404: ['RESOURCE_NOT_FOUND'] },
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
    query: [textParam('workflow_id', 'The run.', true), limitParam('limit', WEBHOOK_DELIVERIES_LIMITS.limit, 'How many attempts')],
    response: ref<typeof WebhookDeliveries>('WebhookDeliveries'),
    errors: { 404: ['RESOURCE_NOT_FOUND'] },
    idempotent: true,
    published: { document: 'v1', operationId: 'listWebhookDeliveries', tag: TAGS.webhooks },
  }),
};
