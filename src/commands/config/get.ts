import { defineCommand } from '../../cli/command.js';
import { notFoundError } from '../../cli/errors.js';
import { CONFIG_KEYS, checkConfigKey } from './shared/keys.js';

export const command = defineCommand({
  description:
    'Print the value a command would use for a setting, resolved flag > environment > profile > default profile. Exits 4 when it is not set.',
  args: [{ name: 'key', description: 'the setting', values: CONFIG_KEYS }],
  examples: ['prospect config get base_url', 'prospect config get format --profile ci', 'prospect config get secure_storage'],
  related: ['prospect config set', 'prospect config ls'],
  async run({ args }, ctx) {
    const key = checkConfigKey(args[0]!, 'get');
    const st = ctx.settings();
    const found = {
      current_profile: st.profile,
      base_url: st.baseUrl,
      format: st.format,
      max_cost: st.maxCost,
      secure_storage: st.secureStorage,
    }[key];
    if (!found)
      throw notFoundError(`${key} is not set for profile "${st.profile.value}"`, `Set it with \`prospect config set ${key} VALUE\`.`);
    if (ctx.out.format === 'json' || ctx.out.format === 'ndjson')
      await ctx.out.print({ kind: 'object', payload: { key, value: found.value, source: found.source } });
    else ctx.io.stdout.write(`${String(found.value)}\n`);
  },
});
