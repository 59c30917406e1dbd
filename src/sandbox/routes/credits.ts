import type { Balance } from '../../api/schemas/credits.js';
import type { RouteDef } from '../router.js';

export const creditsRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/credits/balance',
    kind: 'v2',
    scope: 'credits:read',
    handler: (ctx): Balance => {
      const org = ctx.caller.organization;
      return {
        organization_id: org.id,
        credits: org.credits,
        agent_instructions:
          `${org.credits} credits available to ${org.name}, shared by the whole organization. ` +
          'Search, reads, status polls, exports and estimates are free; paid bulk work needs a quote from POST /credits/estimate.',
        timestamp_ms: ctx.clock.now(),
      };
    },
  },
];
