import { defineCommand } from '../../cli/command.js';
import { resolveProfileName, storedSecret } from '../../config/resolve.js';
import type { Profile } from '../../config/store.js';

/** A profile's secrets as the list shows them: masked, where each lives, and `stored_in` (`keychain`, `file`, both, or null). */
function secretsOf(p: Profile) {
  const key = storedSecret(p, 'api_key');
  const jwt = storedSecret(p, 'jwt');
  const places = new Set([key?.in, jwt?.in].filter((w) => w !== undefined));
  return {
    api_key: key?.masked ?? null,
    api_key_stored_in: key?.in ?? null,
    jwt: jwt?.masked ?? null,
    jwt_stored_in: jwt?.in ?? null,
    stored_in: places.size ? [...places].sort().join(', ') : null,
  };
}

export const command = defineCommand({
  description:
    'List saved profiles with their settings and where their secrets live (OS keychain or config file). ' +
    'Keys and JWTs show only their first and last characters; the keychain is not asked. ' +
    'Warns about secrets kept in plaintext, and about a value of the wrong type in the file.',
  examples: ['prospect config ls', 'prospect config ls --json'],
  related: ['prospect config get', 'prospect auth status', 'prospect auth migrate'],
  async run(_opts, ctx) {
    const data = ctx.config.read();
    const current = resolveProfileName(ctx.globals, ctx.env, ctx.config).value;
    for (const p of ctx.config.problems()) {
      const e = ctx.config.problemError(p);
      ctx.out.warn(`${e.message} (${e.fix})`);
    }
    const rows = Object.entries(data.profiles).map(([name, p]) => ({
      profile: name,
      current: name === current,
      base_url: p.base_url ?? null,
      ...secretsOf(p),
      format: p.format ?? null,
      max_cost: p.max_cost ?? null,
      secure_storage: p.secure_storage ?? null,
    }));
    const plaintext = rows.filter((r) => r.api_key_stored_in === 'file' || r.jwt_stored_in === 'file').map((r) => `"${r.profile}"`);
    if (plaintext.length)
      ctx.out.warn(
        `${plaintext.length === 1 ? 'profile' : 'profiles'} ${plaintext.join(', ')} ${plaintext.length === 1 ? 'keeps its' : 'keep their'} secrets in plaintext in ${ctx.config.file}; ` +
          'move them into the OS keychain with `prospect auth migrate`.',
      );
    for (const name of ['PROSPECT_API_KEY', 'PROSPECT_JWT'])
      if (ctx.env[name]?.trim()) ctx.out.info(`${name} is set in the environment: commands use it instead of a profile's.`);
    await ctx.out.print({
      kind: 'rows',
      payload: { config_file: ctx.config.file, current_profile: current, profiles: rows },
      rows,
      columns: ['profile', 'current', 'base_url', 'api_key', 'jwt', 'stored_in', 'format', 'max_cost', 'secure_storage'],
      emptyMessage: `No profiles saved yet (${ctx.config.file}). Run \`prospect auth login\`.`,
    });
  },
});
