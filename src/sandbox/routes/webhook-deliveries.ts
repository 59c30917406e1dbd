import { WEBHOOK_DELIVERIES_LIMITS } from '../../api/schemas/legacy.js';
import { own } from '../store.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import type { RequestContext } from '../context.js';
import { genericError, validationError } from '../engine/errors.js';
import { queryInt } from '../engine/validation.js';
import { enrichmentArea } from '../engine/enrichment.js';
import { deliveriesOf } from '../engine/webhooks.js';

/**
 * v1-only GET /webhooks/deliveries: the attempts of a run's webhook, newest first, one row
 * per attempt. A run of the caller's organization that had no webhook gives []; an unknown
 * run, or another organization's, 404.
 */
function deliveries(ctx: RequestContext) {
  const workflowId = ctx.query.get('workflow_id')?.trim();
  if (!workflowId)
    throw validationError(
      [{ type: 'missing', loc: ['query', 'workflow_id'], msg: 'Field required' }],
      422,
      'The query parameters failed validation',
    );
  const limit = queryInt(ctx.query, 'limit', WEBHOOK_DELIVERIES_LIMITS.limit);
  const workflows = enrichmentArea(ctx.store).workflows;
  const wf = own(workflows, workflowId);
  if (!wf || wf.organization_id !== ctx.caller.organization.id)
    throw genericError(404, 'RESOURCE_NOT_FOUND', `Workflow ${workflowId} not found`);
  return deliveriesOf(ctx.store, workflowId, limit);
}

export const webhookDeliveryRoutes: RouteDef[] = [{ endpoint: API.legacy.webhookDeliveries, handler: deliveries }];
