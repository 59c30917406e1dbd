import { PLANS } from '../../api/schemas/auth.js';
import type { Identity } from '../../api/schemas/identity.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import type { RequestContext } from '../context.js';
import { featuresOf, maskEmail } from '../engine/features.js';

export function identityOf(ctx: RequestContext): Identity {
  const p = ctx.caller;
  const org = p.organization;
  return {
    user_email: p.authType === 'api_key' ? maskEmail(p.user.email) : p.user.email,
    user_id: p.user.id,
    user_name: p.user.name,
    organization_id: org.id,
    organization_name: org.name,
    auth_type: p.authType,
    scopes: p.scopes,
    tier: PLANS[org.plan].tier,
    partner_tier: org.partner_tier,
    features: featuresOf(org),
    timestamp_ms: ctx.clock.now(),
  };
}

export const identityRoutes: RouteDef[] = [{ endpoint: API.identity.whoami, handler: identityOf }];
