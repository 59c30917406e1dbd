import { defineCommand } from '../../cli/command.js';
import { CONFIG_KEYS, checkConfigKey, checkConfigValue } from './keys.js';

export const command = defineCommand({
  description: 'Save a setting in a profile (the one chosen by --profile, PROSPECT_PROFILE or the current profile). Secrets are saved by `auth login` only.',
  args: [
    { name: 'key', description: 'the setting', values: CONFIG_KEYS },
    { name: 'value', description: 'the new value' },
  ],
  examples: ['prospect config set base_url https://api.example.com', 'prospect config set format json --profile ci', 'prospect config set current_profile ci'],
  related: ['prospect config get', 'prospect config ls', 'prospect auth login'],
  async run({ args }, ctx) {
    const key = checkConfigKey(args[0]!);
    const raw = args[1]!;
    if (key === 'current_profile') {
      await ctx.config.write({ ...ctx.config.read(), current_profile: raw });
      ctx.out.success(`Current profile is now "${raw}" (${ctx.config.file}).`);
      return;
    }
    const value = checkConfigValue(key, raw);
    const profile = ctx.settings().profile.value;
    await ctx.config.updateProfile(profile, (p) => ({ ...p, [key]: value }));
    ctx.out.success(`Set ${key} of profile "${profile}" in ${ctx.config.file}.`);
  },
});
