import { USAGE_DEFAULT_GROUP, USAGE_GROUPS, USAGE_LIMITS, type Usage } from '../../api/schemas/keys.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import type { RequestContext } from '../context.js';
import { usageReport } from '../engine/usage.js';
import { queryEnum, queryInt } from '../engine/validation.js';

/** GET /usage: the caller's organization over the last `days` days of the sandbox clock, from the request log. */
function usage(ctx: RequestContext): Usage {
  const days = queryInt(ctx.query, 'days', USAGE_LIMITS.days);
  const groupBy = queryEnum(ctx.query, 'group_by', USAGE_GROUPS, USAGE_DEFAULT_GROUP);
  const log = ctx.services.requestLog.list({ organizationId: ctx.caller.organization.id });
  return usageReport(log, { days, groupBy, nowMs: ctx.clock.now() });
}

export const usageRoutes: RouteDef[] = [{ endpoint: API.usage.get, handler: usage }];
