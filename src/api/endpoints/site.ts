import { endpoint } from './endpoint.js';

/** Pages at the host root: health, the published OpenAPI documents and their HTML views, and the product page a compiled search opens. */

export const site = {
  health: endpoint({
    id: 'site.health',
    method: 'GET',
    path: '/health',
    kind: 'root',
    scope: null,
    summary: 'Health',
    description: 'Whether the service answers. No credential.',
    idempotent: true,
  }),
  openapiV2: endpoint({
    id: 'site.openapiV2',
    method: 'GET',
    path: '/openapi-public-v2.json',
    kind: 'root',
    scope: null,
    summary: 'The v2 OpenAPI document',
    description: 'The published OpenAPI 3.1 document of the v2 operations. Public.',
    idempotent: true,
  }),
  openapiV1: endpoint({
    id: 'site.openapiV1',
    method: 'GET',
    path: '/openapi-public.json',
    kind: 'root',
    scope: null,
    summary: 'The v1 OpenAPI document',
    description: 'The published OpenAPI 3.1 document of the five v1-only operations. Public.',
    idempotent: true,
  }),
  docs: endpoint({
    id: 'site.docs',
    method: 'GET',
    path: '/docs',
    kind: 'root',
    scope: null,
    summary: 'API reference page',
    description: 'An HTML page rendering a published document (?spec=v1 for the v1 one). Public.',
    query: [
      { name: 'spec', description: 'Which document: v2 (default) or v1.', schema: { type: 'string', enum: ['v2', 'v1'], default: 'v2' } },
    ],
    idempotent: true,
  }),
  redoc: endpoint({
    id: 'site.redoc',
    method: 'GET',
    path: '/redoc',
    kind: 'root',
    scope: null,
    summary: 'API reference page (ReDoc layout)',
    description: 'An HTML page rendering a published document in three panes (?spec=v1 for the v1 one). Public.',
    query: [
      { name: 'spec', description: 'Which document: v2 (default) or v1.', schema: { type: 'string', enum: ['v2', 'v1'], default: 'v2' } },
    ],
    idempotent: true,
  }),
  findPeoplePage: endpoint({
    id: 'site.findPeoplePage',
    method: 'GET',
    path: '/app/find-people',
    kind: 'root',
    scope: null,
    summary: 'The product’s Find People page',
    description: 'Where a compiled people search opens in the product, its filters in the query.',
    idempotent: true,
  }),
};
