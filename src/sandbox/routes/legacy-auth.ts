import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';

/** v1-only GET /auth/validate-key (checks no scope; maps to GET /whoami on v2). */
export const legacyAuthRoutes: RouteDef[] = [
  {
    endpoint: API.identity.validateKey,
    handler: (ctx) => {
      const p = ctx.caller;
      return {
        valid: true,
        auth_type: p.authType,
        organization_id: p.organization.id,
        user_id: p.user.id,
        key_id: p.key?.id ?? null,
        key_prefix: p.key?.key_prefix ?? null,
        key_last4: p.key?.key_last4 ?? null,
        expires_at: p.key?.expires_at ?? null,
        scopes: p.scopes,
      };
    },
  },
];
