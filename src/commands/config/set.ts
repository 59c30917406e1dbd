import { defineCommand } from '../../cli/command.js';
import { notFoundError } from '../../cli/errors.js';
import { DEFAULT_PROFILE, SANDBOX_PROFILE, resolveProfileName, usableProfileName } from '../../config/resolve.js';
import { CONFIG_KEYS, checkConfigKey, checkConfigValue, profilesHint, warnReplaced } from './shared/keys.js';

export const command = defineCommand({
  description:
    'Save a setting in a profile (the one chosen by --profile, PROSPECT_PROFILE or the current profile). Secrets are saved by `auth login` only. ' +
    '`current_profile` takes a profile that exists (or `default`, or `sandbox`). A value of the wrong type in the file is replaced.',
  args: [
    { name: 'key', description: 'the setting', values: CONFIG_KEYS },
    { name: 'value', description: 'the new value' },
  ],
  examples: [
    'prospect config set base_url https://api.example.com',
    'prospect config set format json --profile ci',
    'prospect config set current_profile ci',
  ],
  related: ['prospect config get', 'prospect config unset', 'prospect config ls', 'prospect auth login'],
  async run({ args }, ctx) {
    const key = checkConfigKey(args[0]!);
    const raw = args[1]!;
    if (key === 'current_profile') {
      usableProfileName({ value: raw }, 'config set current_profile', ctx.config);
      const names = ctx.config.profileNames();
      if (!names.includes(raw) && raw !== DEFAULT_PROFILE && raw !== SANDBOX_PROFILE)
        throw notFoundError(`no profile "${raw}" in ${ctx.config.file}`, profilesHint(names, raw));
      warnReplaced(ctx, await ctx.config.update((d) => void (d.current_profile = raw)));
      ctx.out.success(`Current profile is now "${raw}" (${ctx.config.file}).`);
      return;
    }
    const value = checkConfigValue(key, raw);
    const profile = resolveProfileName(ctx.globals, ctx.env, ctx.config).value;
    warnReplaced(ctx, await ctx.config.updateProfile(profile, (p) => ({ ...p, [key]: value })));
    ctx.out.success(`Set ${key} of profile "${profile}" in ${ctx.config.file}.`);
  },
});
