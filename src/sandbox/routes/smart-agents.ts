import type { SmartAgentResults, SmartAgentRunStarted, SmartAgentRunsPage } from '../../api/schemas/agents.js';
import { AGENT_LIMITS, AGENT_RUNS_PAGE } from '../../api/schemas/values/agents.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import type { RequestContext } from '../context.js';
import { queryInt, entryBody } from '../engine/validation.js';
import { publicError, type SandboxError } from '../engine/errors.js';
import { agentCost, agentRun, agentSelection, coldEmailTemplate } from '../engine/pricing.js';
import { badField } from '../engine/validation.js';
import { leadEditableList, visibleList, type ListRecord } from '../engine/lists.js';
import { requireFeature } from '../engine/features.js';
import { runPaid } from '../engine/enrichment-paid.js';
import {
  agentResults,
  agentRunEntry,
  agentRunsOf,
  agentsArea,
  featureNotAvailable,
  findAgentRun,
  startAgentRun,
} from '../engine/agents.js';
import { agentControlRoutes } from './controls-agents.js';

/**
 * Smart agents: POST /smart-agents/run starts one agent over leads of a list (quote
 * required, credits taken at start), GET /smart-agents lists runs newest first, GET
 * /smart-agents/{id} shows a run's results (partial while processing). Outputs land in the
 * list column as leads finish.
 */

const MAX = AGENT_LIMITS.maxLeads;

function approvalRequired(selected: number): SandboxError {
  return publicError(400, {
    code: 'approval_required',
    problem: `The run selects ${selected} leads; a smart-agent run takes at most ${MAX}`,
    cause: `Selections over ${MAX} leads need approval and are refused through the API. Nothing was charged and the quote is still unused.`,
    fix: `Narrow the selection: lead_scope subset with max_rows ${MAX} or fewer (then run again for the rest, without overwrite, to skip the leads already done), or split the list.`,
    retryable: false,
    details: { selected, max_leads: MAX },
  });
}

function nothingToRun(list: ListRecord, column: string): SandboxError {
  return badField(
    'list_id',
    list.lead_ids.length === 0
      ? `List "${list.name}" is empty: there is nothing to run the agent over`
      : `Every lead of list "${list.name}" already holds a value in column "${column}": send overwrite true to run over them again`,
  );
}

function run(ctx: RequestContext): SmartAgentRunStarted {
  const body = entryBody(API.agents.run, ctx.body);
  const caller = ctx.caller;
  requireFeature(caller.organization, 'smart_agents', {
    label: 'Smart agents',
    problem: 'Smart agents are not available to this workspace',
    fix: 'Upgrade the plan on the plans page of the application.',
  });
  const { type, column } = agentRun(body);
  if (agentsArea(ctx.store).settings.unavailable.includes(type)) throw featureNotAvailable(type);
  const list = leadEditableList(ctx.store, caller, body.list_id);
  const ids = agentSelection(list, body);
  if (ids.length > MAX) throw approvalRequired(ids.length);
  const template = coldEmailTemplate(ctx.services, caller.organization.id, list, ids, body);
  return runPaid(ctx, {
    run: { tool: 'run_smart_agent', body },
    required: true,
    rows: ids.length,
    cost: agentCost(type, body.prompt, ids.length),
    redeemedStatus: 409,
    start: (reserved, quote) => {
      // Checked after the quote: a resend of a run that already wrote its column finds its run through quote_already_redeemed.
      if (ids.length === 0) throw nothingToRun(list, column);
      const started = startAgentRun(ctx.services, {
        organization_id: caller.organization.id,
        user_id: caller.user.id,
        list_id: list.list_id,
        column_name: column,
        agent_type: type,
        leads: ids,
        task: { type, prompt: body.prompt ?? null, template, sender: caller.user.name ?? caller.user.email },
        credits_reserved: reserved,
      });
      const id = started.task_id;
      return {
        redeemed: { workflow_id: id, list_id: list.list_id },
        answer: {
          task_id: id,
          smart_agent_task_id: id,
          smart_agent_task_ids: { [type]: id },
          status: 'pending',
          list_id: list.list_id,
          column_name: column,
          estimated_cost: quote.payload?.c ?? reserved,
          credits_reserved: reserved,
          agent_instructions: `Started ${type} over ${ids.length} leads; ${reserved} credits taken. Poll GET /smart-agents/${id} for results; they also appear in column "${column}" of the list.`,
          timestamp_ms: ctx.clock.now(),
        },
      };
    },
  });
}

function listRuns(ctx: RequestContext): SmartAgentRunsPage {
  const limit = queryInt(ctx.query, 'limit', AGENT_RUNS_PAGE);
  const listId = ctx.query.get('list_id') ?? undefined;
  const caller = ctx.caller;
  if (listId !== undefined) visibleList(ctx.store, caller, listId);
  const runs = agentRunsOf(ctx.store, caller).filter((r) => listId === undefined || r.list_id === listId);
  const now = ctx.clock.now();
  return { runs: runs.slice(0, limit).map((r) => agentRunEntry(r, now)), total: runs.length, timestamp_ms: now };
}

function results(ctx: RequestContext): SmartAgentResults {
  return agentResults(findAgentRun(ctx.store, ctx.caller, ctx.params.smart_agent_task_id ?? ''), ctx.clock.now());
}

export const smartAgentRoutes: RouteDef[] = [
  { endpoint: API.agents.run, handler: run },
  { endpoint: API.agents.list, handler: listRuns },
  { endpoint: API.agents.results, handler: results },
  ...agentControlRoutes,
];
