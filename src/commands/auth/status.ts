import { defineCommand } from '../../cli/command.js';
import { authError } from '../../cli/errors.js';
import { SECRET_NAME } from '../../config/credentials.js';

export const command = defineCommand({
  description:
    'Show which profile, base URL and credential a command would use, where each came from ' +
    '(flag, env, profile) and where each secret lives (OS keychain, config file, environment), ' +
    'and who the key belongs to. Warns about a secret kept in plaintext. Exits 3 when the key is missing or rejected.',
  examples: ['prospect auth status', 'prospect auth status --profile ci --json'],
  related: ['prospect auth login', 'prospect whoami', 'prospect config ls'],
  async run(_opts, ctx) {
    const st = ctx.settings();
    const status: Record<string, unknown> = {
      profile: st.profile.value,
      profile_source: st.profile.source,
      sandbox: st.sandbox,
      base_url: st.baseUrl?.value ?? null,
      base_url_source: st.baseUrl?.source ?? null,
      api_key: st.sandbox ? 'sandbox demo key' : (st.apiKey?.masked ?? null),
      api_key_source: st.sandbox ? 'sandbox' : (st.apiKey?.source ?? null),
      api_key_stored_in: st.sandbox ? 'sandbox' : (st.apiKey?.in ?? null),
      jwt: st.jwt?.masked ?? null,
      jwt_source: st.jwt?.source ?? null,
      jwt_stored_in: st.jwt?.in ?? null,
      secure_storage: st.secureStorage.value,
      config_file: ctx.config.file,
    };
    for (const [key, s] of [
      ['api_key', st.sandbox ? undefined : st.apiKey],
      ['jwt', st.jwt],
    ] as const)
      if (s?.in === 'file')
        ctx.out.warn(
          `the ${SECRET_NAME[key]} of profile "${st.profile.value}" is stored in plaintext in ${ctx.config.file}; move it into the OS keychain with \`prospect auth migrate\`.`,
        );
    let failure: { error: unknown } | undefined;
    if (st.sandbox || (st.apiKey && st.baseUrl)) {
      try {
        if (st.sandbox) status.base_url = (await ctx.client()).baseUrl.href.replace(/\/$/, '');
        const id = await ctx.api.identity.whoami();
        Object.assign(status, {
          organization_name: id.organization_name,
          organization_id: id.organization_id,
          user_email: id.user_email,
          tier: id.tier,
          partner_tier: id.partner_tier,
          scopes: id.scopes,
        });
      } catch (e) {
        failure = { error: e };
      }
    } else {
      failure = {
        error: authError(
          'authentication_invalid',
          st.apiKey ? 'no base URL is configured' : `not logged in (profile "${st.profile.value}" has no API key)`,
          'Run `prospect auth login --base-url URL`, or set PROSPECT_API_KEY and PROSPECT_BASE_URL.',
        ),
      };
    }
    await ctx.out.print({ kind: 'object', payload: status });
    if (failure) throw failure.error;
  },
});
