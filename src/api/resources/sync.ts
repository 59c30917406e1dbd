import type { ApiError } from '../errors.js';
import type { PaidCallOptions } from '../paid-call.js';
import { APIResource, lazyEntries, type CallOptions } from '../resource.js';
import type {
  CrmSyncBody,
  DestinationConnections,
  SequencerCampaigns,
  SequencerSyncBody,
  SyncPreview,
  SyncPreviewBody,
  SyncResult,
} from '../schemas/sync.js';

const sync = lazyEntries(() => import('../endpoints/sync.js').then((m) => m.sync));

/**
 * The 502 internal_error of a push that failed as a whole: the spec makes it final (nothing
 * pushed, the reservation refunded), so it is not resent. Any 502 internal_error of a sync
 * route is one, details or not (the sandbox adds details.pushed: 0 and credits_refunded).
 */
export const isWholePushFailure = (e: ApiError): boolean => e.status === 502 && e.is('internal_error');

/**
 * Sync of a list to a CRM (crm_one, crm_two) or into a sequencer campaign (sequencer_one), 0.2
 * credit per lead, with a quote and approved: true; the push runs inside the call. A sync cannot
 * be read back (there is no status route), so a lost answer is reported, never sent again with a
 * new quote: check the destination first. The helper routes are free.
 */
export class Sync extends APIResource {
  /** The mapping a sync would use, what it would push, skip and fail, and its cost (free). */
  preview(params: SyncPreviewBody, opts?: CallOptions): Promise<SyncPreview> {
    return this.send(sync.preview, { body: params }, opts);
  }

  /** The campaigns of the connected sequencer. */
  campaigns(opts?: CallOptions): Promise<SequencerCampaigns> {
    return this.send(sync.campaigns, {}, opts);
  }

  /** Every destination and whether it is connected. */
  connections(opts?: CallOptions): Promise<DestinationConnections> {
    return this.send(sync.connections, {}, opts);
  }
}

/** Sync with its pushes as sent, with their quotes: the CLI's, MCP's and the workflows'; the SDK's crm and sequencer decide the spend first. */
export class PaidSync extends Sync {
  /** @internal POST /migrate/crm with its quote and approved: true. */
  sendCrm(body: CrmSyncBody, opts: PaidCallOptions = {}): Promise<SyncResult> {
    return this.sendQuoted<SyncResult>(sync.crm, { body }, null, opts, pushRules(body));
  }

  /** @internal POST /migrate/sequencer with its quote and approved: true. */
  sendSequencer(body: SequencerSyncBody, opts: PaidCallOptions = {}): Promise<SyncResult> {
    return this.sendQuoted<SyncResult>(sync.sequencer, { body }, null, opts, pushRules(body));
  }
}

/** A push that failed as a whole is final; a lost answer says where to look before syncing again. */
function pushRules(body: CrmSyncBody | SequencerSyncBody) {
  const where = 'campaign_id' in body ? `campaign ${body.campaign_id} of ${body.provider}` : body.provider;
  return {
    answered: isWholePushFailure,
    lostFix: `A sync cannot be read back: look in ${where} for the leads of list ${body.list_id} before syncing again (the balance shows whether it was charged).`,
  };
}
