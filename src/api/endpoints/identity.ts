import type { Identity, KeyValidation } from '../schemas/identity.js';
import type { Balance, EstimateBody, Quote } from '../schemas/credits.js';
import type { Usage } from '../schemas/keys.js';
import { USAGE_DEFAULT_GROUP, USAGE_GROUPS, USAGE_LIMITS } from '../schemas/values/keys.js';
import { endpoint, ref } from './endpoint.js';
import { limitParam, TAGS } from './params.js';
import { SAMPLE } from './samples.js';

/** Who a credential is, the organization's credits and usage. */

export const identity = {
  whoami: endpoint({
    id: 'identity.whoami',
    method: 'GET',
    path: '/whoami',
    kind: 'v2',
    scope: null,
    summary: 'Identity of the credential',
    description: 'The user, organization, scopes, plan tier and features behind the credential. Free; any valid credential may ask.',
    response: ref<typeof Identity>('Identity'),
    example: {
      response: {
        user_email: 'd***@acme.example',
        user_id: SAMPLE.userId,
        user_name: 'Dana Demo',
        organization_id: SAMPLE.organizationId,
        organization_name: 'Acme',
        auth_type: 'api_key',
        scopes: ['people:read', 'lists:read', 'lists:write', 'enrich:read', 'enrich:write', 'export:read', 'credits:read'],
        tier: 'pro',
        partner_tier: null,
        features: ['api_access', 'people_search', 'lead_lists', 'enrichment', 'export'],
      },
    },
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
    description:
      'Whether the credential is valid, and whose it is: organization, user, key and scopes (a credential that is not valid gets a 401). Legacy and frozen; GET /whoami of the v2 document tells more.',
    response: ref<typeof KeyValidation>('KeyValidation'),
    example: {
      response: {
        valid: true,
        auth_type: 'api_key',
        organization_id: SAMPLE.organizationId,
        user_id: SAMPLE.userId,
        key_id: SAMPLE.keyId,
        key_prefix: 'svcapi_T0v',
        key_last4: 'QUy9',
        expires_at: null,
        scopes: ['people:read', 'lists:read', 'lists:write', 'enrich:read', 'enrich:write', 'export:read', 'credits:read'],
      },
    },
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
    description: 'The credits the organization can spend now, shared by all its members. Free.',
    response: ref<typeof Balance>('Balance'),
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
    description: 'Requests, credits spent and errors of the organization over the last days, grouped by tool (the endpoint), key, day or error code. Free.',
    query: [
      limitParam('days', USAGE_LIMITS.days, 'Days back from now'),
      { name: 'group_by', description: 'How rows are grouped.', schema: { type: 'string', enum: [...USAGE_GROUPS], default: USAGE_DEFAULT_GROUP } },
    ],
    response: ref<typeof Usage>('Usage'),
    example: {
      response: {
        days: 7,
        group_by: 'tool',
        total_calls: 42,
        total_credits_spent: 12,
        total_errors: 1,
        rows: [
          { group: '/people/find', calls: 30, credits_spent: 0, errors: 1 },
          { group: '/enrichment/bulk', calls: 2, credits_spent: 12, errors: 0 },
        ],
      },
    },
    idempotent: true,
    published: { document: 'v2', operationId: 'getUsage', tag: TAGS.identity },
  }),
};
