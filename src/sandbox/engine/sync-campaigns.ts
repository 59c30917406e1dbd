import type { CampaignStatus } from '../../api/schemas/values/sync.js';
import type { SequencerCampaign } from '../../api/schemas/sync.js';
import type { Store } from '../store.js';
import { publicError } from './errors.js';
import { seededId } from './ids.js';

/**
 * The campaigns of an organization's sequencer (sequencer_one): the same three for every
 * organization, with ids derived from the seed and the organization, and lead counts that
 * grow with what syncs push into them.
 */

const SEEDED: ReadonlyArray<{ name: string; status: CampaignStatus; leads: number }> = [
  { name: 'Outbound: engineering leaders', status: 'active', leads: 120 },
  { name: 'Founder follow-up', status: 'active', leads: 45 },
  { name: 'Webinar invitations', status: 'paused', leads: 300 },
];

const CAMPAIGN_ID_PREFIX = 'camp';

/** The organization's campaigns; `held` says how many leads syncs pushed into a campaign. */
export function campaignsOf(store: Store, organizationId: string, held: (campaignId: string) => number): SequencerCampaign[] {
  return SEEDED.map((c, i) => {
    const campaign_id = seededId(CAMPAIGN_ID_PREFIX, store.seed, `campaign:${organizationId}:${i}`);
    return { campaign_id, name: c.name, status: c.status, provider: 'sequencer_one', lead_count: c.leads + held(campaign_id) };
  });
}

function campaignNotFound(campaignId: string) {
  return publicError(404, {
    code: 'not_found',
    problem: `Campaign ${campaignId} was not found in sequencer_one`,
    cause: 'campaign_id must name a campaign of the sequencer connected to this workspace.',
    fix: 'List the campaigns with GET /migrate/sequencer/campaigns and send one of their campaign_id values.',
    retryable: false,
    details: { campaign_id: campaignId, provider: 'sequencer_one' },
  });
}

/** The campaign, or 404 not_found saying where the campaigns are listed. */
export function campaignOf(store: Store, organizationId: string, campaignId: string): SequencerCampaign {
  const c = campaignsOf(store, organizationId, () => 0).find((x) => x.campaign_id === campaignId);
  if (!c) throw campaignNotFound(campaignId);
  return c;
}
