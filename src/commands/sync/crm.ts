import { defineCommand, type FlagSpec } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { oneOf } from '../../cli/parse.js';
import { CRM_PROVIDERS, CRM_SUB_ACTIONS, type CrmProvider } from '../../api/schemas/values/sync.js';
import { MAPPING_FLAG, SUB_ACTIONS, SUB_ACTION_DEFAULT } from '../../cli/cmdutil/sync-flags.js';
import { SYNC_DRY_RUN_FLAG, runSync } from './shared/flow.js';
import { PAY_AGAIN_FLAG } from '../../cli/paid.js';

const subActionsOf = (p: CrmProvider) => CRM_SUB_ACTIONS[p].join(' or ');

const FLAGS = [
  { flags: '--provider <crm>', description: 'the CRM (required)', choices: CRM_PROVIDERS, parse: oneOf('--provider', CRM_PROVIDERS) },
  {
    flags: '--sub-action <object>',
    description: `the CRM object to write (${CRM_PROVIDERS.map((p) => `${p}: ${subActionsOf(p)}`).join('; ')})`,
    choices: SUB_ACTIONS,
    parse: oneOf('--sub-action', SUB_ACTIONS),
    defaultDescription: SUB_ACTION_DEFAULT,
  },
  MAPPING_FLAG,
  SYNC_DRY_RUN_FLAG,
  PAY_AGAIN_FLAG,
] as const satisfies readonly FlagSpec[];

export const command = defineCommand({
  description:
    'Pushes every lead of a list to a connected CRM at 0.2 credit per lead (rounded up; skipped and refused leads count). ' +
    'Shows a preview first (the field mapping, how many leads would be pushed, and the leads it would skip, with the reason) ' +
    'and asks before spending (scripts pass --yes or --max-cost N). crm_one needs an email on each lead; crm_two a last name ' +
    '(taken from the full name when missing).',
  args: [{ name: 'list', description: 'a list id or the exact name of a list', required: true }],
  flags: FLAGS,
  examples: [
    'prospect sync crm "Q3 CTOs" --provider crm_one',
    'prospect sync crm lst_... --provider crm_two --sub-action contacts --yes',
    'prospect sync crm "Q3 CTOs" --provider crm_one --mapping mapping.json --max-cost 50',
    'prospect sync crm "Q3 CTOs" --provider crm_two --dry-run',
  ],
  related: ['prospect sync sequencer', 'prospect lists leads', 'prospect credits estimate'],
  async run(opts, ctx) {
    const provider = opts.provider;
    if (!provider) throw usageError('--provider is required', `Name the CRM: --provider ${CRM_PROVIDERS.join(' or --provider ')}.`);
    if (opts.subAction !== undefined && !CRM_SUB_ACTIONS[provider].includes(opts.subAction))
      throw usageError(
        `--sub-action ${opts.subAction} is not an object of ${provider}`,
        `${provider} takes --sub-action ${subActionsOf(provider)}.`,
      );
    const sub_action = opts.subAction;
    await runSync(ctx, { listArg: opts.args[0] ?? '', mapping: opts.mapping, dryRun: opts.dryRun }, async (list_id, field_mapping) => ({
      tool: 'sync_to_crm',
      body: { provider, list_id, ...(sub_action ? { sub_action } : {}), ...(field_mapping ? { field_mapping } : {}) },
    }));
  },
});
