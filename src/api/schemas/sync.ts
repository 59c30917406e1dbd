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
import { described } from './described.js';

export * from './values/sync.js';

const text = z.string().check(z.minLength(1));
const str = z.string();
const nstr = z.nullable(z.string());
const count = z.int().check(z.minimum(0));
/** Column of the list to destination property. */
export const FieldMapping = described(z.record(z.string(), z.string()), 'List column -> destination property.');
export type FieldMapping = z.infer<typeof FieldMapping>;

const listId = described(text, 'The list to push (not empty).');
const fieldMapping = z.optional(described(FieldMapping, 'How list columns map onto destination properties; omit for the default mapping.'));
const quoteId = (tool: string) =>
  z.optional(described(z.string(), `A quote for tool ${tool} with the same provider, list and mapping; required.`));
const approved = z.optional(described(z.boolean(), 'Must be true: the push cannot be undone.', { default: false }));

// The sync bodies undescribed, for the preview to omit fields from (omit refuses a schema with checks).
const crmSync = z.strictObject({
  provider: described(z.enum(CRM_PROVIDERS), 'The CRM, connected in the workspace.'),
  list_id: listId,
  sub_action: z.optional(
    described(z.string(), 'The CRM object: crm_one contacts (default); crm_two leads (default) or contacts.', {
      enum: ['contacts', 'leads'],
    }),
  ),
  field_mapping: fieldMapping,
  quote_id: quoteId('sync_to_crm'),
  approved,
});
const sequencerSync = z.strictObject({
  provider: described(z.enum(SEQUENCER_PROVIDERS), 'The sequencer, connected in the workspace.'),
  list_id: listId,
  campaign_id: described(text, 'The campaign the leads go into.'),
  field_mapping: fieldMapping,
  quote_id: quoteId('sync_to_sequencer'),
  approved,
});

/**
 * POST /migrate/crm. Unknown fields (e.g. sequence_id) are a 422; sub_action values per
 * provider, approved and the quote are the handler's 400s.
 */
export const CrmSyncBody = described(crmSync, 'A push of a whole list to a CRM (0.2 credit per lead, rounded up per call).');
export type CrmSyncBody = z.infer<typeof CrmSyncBody>;

/** POST /migrate/sequencer. */
export const SequencerSyncBody = described(
  sequencerSync,
  'A push of a whole list into a sequencer campaign (0.2 credit per lead, rounded up per call).',
);
export type SequencerSyncBody = z.infer<typeof SequencerSyncBody>;

/** POST /migrate/preview: the body of the sync it previews, without quote_id and approved (free). */
export const SyncPreviewBody = described(
  z.discriminatedUnion('provider', [
    z.omit(crmSync, { quote_id: true, approved: true }),
    z.omit(sequencerSync, { quote_id: true, approved: true }),
  ]),
  'The sync to preview, without quote_id and approved (free).',
);
export type SyncPreviewBody = z.infer<typeof SyncPreviewBody>;

const provider = described(z.enum(DESTINATIONS), 'The destination.');
const estimatedCost = described(z.number(), 'What the sync costs: 0.2 per lead, skipped and failed included, rounded up.');

/** The answer of POST /migrate/crm and /migrate/sequencer: the push ran inside the call. */
export const SyncResult = described(
  z.looseObject({
    ...envelopeFields,
    workflow_id: described(str, 'The sync (svc-sync_...).'),
    status: described(z.enum(SYNC_STATUSES), 'completed or failed; the push ran inside the call.'),
    provider,
    list_id: described(str, 'The list pushed.'),
    /** successful + skipped + failed. */
    total_leads: described(count, 'successful + skipped + failed.'),
    successful: described(count, 'Leads the destination took.'),
    failed: described(count, 'Leads the destination refused.'),
    skipped: described(count, 'Leads lacking what the destination needs (an email, or crm_two a last name).'),
    estimated_cost: estimatedCost,
    credits_charged: described(z.number(), 'Credits charged, skipped and failed leads included; refunded if the whole push fails.'),
    /** The sandbox adds where the leads went: the CRM object (sub_action) or the campaign. */
    sub_action: z.optional(described(nstr, 'CRM: the object the leads went to.')),
    campaign_id: z.optional(described(nstr, 'Sequencer: the campaign.')),
  }),
  'What a sync did.',
);
export type SyncResult = z.infer<typeof SyncResult>;

