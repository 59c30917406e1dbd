import * as z from 'zod/mini';
import { anyOfForms, described, nonBlank } from './described.js';
import { ENRICHMENT_TYPES, ENRICHMENT_TYPE_PRICES } from './values/credits.js';
import {
  LEGACY_BULK_LIMITS,
  LEGACY_STATUSES,
  LEGACY_WORKFLOW_PREFIX,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT,
  WEBHOOK_POLICY,
  WEBHOOK_RESULTS_LIMIT,
} from './values/legacy.js';

export * from './values/legacy.js';

const str = z.string();
const nstr = z.nullable(z.string());
const count = z.int().check(z.minimum(0));
const optionalText = (what: string) => z.optional(described(z.nullable(str), what));
const dateTime = { format: 'date-time' } as const;
const prices = ENRICHMENT_TYPES.map((t) => `${t} ${ENRICHMENT_TYPE_PRICES[t]}`).join(', ');

/**
 * One contact of v1 POST /enrich/bulk. Blank strings count as missing; whether a contact is
 * identified (linkedin_url, or first_name + last_name + company_domain or company_name) is
 * checked per contact by the handler, answering 422 with details.errors[].loc at the contact.
 */
export const LegacyContact = described(
  z.object({
    linkedin_url: optionalText('LinkedIn profile URL; enough on its own.'),
    first_name: optionalText('First name; with last_name and company_domain or company_name when there is no linkedin_url.'),
    last_name: optionalText('Last name.'),
    company_domain: optionalText('Employer domain.'),
    company_name: optionalText('Employer name.'),
  }),
  'A contact: linkedin_url, or first_name, last_name and company_domain or company_name (blank strings count as missing).',
  anyOfForms(
    nonBlank('linkedin_url'),
    nonBlank('first_name', 'last_name', 'company_domain'),
    nonBlank('first_name', 'last_name', 'company_name'),
  ),
);
export type LegacyContact = z.infer<typeof LegacyContact>;

/** v1 POST /enrich/bulk. 0 or more than 250 contacts is the handler's 400. */
export const LegacyBulkBody = described(
  z.object({
    enrichment_type: z.optional(
      described(z.enum(ENRICHMENT_TYPES), `What to find, credits per contact: ${prices}.`, { default: 'partial' }),
    ),
    /** http or https (the webhook is POSTed there). */
    webhook_url: z.optional(
      described(
        z.nullable(z.url({ protocol: /^https?$/ })),
        `Where the ${WEBHOOK_EVENT} event of this run is posted: an http or https URL (use a public HTTPS one).`,
        {
          pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
        },
      ),
    ),
    contacts: described(
      z.array(LegacyContact),
      `The contacts to enrich (${LEGACY_BULK_LIMITS.contacts.min} to ${LEGACY_BULK_LIMITS.contacts.max}).`,
      { minItems: LEGACY_BULK_LIMITS.contacts.min, maxItems: LEGACY_BULK_LIMITS.contacts.max },
    ),
  }),
  'A v1 bulk enrichment; the balance must cover contacts x the full price of the type. Contacts go to the protected Extension Leads list.',
);
export type LegacyBulkBody = z.infer<typeof LegacyBulkBody>;

const workflowId = described(str, `The run (${LEGACY_WORKFLOW_PREFIX}...).`);

export const LegacyBulkStarted = described(
  z.looseObject({
    workflow_id: workflowId,
    status: described(z.literal('processing'), 'Always processing.'),
    message: described(str, 'What was queued.'),
    task_ids: described(z.array(str), 'One per contact queued, to poll each one.'),
    total_contacts: described(count, 'Contacts queued.'),
  }),
  'A v1 bulk enrichment, started.',
);
export type LegacyBulkStarted = z.infer<typeof LegacyBulkStarted>;

const optionalCount = (what: string) => z.optional(described(count, what));

/** v1 GET /enrich/status?workflow_id=... (fields without values are omitted). */
export const LegacyWorkflowStatus = described(
  z.looseObject({
    workflow: described(
      z.looseObject({
        workflow_id: workflowId,
        status: described(z.enum(LEGACY_STATUSES), 'pending, processing, then completed, completed_with_errors or failed.'),
        total_prospects: optionalCount('Contacts in the run.'),
        completed_prospects: optionalCount('Contacts finished.'),
        failed_prospects: optionalCount('Contacts that failed.'),
        emails_found: optionalCount('Emails found.'),
        phones_found: optionalCount('Phones found.'),
        created_at: z.optional(described(str, 'When the run started (ISO 8601).', dateTime)),
        modified_at: z.optional(described(str, 'When it last changed (ISO 8601).', dateTime)),
      }),
      'The run; fields without values are omitted.',
    ),
  }),
  'The state of a v1 run.',
);
export type LegacyWorkflowStatus = z.infer<typeof LegacyWorkflowStatus>;

