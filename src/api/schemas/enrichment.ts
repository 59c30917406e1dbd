import * as z from 'zod/mini';
import { envelopeFields } from './envelope.js';
import { anyOfForms, described, nonBlank } from './described.js';
import { CompanyRecord } from './search.js';
import {
  BULK_ENRICH_LIMITS,
  COMPANY_DATA_POINTS,
  ENRICHMENT_TYPES,
  ENRICHMENT_TYPE_PRICES,
  LIST_SCOPES,
  PERSON_DATA_POINTS,
  REFUND_STATUSES,
} from './values/credits.js';
import { BY_TASK_ENTITY_STATUSES, EMAIL_STATUSES, ENRICHMENT_STATUSES, PERSON_RESULT_STATUSES } from './values/enrichment.js';

export * from './values/enrichment.js';

const str = z.string();
const nstr = z.nullable(z.string());
const count = z.int().check(z.minimum(0));
const text = z.string().check(z.minLength(1));
const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';
const prices = ENRICHMENT_TYPES.map((t) => `${t} ${ENRICHMENT_TYPE_PRICES[t]}`).join(', ');
const quoteId = (tool: string) => z.optional(described(str, `A quote (qte_v1_...) for tool ${tool} from POST /credits/estimate.`));
const creditsReserved = described(z.number(), 'Credits taken from the balance up front; the unused part is refunded when the run ends.');

// Request bodies. quote_id is optional in the body: where a route requires it, a missing
// one is the handler's 400 quote_required, not a 422.

/**
 * POST /enrichment/person: a strong identifier (email, linkedin_url, person_id) or
 * first_name + last_name + (company_name or domain). enrichment_type wins over the legacy
 * include_phone when both are sent.
 */
export const PersonEnrichBody = described(
  z
    .object({
      lead_list_id: described(text, 'The list the enriched person goes to (one you can edit).'),
      email: z.optional(described(str, 'Known email: a strong identifier.')),
      linkedin_url: z.optional(described(str, 'LinkedIn profile URL: a strong identifier.')),
      person_id: z.optional(described(str, 'Id of the person: a strong identifier.')),
      first_name: z.optional(described(str, 'First name; with last_name and company_name or domain when no strong identifier is sent.')),
      last_name: z.optional(described(str, 'Last name; with first_name and company_name or domain.')),
      company_name: z.optional(described(str, 'Employer name: context, or part of the name-plus-company identification.')),
      domain: z.optional(described(str, 'Employer domain: context, or part of the name-plus-company identification.')),
      phone: z.optional(described(str, 'A phone number already known.')),
      enrichment_type: z.optional(
        described(
          z.enum(ENRICHMENT_TYPES),
          `What to find, credits per person found: ${prices}. Wins over include_phone; partial when neither is sent.`,
        ),
      ),
      include_phone: z.optional(
        described(z.boolean(), 'Legacy: false means partial, true means phone_only; enrichment_type wins when both are set.'),
      ),
      quote_id: quoteId('enrich_person'),
    })
    .check(
      z.refine(
        (b) =>
          filled(b.email) ||
          filled(b.linkedin_url) ||
          filled(b.person_id) ||
          (filled(b.first_name) && filled(b.last_name) && (filled(b.company_name) || filled(b.domain))),
        { message: 'send a strong identifier (email, linkedin_url or person_id) or first_name, last_name and company_name or domain' },
      ),
    ),
  'One person to enrich: a strong identifier (email, linkedin_url or person_id), or first_name, last_name and company_name or domain.',
  anyOfForms(
    nonBlank('email'),
    nonBlank('linkedin_url'),
    nonBlank('person_id'),
    nonBlank('first_name', 'last_name', 'company_name'),
    nonBlank('first_name', 'last_name', 'domain'),
  ),
);
export type PersonEnrichBody = z.infer<typeof PersonEnrichBody>;

const companyIdentifiers = ['domain', 'company_name', 'company_ticker', 'company_id'] as const;

/** POST /enrichment/company: at least one of domain, company_name, company_ticker, company_id. */
export const CompanyEnrichBody = described(
  z
    .object({
      domain: z.optional(described(str, 'Web domain of the company.')),
      company_name: z.optional(described(str, 'Name of the company.')),
      company_ticker: z.optional(described(str, 'Stock ticker of the company.')),
      company_id: z.optional(described(str, 'Id of the company.')),
      quote_id: quoteId('enrich_company'),
    })
    .check(
      z.refine((b) => companyIdentifiers.some((k) => filled(b[k])), {
        message: 'send at least one of domain, company_name, company_ticker or company_id',
      }),
    ),
  'One company to enrich (1 credit, settled inline): at least one of domain, company_name, company_ticker or company_id.',
  anyOfForms(...companyIdentifiers.map((k) => nonBlank(k))),
);
export type CompanyEnrichBody = z.infer<typeof CompanyEnrichBody>;

