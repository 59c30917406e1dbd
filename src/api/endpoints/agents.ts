import type { SmartAgentResults, SmartAgentRunBody, SmartAgentRunStarted, SmartAgentRunsPage } from '../schemas/agents.js';
import { AGENT_RUNS_PAGE } from '../schemas/values/agents.js';
import { endpoint, ref } from './endpoint.js';
import { limitParam, QUOTE_ERRORS, TAGS, textParam } from './params.js';

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
      'Starts one agent over the leads of a list, writing its answer into a column; credits are taken at start with the quote of a matching run_smart_agent estimate. Poll the run for results.',
    body: ref<typeof SmartAgentRunBody>('SmartAgentRunBody'),
    response: ref<typeof SmartAgentRunStarted>('SmartAgentRunStarted'),
    errors: {
      400: ['validation_error', 'approval_required', ...QUOTE_ERRORS],
      403: ['list_not_editable'],
      404: ['list_not_found'],
      409: ['quote_already_redeemed'],
      501: ['feature_not_available'],
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
    response: ref<typeof SmartAgentRunsPage>('SmartAgentRunsPage'),
    idempotent: true,
    published: { document: 'v2', operationId: 'listSmartAgentRuns', tag: TAGS.agents },
  }),
  results: endpoint({
    id: 'agents.results',
    method: 'GET',
    path: '/smart-agents/:smart_agent_task_id',
    kind: 'v2',
    scope: 'smart_agents:read',
    summary: 'Results of a run (partial while processing)',
    description: 'A run’s state and its answers per lead so far (partial while it processes). Free.',
    response: ref<typeof SmartAgentResults>('SmartAgentResults'),
    errors: { 404: ['not_found'] },
    idempotent: true,
    published: { document: 'v2', operationId: 'getSmartAgentResults', tag: TAGS.agents },
  }),
};
