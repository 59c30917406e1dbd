import * as z from 'zod/mini';
import { envelopeFields } from './envelope.js';
import { PARTNER_TIER_MAX, PARTNER_TIER_MIN, Tier } from './auth.js';

/** GET /whoami */
export const Identity = z.looseObject({
  user_email: z.string(),
  user_id: z.string(),
  user_name: z.nullable(z.string()),
  organization_id: z.string(),
  organization_name: z.string(),
  auth_type: z.string(),
  scopes: z.array(z.string()),
  tier: Tier,
  partner_tier: z.nullable(z.int().check(z.minimum(PARTNER_TIER_MIN), z.maximum(PARTNER_TIER_MAX))),
  features: z.array(z.string()),
  ...envelopeFields,
});
export type Identity = z.infer<typeof Identity>;