/** POST /enrichment/by-task. Which data points fit the cohort's kind is the handler's 400. */
export const ByTaskEnrichBody = described(
  z.object({
    task_id: described(text, 'The cohort handle (svc-task_...) from people search, company search or a list page.'),
    data_points: described(
      z.array(described(str, 'A data point.', { enum: [...PERSON_DATA_POINTS, ...COMPANY_DATA_POINTS] })).check(z.minLength(1)),
      `What to find. People: ${PERSON_DATA_POINTS.join(', ')} (Email 1 + Phone 10 credits per person; LinkedIn alone is refused). ` +
        `Companies: ${COMPANY_DATA_POINTS.join(', ')} (1 credit per 10 companies).`,
      { not: { items: { const: 'LinkedIn' } } },
    ),
    entity_ids: z.optional(described(z.array(text), 'A subset of the cohort’s rows; omit for all of them.')),
    lead_list_id: z.optional(
      described(
        text,
        'People: the list the enriched leads go to; omitted, a list of yours named MCP Results is used. Ignored for companies.',
      ),
    ),
    quote_id: quoteId('add_person_enrichments or add_company_enrichments'),
  }),
  'Enrichment of a cohort: people asynchronously, companies at once.',
);
export type ByTaskEnrichBody = z.infer<typeof ByTaskEnrichBody>;

/** POST /enrichment/bulk: the whole list, or a subset of 1 to 500 of its leads. */
export const BulkEnrichBody = described(
  z.object({
    list_id: described(text, 'The list to enrich.'),
    scope: z.optional(
      described(
        z.enum(LIST_SCOPES, { error: `scope must be one of ${LIST_SCOPES.join(', ')}; list enrichment spells phone-only with a hyphen` }),
        'partial (1 credit per lead), full (11) or phone-only (10; a hyphen here).',
        { default: 'partial' },
      ),
    ),
    quote_id: quoteId('enrich_list'),
    lead_ids: z.optional(
      described(
        z.array(text).check(z.minLength(BULK_ENRICH_LIMITS.leadIds.min), z.maxLength(BULK_ENRICH_LIMITS.leadIds.max)),
        `A subset of the list's leads (${BULK_ENRICH_LIMITS.leadIds.min} to ${BULK_ENRICH_LIMITS.leadIds.max}); quote it with filters {list_id, scope, lead_ids}.`,
      ),
    ),
  }),
  'Enrichment of every lead of a list, or of a subset (async).',
);
export type BulkEnrichBody = z.infer<typeof BulkEnrichBody>;

// Responses.

const workflowId = described(str, 'The run; poll GET /enrichment/status/{workflow_id}.');
const pollUrl = described(str, 'Where to poll the run.');

export const PersonEnrichStarted = described(
  z.looseObject({
    ...envelopeFields,
    workflow_id: workflowId,
    status: described(z.literal('pending'), 'Always pending.'),
    credits_reserved: creditsReserved,
    lead_list_id: described(str, 'The list the person goes to.'),
    poll_url: pollUrl,
  }),
  'A person enrichment, started.',
);
export type PersonEnrichStarted = z.infer<typeof PersonEnrichStarted>;

export const CompanyEnrichResponse = described(
  z.looseObject({
    ...envelopeFields,
    company: described(CompanyRecord, 'The enriched company.'),
    credits_charged: described(z.number(), 'Credits charged (1).'),
  }),
  'An enriched company.',
);
export type CompanyEnrichResponse = z.infer<typeof CompanyEnrichResponse>;

export const ByTaskEntityResult = described(
  z.looseObject({
    entity_id: described(str, 'The cohort row.'),
    status: described(z.enum(BY_TASK_ENTITY_STATUSES), 'queued (people, enriched asynchronously), completed or failed.'),
    error: described(nstr, 'Why it failed, or null.'),
    company: described(z.nullable(CompanyRecord), 'Companies: the enriched record; null for people.'),
  }),
  'One row of an enriched cohort.',
);
export type ByTaskEntityResult = z.infer<typeof ByTaskEntityResult>;

