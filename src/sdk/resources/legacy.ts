import { Legacy as LegacyArea } from '../../api/resources/legacy.js';
import type { CallOptions } from '../../api/resource.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import type { LegacyBulkBody, LegacyBulkStarted } from '../../api/schemas/legacy.js';
import type { SdkHost } from '../host.js';
import { payFor, type ConfirmSpend } from '../paid.js';

/** How legacy.bulkEnrich may spend: it takes no quote, so `confirm` and/or `maxCredits` decide on an estimate of the same price list. */
export type LegacySpendApproval = ({ confirm: ConfirmSpend; maxCredits?: number } | { maxCredits: number; confirm?: ConfirmSpend }) &
  CallOptions;

/** The v1-only endpoints (legacy, frozen): bulk enrichment with an optional webhook, its status, the webhook's deliveries, key validation. */
export class Legacy extends LegacyArea {
  /** @internal */
  declare protected readonly host: SdkHost;

  /**
   * v1 bulk enrichment of up to 250 contacts. The route takes no quote: the spend is decided on
   * an estimate of contacts x the type's price, then the request goes out. Its answer is not
   * resent when lost (it could run twice): check legacy.workflowStatus first.
   */
  async bulkEnrich(params: LegacyBulkBody, opts: LegacySpendApproval): Promise<LegacyBulkStarted> {
    const estimate = estimateBodyFor({
      tool: 'bulk_import_csv',
      body: { enrichment_type: params.enrichment_type ?? 'partial' },
      rows: params.contacts.length,
    });
    // v1 bulk takes no quote, so nothing can resolve a lost answer: it keeps its own rule, outside the journal.
    const api = this.host.api();
    return payFor(
      api,
      { estimate, what: 'client.legacy.bulkEnrich', send: () => api.legacy.sendBulkEnrich(params, { signal: opts.signal }) },
      opts,
    );
  }
}
