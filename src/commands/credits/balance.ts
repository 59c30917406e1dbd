import { defineCommand } from '../../cli/command.js';
import { BALANCE_FIELDS } from '../../api/fields.js';

export const command = defineCommand({
  examples: ['prospect credits balance', 'prospect credits balance --json | jq .credits'],
  related: ['prospect credits estimate', 'prospect usage'],
  async run(_opts, ctx) {
    const balance = await ctx.api.credits.balance();
    await ctx.out.print({ kind: 'object', payload: balance, fields: BALANCE_FIELDS });
  },
});
