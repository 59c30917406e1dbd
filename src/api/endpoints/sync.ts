import { endpoint, ref } from './endpoint.js';
import { QUOTE_ERRORS, QUOTE_UNCONFIRMED } from './params.js';

/**
 * Sync of a list to a CRM or into a sequencer campaign (paid per lead, with a quote and
 * approved: true; the push runs inside the call), and the free helpers around it.
 */

const SYNC_ERRORS = {
  400: ['validation_error', 'approval_required', 'provider_not_connected', ...QUOTE_ERRORS, 'quote_already_redeemed'],
  404: ['list_not_found'],
  502: ['internal_error'],
  503: QUOTE_UNCONFIRMED,
} as const;

export const sync = {
  crm: endpoint({
    id: 'sync.crm',
    method: 'POST',
    path: '/migrate/crm',
    kind: 'v2',
    scope: 'sync:write',
    summary: 'Push a list to a CRM',
    description:
      'Pushes the leads of a list to crm_one or crm_two with a field mapping, 0.2 credit per lead pushed. Needs a quote and approved: true. A sync cannot be read back, so a lost answer is never sent again.',
    body: ref('CrmSyncBody'),
    response: ref('SyncResult'),
    errors: SYNC_ERRORS,
    idempotent: false,
    paid: { tools: ['sync_to_crm'] },
  }),
  sequencer: endpoint({
    id: 'sync.sequencer',
    method: 'POST',
    path: '/migrate/sequencer',
    kind: 'v2',
    scope: 'sync:write',
    summary: 'Push a list into a sequencer campaign',
    description:
      'Pushes the leads of a list into a campaign of sequencer_one, 0.2 credit per lead pushed. Needs a quote and approved: true. A sync cannot be read back, so a lost answer is never sent again.',
    body: ref('SequencerSyncBody'),
    response: ref('SyncResult'),
    errors: SYNC_ERRORS,
    idempotent: false,
    paid: { tools: ['sync_to_sequencer'] },
  }),
  preview: endpoint({
    id: 'sync.preview',
    method: 'POST',
    path: '/migrate/preview',
    kind: 'v2',
    scope: 'sync:write',
    summary: 'What a sync would do',
    description: 'The mapping a sync would use, the leads it would push, skip and fail, and its cost. Free, without side effects.',
    body: ref('SyncPreviewBody'),
    response: ref('SyncPreview'),
    errors: { 400: ['validation_error', 'provider_not_connected'], 404: ['list_not_found'] },
    idempotent: true,
  }),
  campaigns: endpoint({
    id: 'sync.campaigns',
    method: 'GET',
    path: '/migrate/sequencer/campaigns',
    kind: 'v2',
    scope: 'sync:write',
    summary: 'Campaigns of the connected sequencer',
    description: 'The campaigns of the organization’s connected sequencer, to push into. Free.',
    response: ref('SequencerCampaigns'),
    errors: { 400: ['provider_not_connected'] },
    idempotent: true,
  }),
  connections: endpoint({
    id: 'sync.connections',
    method: 'GET',
    path: '/migrate/crm/connections',
    kind: 'v2',
    scope: 'crm:read',
    summary: 'Destinations and whether each is connected',
    description: 'Every CRM and sequencer destination and whether the organization has connected it. Free.',
    response: ref('DestinationConnections'),
    idempotent: true,
  }),
};
