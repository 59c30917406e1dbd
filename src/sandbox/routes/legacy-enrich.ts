import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import type { RequestContext } from '../context.js';
import { genericError } from '../engine/errors.js';
import { entryBody } from '../engine/validation.js';
import { legacyTaskView, legacyWorkflow, legacyWorkflowView, startLegacyBulk } from '../engine/legacy-enrich.js';

/** v1-only POST /enrich/bulk and GET /enrich/status (no scope checks; errors in the generic shape, 422 in the validation shape). */

function startBulk(ctx: RequestContext) {
  const body = entryBody(API.legacy.bulkEnrich, ctx.body);
  const started = startLegacyBulk(ctx.services, ctx.caller, body);
  ctx.creditsSpent = started.credits_reserved;
  return started;
}

/** The one non-blank value of a query parameter, or null. */
function queryValue(ctx: RequestContext, name: string): string | null {
  const v = ctx.query.get(name)?.trim();
  return v ? v : null;
}

function status(ctx: RequestContext) {
  const workflowId = queryValue(ctx, 'workflow_id');
  const taskId = queryValue(ctx, 'task_id');
  if ((workflowId === null) === (taskId === null))
    throw genericError(400, 'BAD_REQUEST', 'Send exactly one of workflow_id and task_id', {
      workflow_id: workflowId,
      task_id: taskId,
    });
  if (taskId !== null) return legacyTaskView(ctx.services, ctx.caller, taskId);
  return legacyWorkflowView(ctx.services, legacyWorkflow(ctx.store, ctx.caller, workflowId!));
}

export const legacyEnrichRoutes: RouteDef[] = [
  { endpoint: API.legacy.bulkEnrich, handler: startBulk },
  { endpoint: API.legacy.status, handler: status },
];
