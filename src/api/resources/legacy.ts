import { APIResource, lazyEntries, type CallOptions, type WaitOptions } from '../resource.js';
import type { KeyValidation } from '../schemas/identity.js';
import type { LegacyBulkBody, LegacyBulkStarted, LegacyTaskStatus, LegacyWorkflowStatus, WebhookDelivery } from '../schemas/legacy.js';

const legacy = lazyEntries(() => import('../endpoints/legacy.js').then((m) => m.legacy));
const identity = lazyEntries(() => import('../endpoints/identity.js').then((m) => m.identity));

/** The v1-only endpoints (legacy, frozen): bulk enrichment with an optional webhook, its status, the webhook's deliveries, key validation. */
export class Legacy extends APIResource {
  workflowStatus(workflowId: string, opts?: CallOptions): Promise<LegacyWorkflowStatus> {
    return this.send(legacy.status, { query: { workflow_id: workflowId } }, opts);
  }

  /** One contact's status (kept about 24 hours). */
  taskStatus(taskId: string, opts?: CallOptions): Promise<LegacyTaskStatus> {
    return this.send(legacy.status, { query: { task_id: taskId } }, opts) as Promise<unknown> as Promise<LegacyTaskStatus>;
  }

  /** Polls a v1 run until completed, completed_with_errors or failed. */
  waitForWorkflow(workflowId: string, opts: WaitOptions<LegacyWorkflowStatus> = {}): Promise<LegacyWorkflowStatus> {
    return this.poll(() => this.workflowStatus(workflowId, opts), { ...opts, statusOf: (s) => s.workflow.status });
  }

  /** The webhook's delivery attempts for a run, newest first; [] when the run sent none. */
  webhookDeliveries(workflowId: string, query: { limit?: number } = {}, opts?: CallOptions): Promise<WebhookDelivery[]> {
    return this.send(legacy.webhookDeliveries, { query: { workflow_id: workflowId, ...query } }, opts);
  }

  /** v1 key check (v2 has whoami). */
  validateKey(opts?: CallOptions): Promise<KeyValidation> {
    return this.send(identity.validateKey, {}, opts);
  }
}

/** The v1 endpoints with the bulk enrichment as sent: the CLI's; the SDK's bulkEnrich decides the spend first. */
export class PaidLegacy extends Legacy {
  /**
   * @internal v1 POST /enrich/bulk as given. It takes no quote: the service checks the balance
   * covers every contact at full price (402 otherwise). Not resent when its answer is lost.
   */
  sendBulkEnrich(body: LegacyBulkBody, opts?: CallOptions): Promise<LegacyBulkStarted> {
    return this.send(legacy.bulkEnrich, { body }, opts);
  }
}
