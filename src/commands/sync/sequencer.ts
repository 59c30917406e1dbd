import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { resolveCampaign } from './shared/campaign.js';
import { MAPPING_FLAG } from '../../cli/cmdutil/sync-flags.js';
import { SYNC_DRY_RUN_FLAG, runSync } from './shared/flow.js';
import { PAY_AGAIN_FLAG } from '../../cli/paid.js';

export const command = defineCommand({
  description:
    'Pushes every lead of a list into a campaign of the connected sequencer (sequencer_one) at 0.2 credit per lead ' +
    '(rounded up; skipped and refused leads count). Leads without an email are skipped. Shows a preview first ' +
    '(the field mapping, how many leads would be pushed, and the leads it would skip, with the reason) and asks before ' +
    'spending (scripts pass --yes or --max-cost N).',
  args: [{ name: 'list', description: 'a list id or the exact name of a list', required: true }],
  flags: [
    {
      flags: '--campaign <campaign>',
      description: 'the campaign: its id or exact name (an unknown one lists the campaigns of the sequencer)',
    },
    MAPPING_FLAG,
    SYNC_DRY_RUN_FLAG,
    PAY_AGAIN_FLAG,
  ],
  examples: [
    'prospect sync sequencer "Q3 CTOs" --campaign "Founder follow-up"',
    'prospect sync sequencer lst_... --campaign camp_... --yes --json',
    'prospect sync sequencer "Q3 CTOs" --campaign camp_... --mapping - < mapping.json',
  ],
  related: ['prospect sync crm', 'prospect lists leads', 'prospect credits estimate'],
  async run(opts, ctx) {
    const campaign = opts.campaign?.trim();
    if (!campaign)
      throw usageError('--campaign is required', 'Name the campaign by id or exact name; a name that matches none lists the campaigns.');
    await runSync(ctx, { listArg: opts.args[0] ?? '', mapping: opts.mapping, dryRun: opts.dryRun }, async (list_id, field_mapping) => ({
      tool: 'sync_to_sequencer',
      body: {
        provider: 'sequencer_one',
        list_id,
        campaign_id: await resolveCampaign(ctx, campaign),
        ...(field_mapping ? { field_mapping } : {}),
      },
    }));
  },
});
