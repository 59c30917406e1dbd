import * as z from 'zod/mini';
import { envelopeFields } from './envelope.js';
import {
  CAMPAIGN_STATUSES,
  CRM_PROVIDERS,
  DESTINATIONS,
  MAPPING_SOURCES,
  SEQUENCER_PROVIDERS,
  SYNC_SKIP_REASONS,
  SYNC_STATUSES,
} from './values/sync.js';

export * from './values/sync.js';

const text = z.string().check(z.minLength(1));
const str = z.string();
const nstr = z.nullable(z.string());
const count = z.int().check(z.minimum(0));
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

/** POST /migrate/preview: the body of the sync it previews, without quote_id and approved (free). */
export const SyncPreviewBody = z.discriminatedUnion('provider', [
  z.omit(CrmSyncBody, { quote_id: true, approved: true }),
  z.omit(SequencerSyncBody, { quote_id: true, approved: true }),
]);
export type SyncPreviewBody = z.infer<typeof SyncPreviewBody>;

/** The answer of POST /migrate/crm and /migrate/sequencer: the push ran inside the call. */
export const SyncResult = z.looseObject({
  ...envelopeFields,
  workflow_id: str,
  status: z.enum(SYNC_STATUSES),
  provider: z.enum(DESTINATIONS),
  list_id: str,
  /** successful + skipped + failed. */
  total_leads: count,
  successful: count,
  failed: count,
  skipped: count,
  estimated_cost: z.number(),
  credits_charged: z.number(),
  /** The sandbox adds where the leads went: the CRM object (sub_action) or the campaign. */
  sub_action: z.optional(nstr),
  campaign_id: z.optional(nstr),
});
export type SyncResult = z.infer<typeof SyncResult>;

/** A lead a sync would leave out, and why. */
export const SyncSkippedLead = z.looseObject({ lead_id: str, full_name: nstr, reason: z.enum(SYNC_SKIP_REASONS) });
export type SyncSkippedLead = z.infer<typeof SyncSkippedLead>;

/** A lead as the destination would receive it: property -> value. */
export const SyncRecord = z.looseObject({ lead_id: str, properties: z.record(z.string(), z.string()) });
export type SyncRecord = z.infer<typeof SyncRecord>;

/** POST /migrate/preview answer: what the sync would do, nothing pushed or charged. */
export const SyncPreview = z.looseObject({
  ...envelopeFields,
  provider: z.enum(DESTINATIONS),
  list_id: str,
  sub_action: nstr,
  campaign_id: nstr,
  /** The mapping the sync would use: list column -> destination property. */
  field_mapping: FieldMapping,
  mapping_source: z.enum(MAPPING_SOURCES),
  total_leads: count,
  would_sync: count,
  would_skip: count,
  would_fail: count,
  /** What the sync costs (0.2 per lead, skipped and failed included, rounded up). */
  estimated_cost: z.number(),
  /** The first skipped leads (would_skip counts them all). */
  skipped_leads: z.array(SyncSkippedLead),
  sample_records: z.array(SyncRecord),
});
export type SyncPreview = z.infer<typeof SyncPreview>;

/** One campaign of the connected sequencer. */
export const SequencerCampaign = z.looseObject({
  campaign_id: str,
  name: str,
  status: z.enum(CAMPAIGN_STATUSES),
  provider: z.enum(SEQUENCER_PROVIDERS),
  lead_count: count,
});
export type SequencerCampaign = z.infer<typeof SequencerCampaign>;

/** GET /migrate/sequencer/campaigns */
export const SequencerCampaigns = z.looseObject({ ...envelopeFields, campaigns: z.array(SequencerCampaign), total: count });
export type SequencerCampaigns = z.infer<typeof SequencerCampaigns>;

/** One destination of the workspace and whether it is connected. */
export const DestinationConnection = z.looseObject({
  provider: z.enum(DESTINATIONS),
  kind: z.enum(['crm', 'sequencer']),
  connected: z.boolean(),
  account_name: nstr,
  connected_at: nstr,
});
export type DestinationConnection = z.infer<typeof DestinationConnection>;

/** GET /migrate/crm/connections: every destination, connected or not. */
export const DestinationConnections = z.looseObject({ ...envelopeFields, connections: z.array(DestinationConnection) });
export type DestinationConnections = z.infer<typeof DestinationConnections>;
