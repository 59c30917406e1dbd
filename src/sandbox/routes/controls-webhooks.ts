import * as z from 'zod/mini';
import type { RouteDef } from '../router.js';
import type { RequestContext } from '../context.js';
import { parseBody } from '../engine/validation.js';
import { pendingDeliveries, WEBHOOK_TIME_SCALE, webhooksArea } from '../engine/webhooks.js';

/**
 * /__sandbox/webhooks: time_scale (0.001 to 1) multiplies the webhook timeout and the waits
 * between attempts, so tests run the whole retry schedule in milliseconds; a reset restores 1.
 * The answer also says how many deliveries are still under way.
 */
const WebhooksBody = z.object({ time_scale: z.number().check(z.gte(WEBHOOK_TIME_SCALE.min), z.lte(WEBHOOK_TIME_SCALE.max)) });

function view(ctx: RequestContext) {
  return { time_scale: webhooksArea(ctx.store).settings.time_scale, pending_deliveries: pendingDeliveries(ctx.services) };
}

export const webhookControlRoutes: RouteDef[] = [
  { method: 'GET', path: '/webhooks', kind: 'control', scope: null, handler: view },
  {
    method: 'POST',
    path: '/webhooks',
    kind: 'control',
    scope: null,
    handler: (ctx) => {
      webhooksArea(ctx.store).settings.time_scale = parseBody(WebhooksBody, ctx.body).time_scale;
      return view(ctx);
    },
  },
];
