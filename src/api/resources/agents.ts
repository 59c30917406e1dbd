import { agents } from '../endpoints/agents.js';
import { call, requestOf } from '../endpoints/call.js';
import type { Client } from '../client.js';
import { waitForWorkflow, type PollOptions } from '../poll.js';
import { sendPaid, type PaidCallOptions } from '../paid-call.js';
import { agentColumn } from '../schemas/values/agents.js';
import type { SmartAgentResults, SmartAgentRunBody, SmartAgentRunStarted, SmartAgentRunsPage } from '../schemas/agents.js';

/**
 * Smart agents: run one agent over leads of a list (paid: the quote_id of a matching
 * run_smart_agent estimate; credits are taken at start), list runs, and read a run's results
 * (partial while it processes). A run whose answer is lost is found through its quote, never
 * paid for twice (see paid-call.ts).
 */

type Call = PaidCallOptions;

export interface SmartAgentRunsQuery {
  list_id?: string;
  /** 1 to 100, default 20. */
  limit?: number;
}

/** GET /smart-agents/{id}: the results so far (free). */
export function smartAgentResults(client: Client, id: string, opts: Call = {}): Promise<SmartAgentResults> {
  return call(client, agents.results, { params: { smart_agent_task_id: id }, signal: opts.signal });
}

/** GET /smart-agents: runs, most recent first (free). */
export function listSmartAgentRuns(client: Client, query: SmartAgentRunsQuery = {}, opts: Call = {}): Promise<SmartAgentRunsPage> {
  return call(client, agents.list, { query: { ...query }, signal: opts.signal });
}

/** POST /smart-agents/run: starts the run (pending); poll it with smartAgentResults or waitForSmartAgent. */
export function runSmartAgent(client: Client, body: SmartAgentRunBody, opts: Call = {}): Promise<SmartAgentRunStarted> {
  return sendPaid<SmartAgentRunStarted>(
    client,
    { ...requestOf(agents.run, { signal: opts.signal }), body },
    async (r) => {
      const s = await smartAgentResults(client, (r.workflow_id ?? r.task_id)!, opts);
      const type = s.agent_type ?? body.agent_type ?? 'custom_ai';
      return {
        task_id: s.smart_agent_task_id,
        smart_agent_task_id: s.smart_agent_task_id,
        smart_agent_task_ids: { [type]: s.smart_agent_task_id },
        status: 'pending',
        list_id: s.list_id ?? body.list_id,
        column_name: s.column_name ?? agentColumn(body) ?? '',
        estimated_cost: s.credits_charged ?? 0,
        message: 'The answer was lost; the run was found through its quote.',
      };
    },
    opts.sleep,
    { journal: opts.journal },
  );
}

/** Polls a run until it completes or fails. */
export function waitForSmartAgent(
  client: Client,
  id: string,
  opts: Call & Omit<PollOptions<SmartAgentResults>, 'fetchStatus'> = {},
): Promise<SmartAgentResults> {
  return waitForWorkflow({ initialIntervalMs: 500, maxIntervalMs: 5_000, ...opts, fetchStatus: () => smartAgentResults(client, id, opts) });
}
