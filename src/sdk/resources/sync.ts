import { destinationConnections, previewSync, sequencerCampaigns, syncToCrm, syncToSequencer } from '../../api/resources/sync.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import type { CrmSyncBody, DestinationConnections, SequencerCampaigns, SequencerSyncBody, SyncPreview, SyncPreviewBody, SyncResult } from '../../api/schemas/sync.js';
import { Resource } from '../core.js';
import type { CallOptions } from '../options.js';
import type { PaidOptions } from '../paid.js';

export type CrmSyncParams = Omit<CrmSyncBody, 'quote_id' | 'approved'>;
export type SequencerSyncParams = Omit<SequencerSyncBody, 'quote_id' | 'approved'>;

/**
 * Sync of a list to a CRM (crm_one, crm_two) or a sequencer campaign (sequencer_one): 0.2
 * credit per lead, rounded up per call; the push runs inside the call. Approving the spend
 * (confirm, maxCredits or quote) sends it with approved: true. A sync cannot be read back, so
 * a lost answer is a LostResponseError saying what to check, never a second push.
 */
export class Sync extends Resource {
  async crm(params: CrmSyncParams, opts: PaidOptions): Promise<SyncResult> {
    return this.pay('client.sync.crm', estimateBodyFor({ tool: 'sync_to_crm', body: params }), { ...params, approved: true }, syncToCrm, opts);
  }

  async sequencer(params: SequencerSyncParams, opts: PaidOptions): Promise<SyncResult> {
    return this.pay('client.sync.sequencer', estimateBodyFor({ tool: 'sync_to_sequencer', body: params }), { ...params, approved: true }, syncToSequencer, opts);
  }

  /** The mapping a sync would use, what it would push, skip and fail, and its cost (free). */
  async preview(params: SyncPreviewBody, opts: CallOptions = {}): Promise<SyncPreview> {
    return previewSync(this.core, params, opts);
  }

  /** The campaigns of the connected sequencer. */
  async campaigns(opts: CallOptions = {}): Promise<SequencerCampaigns> {
    return sequencerCampaigns(this.core, opts);
  }

  /** Every destination and whether it is connected. */
  async connections(opts: CallOptions = {}): Promise<DestinationConnections> {
    return destinationConnections(this.core, opts);
  }
}
