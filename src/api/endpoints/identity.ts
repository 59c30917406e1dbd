import { endpoint, ref } from './endpoint.js';
import { TAGS } from './params.js';
import { SAMPLE } from './samples.js';

/** Who a credential is. */

export const identity = {
  whoami: endpoint({
    id: 'identity.whoami',
    method: 'GET',
    path: '/whoami',
    kind: 'v2',
    scope: null,
    summary: 'Identity of the credential',
    description: 'The user, organization, scopes, plan tier and features behind the credential. Free; any valid credential may ask.',
    response: ref('Identity'),
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
    response: ref('KeyValidation'),
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