/** A lead a sync would leave out, and why. */
export const SyncSkippedLead = described(
  z.looseObject({
    lead_id: described(str, 'The lead.'),
    full_name: described(nstr, 'Its name.'),
    reason: described(z.enum(SYNC_SKIP_REASONS), 'What it lacks.'),
  }),
  'A lead a sync would leave out.',
);
export type SyncSkippedLead = z.infer<typeof SyncSkippedLead>;

/** A lead as the destination would receive it: property -> value. */
export const SyncRecord = described(
  z.looseObject({
    lead_id: described(str, 'The lead.'),
    properties: described(z.record(z.string(), z.string()), 'Destination property -> value.'),
  }),
  'A lead as the destination would receive it.',
);
export type SyncRecord = z.infer<typeof SyncRecord>;

/** POST /migrate/preview answer: what the sync would do, nothing pushed or charged. */
export const SyncPreview = described(
  z.looseObject({
    ...envelopeFields,
    provider,
    list_id: described(str, 'The list.'),
    sub_action: described(nstr, 'CRM: the object the leads would go to.'),
    campaign_id: described(nstr, 'Sequencer: the campaign.'),
    /** The mapping the sync would use: list column -> destination property. */
    field_mapping: described(FieldMapping, 'The mapping the sync would use.'),
    mapping_source: described(z.enum(MAPPING_SOURCES), 'default (field_mapping omitted) or custom.'),
    total_leads: described(count, 'Leads of the list.'),
    would_sync: described(count, 'Leads that would be pushed.'),
    would_skip: described(count, 'Leads that would be skipped.'),
    would_fail: described(count, 'Leads the destination would refuse.'),
    /** What the sync costs (0.2 per lead, skipped and failed included, rounded up). */
    estimated_cost: estimatedCost,
    /** The first skipped leads (would_skip counts them all). */
    skipped_leads: described(z.array(SyncSkippedLead), 'The first skipped leads (would_skip counts them all).'),
    sample_records: described(z.array(SyncRecord), 'A few leads as the destination would receive them.'),
  }),
  'What a sync would do; nothing is pushed or charged.',
);
export type SyncPreview = z.infer<typeof SyncPreview>;

/** One campaign of the connected sequencer. */
export const SequencerCampaign = described(
  z.looseObject({
    campaign_id: described(str, 'The campaign.'),
    name: described(str, 'Its name.'),
    status: described(z.enum(CAMPAIGN_STATUSES), 'active, paused or completed.'),
    provider: described(z.enum(SEQUENCER_PROVIDERS), 'The sequencer.'),
    lead_count: described(count, 'Leads in the campaign.'),
  }),
  'A campaign of the connected sequencer.',
);
export type SequencerCampaign = z.infer<typeof SequencerCampaign>;

/** GET /migrate/sequencer/campaigns */
export const SequencerCampaigns = described(
  z.looseObject({
    ...envelopeFields,
    campaigns: described(z.array(SequencerCampaign), 'The campaigns.'),
    total: described(count, 'Campaigns in all.'),
  }),
  'Campaigns of the connected sequencer.',
);
export type SequencerCampaigns = z.infer<typeof SequencerCampaigns>;

/** One destination of the workspace and whether it is connected. */
export const DestinationConnection = described(
  z.looseObject({
    provider,
    kind: described(z.enum(['crm', 'sequencer']), 'What kind of destination.'),
    connected: described(z.boolean(), 'Whether it is connected in the workspace.'),
    account_name: described(nstr, 'The connected account, or null.'),
    connected_at: described(nstr, 'When it was connected (ISO 8601), or null.', { format: 'date-time' }),
  }),
  'A destination and whether it is connected.',
);
export type DestinationConnection = z.infer<typeof DestinationConnection>;

/** GET /migrate/crm/connections: every destination, connected or not. */
export const DestinationConnections = described(
  z.looseObject({ ...envelopeFields, connections: described(z.array(DestinationConnection), 'Every destination, connected or not.') }),
  'Destinations of the workspace.',
);
export type DestinationConnections = z.infer<typeof DestinationConnections>;
