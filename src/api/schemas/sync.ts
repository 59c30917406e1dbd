import * as z from 'zod/mini';
import { CRM_PROVIDERS, SEQUENCER_PROVIDERS } from './values/sync.js';

export * from './values/sync.js';

const text = z.string().check(z.minLength(1));
/** Column of the list to destination property. */
export const FieldMapping = z.record(z.string(), z.string());
export type FieldMapping = z.infer<typeof FieldMapping>;

/**
 * POST /migrate/crm. Unknown fields (e.g. sequence_id) are a 422; sub_action values per
 * provider, approved and the quote are the handler's 400s.
 */
export const CrmSyncBody = z.strictObject({
  provider: z.enum(CRM_PROVIDERS),
  list_id: text,
  sub_action: z.optional(z.string()),
  field_mapping: z.optional(FieldMapping),
  quote_id: z.optional(z.string()),
  approved: z.optional(z.boolean()),
});
export type CrmSyncBody = z.infer<typeof CrmSyncBody>;

/** POST /migrate/sequencer. */
export const SequencerSyncBody = z.strictObject({
  provider: z.enum(SEQUENCER_PROVIDERS),
  list_id: text,
  campaign_id: text,
  field_mapping: z.optional(FieldMapping),
  quote_id: z.optional(z.string()),
  approved: z.optional(z.boolean()),
});
export type SequencerSyncBody = z.infer<typeof SequencerSyncBody>;
