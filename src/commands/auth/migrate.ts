import { defineCommand } from '../../cli/command.js';
import { SECRET_NAME, entryName } from '../../config/credentials.js';
import { keychainLeftWarning } from '../../cli/cmdutil/secret-storage.js';

export const command = defineCommand({
  description:
    'Move the API keys and session JWTs the config file holds in plaintext into the OS keychain, for every profile. ' +
    'Each is written and read back before the file changes; without a keychain nothing changes and it exits 3.',
  examples: ['prospect auth migrate', 'prospect auth migrate --json'],
  related: ['prospect auth status', 'prospect config ls', 'prospect auth login'],
  async run(_opts, ctx) {
    const { moved, left } = await ctx.credentials.migrate();
    const rows = moved.map((m) => ({ profile: m.profile, secret: m.key, keychain_entry: entryName(m) }));
    if (ctx.out.format === 'json' || ctx.out.format === 'ndjson' || rows.length > 0)
      await ctx.out.print({
        kind: 'rows',
        payload: { config_file: ctx.config.file, moved: rows },
        rows,
        columns: ['profile', 'secret', 'keychain_entry'],
      });
    if (rows.length === 0) ctx.out.info(`No secrets are stored in plaintext in ${ctx.config.file}: nothing to move.`);
    else
      ctx.out.success(
        `Moved ${moved.map((m) => `the ${SECRET_NAME[m.key]} of "${m.profile}"`).join(', ')} into the OS keychain; ${ctx.config.file} no longer holds ${rows.length === 1 ? 'it' : 'them'}.`,
      );
    keychainLeftWarning(ctx, left);
  },
});
