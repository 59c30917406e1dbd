import { defineCommand } from '../../cli/command.js';
import { declinedError } from '../../cli/errors.js';
import { listKeys, revokeAllKeys } from '../../api/resources/keys.js';
import { isApiError } from '../../api/errors.js';
import { JWT_STDIN_FLAG, sessionClient, type SessionOptions } from './session.js';

/** What a person types to confirm; one slip of y/N is too cheap for this. */
export const REVOKE_ALL_PHRASE = 'revoke all';

export const command = defineCommand<SessionOptions>({
  description:
    'Revoke every active API key of your user in this organization (an emergency stop: every script using one fails with 401). ' +
    `On a terminal you type "${REVOKE_ALL_PHRASE}" to confirm; scripts pass --yes. Needs a session JWT.`,
  flags: [JWT_STDIN_FLAG],
  examples: ['prospect keys revoke-all', 'prospect keys revoke-all --yes'],
  related: ['prospect keys ls', 'prospect keys revoke', 'prospect keys create'],
  async run(opts, ctx) {
    const client = await sessionClient(ctx, opts);
    if (!ctx.globals.yes) {
      if (!ctx.io.stdinIsTTY || !ctx.io.stderrIsTTY)
        throw declinedError('revoking every key needs confirmation and no terminal is attached', 'Pass --yes to confirm.');
      // Revoking is not plan-gated but listing is: without the list the question goes without the count.
      const keys = await listKeys(client, { signal: ctx.signal }).catch((e: unknown) => {
        if (isApiError(e) && e.status === 403 && e.is('permission_denied')) return null;
        throw e;
      });
      const active = keys?.filter((k) => k.is_active).length;
      const what = active === undefined ? 'every active key of yours' : `${active} active ${active === 1 ? 'key' : 'keys'}`;
      const typed = await ctx.prompter.text(`This revokes ${what} for good. Type "${REVOKE_ALL_PHRASE}" to go ahead: `, { flag: '--yes' });
      if (typed.toLowerCase() !== REVOKE_ALL_PHRASE) throw declinedError('revoking every key declined; nothing was changed');
    }
    const result = await revokeAllKeys(client, { signal: ctx.signal });
    await ctx.out.print({ kind: 'object', payload: { ...result } });
    ctx.out.success(result.message);
  },
});
