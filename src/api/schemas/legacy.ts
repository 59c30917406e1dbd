import * as z from 'zod/mini';
import { ENRICHMENT_TYPES } from './values/credits.js';
import { LEGACY_STATUSES, WEBHOOK_DELIVERY_STATUSES } from './values/legacy.js';

export * from './values/legacy.js';

const str = z.string();
const nstr = z.nullable(z.string());
const count = z.int().check(z.minimum(0));

/**
 * One contact of v1 POST /enrich/bulk. Blank strings count as missing; whether a contact is
 * identified (linkedin_url, or first_name + last_name + company_domain or company_name) is
 * checked per contact by the handler, answering 422 with details.errors[].loc at the contact.
 */
export const LegacyContact = z.object({
  linkedin_url: z.optional(z.nullable(str)),
  first_name: z.optional(z.nullable(str)),
  last_name: z.optional(z.nullable(str)),
  company_domain: z.optional(z.nullable(str)),
  company_name: z.optional(z.nullable(str)),
});
export type LegacyContact = z.infer<typeof LegacyContact>;

/** v1 POST /enrich/bulk. 0 or more than 250 contacts is the handler's 400. */
export const LegacyBulkBody = z.object({
  enrichment_type: z.optional(z.enum(ENRICHMENT_TYPES)),
  /** http or https (the webhook is POSTed there). */
  webhook_url: z.optional(z.nullable(z.url({ protocol: /^https?$/ }))),
  contacts: z.array(LegacyContact),
});
export type LegacyBulkBody = z.infer<typeof LegacyBulkBody>;

export const LegacyBulkStarted = z.looseObject({
  workflow_id: str,
  status: z.literal('processing'),
  message: str,
  task_ids: z.array(str),
  total_contacts: count,
});
export type LegacyBulkStarted = z.infer<typeof LegacyBulkStarted>;

/** v1 GET /enrich/status?workflow_id=... (fields without values are omitted). */
export const LegacyWorkflowStatus = z.looseObject({
  workflow: z.looseObject({
    workflow_id: str,
    status: z.enum(LEGACY_STATUSES),
    total_prospects: z.optional(count),
    completed_prospects: z.optional(count),
    failed_prospects: z.optional(count),
    emails_found: z.optional(count),
    phones_found: z.optional(count),
    created_at: z.optional(str),
    modified_at: z.optional(str),
  }),
});
export type LegacyWorkflowStatus = z.infer<typeof LegacyWorkflowStatus>;

/** v1 GET /enrich/status?task_id=... */
export const LegacyTaskStatus = z.looseObject({
  task: z.looseObject({
    task_id: str,
    workflow_id: str,
    status: str,
    result: z.optional(
      z.looseObject({ email: z.optional(str), phone: z.optional(str), provider: z.optional(str), linkedin_url: z.optional(str) }),
    ),
  }),
});
export type LegacyTaskStatus = z.infer<typeof LegacyTaskStatus>;

/** The enrichment.completed webhook payload (POST, application/json, unsigned). */
export const WebhookPayload = z.looseObject({
  event: z.literal('enrichment.completed'),
  workflow_id: str,
  lead_list_id: str,
  enrichment_type: z.enum(ENRICHMENT_TYPES),
  status: z.enum(['completed', 'completed_with_errors', 'failed']),
  summary: z.looseObject({
    total: count,
    successful: count,
    failed: count,
    missed: count,
    errors: count,
    throttled: count,
    emails_found: count,
    phones_found: count,
  }),
  results: z.array(
    z.looseObject({
      task_id: str,
      status: z.enum(['completed', 'failed']),
      prospect_id: str,
      lead_id: str,
      result: z.nullable(
        z.looseObject({
          email: nstr,
          email_status: nstr,
          other_emails: z.array(str),
          phones: z.array(str),
          provider: nstr,
          linkedin_url: nstr,
        }),
      ),
      error: nstr,
      input: z.looseObject({
        linkedin_url: nstr,
        first_name: nstr,
        last_name: nstr,
        full_name: nstr,
        company_domain: nstr,
        company_name: nstr,
      }),
    }),
  ),
  results_limit: z.int(),
  results_truncated: count,
  results_endpoint: str,
  completed_at: str,
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;

/** One attempt of a webhook delivery (GET /webhooks/deliveries, newest first). */
export const WebhookDelivery = z.looseObject({
  id: str,
  /** The URL posted to. */
  webhook_id: str,
  workflow_id: str,
  event_type: str,
  attempt_number: z.int().check(z.minimum(1), z.maximum(5)),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  response_status_code: z.nullable(z.int()),
  error_message: nstr,
  duration_ms: count,
  created_at: str,
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const WebhookDeliveries = z.array(WebhookDelivery);
