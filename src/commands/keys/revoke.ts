import { defineCommand } from '../../cli/command.js';
import { confirmDestructive } from '../../cli/cmdutil/confirm.js';
import { keysFor, maskedKey, resolveKey } from './shared/resolve-key.js';
import { JWT_STDIN_FLAG, session } from './shared/session.js';
import { counted } from '../../cli/output/numbers.js';
import { quoted } from '../../cli/output/printable.js';

const REVOKED_FIELDS = ['id', 'name', 'key_prefix', 'key_last4', 'is_active'];

export const command = defineCommand({
  description:
    'Revoke one API key for good (revoked keys cannot be reactivated); the next call with it fails with 401. ' +
    'KEY is the id, the prefix, the last 4 characters or the prefix...last4 form `keys ls` shows. ' +
    'Asks first on a terminal; scripts pass --yes. Needs a session JWT.',
  args: [{ name: 'key', description: 'key id, key prefix, last 4 characters, or prefix...last4', required: true }],
  flags: [JWT_STDIN_FLAG],
  examples: ['prospect keys revoke 7f3a', 'prospect keys revoke svcapi_abc...wxyz --yes', 'prospect keys revoke 3f6c1a52-... --yes'],
  related: ['prospect keys ls', 'prospect keys revoke-all', 'prospect keys requests'],
  async run(opts, ctx) {
    const { keys } = await session(ctx, opts);
    const ref = opts.args[0] ?? '';
    // On a plan that gates listing, only a key id is accepted and the key is known after revoking it.
    const all = await keysFor(keys, ref);
    const key = all ? resolveKey(all, ref) : null;
    const label = key ? `${maskedKey(key)}${key.name ? ` ${quoted(key.name)}` : ''}` : ref;
    if (key && !key.is_active) {
      ctx.out.info(`Key ${label} (${key.id}) is already revoked; nothing to do.`);
      return;
    }
    const about = key ? `${label} (${key.id}, ${counted(key.request_count, 'request')})` : label;
    await confirmDestructive(ctx, `Revoke key ${about}? It stops working at once and cannot be reactivated.`, `revoking key ${label}`);
    const done = await keys.revoke(key?.id ?? ref);
    await ctx.out.print({ kind: 'object', payload: done, fields: REVOKED_FIELDS });
    ctx.out.success(`Revoked key ${key ? label : maskedKey(done)}.`);
  },
});
