import { defineCommand } from '../../cli/command.js';
import { intInRange } from '../../cli/parse.js';
import { KEY_REQUESTS_LIMITS } from '../../api/schemas/values/keys.js';
import { keysFor, maskedKey, resolveKey } from './shared/resolve-key.js';
import { JWT_STDIN_FLAG, session } from './shared/session.js';

const L = KEY_REQUESTS_LIMITS.limit;
const COLUMNS = ['created_at', 'method', 'path', 'status_code', 'duration_ms', 'ip_address', 'user_agent'];

export const command = defineCommand({
  description:
    "A key's request log, newest first: time, method, path, status, duration, caller IP and user agent. " +
    'Use it to see where a key is used from before revoking it. Needs a session JWT.',
  args: [{ name: 'key', description: 'key id, key prefix, last 4 characters, or prefix...last4', required: true }],
  flags: [
    {
      flags: '--limit <n>',
      description: `how many requests (${L.min}-${L.max})`,
      parse: intInRange('--limit', L.min, L.max),
      defaultDescription: String(L.default),
    },
    JWT_STDIN_FLAG,
  ],
  examples: ['prospect keys requests 7f3a', 'prospect keys requests 7f3a --limit 500 --format csv > log.csv'],
  related: ['prospect keys ls', 'prospect keys revoke', 'prospect usage --group-by key'],
  async run(opts, ctx) {
    const { keys } = await session(ctx, opts);
    const ref = opts.args[0] ?? '';
    const all = await keysFor(keys, ref);
    const key = all ? resolveKey(all, ref) : null;
    const label = key ? `${maskedKey(key)} (${key.id})` : ref;
    const rows = await keys.requests(key?.id ?? ref, opts.limit !== undefined ? { limit: opts.limit } : {});
    await ctx.out.print({ kind: 'rows', payload: rows, rows, columns: COLUMNS, emptyMessage: `Key ${label} has made no requests.` });
    ctx.out.info(`${rows.length} ${rows.length === 1 ? 'request' : 'requests'} of key ${label}`);
  },
});
