import * as z from 'zod/mini';
import { envelopeFields } from './envelope.js';
import { CompanyRecord } from './search.js';
import { BULK_ENRICH_LIMITS, ENRICHMENT_TYPES, LIST_SCOPES, REFUND_STATUSES } from './values/credits.js';
import { BY_TASK_ENTITY_STATUSES, EMAIL_STATUSES, ENRICHMENT_STATUSES, PERSON_RESULT_STATUSES } from './values/enrichment.js';

export * from './values/enrichment.js';

const str = z.string();
const nstr = z.nullable(z.string());
const count = z.int().check(z.minimum(0));
const text = z.string().check(z.minLength(1));
const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

// Request bodies. quote_id is optional in the body: where a route requires it, a missing
// one is the handler's 400 quote_required, not a 422.

/**
 * POST /enrichment/person: a strong identifier (email, linkedin_url, person_id) or
 * first_name + last_name + (company_name or domain). enrichment_type wins over the legacy
 * include_phone when both are sent.
 */
export const PersonEnrichBody = z
  .object({
    lead_list_id: text,
    email: z.optional(str),
    linkedin_url: z.optional(str),
    person_id: z.optional(str),
    first_name: z.optional(str),
    last_name: z.optional(str),
    company_name: z.optional(str),
    domain: z.optional(str),
    phone: z.optional(str),
    enrichment_type: z.optional(z.enum(ENRICHMENT_TYPES)),
    include_phone: z.optional(z.boolean()),
    quote_id: z.optional(str),
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
  );
export type PersonEnrichBody = z.infer<typeof PersonEnrichBody>;

/** POST /enrichment/company: at least one of domain, company_name, company_ticker, company_id. */
export const CompanyEnrichBody = z
  .object({
    domain: z.optional(str),
    company_name: z.optional(str),
    company_ticker: z.optional(str),
    company_id: z.optional(str),
    quote_id: z.optional(str),
  })
  .check(
    z.refine((b) => filled(b.domain) || filled(b.company_name) || filled(b.company_ticker) || filled(b.company_id), {
      message: 'send at least one of domain, company_name, company_ticker or company_id',
    }),
  );
export type CompanyEnrichBody = z.infer<typeof CompanyEnrichBody>;

/** POST /enrichment/by-task. Which data points fit the cohort's kind is the handler's 400. */
export const ByTaskEnrichBody = z.object({
  task_id: text,
  data_points: z.array(str).check(z.minLength(1)),
  entity_ids: z.optional(z.array(text)),
  lead_list_id: z.optional(text),
  quote_id: z.optional(str),
});
export type ByTaskEnrichBody = z.infer<typeof ByTaskEnrichBody>;

/** POST /enrichment/bulk: the whole list, or a subset of 1 to 500 of its leads. */
export const BulkEnrichBody = z.object({
  list_id: text,
  scope: z.optional(z.enum(LIST_SCOPES, { error: `scope must be one of ${LIST_SCOPES.join(', ')}; list enrichment spells phone-only with a hyphen` })),
  quote_id: z.optional(str),
  lead_ids: z.optional(z.array(text).check(z.minLength(BULK_ENRICH_LIMITS.leadIds.min), z.maxLength(BULK_ENRICH_LIMITS.leadIds.max))),
});
export type BulkEnrichBody = z.infer<typeof BulkEnrichBody>;

// Responses.

export const PersonEnrichStarted = z.looseObject({
  ...envelopeFields,
  workflow_id: str,
  status: z.literal('pending'),
  credits_reserved: z.number(),
  lead_list_id: str,
  poll_url: str,
});
export type PersonEnrichStarted = z.infer<typeof PersonEnrichStarted>;

export const CompanyEnrichResponse = z.looseObject({
  ...envelopeFields,
  company: CompanyRecord,
  credits_charged: z.number(),
});
export type CompanyEnrichResponse = z.infer<typeof CompanyEnrichResponse>;

export const ByTaskEntityResult = z.looseObject({
  entity_id: str,
  status: z.enum(BY_TASK_ENTITY_STATUSES),
  error: nstr,
  company: z.nullable(CompanyRecord),
});
export type ByTaskEntityResult = z.infer<typeof ByTaskEntityResult>;

export const ByTaskEnrichResponse = z.looseObject({
  ...envelopeFields,
  task_id: str,
  entity_kind: z.enum(['person', 'company']),
  /** null for company cohorts (answered at once). */
  workflow_id: nstr,
  status: z.enum(['pending', 'completed']),
  total_entities: count,
  credits_reserved: z.number(),
  results: z.array(ByTaskEntityResult),
  /** Person cohorts: the list the enriched leads go to. */
  lead_list_id: z.optional(nstr),
  /** Company cohorts: settled inline. */
  credits_charged: z.optional(z.number()),
});
export type ByTaskEnrichResponse = z.infer<typeof ByTaskEnrichResponse>;

export const BulkEnrichStarted = z.looseObject({
  ...envelopeFields,
  workflow_id: str,
  status: z.literal('pending'),
  total_leads: count,
  estimated_cost: z.number(),
  credits_reserved: z.number(),
  poll_url: str,
});
export type BulkEnrichStarted = z.infer<typeof BulkEnrichStarted>;

/** result of a terminal single-person run. */
export const PersonEnrichResult = z.looseObject({
  lead_id: str,
  status: z.enum(PERSON_RESULT_STATUSES),
  full_name: nstr,
  email: nstr,
  email_status: z.nullable(z.enum(EMAIL_STATUSES)),
  phone: nstr,
  linkedin_url: nstr,
  title: nstr,
  company: nstr,
  enrichment_type: z.enum(ENRICHMENT_TYPES),
});
export type PersonEnrichResult = z.infer<typeof PersonEnrichResult>;

/** GET /enrichment/status/{workflow_id}: credits_charged so far while running, settled once terminal. */
export const EnrichmentStatusResponse = z.looseObject({
  ...envelopeFields,
  workflow_id: str,
  status: z.enum(ENRICHMENT_STATUSES),
  /** Percent, when known. */
  progress: z.nullable(z.number()),
  total: count,
  processed: count,
  completed: count,
  failed: count,
  enrichment_type: nstr,
  lead_list_id: nstr,
  result: z.nullable(z.record(z.string(), z.unknown())),
  credits_charged: z.number(),
  credits_refunded: z.number(),
  refund_status: z.enum(REFUND_STATUSES),
  /** The sandbox adds what was reserved up front. */
  credits_reserved: z.optional(z.number()),
});
export type EnrichmentStatusResponse = z.infer<typeof EnrichmentStatusResponse>;
