import { defineCommand } from '../../cli/command.js';
import { notFoundError } from '../../cli/errors.js';
import { confirmDestructive } from '../../cli/cmdutil/confirm.js';
import { profilesHint } from './shared/keys.js';
import { SECRET_KEYS, keychainEntriesOf, type Profile } from '../../config/store.js';
import { isObject } from '../../api/is-object.js';
import { keychainLeftWarning } from '../../cli/cmdutil/secret-storage.js';

export const command = defineCommand({
  description:
    'Remove a saved profile with all its settings, its API key and its JWT (the keys stay valid on the service: revoke them with `keys revoke`). ' +
    'When it is the current profile, current_profile is cleared too. Asks first on a terminal; scripts pass --yes.',
  args: [{ name: 'name', description: 'the profile', required: true }],
  examples: ['prospect config rm-profile staging', 'prospect config rm-profile ci --yes'],
  related: ['prospect config ls', 'prospect config unset', 'prospect auth logout'],
  async run({ args }, ctx) {
    const name = args[0]!;
    const names = ctx.config.profileNames();
    if (!names.includes(name))
      throw notFoundError(`no profile "${name}" in ${ctx.config.file}`, profilesHint(names, name, { create: false }));
    const stored = ctx.config.storedProfile(name) ?? {};
    const secrets = SECRET_KEYS.filter((k) => k in stored || (isObject(stored.keychain) && k in stored.keychain));
    await confirmDestructive(
      ctx,
      `Remove profile "${name}"${secrets.length ? ` and its saved ${secrets.join(' and ')}` : ''} from ${ctx.config.file}?`,
      `removing profile "${name}"`,
    );
    let wasCurrent = false;
    let removed: Profile = {};
    await ctx.config.update((d) => {
      if (isObject(d.profiles)) {
        if (isObject(d.profiles[name])) removed = d.profiles[name];
        delete d.profiles[name];
      }
      if (d.current_profile === name) {
        delete d.current_profile;
        wasCurrent = true;
      }
    });
    const entries = keychainEntriesOf(removed).refs;
    const left = await ctx.credentials.deleteEntries(entries);
    ctx.out.success(
      `Removed profile "${name}" from ${ctx.config.file}${entries.length > left.length ? ' and its secrets from the keychain' : ''}.`,
    );
    keychainLeftWarning(ctx, left);
    if (wasCurrent)
      ctx.out.success(`It was the current profile: current_profile is cleared, and commands now use the profile named "default".`);
  },
});
