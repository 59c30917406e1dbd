import { Sync as SyncArea } from '../../api/resources/sync.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import type { CrmSyncBody, SequencerSyncBody, SyncResult } from '../../api/schemas/sync.js';
import { pay, type SdkHost } from '../host.js';
import type { PaidOptions } from '../paid.js';

export type CrmSyncParams = Omit<CrmSyncBody, 'quote_id' | 'approved'>;
export type SequencerSyncParams = Omit<SequencerSyncBody, 'quote_id' | 'approved'>;

/**
 * Sync of a list to a CRM (crm_one, crm_two) or a sequencer campaign (sequencer_one): 0.2
 * credit per lead, rounded up per call; the push runs inside the call. Approving the spend
 * (confirm, maxCredits or quote) sends it with approved: true. A sync cannot be read back, so
 * a lost answer is a LostResponseError saying what to check, never a second push.
 */
export class Sync extends SyncArea {
  /** @internal */
  declare protected readonly host: SdkHost;

  async crm(params: CrmSyncParams, opts: PaidOptions): Promise<SyncResult> {
    const estimate = estimateBodyFor({ tool: 'sync_to_crm', body: params });
    return pay(
      this.host,
      'client.sync.crm',
      estimate,
      { ...params, approved: true },
      (b, call) => this.host.api().sync.sendCrm(b, call),
      opts,
    );
  }

  async sequencer(params: SequencerSyncParams, opts: PaidOptions): Promise<SyncResult> {
    const estimate = estimateBodyFor({ tool: 'sync_to_sequencer', body: params });
    return pay(
      this.host,
      'client.sync.sequencer',
      estimate,
      { ...params, approved: true },
      (b, call) => this.host.api().sync.sendSequencer(b, call),
      opts,
    );
  }
}
