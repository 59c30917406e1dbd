import { endpoint, ref } from './endpoint.js';
import { TAGS } from './params.js';
import { SAMPLE } from './samples.js';

/** The organization's credits, and the estimate that quotes a paid run. */

export const credits = {
  balance: endpoint({
    id: 'credits.balance',
    method: 'GET',
    path: '/credits/balance',
    kind: 'v2',
    scope: 'credits:read',
    summary: 'Credit balance of the organization',
    description: 'The credits the organization can spend now, shared by all its members. Free.',
    response: ref('Balance'),
    example: { response: { organization_id: SAMPLE.organizationId, credits: 5000 } },
    idempotent: true,
    published: { document: 'v2', operationId: 'getCreditBalance', tag: TAGS.identity },
  }),
  estimate: endpoint({
    id: 'credits.estimate',
    method: 'POST',
    path: '/credits/estimate',
    kind: 'v2',
    scope: 'credits:read',
    summary: 'Price a paid run and get a quote',
    description:
      'The most a paid run can cost, what is free, the balance, and a single-use quote valid 5 minutes that the run must carry as quote_id. Free, and safe to repeat.',
    body: ref('EstimateBody'),
    response: ref('Quote'),
    errors: { 400: ['validation_error'], 404: ['list_not_found', 'task_not_found'] },
    idempotent: true,
  }),
};
