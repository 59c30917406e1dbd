import { KEY_REQUESTS_LIMITS } from '../schemas/values/keys.js';
import { endpoint, ref } from './endpoint.js';
import { limitParam, TAGS } from './params.js';
import { SAMPLE } from './samples.js';

const KEY_PARAM = {
  key_id: { description: 'The key: its id (a UUID), as listing keys answers it; anything else is a 422.', schema: { format: 'uuid' } },
};

/** API keys: managed under /api/v1/api-keys with a session JWT only (a key there is refused), and listed on v2 with a key. */

export const keys = {
  create: endpoint({
    id: 'keys.create',
    method: 'POST',
    path: '',
    kind: 'keys',
    scope: null,
    planGate: 'always',
    summary: 'Create an API key',
    description:
      'A new key for the calling user, with the scopes and expiry asked for. The whole secret is in this answer only. Not idempotent: sending it again makes a second key.',
    body: ref('CreateKeyBody'),
    response: ref('CreatedKey'),
    status: 201,
    errors: { 400: ['BAD_REQUEST'] },
    idempotent: false,
  }),
  list: endpoint({
    id: 'keys.list',
    method: 'GET',
    path: '',
    kind: 'keys',
    scope: null,
    planGate: 'always',
    summary: 'Keys of the organization',
    description: 'Every key of the organization, active and revoked, newest first; never a secret.',
    response: ref('ManagedKeys'),
    idempotent: true,
  }),
  revokeAll: endpoint({
    id: 'keys.revokeAll',
    method: 'POST',
    path: '/revoke-all',
    kind: 'keys',
    scope: null,
    summary: 'Revoke all of your keys',
    description: 'Revokes every active key of the calling user in the organization. Safe to repeat.',
    response: ref('RevokeAllResult'),
    idempotent: true,
  }),
  revoke: endpoint({
    id: 'keys.revoke',
    method: 'POST',
    path: '/:key_id/revoke',
    params: KEY_PARAM,
    kind: 'keys',
    scope: null,
    summary: 'Revoke a key',
    description: 'Revocation is final. Revoking a revoked key answers the key as it is, so it is safe to repeat.',
    response: ref('ManagedKey'),
    errors: { 403: ['PERMISSION_DENIED'], 404: ['not_found'], 422: ['validation_error'] },
    idempotent: true,
  }),
  requests: endpoint({
    id: 'keys.requests',
    method: 'GET',
    path: '/:key_id/requests',
    params: KEY_PARAM,
    kind: 'keys',
    scope: null,
    summary: 'Request log of a key',
    description: 'The requests made with a key, newest first.',
    query: [limitParam('limit', KEY_REQUESTS_LIMITS.limit, 'How many requests')],
    response: ref('KeyRequestRows'),
    errors: { 404: ['not_found'], 422: ['validation_error'] },
    idempotent: true,
  }),
  listV2: endpoint({
    id: 'keys.listV2',
    method: 'GET',
    path: '/api-keys',
    kind: 'v2',
    scope: 'admin:api_keys',
    summary: "API keys of the token's organization",
    description:
      'The keys of the organization as seen with an API key (admin:api_keys): names, prefixes, scopes and state, never a secret.',
    response: ref('V2KeyList'),
    example: {
      response: {
        keys: [
          {
            key_id: SAMPLE.keyId,
            key_prefix: 'svcapi_T0v',
            key_last4: 'QUy9',
            name: 'CRM sync',
            created_at: SAMPLE.createdAt,
            scopes: ['people:read', 'lists:read', 'lists:write'],
            last_used_at: '2025-03-05T16:40:12.000Z',
            is_active: true,
          },
        ],
      },
    },
    idempotent: true,
    published: { document: 'v2', operationId: 'listApiKeys', tag: TAGS.identity },
  }),
};