/** v1 GET /enrich/status?task_id=... */
export const LegacyTaskStatus = described(
  z.looseObject({
    task: described(
      z.looseObject({
        task_id: described(str, 'The contact.'),
        workflow_id: workflowId,
        status: described(str, 'State of the contact.'),
        result: z.optional(
          described(
            z.looseObject({
              email: z.optional(described(str, 'Email found.')),
              phone: z.optional(described(str, 'Phone found.')),
              provider: z.optional(described(str, 'The data provider that found it.')),
              linkedin_url: z.optional(described(str, 'LinkedIn profile URL.')),
            }),
            'What was found; fields without values are omitted.',
          ),
        ),
      }),
      'One contact of a run (pollable for about 24 hours).',
    ),
  }),
  'The state of one contact of a v1 run.',
);
export type LegacyTaskStatus = z.infer<typeof LegacyTaskStatus>;

/** The enrichment.completed webhook payload (POST, application/json, unsigned). */
export const WebhookPayload = described(
  z.looseObject({
    event: described(z.literal('enrichment.completed'), `Always ${WEBHOOK_EVENT}.`),
    workflow_id: described(str, 'The run; use it as the idempotency key (a delivery may repeat).'),
    lead_list_id: described(str, 'The Extension Leads list.'),
    enrichment_type: described(z.enum(ENRICHMENT_TYPES), 'What was asked for.'),
    status: described(
      z.enum(['completed', 'completed_with_errors', 'failed']),
      'completed (every contact succeeded), completed_with_errors (at least one failed) or failed (none succeeded).',
    ),
    summary: described(
      z.looseObject({
        total: described(count, 'Contacts in the run.'),
        successful: described(count, 'Contacts enriched.'),
        failed: described(count, 'missed + errors + throttled.'),
        missed: described(count, 'No data found.'),
        errors: described(count, 'Could not finish; retryable.'),
        throttled: described(count, 'Provider rate-limited; retry later.'),
        emails_found: described(count, 'Emails found.'),
        phones_found: described(count, 'Phones found.'),
      }),
      'Counts of the run.',
    ),
    results: described(
      z.array(
        described(
          z.looseObject({
            task_id: described(str, 'The contact.'),
            status: described(z.enum(['completed', 'failed']), 'How the contact ended.'),
            prospect_id: described(str, 'Id of the prospect record.'),
            lead_id: described(str, 'The lead in Extension Leads.'),
            result: described(
              z.nullable(
                z.looseObject({
                  email: described(nstr, 'Email found.'),
                  email_status: described(nstr, 'verified or catch_all.'),
                  other_emails: described(z.array(str), 'Other emails found.'),
                  phones: described(z.array(str), 'Phones found.'),
                  provider: described(nstr, 'The data provider that found it.'),
                  linkedin_url: described(nstr, 'LinkedIn profile URL.'),
                }),
              ),
              'What was found, or null.',
            ),
            error: described(nstr, 'Why it failed, or null.'),
            input: described(
              z.looseObject({
                linkedin_url: described(nstr, 'As sent.'),
                first_name: described(nstr, 'As sent.'),
                last_name: described(nstr, 'As sent.'),
                full_name: described(nstr, 'First and last name.'),
                company_domain: described(nstr, 'As sent.'),
                company_name: described(nstr, 'As sent.'),
              }),
              'The contact as sent.',
            ),
          }),
          'One contact of the run.',
        ),
      ),
      `Per contact, at most ${WEBHOOK_RESULTS_LIMIT}.`,
    ),
    results_limit: described(z.int(), `Always ${WEBHOOK_RESULTS_LIMIT}.`),
    results_truncated: described(count, 'Contacts left out because of the limit (0 for v1 runs).'),
    results_endpoint: described(str, 'Status-poll path of the run.'),
    completed_at: described(str, 'When the run ended (ISO 8601).', dateTime),
  }),
  `The ${WEBHOOK_EVENT} event: POSTed as JSON, unsigned, ${WEBHOOK_POLICY.timeoutMs / 1000} s per attempt, up to ${WEBHOOK_POLICY.attempts} attempts.`,
);
export type WebhookPayload = z.infer<typeof WebhookPayload>;

/** One attempt of a webhook delivery (GET /webhooks/deliveries, newest first). */
export const WebhookDelivery = described(
  z.looseObject({
    id: described(str, 'Id of the attempt.'),
    /** The URL posted to. */
    webhook_id: described(str, 'The URL posted to.'),
    workflow_id: workflowId,
    event_type: described(str, `The event (${WEBHOOK_EVENT}).`),
    attempt_number: described(z.int().check(z.minimum(1), z.maximum(WEBHOOK_POLICY.attempts)), `1 to ${WEBHOOK_POLICY.attempts}.`),
    status: described(z.enum(WEBHOOK_DELIVERY_STATUSES), 'delivered (a 2xx) or failed.'),
    response_status_code: described(z.nullable(z.int()), 'HTTP status answered, or null without an answer.'),
    error_message: described(nstr, 'Why the attempt failed, or null.'),
    duration_ms: described(count, 'Time taken, in milliseconds.'),
    created_at: described(str, 'When the attempt was made (ISO 8601).', dateTime),
  }),
  'One webhook delivery attempt.',
);
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const WebhookDeliveries = described(
  z.array(WebhookDelivery),
  'Delivery attempts of a run, newest first; empty when no webhook was sent.',
);
