import { defineCommand } from '../../cli/command.js';
import { notFoundError } from '../../cli/errors.js';
import { resolveProfileName } from '../../config/resolve.js';
import { CONFIG_KEYS, checkConfigKey, profilesHint, warnReplaced } from './shared/keys.js';

export const command = defineCommand({
  description:
    'Remove a setting from a profile (the one chosen by --profile, PROSPECT_PROFILE or the current profile); commands then take it from the environment or the default profile. ' +
    'Removes a value of the wrong type too. Exits 4 when the setting is not saved. Keys and JWTs are removed by `auth logout`.',
  args: [{ name: 'key', description: 'the setting', values: CONFIG_KEYS, required: true }],
  examples: ['prospect config unset max_cost', 'prospect config unset base_url --profile ci', 'prospect config unset current_profile'],
  related: ['prospect config set', 'prospect config rm-profile', 'prospect auth logout'],
  async run({ args }, ctx) {
    const key = checkConfigKey(args[0]!, 'unset');
    if (key === 'current_profile') {
      const saved = ctx.config.read().current_profile !== undefined || ctx.config.problems().some((p) => p.key === 'current_profile');
      if (!saved)
        throw notFoundError(
          `current_profile is not set in ${ctx.config.file}`,
          'Commands use the profile named `default` unless --profile or PROSPECT_PROFILE says otherwise.',
        );
      warnReplaced(ctx, await ctx.config.update((d) => void delete d.current_profile));
      ctx.out.success(`Removed current_profile from ${ctx.config.file}; commands now use the profile named "default".`);
      return;
    }
    const profile = resolveProfileName(ctx.globals, ctx.env, ctx.config).value;
    const stored = ctx.config.storedProfile(profile);
    if (!stored || !(key in stored)) {
      const names = ctx.config.profileNames();
      throw notFoundError(
        `${key} is not set for profile "${profile}"`,
        names.includes(profile)
          ? `Nothing to remove in ${ctx.config.file}.`
          : `There is no profile "${profile}" in ${ctx.config.file}. ${profilesHint(names, profile)}`,
      );
    }
    warnReplaced(
      ctx,
      await ctx.config.updateProfile(profile, (p) => {
        const rest: Record<string, unknown> = { ...p };
        delete rest[key];
        return rest;
      }),
    );
    ctx.out.success(`Removed ${key} from profile "${profile}" in ${ctx.config.file}.`);
  },
});
