import * as z from 'zod/mini';
import { envelopeFields } from './envelope.js';
import { agentRunFields } from './agents.js';
import { BULK_ENRICH_LIMITS } from './values/credits.js';

export * from './values/credits.js';
export * from './values/agents.js';
export * from './values/sync.js';

/** GET /credits/balance */
export const Balance = z.looseObject({
  organization_id: z.string(),
  credits: z.int(),
  agent_instructions: envelopeFields.agent_instructions,
  timestamp_ms: envelopeFields.timestamp_ms,
});
export type Balance = z.infer<typeof Balance>;

const ids = z.array(z.string().check(z.minLength(1)));

/**
 * The subset form of enrich_list: {list_id, scope, lead_ids (sorted unique ids)}, sent
 * without a top-level list_id. Tool-specific values (scope spelling, known ids) are the
 * handler's 400 checks.
 */
export const SubsetFilters = z.object({
  list_id: z.string().check(z.minLength(1)),
  scope: z.optional(z.string()),
  lead_ids: ids.check(z.minLength(BULK_ENRICH_LIMITS.leadIds.min), z.maxLength(BULK_ENRICH_LIMITS.leadIds.max)),
});
export type SubsetFilters = z.infer<typeof SubsetFilters>;

/**
 * POST /credits/estimate. Types are checked here (422); which fields a tool needs and the
 * values they take (an unknown tool, a LinkedIn-only cohort, scope spellings) are the
 * handler's 400 validation_error.
 */
export const EstimateBody = z.object({
  tool: z.string(),
  list_id: z.optional(z.string()),
  task_id: z.optional(z.string()),
  entity_ids: z.optional(ids),
  data_points: z.optional(z.array(z.string())),
  row_count: z.optional(z.int().check(z.minimum(0), z.maximum(10_000_000))),
  scope: z.optional(z.string()),
  enrichment_type: z.optional(z.string()),
  ...agentRunFields(),
  provider: z.optional(z.string()),
  sub_action: z.optional(z.string()),
  campaign_id: z.optional(z.string()),
  field_mapping: z.optional(z.record(z.string(), z.string())),
  include_phone: z.optional(z.boolean()),
  filters: z.optional(SubsetFilters),
});
export type EstimateBody = z.infer<typeof EstimateBody>;

/** The estimate response. */
export const Quote = z.looseObject({
  ...envelopeFields,
  /** qte_v1_..., HMAC-SHA256 signed, single use; null for find_similar_companies (no quote needed). */
  quote_id: z.nullable(z.string()),
  /** Unix seconds, 5 minutes after minting. */
  expires_at: z.nullable(z.int()),
  /** The most the run may charge: the spend cap. */
  estimated_cost: z.number(),
  tool: z.string(),
  row_count: z.int(),
  filter_hash: z.string(),
  available_credits: z.number(),
  sufficient: z.boolean(),
});
export type Quote = z.infer<typeof Quote>;
