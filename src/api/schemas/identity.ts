import * as z from 'zod/mini';
import { envelopeFields } from './envelope.js';
import { partnerTier, Scope, Tier } from './auth.js';
import { described } from './described.js';

/** GET /whoami */
export const Identity = described(
  z.looseObject({
    user_email: described(z.string(), 'Email of the user the credential belongs to; masked when auth_type is api_key.'),
    user_id: described(z.string(), 'The user the credential belongs to.'),
    user_name: described(z.nullable(z.string()), 'Display name of the user; null when the lookup missed (transient).'),
    organization_id: described(z.string(), 'The organization the credential acts in.'),
    organization_name: described(z.string(), 'Name of that organization.'),
    auth_type: described(
      z.string(),
      'How the caller authenticated: api_key for an svcapi_ key, session for a session JWT, oauth for a connector client.',
    ),
    scopes: described(z.array(Scope), 'Scopes granted to the user in this organization; a key carries all of them.'),
    tier: described(Tier, 'Plan tier of the organization; legacy Scale reads enterprise.'),
    partner_tier: described(partnerTier(), 'Partner-license tier (1 to 7) of a partner-license workspace, else null.'),
    features: described(z.array(z.string()), 'Features the server gates enforce for this organization.'),
    ...envelopeFields,
  }),
  'Who the credential is: user, organization, scopes, plan tier and features.',
);
export type Identity = z.infer<typeof Identity>;

const nullableText = (description: string, keywords = {}) => described(z.nullable(z.string()), description, keywords);

/** v1 GET /auth/validate-key (the spec leaves its body open: these are the fields the sandbox answers). */
export const KeyValidation = described(
  z.looseObject({
    valid: described(z.literal(true), 'Always true: a credential that is not valid gets a 401 instead.'),
    auth_type: described(
      z.string(),
      'How the caller authenticated: api_key for an svcapi_ key, session for a session JWT, oauth for a connector client.',
    ),
    organization_id: described(z.string(), 'The organization the credential acts in.'),
    user_id: described(z.string(), 'The user the credential belongs to.'),
    key_id: nullableText('Id of the key (a UUID); null for a session or connector credential.', { format: 'uuid' }),
    key_prefix: nullableText('The first 10 characters of the key (svcapi_...); null without a key.'),
    key_last4: nullableText('The last 4 characters of the key; null without a key.'),
    expires_at: nullableText('When the key stops working (ISO 8601); null for a key that never expires, or without a key.', {
      format: 'date-time',
    }),
    scopes: described(z.array(Scope), 'Scopes granted to the user in this organization; a key carries all of them.'),
    timestamp_ms: envelopeFields.timestamp_ms,
  }),
  'The credential is valid: whose it is, in which organization, and which key.',
);
export type KeyValidation = z.infer<typeof KeyValidation>;
