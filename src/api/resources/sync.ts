import { sync } from '../endpoints/sync.js';
import { call, requestOf } from '../endpoints/call.js';
import type { Client } from '../client.js';
import type { ApiError } from '../errors.js';
import { sendPaid, type PaidCallOptions } from '../paid-call.js';
import type {
  CrmSyncBody,
  DestinationConnections,
  SequencerCampaigns,
  SequencerSyncBody,
  SyncPreview,
  SyncPreviewBody,
  SyncResult,
} from '../schemas/sync.js';

/**
 * Sync of a list to a CRM (crm_one, crm_two) or into a sequencer campaign (sequencer_one),
 * 0.2 credit per lead, with a quote and approved: true; the push runs inside the call. A sync
 * cannot be read back (there is no status route), so a lost answer is reported, never sent
 * again with a new quote: check the destination first. The helper routes are free.
 */

type Call = PaidCallOptions;

/**
 * The 502 internal_error of a push that failed as a whole: the spec makes it final (nothing
 * pushed, the reservation refunded), so it is not resent. Any 502 internal_error of a sync
 * route is one, details or not (the sandbox adds details.pushed: 0 and credits_refunded).
 */
export const isWholePushFailure = (e: ApiError): boolean => e.status === 502 && e.is('internal_error');

function push(client: Client, e: typeof sync.crm | typeof sync.sequencer, body: CrmSyncBody | SequencerSyncBody, opts: Call): Promise<SyncResult> {
  const where = 'campaign_id' in body ? `campaign ${body.campaign_id} of ${body.provider}` : body.provider;
  return sendPaid<SyncResult>(client, { ...requestOf(e, { signal: opts.signal }), body }, null, opts.sleep, {
    journal: opts.journal,
    answered: isWholePushFailure,
    lostFix: `A sync cannot be read back: look in ${where} for the leads of list ${body.list_id} before syncing again (the balance shows whether it was charged).`,
  });
}

/** POST /migrate/crm: pushes a list to crm_one or crm_two (quote_id and approved: true required). */
export function syncToCrm(client: Client, body: CrmSyncBody, opts: Call = {}): Promise<SyncResult> {
  return push(client, sync.crm, body, opts);
}

/** POST /migrate/sequencer: pushes a list into a campaign of sequencer_one (quote_id and approved: true required). */
export function syncToSequencer(client: Client, body: SequencerSyncBody, opts: Call = {}): Promise<SyncResult> {
  return push(client, sync.sequencer, body, opts);
}

/** POST /migrate/preview: the mapping a sync would use, what it would push, skip and fail, and its cost (free). */
export function previewSync(client: Client, body: SyncPreviewBody, opts: Call = {}): Promise<SyncPreview> {
  return call(client, sync.preview, { body, signal: opts.signal });
}

/** GET /migrate/sequencer/campaigns: the campaigns of the connected sequencer (free). */
export function sequencerCampaigns(client: Client, opts: Call = {}): Promise<SequencerCampaigns> {
  return call(client, sync.campaigns, { signal: opts.signal });
}

/** GET /migrate/crm/connections: every destination and whether it is connected (free). */
export function destinationConnections(client: Client, opts: Call = {}): Promise<DestinationConnections> {
  return call(client, sync.connections, { signal: opts.signal });
}
