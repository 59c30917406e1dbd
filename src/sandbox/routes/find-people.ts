import type { FindPeopleStarted, FindPeopleStatusResponse } from '../../api/schemas/lists.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import { prefixOf } from '../router.js';
import type { RequestContext } from '../context.js';
import { requireFeature } from '../engine/features.js';
import { entryBody } from '../engine/validation.js';
import { leadEditableList } from '../engine/lists.js';
import { findPeopleJob, findPeopleStatus, startFindPeople } from '../engine/find-people.js';

/**
 * POST /lead-lists/{list_id}/find-people starts a job finding people at companies of the
 * list and saving them to it; GET .../find-people/status/{workflow_id} polls it. The job's
 * states and timing are in engine/find-people.ts.
 */

const statusPath = (listId: string, workflowId: string) =>
  `/lead-lists/${encodeURIComponent(listId)}/find-people/status/${encodeURIComponent(workflowId)}`;

function start(ctx: RequestContext): FindPeopleStarted {
  const org = ctx.caller.organization;
  requireFeature(org, 'find_people', {
    label: 'Find-people',
    problem: 'Find-people jobs are not available to this workspace',
    fix: 'Find people with POST /people/find-at-companies and save them with POST /lead-lists/{list_id}/leads, or upgrade to Pro or Enterprise on the plans page.',
  });
  const body = entryBody(API.lists.findPeople, ctx.body);
  const list = leadEditableList(ctx.store, ctx.caller, ctx.params.list_id ?? '');
  const { job, dropped } = startFindPeople(ctx.store, ctx.clock, org, list, body);
  return {
    workflow_id: job.workflow_id,
    status: 'pending',
    total_companies: job.company_ids.length,
    estimated_credits: job.estimated_credits,
    lead_list_id: list.list_id,
    poll_url: `${ctx.services.url}${prefixOf(ctx.path)}${statusPath(list.list_id, job.workflow_id)}`,
    ...(dropped.length
      ? {
          message: `${dropped.length} of the company_ids ${dropped.length === 1 ? 'is not a company' : 'are not companies'} of this list and ${dropped.length === 1 ? 'was' : 'were'} dropped: ${dropped.join(', ')}.`,
        }
      : {}),
    timestamp_ms: ctx.clock.now(),
  };
}

function status(ctx: RequestContext): FindPeopleStatusResponse {
  const job = findPeopleJob(ctx.store, ctx.caller.organization.id, ctx.params.list_id ?? '', ctx.params.workflow_id ?? '');
  return { ...findPeopleStatus(ctx.store, ctx.clock, ctx.services.dataset, job), timestamp_ms: ctx.clock.now() };
}

export const findPeopleRoutes: RouteDef[] = [
  { endpoint: API.lists.findPeople, handler: start },
  { endpoint: API.lists.findPeopleStatus, handler: status },
];
