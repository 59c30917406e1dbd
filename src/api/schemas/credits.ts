import * as z from 'zod/mini';
import { envelopeFields } from './envelope.js';
import { agentRunFields } from './agents.js';
import { described } from './described.js';
import {
  BULK_ENRICH_LIMITS,
  COMPANY_DATA_POINTS,
  ENRICHMENT_TYPES,
  LIST_SCOPES,
  LIST_TOOLS,
  PERSON_DATA_POINTS,
  TOOLS,
} from './values/credits.js';
import { DESTINATIONS } from './values/sync.js';

export * from './values/credits.js';
export * from './values/agents.js';
export * from './values/sync.js';

/** GET /credits/balance */
export const Balance = described(
  z.looseObject({
    organization_id: described(z.string(), 'The organization.'),
    credits: described(z.int(), 'Spendable balance, shared by the whole organization.'),
    agent_instructions: envelopeFields.agent_instructions,
    timestamp_ms: envelopeFields.timestamp_ms,
  }),
  'The credit balance of the organization.',
);
export type Balance = z.infer<typeof Balance>;

const ids = z.array(z.string().check(z.minLength(1)));
const leadIds = ids.check(z.minLength(BULK_ENRICH_LIMITS.leadIds.min), z.maxLength(BULK_ENRICH_LIMITS.leadIds.max));

/**
 * The subset form of enrich_list: {list_id, scope, lead_ids (sorted unique ids)}, sent
 * without a top-level list_id. Tool-specific values (scope spelling, known ids) are the
 * handler's 400 checks.
 */
export const SubsetFilters = described(
  z.object({
    list_id: described(z.string().check(z.minLength(1)), 'The list.'),
    scope: z.optional(described(z.string(), 'partial, full or phone-only, as in the run.', { enum: LIST_SCOPES })),
    lead_ids: described(
      leadIds,
      `The subset: sorted unique lead ids (${BULK_ENRICH_LIMITS.leadIds.min} to ${BULK_ENRICH_LIMITS.leadIds.max}).`,
    ),
  }),
  'enrich_list over a subset of a list: sent without a top-level list_id, with row_count the number of ids.',
);
export type SubsetFilters = z.infer<typeof SubsetFilters>;

const optionalText = (what: string, keywords = {}) => z.optional(described(z.string(), what, keywords));

/**
 * POST /credits/estimate. Types are checked here (422); which fields a tool needs and the
 * values they take (an unknown tool, a LinkedIn-only cohort, scope spellings) are the
 * handler's 400 validation_error.
 */
export const EstimateBody = described(
  z.object({
    tool: described(z.string(), 'The operation to price; an unknown tool is a 400.', { enum: TOOLS }),
    list_id: optionalText(`The list, for ${LIST_TOOLS.join(', ')}.`),
    task_id: optionalText('The cohort, for add_person_enrichments and add_company_enrichments.'),
    entity_ids: z.optional(described(ids, 'A subset of the cohort.')),
    data_points: z.optional(
      described(
        z.array(described(z.string(), 'A data point.', { enum: [...PERSON_DATA_POINTS, ...COMPANY_DATA_POINTS] })),
        'Cohort data points, as in the run.',
      ),
    ),
    row_count: z.optional(
      described(
        z.int().check(z.minimum(0), z.maximum(10_000_000)),
        'Rows, for tools not backed by a list or cohort (e.g. bulk_import_csv); ignored with list_id or task_id.',
      ),
    ),
    scope: optionalText('enrich_list: partial, full or phone-only.', { enum: LIST_SCOPES }),
    enrichment_type: optionalText('enrich_person and bulk_import_csv: partial, phone_only or full.', { enum: ENRICHMENT_TYPES }),
    ...agentRunFields(),
    provider: optionalText('Sync: crm_one or crm_two (CRM), sequencer_one (sequencer).', { enum: DESTINATIONS }),
    sub_action: optionalText('sync_to_crm: the CRM object, as in the run.'),
    campaign_id: optionalText('sync_to_sequencer: the campaign, as in the run.'),
    field_mapping: z.optional(described(z.record(z.string(), z.string()), 'Sync: the mapping, equal to the run’s.')),
    include_phone: z.optional(described(z.boolean(), 'Legacy person pricing flag.')),
    filters: z.optional(described(SubsetFilters, 'enrich_list over a subset.')),
  }),
  'What to price; the fields must equal those of the run the quote is for.',
);
export type EstimateBody = z.infer<typeof EstimateBody>;

/** The estimate response. */
export const Quote = described(
  z.looseObject({
    ...envelopeFields,
    /** qte_v1_..., HMAC-SHA256 signed, single use; null for find_similar_companies (no quote needed). */
    quote_id: described(
      z.nullable(z.string()),
      'The quote (qte_v1_..., signed, single use, valid 5 minutes); null when no quote is needed.',
    ),
    /** Unix seconds, 5 minutes after minting. */
    expires_at: described(z.nullable(z.int()), 'When the quote expires, in Unix seconds (5 minutes after minting).'),
    /** The most the run may charge: the spend cap. */
    estimated_cost: described(z.number(), 'The most the run may charge: its spend cap.'),
    tool: described(z.string(), 'The operation priced.'),
    row_count: described(z.int(), 'Rows priced, counted on the server.'),
    filter_hash: described(z.string(), 'Hash of the request shape the quote is bound to.'),
    available_credits: described(z.number(), 'The balance now.'),
    sufficient: described(z.boolean(), 'available_credits >= estimated_cost.'),
  }),
  'A signed price for one paid run.',
);
export type Quote = z.infer<typeof Quote>;
