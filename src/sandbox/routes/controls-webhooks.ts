import type { RouteDef } from '../router.js';
import type { RequestContext } from '../context.js';
import { parseBody } from '../engine/validation.js';
import { pendingDeliveries, webhooksArea } from '../engine/webhooks.js';
import { CONTROL } from '../control-endpoints.js';
import { WebhooksBody } from '../control-bodies.js';

/**
 * /__sandbox/webhooks: time_scale (0.001 to 1) multiplies the webhook timeout and the waits
 * between attempts, so tests run the whole retry schedule in milliseconds; a reset restores 1.
 * The answer also says how many deliveries are still under way.
 */
function view(ctx: RequestContext) {
  return { time_scale: webhooksArea(ctx.store).settings.time_scale, pending_deliveries: pendingDeliveries(ctx.services) };
}

export const webhookControlRoutes: RouteDef[] = [
  { endpoint: CONTROL.webhooks.get, handler: view },
  {
    endpoint: CONTROL.webhooks.set,
    handler: (ctx) => {
      webhooksArea(ctx.store).settings.time_scale = parseBody(WebhooksBody, ctx.body).time_scale;
      return view(ctx);
    },
  },
];
