import { defineCommand } from '../../cli/command.js';
import { IDENTITY_FIELDS } from '../../api/fields.js';

export const command = defineCommand({
  examples: ['prospect whoami', 'prospect --sandbox whoami --json | jq -r .organization_id', 'prospect whoami --fields tier,scopes'],
  related: ['prospect auth status', 'prospect credits balance'],
  async run(_opts, ctx) {
    const identity = await ctx.api.identity.whoami();
    await ctx.out.print({ kind: 'object', payload: identity, fields: IDENTITY_FIELDS });
  },
});
