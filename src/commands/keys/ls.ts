import { defineCommand } from '../../cli/command.js';
import type { ManagedKey } from '../../api/schemas/keys.js';
import { maskedKey } from './shared/resolve-key.js';
import { JWT_STDIN_FLAG, session } from './shared/session.js';

const COLUMNS = ['id', 'name', 'key', 'state', 'created_at', 'expires_at', 'last_used_at', 'request_count', 'is_active'];
/** At a terminal the key leads (it is what people recognize) and the id, the widest cell, is cut first. */
const TABLE_COLUMNS = ['key', 'name', 'state', 'request_count', 'last_used_at', 'expires_at', 'created_at', 'id'];

/** active, expired (still is_active, but refused with 401 since its expires_at) or revoked. */
export function keyState(k: Pick<ManagedKey, 'is_active' | 'expires_at'>, nowMs: number): 'active' | 'expired' | 'revoked' {
  if (!k.is_active) return 'revoked';
  return k.expires_at !== null && Date.parse(k.expires_at) <= nowMs ? 'expired' : 'active';
}

/** Times to the minute in a table, so the key and its name are not the cells cut to fit. */
const toMinute = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 16) : iso);
const forTable = (k: ManagedKey) => ({
  ...k,
  created_at: k.created_at.slice(0, 10),
  expires_at: toMinute(k.expires_at),
  last_used_at: toMinute(k.last_used_at),
});

export const command = defineCommand({
  description:
    "The organization's API keys, active and revoked: id, name, the key as prefix...last4 (the whole secret is never shown " +
    'after creation), state (active, expired or revoked), created, expires, last used, request count. Needs a session JWT.',
  flags: [JWT_STDIN_FLAG],
  examples: ['prospect keys ls', 'prospect keys ls --json', 'PROSPECT_JWT=$(prospect sandbox jwt) prospect keys ls --sandbox'],
  related: ['prospect keys create', 'prospect keys requests', 'prospect keys revoke'],
  async run(opts, ctx) {
    const keys = await (await session(ctx, opts)).keys.list();
    const now = ctx.clock.now();
    const states = keys.map((k) => keyState(k, now));
    await ctx.out.print({
      kind: 'rows',
      payload: keys,
      rows: keys.map((k, i) => ({ ...(ctx.out.format === 'table' ? forTable(k) : k), key: maskedKey(k), state: states[i] })),
      columns: COLUMNS,
      tableColumns: TABLE_COLUMNS,
      emptyMessage: 'No API keys yet. Create one with `prospect keys create --name NAME`.',
    });
    const count = (state: string) => states.filter((s) => s === state).length;
    ctx.out.info(`${count('active')} active, ${count('expired')} expired, ${count('revoked')} revoked`);
  },
});
