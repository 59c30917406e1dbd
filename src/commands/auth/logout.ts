import { defineCommand } from '../../cli/command.js';
import { SECRET_KEYS } from '../../config/store.js';
import { resolveProfileName } from '../../config/resolve.js';
import { keychainLeftWarning } from './stored-in.js';

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
    const places = new Set([
      ...(SECRET_KEYS.some((k) => stored[k] !== undefined) ? ['file'] : []),
      ...(stored.keychain !== undefined ? ['keychain'] : []),
    ]);
    if (places.size === 0) {
      ctx.out.info(`No credentials are stored for profile "${profile}".`);
      return;
    }
    const left = await ctx.credentials.forget(profile);
    const from = [...(places.has('keychain') && left.length === 0 ? ['the OS keychain'] : []), ...(places.has('file') ? [ctx.config.file] : [])];
    ctx.out.success(`Removed the stored credentials of profile "${profile}"${from.length ? ` from ${from.join(' and ')}` : ''}.`);
    keychainLeftWarning(ctx, left);
    if (ctx.env.PROSPECT_API_KEY) ctx.out.warn('PROSPECT_API_KEY is still set in your environment and will be used.');
  },
});
