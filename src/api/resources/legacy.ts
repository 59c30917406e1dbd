import { legacy } from '../endpoints/legacy.js';
import { call } from '../endpoints/call.js';
import type { Client } from '../client.js';
import { waitForWorkflow, type PollOptions } from '../poll.js';
import type { LegacyBulkBody, LegacyBulkStarted, LegacyTaskStatus, LegacyWorkflowStatus, WebhookDelivery } from '../schemas/legacy.js';

/**
 * The v1-only enrichment endpoints (legacy, frozen): bulk enrichment of up to 250 contacts
 * with an optional enrichment.completed webhook, its status, and the webhook's delivery log.
 */

interface Call {
  signal?: AbortSignal | undefined;
}

/**
 * v1 POST /enrich/bulk. It takes no quote: the service checks the balance covers every
 * contact at full price (402 otherwise). Not retried when its answer is lost.
 */
export function legacyBulkEnrich(client: Client, body: LegacyBulkBody, opts: Call = {}): Promise<LegacyBulkStarted> {
  return call(client, legacy.bulkEnrich, { body, signal: opts.signal });
}

/** v1 GET /enrich/status by workflow id. */
export function legacyWorkflowStatus(client: Client, workflowId: string, opts: Call = {}): Promise<LegacyWorkflowStatus> {
  return call(client, legacy.status, { query: { workflow_id: workflowId }, signal: opts.signal });
}

/** v1 GET /enrich/status by task id (one contact; kept about 24 hours). */
export function legacyTaskStatus(client: Client, taskId: string, opts: Call = {}): Promise<LegacyTaskStatus> {
  return call(client, legacy.status, { query: { task_id: taskId }, signal: opts.signal }) as Promise<unknown> as Promise<LegacyTaskStatus>;
}

/** Polls a v1 run until completed, completed_with_errors or failed. */
export function waitForLegacyWorkflow(
  client: Client,
  workflowId: string,
  opts: Call & Omit<PollOptions<LegacyWorkflowStatus>, 'fetchStatus' | 'statusOf'> = {},
): Promise<LegacyWorkflowStatus> {
  return waitForWorkflow({
    initialIntervalMs: 500,
    maxIntervalMs: 5_000,
    ...opts,
    statusOf: (s) => s.workflow.status,
    fetchStatus: () => legacyWorkflowStatus(client, workflowId, opts),
  });
}

/** v1 GET /webhooks/deliveries: one row per attempt, newest first; [] when the run sent no webhook. */
export function webhookDeliveries(client: Client, workflowId: string, query: { limit?: number } = {}, opts: Call = {}): Promise<WebhookDelivery[]> {
  return call(client, legacy.webhookDeliveries, { query: { workflow_id: workflowId, ...query }, signal: opts.signal });
}