export const ByTaskEnrichResponse = described(
  z.looseObject({
    ...envelopeFields,
    task_id: described(str, 'The cohort.'),
    entity_kind: described(z.enum(['person', 'company']), 'What the cohort holds.'),
    /** null for company cohorts (answered at once). */
    workflow_id: described(nstr, 'People: the run to poll; null for companies (answered at once).'),
    status: described(z.enum(['pending', 'completed']), 'pending for people, completed for companies.'),
    total_entities: described(count, 'Rows enriched.'),
    credits_reserved: creditsReserved,
    results: described(z.array(ByTaskEntityResult), 'One entry per row.'),
    /** Person cohorts: the list the enriched leads go to. */
    lead_list_id: z.optional(described(nstr, 'People: the list the enriched leads go to.')),
    /** Company cohorts: settled inline. */
    credits_charged: z.optional(described(z.number(), 'Companies: credits charged, settled inline.')),
  }),
  'A cohort enrichment: people started, companies done.',
);
export type ByTaskEnrichResponse = z.infer<typeof ByTaskEnrichResponse>;

export const BulkEnrichStarted = described(
  z.looseObject({
    ...envelopeFields,
    workflow_id: workflowId,
    status: described(z.literal('pending'), 'Always pending.'),
    total_leads: described(count, 'Leads the run enriches.'),
    estimated_cost: described(z.number(), 'The most the run may charge.'),
    credits_reserved: creditsReserved,
    poll_url: pollUrl,
  }),
  'A list enrichment, started.',
);
export type BulkEnrichStarted = z.infer<typeof BulkEnrichStarted>;

/** result of a terminal single-person run. */
export const PersonEnrichResult = described(
  z.looseObject({
    lead_id: described(str, 'The lead enriched.'),
    status: described(z.enum(PERSON_RESULT_STATUSES), 'found, partial (some of what was asked) or not_found.'),
    full_name: described(nstr, 'Full name.'),
    email: described(nstr, 'Business email found, or null.'),
    email_status: described(z.nullable(z.enum(EMAIL_STATUSES)), 'verified or catch_all, or null.'),
    phone: described(nstr, 'Phone found, or null.'),
    linkedin_url: described(nstr, 'LinkedIn profile URL.'),
    title: described(nstr, 'Job title.'),
    company: described(nstr, 'Company name.'),
    enrichment_type: described(z.enum(ENRICHMENT_TYPES), 'What was asked for.'),
  }),
  'What a single-person run found.',
);
export type PersonEnrichResult = z.infer<typeof PersonEnrichResult>;

/** GET /enrichment/status/{workflow_id}: credits_charged so far while running, settled once terminal. */
export const EnrichmentStatusResponse = described(
  z.looseObject({
    ...envelopeFields,
    workflow_id: described(str, 'The run.'),
    status: described(
      z.enum(ENRICHMENT_STATUSES),
      'pending and processing, then a terminal state: completed, completed_with_errors, failed, or for single-person runs canceled or terminated.',
    ),
    /** Percent, when known. */
    progress: described(z.nullable(z.number()), 'Percent done, when known.', { minimum: 0, maximum: 100 }),
    total: described(count, 'Rows of the run.'),
    processed: described(count, 'Rows finished.'),
    completed: described(count, 'Rows that succeeded.'),
    failed: described(count, 'Rows that failed.'),
    enrichment_type: described(nstr, 'partial, phone_only or full; null for company cohorts.'),
    lead_list_id: described(nstr, 'The target list; null for company cohorts.'),
    result: described(
      z.nullable(z.record(z.string(), z.unknown())),
      'A terminal single-person run: what was found (lead_id, status, full_name, email, email_status, phone, linkedin_url, title, company, enrichment_type). Null for bulk runs: read the list.',
    ),
    credits_charged: described(z.number(), 'Credits charged: so far while running, settled once terminal.'),
    credits_refunded: described(z.number(), 'Credits of the reservation given back.'),
    refund_status: described(
      z.enum(REFUND_STATUSES),
      'pending_review when a failed prepaid run awaits a manual refund, else not_applicable.',
    ),
    /** The sandbox adds what was reserved up front. */
    credits_reserved: z.optional(described(z.number(), 'Credits taken up front.')),
  }),
  'The state of an enrichment run.',
);
export type EnrichmentStatusResponse = z.infer<typeof EnrichmentStatusResponse>;
