import { AGENT_RUNS_PAGE } from '../schemas/values/agents.js';
import { endpoint, ref } from './endpoint.js';
import { limitParam, QUOTE_ERRORS, TAGS, textParam } from './params.js';
import { SAMPLE } from './samples.js';

/** Smart agents: one AI instruction run once per lead of a list (paid at start), its runs and results. */

export const agents = {
  run: endpoint({
    id: 'agents.run',
    method: 'POST',
    path: '/smart-agents/run',
    kind: 'v2',
    scope: 'smart_agents:write',
    summary: 'Run a smart agent over the leads of a list',
    description:
      'Starts one agent over the leads of a list, writing its answer into a column; credits are taken at start. Needs a quote_id from POST /credits/estimate with tool run_smart_agent and the same fields. Poll GET /smart-agents/{smart_agent_task_id} for results.',
    body: ref('SmartAgentRunBody'),
    response: ref('SmartAgentRunStarted'),
    errors: {
      400: ['validation_error', 'approval_required', ...QUOTE_ERRORS],
      403: ['list_not_editable'],
      404: ['list_not_found'],
      409: ['quote_already_redeemed'],
      501: ['feature_not_available'],
    },
    example: {
      body: {
        list_id: SAMPLE.listId,
        agent_type: 'custom_ai',
        column_name: 'opening_line',
        prompt: 'Write one friendly opening line for a cold email to this lead, naming their company.',
        lead_scope: 'subset',
        max_rows: 50,
        quote_id: SAMPLE.quoteId,
      },
      response: {
        smart_agent_task_id: SAMPLE.agentRunId,
        smart_agent_task_ids: { custom_ai: SAMPLE.agentRunId },
        status: 'pending',
        list_id: SAMPLE.listId,
        column_name: 'opening_line',
        estimated_cost: 2,
        task_id: SAMPLE.agentRunId,
      },
    },
    idempotent: false,
    paid: { tools: ['run_smart_agent'] },
    published: { document: 'v2', operationId: 'runSmartAgent', tag: TAGS.agents },
  }),
  list: endpoint({
    id: 'agents.list',
    method: 'GET',
    path: '/smart-agents',
    kind: 'v2',
    scope: 'smart_agents:read',
    summary: 'Smart agent runs, most recent first',
    description: 'The organization’s agent runs, most recent first, optionally only those over one list. Free.',
    query: [textParam('list_id', 'Only runs over this list.'), limitParam('limit', AGENT_RUNS_PAGE, 'How many runs')],
    response: ref('SmartAgentRunsPage'),
    errors: { 404: ['list_not_found'] },
    rows: 'runs',
    idempotent: true,
    published: { document: 'v2', operationId: 'listSmartAgentRuns', tag: TAGS.agents },
  }),
  results: endpoint({
    id: 'agents.results',
    method: 'GET',
    path: '/smart-agents/:smart_agent_task_id',
    params: {
      smart_agent_task_id:
        'The run: the smart_agent_task_id that starting it (POST /smart-agents/run) answered, or a task_id of the runs list.',
    },
    kind: 'v2',
    scope: 'smart_agents:read',
    summary: 'Results of a run (partial while processing)',
    description: 'A run’s state and its answers per lead so far (partial while it processes). Free.',
    response: ref('SmartAgentResults'),
    errors: { 404: ['not_found'] },
    example: {
      response: {
        smart_agent_task_id: SAMPLE.agentRunId,
        status: 'completed',
        progress: 100,
        total: 2,
        succeeded: 2,
        failed: 0,
        results: [
          { lead_id: SAMPLE.leadIds[0], value: 'Tae-yang, congratulations on Vivid Savings passing its Series A.', error: null },
          { lead_id: SAMPLE.leadIds[1], value: 'Hassan, Rigel Talent’s growth in Dubai caught my eye.', error: null },
        ],
      },
    },
    rows: 'results',
    idempotent: true,
    published: { document: 'v2', operationId: 'getSmartAgentResults', tag: TAGS.agents },
  }),
};
