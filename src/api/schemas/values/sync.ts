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
