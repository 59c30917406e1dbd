import { defineCommand } from '../../cli/command.js';
import { revokeAllKeys } from '../../api/resources/keys.js';
import { confirmDestructive } from '../lists/confirm.js';
import { listKeysUnlessGated } from './resolve-key.js';
import { JWT_STDIN_FLAG, sessionClient, type SessionOptions } from './session.js';

/** What a person types to confirm; one slip of y/N is too cheap for this. */
const REVOKE_ALL_PHRASE = 'revoke all';

export const command = defineCommand<SessionOptions>({
  description:
    'Revoke every active API key of your user in this organization (an emergency stop: every script using one fails with 401). ' +
    `On a terminal you type "${REVOKE_ALL_PHRASE}" to confirm; scripts pass --yes. Needs a session JWT.`,
  flags: [JWT_STDIN_FLAG],
  examples: ['prospect keys revoke-all', 'prospect keys revoke-all --yes'],
  related: ['prospect keys ls', 'prospect keys revoke', 'prospect keys create'],
  async run(opts, ctx) {
    const client = await sessionClient(ctx, opts);
    const typedConfirmation = async () => {
      // Revoking is not plan-gated but listing is: without the list the question goes without the count.
      const keys = await listKeysUnlessGated(client, ctx.signal);
      const active = keys?.filter((k) => k.is_active).length;
      const what = active === undefined ? 'every active key of yours' : `${active} active ${active === 1 ? 'key' : 'keys'}`;
      const typed = await ctx.prompter.text(`This revokes ${what} for good. Type "${REVOKE_ALL_PHRASE}" to go ahead: `, { flag: '--yes' });
      return typed.toLowerCase() === REVOKE_ALL_PHRASE;
    };
    await confirmDestructive(ctx, typedConfirmation, 'revoking every key');
    const result = await revokeAllKeys(client, { signal: ctx.signal });
    await ctx.out.print({ kind: 'object', payload: { ...result } });
    ctx.out.success(result.message);
  },
});
