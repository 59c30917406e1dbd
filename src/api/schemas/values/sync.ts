/** Sync to a CRM or a sequencer: destinations, sub-actions and price. */

export const CRM_PROVIDERS = ['crm_one', 'crm_two'] as const;
export type CrmProvider = (typeof CRM_PROVIDERS)[number];
export const SEQUENCER_PROVIDERS = ['sequencer_one'] as const;
export type SequencerProvider = (typeof SEQUENCER_PROVIDERS)[number];

/** sub_action values per CRM; the first is the default. */
export const CRM_SUB_ACTIONS: Record<CrmProvider, readonly string[]> = {
  crm_one: ['contacts'],
  crm_two: ['leads', 'contacts'],
};

/** 0.2 credit per lead, rounded up per call (128 leads cost 26): ceil(n / 5) in whole numbers. */
export const SYNC_LEADS_PER_CREDIT = 5;
export const syncCost = (leads: number): number => Math.ceil(leads / SYNC_LEADS_PER_CREDIT);

/** Every destination a list can be synced to. */
export const DESTINATIONS = [...CRM_PROVIDERS, ...SEQUENCER_PROVIDERS] as const;
export type Destination = (typeof DESTINATIONS)[number];

export const isCrmProvider = (p: string): p is CrmProvider => (CRM_PROVIDERS as readonly string[]).includes(p);

/** Sync workflow ids start with this. */
export const SYNC_WORKFLOW_PREFIX = 'svc-sync_';

/** Why a lead is not pushed: it lacks what the destination needs (crm_one and sequencer_one an email, crm_two a last name). */
export const SYNC_SKIP_REASONS = ['missing_email', 'missing_last_name'] as const;
export type SyncSkipReason = (typeof SYNC_SKIP_REASONS)[number];
/** Why the destination refused a lead it was sent: a malformed or undeliverable email, a duplicate it will not take. */
export const SYNC_FAIL_REASONS = ['invalid_email', 'duplicate_rejected'] as const;
export type SyncFailReason = (typeof SYNC_FAIL_REASONS)[number];

/** The lead fields a field mapping may name as list columns (the list's smart-agent columns come on top). */
export const SYNC_LEAD_COLUMNS = [
  'lead_id',
  'first_name',
  'last_name',
  'full_name',
  'email',
  'phone',
  'title',
  'company',
  'domain',
  'linkedin_url',
  'location',
] as const;

export const SYNC_PREVIEW_LIMITS = {
  /** Skipped leads a preview lists (its would_skip counts them all). */
  skippedShown: 100,
  /** Mapped records shown as samples. */
  samples: 3,
} as const;

/** Final state of a push (its counts come back in the same response). */
export const SYNC_STATUSES = ['completed', 'failed'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

/** Where a field mapping came from: the destination's default (field_mapping omitted) or the request. */
export const MAPPING_SOURCES = ['default', 'custom'] as const;

export const CAMPAIGN_STATUSES = ['active', 'paused', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
