import type * as z from 'zod/mini';
import { WEBHOOK_EVENT, WebhookPayload } from '../../api/schemas/legacy.js';
import { TAGS } from '../../api/endpoints/params.js';

/**
 * What each published document says of itself: title, description, tags and webhooks. Its
 * operations are the catalog entries published in it (src/api/endpoints/).
 */

export type DocumentName = 'v2' | 'v1';

export interface DocumentSpec {
  title: string;
  /** The kind of operation whose first mount is the document's server. */
  kind: 'v2' | 'v1only';
  version: string;
  description: string;
  tags: { name: string; description: string }[];
  webhooks?: { name: string; operationId: string; summary: string; description: string; payload: z.ZodMiniType }[];
}

export const DOCUMENT_SPECS: Record<DocumentName, DocumentSpec> = {
  v2: {
    title: 'Lead enrichment and prospecting API (v2)',
    kind: 'v2',
    version: '2',
    description:
      'The current API. Every operation checks exactly one scope (none for whoami), named in its security requirement and x-scope. ' +
      'The same operations answer under /api/v1/public. Searches, reads and status polls are free. A paid operation carries a quote_id: ' +
      'POST /credits/estimate (live, but not part of this document, like company search and sync) takes the tool the operation names ' +
      'and the fields of the run, and answers the quote (quote_id, estimated_cost, expires_at); send its quote_id with that same request ' +
      'within 5 minutes, once.',
    tags: [
      { name: TAGS.identity, description: 'Who the credential is, the organization balance, API keys and usage.' },
      { name: TAGS.search, description: 'People search (free), filter values, criteria compile, find-at-companies jobs.' },
      { name: TAGS.lists, description: 'Lead lists, their leads, CSV import and find-people jobs.' },
      { name: TAGS.enrichment, description: 'Person, company, cohort and list enrichment (pay-for-results), and status polls.' },
      { name: TAGS.agents, description: 'One AI instruction run once per lead of a list.' },
      { name: TAGS.export, description: 'A list as a signed-URL CSV or as paged JSON.' },
    ],
  },
  v1: {
    title: 'Lead enrichment and prospecting API (v1 legacy)',
    kind: 'v1only',
    version: '1',
    description:
      'The five v1-only operations: legacy, supported and frozen. They check no scope. Every v2 operation also answers under ' +
      '/api/v1/public (see /openapi-public-v2.json). v1 errors use the generic shape (uppercase code); a 422 uses the validation shape.',
    tags: [
      { name: TAGS.auth, description: 'Check a key (v2: GET /whoami).' },
      { name: TAGS.legacyEnrich, description: 'Bulk person enrichment with an optional webhook (v2: POST /enrichment/bulk).' },
      { name: TAGS.webhooks, description: 'The delivery log of a run’s webhook.' },
      { name: TAGS.folders, description: 'Lead-list folders.' },
    ],
    webhooks: [
      {
        name: WEBHOOK_EVENT,
        operationId: 'enrichmentCompleted',
        summary: 'A bulk run ended',
        description: 'POSTed to the run’s webhook_url: 10 s per attempt, up to 5 attempts, any 2xx is success, redirects are not followed.',
        payload: WebhookPayload,
      },
    ],
  },
};
