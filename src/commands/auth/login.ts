import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { readAll } from '../../cli/prompt.js';
import { maskSecret } from '../../api/redact.js';
import { API_KEY_PATTERN } from '../../api/schemas/values/auth.js';
import { SANDBOX_PROFILE } from '../../config/resolve.js';
import { SECURE_STORAGE_FLAG, reportSaved, secureStorageOf } from '../../cli/cmdutil/secret-storage.js';
import { apiOf } from '../../api/api.js';

/** Keys never come on the command line (shell history, process lists): stdin or a hidden prompt. */
export const command = defineCommand({
  description:
    'Check an API key against the service (as whoami does) and save it, with the base URL, in a profile. ' +
    'The key is read from stdin with --with-token, or typed at a prompt that does not echo. ' +
    'With --jwt, a session JWT (needed for key management) is saved instead. ' +
    'The secret goes to the OS keychain; where none answers, to the config file after a warning (--secure-storage).',
  flags: [
    { flags: '--with-token', description: 'read the key (or JWT) from stdin instead of prompting' },
    { flags: '--jwt', description: 'save a session JWT for key management instead of an API key' },
    SECURE_STORAGE_FLAG,
  ],
  examples: [
    'prospect auth login --base-url https://api.example.com',
    'prospect auth login --base-url https://api.example.com --secure-storage required',
    'echo "$PROSPECT_KEY" | prospect auth login --with-token --profile ci --base-url https://api.example.com',
    'prospect sandbox jwt | prospect auth login --jwt --with-token --profile sandbox-admin --base-url http://127.0.0.1:4010',
  ],
  related: ['prospect auth status', 'prospect auth logout', 'prospect config ls'],
  async run(opts, ctx) {
    const policy = secureStorageOf(ctx, opts.secureStorage);
    const st = ctx.settings();
    if (st.sandbox) throw usageError('the sandbox needs no login: --sandbox uses its demo key', 'Run commands with --sandbox.');
    const profile = st.profile.value;
    if (profile === SANDBOX_PROFILE)
      throw usageError('the profile name "sandbox" is reserved for the local sandbox', 'Choose another --profile.');
    const baseUrl = st.baseUrl?.value;
    if (!baseUrl) throw usageError('no base URL to log in to', 'Pass --base-url URL (or set PROSPECT_BASE_URL).');
    const what = opts.jwt ? 'session JWT' : 'API key';
    const secret = opts.withToken
      ? (await readAll(ctx.io.stdin)).trim()
      : await ctx.prompter.secret(`Paste your ${what}: `, { flag: '--with-token (and the secret on stdin)' });
    if (!secret) throw usageError(`no ${what} was given`, opts.withToken ? 'Pipe it on stdin.' : 'Paste it at the prompt.');
    if (/\s/.test(secret)) throw usageError(`the ${what} contains whitespace`, 'Give exactly one token.');
    if (!opts.jwt && !API_KEY_PATTERN.test(secret))
      throw usageError(
        `that does not look like an API key (${maskSecret(secret)})`,
        'Keys start with svcapi_ followed by 64 characters; for a session JWT add --jwt.',
      );
    ctx.secrets.add(secret);

    const identity = await apiOf(await ctx.client({ token: secret, baseUrl }), ctx.signal).identity.whoami();

    const key = opts.jwt ? 'jwt' : 'api_key';
    const saved = await ctx.credentials.save(profile, key, secret, policy, { base_url: baseUrl }, { becomeCurrent: true });

    ctx.out.success(
      `Logged in to ${identity.organization_name} as ${identity.user_email} (${identity.tier}) with ${what} ${maskSecret(secret)}`,
    );
    reportSaved(ctx, saved, key, profile);
    if (ctx.out.format === 'json')
      await ctx.out.print({
        kind: 'object',
        payload: {
          profile,
          base_url: baseUrl,
          config_file: ctx.config.file,
          [`${key}_stored_in`]: saved.in,
          organization_id: identity.organization_id,
          user_id: identity.user_id,
        },
      });
  },
});
