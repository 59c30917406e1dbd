import { defineCommand } from '../../cli/command.js';
import { BALANCE_FIELDS } from '../../api/fields.js';
import { getBalance } from '../../api/resources/credits.js';

export const command = defineCommand({
  examples: ['prospect credits balance', 'prospect credits balance --json | jq .credits'],
  related: ['prospect credits estimate', 'prospect usage'],
  async run(_opts, ctx) {
    const client = await ctx.client();
    const balance = await getBalance(client, { signal: ctx.signal });
    await ctx.out.print({ kind: 'object', payload: balance, fields: BALANCE_FIELDS });
  },
});
