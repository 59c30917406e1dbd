import { defineCommand } from '../../cli/command.js';
import type { Context } from '../../cli/context.js';
import type { ManagedKey } from '../../api/schemas/keys.js';
import { KEY_LAST4_LENGTH, KEY_PREFIX_LENGTH } from '../../api/schemas/values/auth.js';
import { confirmDestructive } from '../../cli/cmdutil/confirm.js';
import { listKeysUnlessGated, maskedKey } from './shared/resolve-key.js';
import { JWT_STDIN_FLAG, session } from './shared/session.js';
import { quoted } from '../../cli/output/printable.js';

/** What a person types to confirm; one slip of y/N is too cheap for this. */
const REVOKE_ALL_PHRASE = 'revoke all';

export const OWN_KEY_NOTE = "this CLI's key: revoking it stops this profile working";

/**
 * The API key this invocation would send for key-authenticated commands (the sandbox's demo key
 * with --sandbox), if any: its masked form is enough to know it by (prefix and last 4), so a
 * keychain that does not answer never stands in the way of revoking.
 */
async function ownKey(ctx: Context): Promise<string | undefined> {
  const st = ctx.settings();
  if (st.sandbox) return (await ctx.sandbox()).demoKey;
  return st.apiKey?.masked;
}

const isKey = (k: ManagedKey, secret: string | undefined) =>
  secret !== undefined && k.key_prefix === secret.slice(0, KEY_PREFIX_LENGTH) && k.key_last4 === secret.slice(-KEY_LAST4_LENGTH);

/** One line a key: id, name, prefix...last4, last used; the key this CLI uses is marked. */
export function keyLines(keys: readonly ManagedKey[], own: string | undefined): string[] {
  const cells = keys.map((k) => [
    k.id,
    k.name ? quoted(k.name) : '(no name)',
    maskedKey(k),
    `last used ${k.last_used_at ? k.last_used_at.replace('T', ' ').slice(0, 16) : 'never'}`,
  ]);
  const widths = cells[0]?.map((_, i) => Math.max(...cells.map((c) => c[i]!.length))) ?? [];
  return cells.map((c, i) => {
    const line = '  ' + c.map((s, j) => (j === c.length - 1 ? s : s.padEnd(widths[j]!))).join('  ');
    return isKey(keys[i]!, own) ? `${line}  <- ${OWN_KEY_NOTE}` : line;
  });
}

export const command = defineCommand({
  description:
    'Revoke every active API key of your user in this organization (an emergency stop: every script using one fails with 401). ' +
    `On a terminal it lists the keys, marks the one this CLI uses, and you type "${REVOKE_ALL_PHRASE}" to confirm; scripts pass --yes. Needs a session JWT.`,
  flags: [JWT_STDIN_FLAG],
  examples: ['prospect keys revoke-all', 'prospect keys revoke-all --yes', 'prospect keys revoke-all --yes --json'],
  related: ['prospect keys ls', 'prospect keys revoke', 'prospect keys create'],
  async run(opts, ctx) {
    const { keys } = await session(ctx, opts);
    const typedConfirmation = async () => {
      // Revoking is not plan-gated but listing is: without the list the question goes without the keys.
      const active = (await listKeysUnlessGated(keys))?.filter((k) => k.is_active);
      if (active && active.length > 0) {
        const n = active.length;
        ctx.out.info(`${n} active ${n === 1 ? 'key' : 'keys'} will be revoked:\n${keyLines(active, await ownKey(ctx)).join('\n')}`);
      }
      const what = active === undefined ? 'every active key of yours' : `${active.length} active ${active.length === 1 ? 'key' : 'keys'}`;
      const typed = await ctx.prompter.text(`This revokes ${what} for good. Type "${REVOKE_ALL_PHRASE}" to go ahead: `, { flag: '--yes' });
      return typed.toLowerCase() === REVOKE_ALL_PHRASE;
    };
    await confirmDestructive(ctx, typedConfirmation, 'revoking every key');
    const result = await keys.revokeAll();
    // The result once: the service's object as data (json, tsv...), or at a terminal the message alone.
    if (ctx.out.format === 'table') ctx.out.success(result.message);
    else await ctx.out.print({ kind: 'object', payload: { ...result } });
  },
});
