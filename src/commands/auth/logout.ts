import { defineCommand } from '../../cli/command.js';
import { SECRET_KEYS, keychainEntriesOf } from '../../config/store.js';
import { resolveProfileName } from '../../config/resolve.js';
import { KEYCHAIN_SERVICE } from '../../local/keychain.js';
import { keychainLeftWarning } from '../../cli/cmdutil/secret-storage.js';

export const command = defineCommand({
  description:
    'Remove the stored API key and session JWT of a profile, from the OS keychain and the config file ' +
    '(the key itself stays valid: revoke it with `prospect keys revoke`).',
  examples: ['prospect auth logout', 'prospect auth logout --profile ci'],
  related: ['prospect auth login', 'prospect keys revoke'],
  async run(_opts, ctx) {
    // The profile only, not its settings: logout is how a key or keychain entry of the wrong type is removed.
    const profile = resolveProfileName(ctx.globals, ctx.env, ctx.config).value;
    const stored = ctx.config.storedProfile(profile) ?? {};
    const inFile = SECRET_KEYS.some((k) => stored[k] !== undefined);
    const keychain = stored.keychain;
    const { refs: entries, unreadable } = keychainEntriesOf(stored);
    if (!inFile && keychain === undefined) {
      ctx.out.info(`No credentials are stored for profile "${profile}".`);
      return;
    }
    const left = await ctx.credentials.forget(profile);
    const from = [
      ...(entries.length > left.length ? ['the OS keychain'] : []),
      ...(inFile || keychain !== undefined ? [ctx.config.file] : []),
    ];
    ctx.out.success(`Removed the stored credentials of profile "${profile}" from ${from.join(' and ')}.`);
    keychainLeftWarning(ctx, left);
    if (unreadable)
      ctx.out.warn(
        `the keychain entries named in ${ctx.config.file} for profile "${profile}" were not in a form that can be read, so none was deleted; ` +
          `look for entries of the service ${KEYCHAIN_SERVICE} in your keychain's app.`,
      );
    if (ctx.env.PROSPECT_API_KEY) ctx.out.warn('PROSPECT_API_KEY is still set in your environment and will be used.');
  },
});
