import { legacyBulkEnrich, legacyTaskStatus, legacyWorkflowStatus, waitForLegacyWorkflow, webhookDeliveries } from '../../api/resources/legacy.js';
import { validateKey } from '../../api/resources/whoami.js';
import type { KeyValidation } from '../../api/schemas/identity.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import type { LegacyBulkBody, LegacyBulkStarted, LegacyTaskStatus, LegacyWorkflowStatus, WebhookDelivery } from '../../api/schemas/legacy.js';
import { Resource } from '../core.js';
import type { CallOptions, WaitOptions } from '../options.js';
import { payFor, type ConfirmSpend } from '../paid.js';

/** How legacy.bulkEnrich may spend: it takes no quote, so `confirm` and/or `maxCredits` decide on an estimate of the same price list. */
export type LegacySpendApproval = ({ confirm: ConfirmSpend; maxCredits?: number } | { maxCredits: number; confirm?: ConfirmSpend }) & CallOptions;

/** The v1-only endpoints (legacy, frozen): bulk enrichment with an optional webhook, its status, the webhook's deliveries, key validation. */
export class Legacy extends Resource {
  /**
   * v1 bulk enrichment of up to 250 contacts. The route takes no quote: the spend is decided on
   * an estimate of contacts x the type's price, then the request goes out. Its answer is not
   * resent when lost (it could run twice): check legacy.workflowStatus first.
   */
  async bulkEnrich(params: LegacyBulkBody, opts: LegacySpendApproval): Promise<LegacyBulkStarted> {
    const estimate = estimateBodyFor({ tool: 'bulk_import_csv', body: { enrichment_type: params.enrichment_type ?? 'partial' }, rows: params.contacts.length });
    // v1 bulk takes no quote, so nothing can resolve a lost answer: it keeps its own rule, outside the journal.
    return payFor(this.core, { estimate, what: 'client.legacy.bulkEnrich', send: () => legacyBulkEnrich(this.core, params, { signal: opts.signal }) }, opts);
  }

  async workflowStatus(workflowId: string, opts: CallOptions = {}): Promise<LegacyWorkflowStatus> {
    return legacyWorkflowStatus(this.core, workflowId, opts);
  }

  async taskStatus(taskId: string, opts: CallOptions = {}): Promise<LegacyTaskStatus> {
    return legacyTaskStatus(this.core, taskId, opts);
  }

  /** Polls a v1 run until completed, completed_with_errors or failed. */
  async waitForWorkflow(workflowId: string, opts: WaitOptions<LegacyWorkflowStatus> = {}): Promise<LegacyWorkflowStatus> {
    return waitForLegacyWorkflow(this.core, workflowId, opts);
  }

  /** The webhook's delivery attempts for a run, newest first; [] when the run sent none. */
  async webhookDeliveries(workflowId: string, query: { limit?: number } = {}, opts: CallOptions = {}): Promise<WebhookDelivery[]> {
    return webhookDeliveries(this.core, workflowId, query, opts);
  }

  /** v1 key check (v2 has whoami). */
  async validateKey(): Promise<KeyValidation> {
    return validateKey(this.core);
  }
}
