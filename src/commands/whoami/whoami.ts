import { defineCommand } from '../../cli/command.js';

export const IDENTITY_FIELDS = [
  'user_email',
  'user_name',
  'user_id',
  'organization_name',
  'organization_id',
  'auth_type',
  'tier',
  'partner_tier',
  'scopes',
  'features',
] as const;

export const command = defineCommand({
  examples: ['prospect whoami', 'prospect --sandbox whoami --json | jq -r .organization_id', 'prospect whoami --fields tier,scopes'],
  related: ['prospect auth status', 'prospect credits balance'],
  async run(_opts, ctx) {
    const client = await ctx.client();
    const { getIdentity } = await import('../../api/resources/whoami.js');
    const identity = await getIdentity(client, { signal: ctx.signal });
    await ctx.out.print({ kind: 'object', payload: identity, fields: IDENTITY_FIELDS });
  },
});
