import type { Context } from '../../../cli/context.js';
import { CliError } from '../../../cli/errors.js';
import { ExitCode } from '../../../cli/exit-codes.js';
import { isApiError } from '../../../api/errors.js';
import { counted } from '../../../cli/output/numbers.js';

/**
 * A --campaign value: a campaign id or the exact name of a campaign of the connected
 * sequencer. Anything else is exit 4 listing the campaigns. A workspace that cannot list them
 * (partner-license-only) sends the value as it is, and the service checks it.
 */
export async function resolveCampaign(ctx: Context, value: string): Promise<string> {
  let campaigns;
  try {
    campaigns = (await ctx.api.sync.campaigns()).campaigns;
  } catch (e) {
    if (isApiError(e) && e.is('feature_gated')) return value;
    throw e;
  }
  if (campaigns.some((c) => c.campaign_id === value)) return value;
  const exact = campaigns.filter((c) => c.name === value);
  const named = exact.length ? exact : campaigns.filter((c) => c.name.toLowerCase() === value.toLowerCase());
  if (named.length === 1) return named[0]!.campaign_id;
  const lines = campaigns.map((c) => `  ${c.campaign_id}  ${c.name}  (${c.status}, ${counted(c.lead_count, 'lead')})`).join('\n');
  throw new CliError({
    code: named.length ? 'ambiguous_campaign' : 'not_found',
    message: named.length ? `${named.length} campaigns are named "${value}"` : `no campaign "${value}" in sequencer_one`,
    cause: campaigns.length ? `Campaigns of sequencer_one:\n${lines}` : 'sequencer_one has no campaigns.',
    fix: 'Pass a campaign id from the list (or an exact name) to --campaign.',
    exitCode: named.length ? ExitCode.USAGE : ExitCode.NOT_FOUND,
  });
}
