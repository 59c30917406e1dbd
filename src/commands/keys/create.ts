import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { maskSecret } from '../../api/redact.js';
import { SANDBOX_PROFILE, usableProfileName } from '../../config/resolve.js';
import type { SavedSecret } from '../../config/credentials.js';
import { shellWord } from '../../config/shell-word.js';
import { SECURE_STORAGE_FLAG, reportSaved, secureStorageOf } from '../../cli/cmdutil/secret-storage.js';
import { JWT_STDIN_FLAG, session } from './shared/session.js';

/** An ISO 8601 date or date-time in the future, sent as a full UTC timestamp. */
export function futureInstant(raw: string, now: number): string {
  const ms = /^\d{4}-\d{2}-\d{2}/.test(raw.trim()) ? Date.parse(raw.trim()) : NaN;
  if (!Number.isFinite(ms))
    throw usageError(
      `--expires must be an ISO 8601 date or date-time, got "${raw}"`,
      'For example --expires 2027-01-31 or --expires 2027-01-31T18:00:00Z.',
    );
  if (ms <= now)
    throw usageError(
      `--expires must be in the future, got "${raw}"`,
      'Give a later date, or omit --expires for a key that does not expire.',
    );
  return new Date(ms).toISOString();
}

export const command = defineCommand({
  description:
    'Create an API key (needs a session JWT). The whole secret is shown this once, on stdout, and never again; ' +
    'with --save-profile it is saved straight into that profile (the OS keychain, or the config file: see --secure-storage) and not printed.',
  flags: [
    { flags: '--name <name>', description: 'a name to recognize the key by' },
    {
      flags: '--expires <date>',
      description: 'ISO 8601 date or date-time in the future when the key stops working',
      defaultDescription: 'never',
    },
    { flags: '--save-profile <profile>', description: 'save the new key (and this base URL) in this profile instead of printing it' },
    SECURE_STORAGE_FLAG,
    JWT_STDIN_FLAG,
  ],
  examples: [
    'prospect keys create --name ci --expires 2027-01-31',
    'prospect keys create --name laptop --save-profile work',
    'prospect sandbox jwt | prospect keys create --jwt-stdin --sandbox',
  ],
  related: ['prospect keys ls', 'prospect keys revoke', 'prospect auth login'],
  async run(opts, ctx) {
    const expires_at = opts.expires !== undefined ? futureInstant(opts.expires, ctx.clock.now()) : undefined;
    if (opts.saveProfile === SANDBOX_PROFILE)
      throw usageError('the profile name "sandbox" is reserved for the local sandbox', 'Choose another --save-profile.');
    if (opts.saveProfile) usableProfileName({ value: opts.saveProfile }, '--save-profile', ctx.config);
    if (opts.secureStorage !== undefined && !opts.saveProfile)
      throw usageError(
        '--secure-storage says where --save-profile saves the key, and no --save-profile was given',
        'Add --save-profile NAME, or drop --secure-storage.',
      );
    const policy = opts.saveProfile ? secureStorageOf(ctx, opts.secureStorage, opts.saveProfile) : undefined;
    // Under required, a keychain that does not answer stops it before a key exists: the service shows a new key once.
    if (policy && opts.saveProfile) await ctx.credentials.ensureKeychain(policy, opts.saveProfile, 'new API key');
    const { keys, client } = await session(ctx, opts);
    const created = await keys.create({ ...(opts.name !== undefined ? { name: opts.name } : {}), ...(expires_at ? { expires_at } : {}) });
    ctx.secrets.add(created.api_key);
    const about = `${maskSecret(created.api_key)}${created.id ? ` (id ${created.id})` : ''}, expires ${created.expires_at ?? 'never'}`;
    if (opts.saveProfile && policy) {
      const base_url = client.baseUrl.href.replace(/\/+$/, '');
      let saved: SavedSecret;
      try {
        saved = await ctx.credentials.save(opts.saveProfile, 'api_key', created.api_key, policy, { base_url });
      } catch (e) {
        // The key exists now and is shown only once: where it cannot be saved, it is printed rather than lost.
        if (ctx.out.format === 'json' || ctx.out.format === 'ndjson') await ctx.out.print({ kind: 'object', payload: { ...created } });
        else ctx.io.stdout.write(`${created.api_key}\n`);
        ctx.out.warn(
          `Created key ${about}, but it could not be saved to profile "${opts.saveProfile}": store the key printed above now, it is not shown again.`,
        );
        throw e;
      }
      if (saved.previous)
        ctx.out.warn(
          `Profile "${opts.saveProfile}" held key ${saved.previous}; it is replaced there but stays active: revoke it with \`prospect keys revoke\` if it is no longer used.`,
        );
      // A script gets the new key's id and visible parts, never the secret.
      if (ctx.out.format === 'json' || ctx.out.format === 'ndjson')
        await ctx.out.print({ kind: 'object', payload: { ...created, api_key: maskSecret(created.api_key), api_key_stored_in: saved.in } });
      ctx.out.success(`Created key ${about} and saved it to profile "${opts.saveProfile}".`);
      reportSaved(ctx, saved, 'api_key', opts.saveProfile);
      ctx.out.info(`Use it with --profile ${shellWord(opts.saveProfile)}.`);
      return;
    }
    if (ctx.out.format === 'json' || ctx.out.format === 'ndjson') await ctx.out.print({ kind: 'object', payload: { ...created } });
    else ctx.io.stdout.write(`${created.api_key}\n`);
    ctx.out.warn(`Store this key now: it is not shown again. Created ${about}.`);
  },
});
