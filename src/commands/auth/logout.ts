import { defineCommand } from '../../cli/command.js';

export const command = defineCommand({
  description: 'Remove the stored API key and session JWT of a profile (the key itself stays valid: revoke it with `prospect keys revoke`).',
  examples: ['prospect auth logout', 'prospect auth logout --profile ci'],
  related: ['prospect auth login', 'prospect keys revoke'],
  async run(_opts, ctx) {
    const profile = ctx.settings().profile.value;
    const stored = ctx.config.profile(profile);
    if (!stored?.api_key && !stored?.jwt) {
      ctx.out.info(`No credentials are stored for profile "${profile}".`);
      return;
    }
    await ctx.config.updateProfile(profile, ({ api_key: _k, jwt: _j, ...rest }) => rest);
    ctx.out.success(`Removed the stored credentials of profile "${profile}" from ${ctx.config.file}.`);
    if (ctx.env.PROSPECT_API_KEY) ctx.out.warn('PROSPECT_API_KEY is still set in your environment and will be used.');
  },
});
