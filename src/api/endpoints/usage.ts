import { USAGE_DEFAULT_GROUP, USAGE_GROUPS, USAGE_LIMITS } from '../schemas/values/keys.js';
import { endpoint, ref } from './endpoint.js';
import { limitParam, TAGS } from './params.js';

/** The organization's calls, credits and errors over a window. */

export const usage = {
  get: endpoint({
    id: 'usage.get',
    method: 'GET',
    path: '/usage',
    kind: 'v2',
    scope: 'admin:api_keys',
    summary: 'Calls, credits and errors over a window',
    description:
      'Requests, credits spent and errors of the organization over the last days, grouped by tool (the endpoint), key, day or error code. Free.',
    query: [
      limitParam('days', USAGE_LIMITS.days, 'Days back from now'),
      {
        name: 'group_by',
        description: 'How rows are grouped.',
        schema: { type: 'string', enum: [...USAGE_GROUPS], default: USAGE_DEFAULT_GROUP },
      },
    ],
    response: ref('Usage'),
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
    rows: 'rows',
    idempotent: true,
    published: { document: 'v2', operationId: 'getUsage', tag: TAGS.identity },
  }),
};
