import type { PaidCallOptions } from '../paid-call.js';
import { APIResource, lazyEntries, type CallOptions, type WaitOptions } from '../resource.js';
import type { SmartAgentResults, SmartAgentRunBody, SmartAgentRunStarted, SmartAgentRunsPage } from '../schemas/agents.js';

const agents = lazyEntries(() => import('../endpoints/agents.js').then((m) => m.agents));

export interface SmartAgentRunsQuery {
  list_id?: string;
  /** 1 to 100, default 20. */
  limit?: number;
}

/** Smart agents: run one over leads of a list (paid, taken at start), list runs, read results (free). */
export class Agents extends APIResource {
  /** Runs, most recent first. */
  list(query: SmartAgentRunsQuery = {}, opts?: CallOptions): Promise<SmartAgentRunsPage> {
    return this.send(agents.list, { query: { ...query } }, opts);
  }

  /** A run's results so far (partial while it processes). */
  results(id: string, opts?: CallOptions): Promise<SmartAgentResults> {
    return this.send(agents.results, { params: { smart_agent_task_id: id } }, opts);
  }

  /** Polls a run until it completes or fails. */
  waitFor(id: string, opts: WaitOptions<SmartAgentResults> = {}): Promise<SmartAgentResults> {
    return this.poll(() => this.results(id, opts), opts);
  }
}

/** Smart agents with the run request as sent, with its quote: the CLI's, MCP's and the workflows'; the SDK's run decides the spend first. */
export class PaidAgents extends Agents {
  /** @internal POST /smart-agents/run with its quote: starts the run (pending); a lost answer is found through the quote. */
  sendRun(body: SmartAgentRunBody, opts: PaidCallOptions = {}): Promise<SmartAgentRunStarted> {
    return this.sendQuoted(
      agents.run,
      { body },
      async (_client, r): Promise<SmartAgentRunStarted> => {
        const [s, { agentColumn }] = await Promise.all([
          this.results((r.workflow_id ?? r.task_id)!, opts),
          import('../schemas/values/agents.js'),
        ]);
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
      opts,
    );
  }
}
