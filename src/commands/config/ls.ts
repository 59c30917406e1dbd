import { defineCommand } from '../../cli/command.js';
import { maskSecret } from '../../api/redact.js';
import { resolveProfileName } from '../../config/resolve.js';

export const command = defineCommand({
  description:
    'List saved profiles with their settings. Keys and JWTs show only their first and last characters. ' +
    'A value of the wrong type in the file is left out of the list and named in a warning.',
  examples: ['prospect config ls', 'prospect config ls --json'],
  related: ['prospect config get', 'prospect auth status'],
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
      api_key: p.api_key ? maskSecret(p.api_key) : null,
      jwt: p.jwt ? maskSecret(p.jwt) : null,
      format: p.format ?? null,
      max_cost: p.max_cost ?? null,
    }));
    await ctx.out.print({
      kind: 'rows',
      payload: { config_file: ctx.config.file, current_profile: current, profiles: rows },
      rows,
      columns: ['profile', 'current', 'base_url', 'api_key', 'jwt', 'format', 'max_cost'],
      emptyMessage: `No profiles saved yet (${ctx.config.file}). Run \`prospect auth login\`.`,
    });
  },
});
