/** The fields of a resource that views show by default, in this order. */
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

export const BALANCE_FIELDS = ['organization_id', 'credits'] as const;
