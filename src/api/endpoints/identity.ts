import type { Identity } from '../schemas/identity.js';
import type { Balance, EstimateBody, Quote } from '../schemas/credits.js';
import type { Usage } from '../schemas/keys.js';
import { USAGE_DEFAULT_GROUP, USAGE_GROUPS, USAGE_LIMITS } from '../schemas/values/keys.js';
import { endpoint, ref } from './endpoint.js';
import { limitParam, TAGS } from './params.js';

/** Who a credential is, the organization's credits and usage. */

export const identity = {
  whoami: endpoint({
    id: 'identity.whoami',
    method: 'GET',
    path: '/whoami',
    kind: 'v2',
    scope: null,
    summary: 'Identity of the credential',
    description: 'The user, organization, plan, scopes and key behind the credential. Free; any valid credential may ask.',
    response: ref<typeof Identity>('Identity'),
    idempotent: true,
    published: { document: 'v2', operationId: 'getWhoami', tag: TAGS.identity },
  }),
  validateKey: endpoint({
    id: 'identity.validateKey',
    method: 'GET',
    path: '/auth/validate-key',
    kind: 'v1only',
    scope: null,
    summary: 'Check a key',
    description: 'The v1 check of a key (legacy, frozen): answers when the key is valid. v2 asks whoami instead.',
    idempotent: true,
    published: { document: 'v1', operationId: 'validateKey', tag: TAGS.auth },
  }),
};

export const credits = {
  balance: endpoint({
    id: 'credits.balance',
    method: 'GET',
    path: '/credits/balance',
    kind: 'v2',
    scope: 'credits:read',
    summary: 'Credit balance of the organization',
    description: 'The credits the organization has now, with its plan and any spend cap. Free.',
    response: ref<typeof Balance>('Balance'),
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
    body: ref<typeof EstimateBody>('EstimateBody'),
    response: ref<typeof Quote>('Quote'),
    errors: { 400: ['validation_error'], 404: ['list_not_found', 'task_not_found'] },
    idempotent: true,
  }),
};

export const usage = {
  get: endpoint({
    id: 'usage.get',
    method: 'GET',
    path: '/usage',
    kind: 'v2',
    scope: 'admin:api_keys',
    summary: 'Calls, credits and errors over a window',
    description: 'Requests, credits spent and errors of the organization over the last days, grouped by day, key or route. Free.',
    query: [
      limitParam('days', USAGE_LIMITS.days, 'Days back from now'),
      { name: 'group_by', description: 'How rows are grouped.', schema: { type: 'string', enum: [...USAGE_GROUPS], default: USAGE_DEFAULT_GROUP } },
    ],
    response: ref<typeof Usage>('Usage'),
    idempotent: true,
    published: { document: 'v2', operationId: 'getUsage', tag: TAGS.identity },
  }),
};
